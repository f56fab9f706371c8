// Random whole games (OpenSpiel's RandomSimTest): invariants, legality and save/load/replay at
// every step.
#include "fixture.hpp"
#include "sns/bots.hpp"
#include "sns/players.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

// VP a side has given up under vp_forfeit_on_command rules (only when the loss was certainly whole:
// the side's starting VP covered it).
std::optional<std::array<int, 2>> forfeited(const Battle &b, const GameState &s) {
  std::array<int, 2> lost{};
  for (size_t i = 0; i < b.special.size(); ++i) {
    const Special &sp = b.special[i];
    if (sp.kind != SpecialKind::VpForfeitOnCommand || !((s.special_flags >> i) & 1u)) continue;
    if (b.sides[sp.side].start_vp < sp.value) return std::nullopt;
    lost[sp.side] += sp.value;
  }
  return lost;
}

// Checks the state invariants the rules promise; returns a description of the first breach.
// `ended_side` is the side whose turn has just ended when a new Command Phase starts, else -1.
std::string breach(const Setup &setup, const GameState &s, int ended_side) {
  const bool at_command_start = ended_side >= 0;
  const Battle &b = *setup.battle;
  std::set<HexId> occupied;
  std::array<int, 2> earned{b.sides[0].start_vp, b.sides[1].start_vp};
  for (size_t u = 0; u < s.units.size(); ++u) {
    const UnitState &us = s.units[u];
    const UnitDef &d = b.units[u];
    if (us.steps > d.max_steps()) return d.id + " has too many steps";
    if (us.steps == 0 && us.hex != kOffMap) return d.id + " is eliminated but on the map";
    if (us.hex != kOffMap) {
      if (us.hex < 0 || us.hex >= b.hex_count()) return d.id + " stands off the map";
      if (!occupied.insert(us.hex).second) return "two units in " + b.label(us.hex);
    } else if (us.steps > 0 && !b.reinforcement[u] && !us.away && d.start != kOffMap) {
      return d.id + " vanished from the map";
    }
    if (us.steps == 0) {
      int scorer = 1 - d.side;
      earned[scorer] += b.sides[scorer].vp_for_eliminating[static_cast<int>(d.type)] +
                        (d.back && d.back->crown ? 2 : 0);
      if (us.suppressed || us.shield_wall) return d.id + " is eliminated but keeps a marker";
    }
    if (us.shield_wall && (is_horse(d.type) || visible_face(b, s, static_cast<int>(u)).fire > 0) &&
        us.steps > 0)
      return d.id + " is in Shield Wall but cannot form it";
    if (at_command_start && us.suppressed && d.side == ended_side)
      return d.id + " kept Suppression past its owner's turn";
    if (at_command_start && us.shield_wall && d.side == s.active)
      return d.id + " kept Shield Wall into its owner's turn";
  }
  auto lost = forfeited(b, s);
  if (lost) earned = {earned[0] - (*lost)[0], earned[1] - (*lost)[1]};
  if (lost && s.vp != earned)
    return "VP " + std::to_string(s.vp[0]) + "/" + std::to_string(s.vp[1]) +
           " but eliminations are worth " + std::to_string(earned[0]) + "/" +
           std::to_string(earned[1]);
  return "";
}

// A compact, exact key for an action, so duplicates can be found by sorting.
std::string action_key(const Action &a) {
  std::string k;
  auto put = [&](int v) { k.append(reinterpret_cast<const char *>(&v), sizeof v); };
  put(static_cast<int>(a.type)), put(a.unit), put(a.target), put(a.to), put(a.primary);
  put(static_cast<int>(a.mode)), put(a.wing), put(static_cast<int>(a.option)), put(a.declare);
  put(a.special), put(static_cast<int>(a.verb)), put(static_cast<int>(a.attackers.size()));
  put(a.facing); // D3 Medieval: the same hex with another end facing is another move
  for (int u : a.attackers)
    put(u);
  for (const WingOrder &o : a.orders) {
    put(o.wing);
    for (Command c : o.commands)
      put(static_cast<int>(c));
    put(-1);
  }
  return k;
}

struct SimResult {
  int finished = 0;
  int games = 0;
  int easy_games = 0; // of which one side was played by the `easy` computer player
};

// Who plays a game: random actions for both sides, or `easy` (its default budget) for one side.
struct Seats {
  int easy_side = -1;
  bool advanced_wing_integrity = false; // only where the battle offers it
};

// The action the side to act plays: the `easy` player's choice, or one at random.
Action choose(const Game &game, const std::vector<Action> &acts, const Seats &seats, BotRng &rng,
              std::optional<Player> &easy) {
  if (easy && side_to_act(game.setup(), game.state()) == seats.easy_side)
    return easy->choose(game.setup(), game.state()).action;
  return acts[rng.below(acts.size())];
}

// Plays one whole game, checking the invariants and the engine's consistency check after every
// action, legal actions unique and accepted, and replays of the record; returns the game.
Game play_checked_game(std::shared_ptr<const Battle> battle, uint64_t seed, const Seats &seats,
                       int record_every) {
  Options options;
  options.advanced_wing_integrity = seats.advanced_wing_integrity;
  Game game(battle, options, seed);
  BotRng rng{seed * 977 + 1};
  std::optional<Player> easy;
  if (seats.easy_side >= 0) easy.emplace(Level::Easy, SearchBudget{}, seed * 31 + 7);
  size_t step = 0;
  int seen_turn = 0, seen_active = -1;
  while (!game.state().game_over()) {
    INFO("battle " << battle->id << " seed " << seed << " easy side " << seats.easy_side
                   << " advanced WI " << seats.advanced_wing_integrity << " action " << step);
    int ended = game.state().turn != seen_turn ? seen_active : -1;
    seen_turn = game.state().turn;
    seen_active = game.state().active;
    std::string why = breach(game.setup(), game.state(), ended);
    REQUIRE(why == "");
    REQUIRE(state_is_consistent(game.setup(), game.state(), &why));
    REQUIRE(why == "");
    auto acts = legal_actions(game.setup(), game.state());
    REQUIRE_FALSE(acts.empty());
    // Every legal action is unique (checked at every step) and accepted by apply (checked for one
    // action in five at every seventh step, to keep the suite quick under the sanitizers).
    std::vector<std::string> keys;
    keys.reserve(acts.size());
    for (const Action &a : acts)
      keys.push_back(action_key(a));
    std::sort(keys.begin(), keys.end());
    REQUIRE(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
    if (step % 7 == 0)
      for (size_t i = 0; i < acts.size(); i += 5) {
        GameState copy = game.state();
        REQUIRE_FALSE(apply(game.setup(), copy, acts[i]));
      }
    REQUIRE_FALSE(game.play(choose(game, acts, seats, rng, easy)));
    ++step;
    if (record_every && step % record_every == 0) {
      Game replayed = Game::from_record(game.record(), "record");
      REQUIRE(replayed.state() == game.state());
    }
    REQUIRE(step < 20000);
  }
  INFO("battle " << battle->id << " seed " << seed << " easy side " << seats.easy_side);
  REQUIRE(breach(game.setup(), game.state(), -1) == "");
  std::string why;
  REQUIRE(state_is_consistent(game.setup(), game.state(), &why));
  REQUIRE(why == "");
  Game replayed = Game::from_record(json::parse(game.record().dump()), "record");
  REQUIRE(replayed.state() == game.state());
  REQUIRE(replayed.log().size() == game.log().size());
  return game;
}

// `games` games from seed0 on; every `easy_every`-th game (0: none) has `easy` on one side, the
// sides taking turns; with vary_options, odd games use advanced Wing Integrity where the battle
// offers it.
SimResult run_random_games(const std::string &battle_path, int games, uint64_t seed0,
                           int record_every, int easy_every = 0, bool vary_options = false) {
  auto battle = load_battle_file(battle_path);
  SimResult out;
  for (int g = 0; g < games; ++g) {
    uint64_t seed = seed0 + static_cast<uint64_t>(g);
    Seats seats;
    if (easy_every > 0 && g % easy_every == easy_every - 1) seats.easy_side = (g / easy_every) % 2;
    seats.advanced_wing_integrity = vary_options && g % 2 == 1 &&
                                    battle->wing_integrity == WingIntegrityRule::StandardOrAdvanced;
    Game game = play_checked_game(battle, seed, seats, record_every);
    ++out.games;
    out.easy_games += seats.easy_side >= 0;
    out.finished += game.state().winner >= 0;
  }
  return out;
}

int env_int(const char *name, int fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::max(0, std::atoi(v)) : fallback;
}

} // namespace

TEST_CASE("R23 random whole games hold every invariant and replay exactly from their records") {
  for (const std::string &path : shipped_battles()) {
    SimResult r = run_random_games(path, 20, 1000, 20);
    CHECK(r.finished == r.games);
  }
}

// The soak (docs/testing.md "Soak"): SNS_SOAK_GAMES games per shipped battle (both rulesets),
// every SNS_SOAK_EASY_EVERY-th with the `easy` player on one side (0: none), seeds from
// SNS_SOAK_SEED; SNS_SOAK_BATTLES (ids, comma-separated) plays only those, so a long run can be
// shared between processes; SNS_SOAK_REPLAY_EVERY (default 50) sets how often the record so far is
// replayed during a game (every record is replayed whole at its end). Prints one line of figures
// per battle.
TEST_CASE("soak: 500 whole games a battle, random and easy, on every shipped battle (SNS_SOAK_*)") {
  const int per_battle = std::max(1, env_int("SNS_SOAK_GAMES", 500));
  const int easy_every = env_int("SNS_SOAK_EASY_EVERY", 250);
  const auto seed0 = static_cast<uint64_t>(env_int("SNS_SOAK_SEED", 50000));
  // Replays of the record so far every this many actions (0: the whole record at the end only).
  const int replay_every = env_int("SNS_SOAK_REPLAY_EVERY", 50);
  const char *only = std::getenv("SNS_SOAK_BATTLES");
  int total = 0, battles = 0;
  for (const std::string &path : shipped_battles()) {
    std::string id = std::filesystem::path(path).stem().string();
    if (only && *only && ("," + std::string(only) + ",").find("," + id + ",") == std::string::npos)
      continue;
    auto start = std::chrono::steady_clock::now();
    SimResult r = run_random_games(path, per_battle, seed0, replay_every, easy_every, true);
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("soak %-20s %6d games (%d random v random, %d with easy), %d finished, %.0f s\n",
                id.c_str(), r.games, r.games - r.easy_games, r.easy_games, r.finished, seconds);
    std::fflush(stdout);
    CHECK(r.finished == r.games);
    total += r.games;
    ++battles;
  }
  CHECK(battles > 0);
  CHECK(total == per_battle * battles);
}

TEST_CASE("R23 random games on the hand-made scenarios") {
  for (const char *s : {"tests/scenarios/field.json", "tests/scenarios/line.json"}) {
    SimResult r = run_random_games(source_path(s), 10, 77, 3);
    CHECK(r.finished == r.games);
  }
}

TEST_CASE("R23 the same battle, seed and actions give the same game; the dice follow splitmix64") {
  Setup setup;
  setup.battle = load_battle_file(source_path("battles/first-clash.json"));
  GameState a = new_game(setup, 42), b = new_game(setup, 42);
  BotRng ra{5}, rb{5};
  random_playout(setup, a, ra);
  random_playout(setup, b, rb);
  CHECK(a == b);
  // The documented sequence (docs/rules-notes.md): seed 0 gives these first d8 rolls.
  GameState s;
  s.rng = 0;
  std::vector<int> rolls;
  for (int i = 0; i < 8; ++i)
    rolls.push_back(roll_d8(setup, s));
  CHECK(rolls == std::vector<int>{8, 4, 1, 8, 1, 3, 2, 7});
  // Forced dice come first.
  setup.forced_dice = {3, 3};
  GameState t;
  t.rng = 0;
  CHECK(roll_d8(setup, t) == 3);
  CHECK(roll_d8(setup, t) == 3);
  CHECK(roll_d8(setup, t) == 8);
}

TEST_CASE("7.5 preview odds match a seeded simulation of the same attack") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}});
  f.command("aw", {"combat"});
  json att = attack("BL1", {"AV1", "AL1"});
  AttackPreview p;
  REQUIRE_FALSE(preview_attack(f.setup, f.s, f.parse(att), p));
  std::array<double, kCombatResultCount> seen{};
  const int trials = 16000;
  for (int i = 0; i < trials; ++i) {
    GameState copy = f.s;
    copy.rng = static_cast<uint64_t>(i) * 7919u;
    Events ev;
    REQUIRE_FALSE(apply(f.setup, copy, f.parse(att), &ev));
    for (const Event &e : ev)
      if (e.kind == EventKind::Attack) {
        std::string r = e.result;
        if (!r.empty() && r.back() == '*') r.pop_back();
        seen[static_cast<int>(*parse_result(r))] += 1.0 / trials;
      }
  }
  for (int r = 0; r < kCombatResultCount; ++r)
    CHECK(seen[r] == Approx(p.outcomes[r]).margin(0.015));
}

TEST_CASE("game record: a tampered record is refused with the path of the bad action") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 9);
  REQUIRE_FALSE(game.play(
      game.battle().units.empty() ? Action{} : legal_actions(game.setup(), game.state())[3]));
  json rec = game.record();
  rec["actions"].push_back({{"type", "move"}, {"unit", "R1"}, {"to", "0101"}});
  try {
    Game::from_record(rec, "tampered.json");
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/actions/1");
  }
  rec = game.record();
  rec["actions"][0] = {{"type", "move"}, {"unit", "X99"}, {"to", "0101"}};
  CHECK_THROWS_AS(Game::from_record(rec, "other.json"), LoadError);
  rec = game.record();
  rec["battle"]["units"][0]["type"] = "Q";
  try {
    Game::from_record(rec, "bad-battle.json");
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/battle/units/0/type");
  }
  rec = game.record();
  rec["seed"] = -4;
  CHECK_THROWS_AS(Game::from_record(rec, "seed.json"), LoadError);
}

TEST_CASE(
    "game record: undo restores the snapshot before the last action; replay reaches any point") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 11);
  std::vector<GameState> states{game.state()};
  BotRng rng{3};
  for (int i = 0; i < 30 && !game.state().game_over(); ++i) {
    auto acts = legal_actions(game.setup(), game.state());
    REQUIRE_FALSE(game.play(acts[rng.below(acts.size())]));
    states.push_back(game.state());
  }
  size_t n = game.actions().size();
  game.replay_to(n / 2);
  CHECK(game.state() == states[n / 2]);
  REQUIRE(game.undo());
  CHECK(game.state() == states[n / 2 - 1]);
}

TEST_CASE("game record: a save that fails midway leaves the previous file whole") {
  auto dir = std::filesystem::temp_directory_path() / "sns-save-fail";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string path = (dir / "game.json").string();
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 5);
  game.save(path);
  std::string before;
  {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    before = ss.str();
  }
  BotRng rng{1};
  for (int i = 0; i < 5; ++i) {
    auto acts = legal_actions(game.setup(), game.state());
    REQUIRE_FALSE(game.play(acts[rng.below(acts.size())]));
  }
  // The writer's temporary file cannot be created (a folder stands in its way): the save fails.
  std::filesystem::create_directories(path + ".tmp." + std::to_string(::getpid()));
  CHECK_THROWS_AS(game.save(path), IoError);
  std::ifstream in(path);
  std::stringstream after;
  after << in.rdbuf();
  CHECK(after.str() == before);
  CHECK(Game::load(path).actions().empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("game record: a writer killed mid-save leaves the previous file whole") {
  auto dir = std::filesystem::temp_directory_path() / "sns-save-kill";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::string path = (dir / "game.json").string();
  write_file_atomically(path, "{\"old\": true}\n");
  pid_t child = ::fork();
  if (child == 0) { // the writer: a very large save, killed while it writes
    std::string big(200 * 1024 * 1024, 'x');
    write_file_atomically(path, big);
    ::_exit(0);
  }
  ::usleep(20000);
  ::kill(child, SIGKILL);
  int status = 0;
  ::waitpid(child, &status, 0);
  std::ifstream in(path);
  std::stringstream now;
  now << in.rdbuf();
  CHECK((now.str() == "{\"old\": true}\n" || now.str().size() == 200u * 1024 * 1024));
  std::filesystem::remove_all(dir);
}

TEST_CASE("limits: an oversized map, record or file is refused with a clear message") {
  json doc = read_json("battles/first-clash.json");
  doc["map"]["columns"] = 101;
  CHECK_THROWS_AS(load_battle(doc, "big.json"), LoadError);
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 5);
  json rec = game.record();
  rec["actions"] = json::array();
  for (int i = 0; i <= static_cast<int>(kMaxRecordActions); ++i)
    rec["actions"].push_back({{"type", "end_phase"}});
  try {
    Game::from_record(rec, "long.json");
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/actions");
    CHECK(std::string(e.what()).find("10000") != std::string::npos);
  }
}

TEST_CASE("game record: saving is atomic and leaves the previous file on failure") {
  auto dir = std::filesystem::temp_directory_path() / "sns-save-test";
  std::filesystem::create_directories(dir);
  std::string path = (dir / "game.json").string();
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 5);
  game.save(path);
  Game loaded = Game::load(path);
  CHECK(loaded.state() == game.state());
  // A write into a folder that does not exist fails cleanly and touches nothing else.
  CHECK_THROWS_AS(write_file_atomically((dir / "missing" / "g.json").string(), "x"), IoError);
  CHECK(Game::load(path).state() == game.state());
  std::filesystem::remove_all(dir);
}
