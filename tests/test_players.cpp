// Computer players (DESIGN.md "Computer players", R22): they never peek at hidden reverses, never
// choose an illegal action, and answer deterministically for a fixed seed and budget.
#include "fixture.hpp"
#include "search_words.hpp"
#include "sns/players.hpp"

#include <filesystem>
#include <numeric>
#include <set>
#include <tuple>

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

// The same battle with the reverses of the units still fresh in `s` passed round within each side
// and type: a battle that differs from the real one only in what R22 hides.
std::shared_ptr<const Battle> rotate_hidden_reverses(const Battle &real, const GameState &s,
                                                     int *changed) {
  auto b = std::make_shared<Battle>(real);
  for (int side = 0; side < 2; ++side)
    for (int t = 0; t < kUnitTypeCount; ++t) {
      std::vector<int> group;
      for (size_t u = 0; u < real.units.size(); ++u)
        if (real.units[u].side == side && static_cast<int>(real.units[u].type) == t &&
            reverse_hidden(real, s, static_cast<int>(u)))
          group.push_back(static_cast<int>(u));
      for (size_t i = 0; i < group.size(); ++i) {
        const UnitFace &from = *real.units[group[(i + 1) % group.size()]].back;
        const UnitFace &was = *real.units[group[i]].back;
        if (from.cc != was.cc || from.fire != was.fire || from.crown != was.crown) ++*changed;
        b->units[group[i]].back = from;
      }
    }
  return b;
}

// Positions along a random game: the start and after some random actions.
std::vector<GameState> positions(const Setup &setup, uint64_t seed) {
  std::vector<GameState> out;
  GameState s = new_game(setup, seed);
  BotRng rng{seed * 31 + 5};
  for (int step = 0; step < 120 && !s.game_over(); ++step) {
    if (step == 0 || step == 25 || step == 70 || step == 119) out.push_back(s);
    auto acts = legal_actions(setup, s);
    REQUIRE_FALSE(apply(setup, s, acts[rng.below(acts.size())]));
  }
  return out;
}

} // namespace

TEST_CASE("R22 computer players give the same answer whatever the hidden reverses are",
          "[players][no-peek]") {
  const Level levels[] = {Level::Random, Level::Greedy, Level::Easy,
                          Level::Normal, Level::Hard,   Level::Heuristic};
  for (const std::string &file : shipped_battles()) {
    Setup real = setup_of(load_battle_file(file));
    int changed = 0, compared = 0;
    for (const GameState &s : positions(real, 3)) {
      Setup other = setup_of(rotate_hidden_reverses(*real.battle, s, &changed));
      for (Level level : levels) {
        SearchBudget budget{24, 0};
        Suggestion a = suggest(real, s, level, budget, 77);
        Suggestion b = suggest(other, s, level, budget, 77);
        INFO(file << " turn " << s.turn << " level " << name(level));
        CHECK(a.action == b.action);
        CHECK(a.basis == b.basis);
        CHECK(search_reason(*real.battle, a) == search_reason(*other.battle, b));
        ++compared;
      }
    }
    INFO(file);
    CHECK(compared > 0);
    if (real.battle->ruleset != RulesetId::D3) // D3 Medieval units have no reverse to hide
      CHECK(changed > 0);                      // the rotation really changed some hidden reverse
  }
}

TEST_CASE("suggest is deterministic for a seed and an iteration budget", "[players]") {
  Setup setup = setup_of(load_battle_file(source_path("battles/the-standard-1138.json")));
  GameState s = new_game(setup, 9);
  for (Level level : {Level::Greedy, Level::Normal}) {
    Suggestion a = suggest(setup, s, level, {40, 0}, 5);
    Suggestion b = suggest(setup, s, level, {40, 0}, 5);
    CHECK(a.action == b.action);
    CHECK(a.iterations == b.iterations);
  }
  CHECK(suggest(setup, s, Level::Normal, {40, 0}, 5).iterations == 40);
}

TEST_CASE("hard sizes its playouts to the battle: its whole budget up to 20 units, proportionally "
          "fewer above (docs/ai.md)",
          "[players]") {
  auto units_of = [](const char *file) {
    return load_battle_file(source_path(std::string("battles/") + file))->units.size();
  };
  REQUIRE(units_of("first-clash.json") == 15);
  REQUIRE(units_of("grunwald-1410.json") == 50);
  REQUIRE(units_of("the-standard-1138.json") == 31);
  Setup clash = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  CHECK(default_iterations(Level::Hard, *clash.battle) == 1920);
  CHECK(default_iterations(Level::Normal, *clash.battle) == 160);
  CHECK(default_iterations(Level::Hard,
                           *load_battle_file(source_path("battles/grunwald-1410.json"))) == 768);
  CHECK(default_iterations(Level::Hard, *load_battle_file(source_path(
                                            "battles/the-standard-1138.json"))) == 1920 * 20 / 31);
  CHECK(default_iterations(Level::Normal,
                           *load_battle_file(source_path("battles/grunwald-1410.json"))) == 160);
  // A search with no budget given plays the sized budget (First Clash's first searched decision).
  Suggestion s = suggest(clash, first_searched_position(clash, 3), Level::Hard, {}, 5);
  REQUIRE(s.basis == SuggestionBasis::Search);
  CHECK(s.iterations == 1920);
}

TEST_CASE("4.0 of more command assignments than it plays out, hard plays out those the heuristic "
          "player's per-wing judgement ranks best; greedy and easy draw them at random",
          "[players]") {
  // Lincoln's first Command Phase offers 97 assignments; 48 are played out (docs/ai.md "Levels").
  Setup lincoln = setup_of(load_battle_file(source_path("battles/lincoln-1141.json")));
  const GameState start = new_game(lincoln, 4);
  const std::vector<Action> acts = legal_actions(lincoln, start);
  REQUIRE(acts.size() == 97);
  for (uint64_t seed : {uint64_t{5}, uint64_t{6}}) {
    std::vector<size_t> best;
    for (auto [index, value] : heuristic_ranking(lincoln, start, acts, 0, seed))
      if (best.size() < 48) best.push_back(index);
    CHECK(turn_choices_played_out(lincoln, start, acts, Level::Hard, seed) == best);
    CHECK(turn_choices_played_out(lincoln, start, acts, Level::Normal, seed).empty());
    for (Level drawing : {Level::Greedy, Level::Easy}) {
      std::vector<size_t> drawn = turn_choices_played_out(lincoln, start, acts, drawing, seed);
      CHECK(drawn.size() == 48);
      CHECK(std::set<size_t>(drawn.begin(), drawn.end()).size() == 48);
      CHECK(drawn != best);
    }
  }
  // First Clash's 25 are all played out, by every level, in the engine's order.
  Setup clash = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  const GameState opening = new_game(clash, 3);
  const std::vector<Action> few = legal_actions(clash, opening);
  REQUIRE(few.size() == 25);
  std::vector<size_t> all(25);
  std::iota(all.begin(), all.end(), size_t{0});
  CHECK(turn_choices_played_out(clash, opening, few, Level::Hard, 5) == all);
  CHECK(turn_choices_played_out(clash, opening, few, Level::Easy, 5) == all);
}

TEST_CASE("normal takes the heuristic player's commands and greedy's moves: given one playout it "
          "keeps that ranking's first",
          "[players]") {
  // One playout decides nothing (a mean of one is within luck of every other), so the search keeps
  // its ranking's first (final_pick). Where the decision shapes the turn (the Command Phase, the
  // Initiative) normal's ranking is the heuristic player's, in the same guessed world with the same
  // seed, so the two answer alike; elsewhere it is greedy's one ply, whose terms (pressing a
  // holder, spending a wave) do nothing at First Clash, so normal answers as greedy does.
  Setup clash = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  int shaping = 0, other = 0, greedy_differs = 0, heuristic_differs = 0;
  for (uint64_t game : {3, 4}) {
    for (const GameState &s : positions(clash, game)) {
      std::vector<Action> acts = legal_actions(clash, s);
      if (s.game_over() || acts.size() < 2) continue;
      bool shapes = std::any_of(acts.begin(), acts.end(), shapes_turn);
      for (uint64_t seed : {5, 6}) {
        INFO("game " << game << " turn " << s.turn << " seed " << seed);
        Suggestion normal = suggest(clash, s, Level::Normal, {1, 0}, seed);
        Suggestion heuristic = suggest(clash, s, Level::Heuristic, {}, seed);
        Suggestion greedy = suggest(clash, s, Level::Greedy, {}, seed);
        // Its account's "one move ahead" is on the scale of the ranking its candidates came from.
        const Suggestion &ranked = shapes ? heuristic : greedy;
        CHECK(normal.action == ranked.action);
        CHECK(normal.term(AccountTerm::OnePlyGain) ==
              Approx(ranked.term(AccountTerm::OnePlyGain)).margin(1e-9));
        (shapes ? greedy_differs : heuristic_differs) +=
            (shapes ? greedy : heuristic).action != normal.action;
        ++(shapes ? shaping : other);
      }
    }
  }
  CHECK(shaping >= 4);
  CHECK(other >= 6);
  CHECK(greedy_differs > 0);
  CHECK(heuristic_differs > 0);
}

TEST_CASE("computer players never choose an illegal action in short games of every battle",
          "[players][legal]") {
  // play_game throws if the engine refuses a player's action; every choice is checked by apply.
  const std::pair<Level, Level> pairings[] = {
      {Level::Random, Level::Greedy}, {Level::Greedy, Level::Easy}, {Level::Easy, Level::Random}};
  for (const std::string &file : shipped_battles()) {
    Setup setup = setup_of(load_battle_file(file));
    uint64_t seed = 1;
    for (auto [x, y] : pairings) {
      Player p0(x, {12, 0}, seed * 11), p1(y, {12, 0}, seed * 13);
      INFO(file << " " << name(x) << " vs " << name(y));
      ArenaGame g = play_game(setup, seed++, {&p0, &p1}, 150);
      CHECK(g.actions > 0);
      CHECK(g.decisions[0] + g.decisions[1] == g.actions);
    }
  }
}

TEST_CASE("computer players play whole games to the end without an illegal action",
          "[players][legal]") {
  // A small version of the 10,000-game run in docs/ai.md: whole random games on every battle, and
  // whole greedy and easy games on the two small battles (play_game throws on any refusal).
  for (const std::string &file : shipped_battles()) {
    Setup setup = setup_of(load_battle_file(file));
    bool small =
        file.find("first-clash") != std::string::npos || file.find("morlaix") != std::string::npos;
    std::vector<std::pair<Level, Level>> pairings(25, {Level::Random, Level::Random});
    if (small) {
      pairings.push_back({Level::Greedy, Level::Random});
      pairings.push_back({Level::Random, Level::Easy});
    }
    uint64_t seed = 500;
    for (auto [x, y] : pairings) {
      Player p0(x, {8, 0}, seed * 17), p1(y, {8, 0}, seed * 19);
      INFO(file << " " << name(x) << " vs " << name(y) << " seed " << seed);
      ArenaGame g = play_game(setup, seed++, {&p0, &p1});
      CHECK(g.winner >= 0); // finished: a side or a draw, not cut off
    }
  }
}

TEST_CASE("a guessed world deals out the unseen reverses of each side and type again",
          "[players]") {
  Setup real = setup_of(load_battle_file(source_path("battles/grunwald-1410.json")));
  GameState s = new_game(real, 1);
  BotRng rng{42};
  World w = sample_world(real, s, rng);
  const Battle &rb = *real.battle, &wb = *w.setup.battle;
  REQUIRE(wb.units.size() == rb.units.size());
  // Same multiset of reverses per side and type; fronts untouched; no forced dice.
  for (int side = 0; side < 2; ++side)
    for (int t = 0; t < kUnitTypeCount; ++t) {
      std::multiset<std::tuple<int, int, bool>> a, b;
      for (size_t u = 0; u < rb.units.size(); ++u) {
        if (rb.units[u].side != side || static_cast<int>(rb.units[u].type) != t) continue;
        CHECK(wb.units[u].front.cc == rb.units[u].front.cc);
        CHECK(wb.units[u].back.has_value() == rb.units[u].back.has_value());
        if (rb.units[u].back) {
          a.insert({rb.units[u].back->cc, rb.units[u].back->fire, rb.units[u].back->crown});
          b.insert({wb.units[u].back->cc, wb.units[u].back->fire, wb.units[u].back->crown});
        }
      }
      CHECK(a == b);
    }
  CHECK(w.setup.forced_dice.empty());
}

TEST_CASE("the evaluation counts a finished game above any position", "[players]") {
  Setup setup = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  GameState s = new_game(setup, 1);
  s.vp = {0, 0};
  Evaluation e = evaluate(setup, s, 0, 1);
  CHECK(e.win_chance > 0.0);
  CHECK(e.win_chance < 1.0);
  GameState won = s;
  won.phase = Phase::GameOver;
  won.winner = 0;
  CHECK(evaluate_position(setup, won, 0) == kWinScore);
  CHECK(evaluate_position(setup, won, 1) == -kWinScore);
}

TEST_CASE("the hard evaluation sees an enemy that can enter an open objective hex in one move",
          "[players]") {
  // Morlaix's rise (column 03): a French unit entering it wins at once. With every English unit
  // off the map but one far to the south, a French levy three open hexes from the crest can reach
  // it next move (5.0: three hexes); Suppressed it moves one hex (9.3) and cannot.
  Setup setup = setup_of(load_battle_file(source_path("battles/morlaix-1342.json")));
  const Battle &b = *setup.battle;
  GameState s = new_game(setup, 1);
  int english = b.units[b.unit_index("EB1")].side, french = 1 - english;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side == english && b.units[u].id != "EM3") s.units[u].steps = 0;
  int levy = b.unit_index("FL1");
  s.units[levy].hex = *b.parse_hex("0603");
  double plain = evaluate_position(setup, s, english);
  double reach = evaluate_position(setup, s, english, {.reach_threats = true});
  CHECK(plain - reach >= kReachThreat);
  CHECK(evaluate_position(setup, s, french, {.reach_threats = true}) -
            evaluate_position(setup, s, french) >=
        kReachThreat);
  s.units[levy].suppressed = true;
  CHECK(evaluate_position(setup, s, english, {.reach_threats = true}) ==
        evaluate_position(setup, s, english));
  // Back where it started, nine hexes away: no threat.
  s.units[levy].suppressed = false;
  s.units[levy].hex = *b.parse_hex("1203");
  CHECK(evaluate_position(setup, s, english, {.reach_threats = true}) ==
        evaluate_position(setup, s, english));
}

TEST_CASE("attack waves: the hard evaluation weighs the losses of the wave now attacking less",
          "[players]") {
  // Morlaix's French attack in waves (levies, horse, foot); a wave may attack only once the one
  // before is gone, so the wave now attacking is there to be spent. A step lost by a levy costs
  // kSpentWave of what it costs without the term; once the levies are gone the horse is the wave
  // to spend, and the foot, the last wave, always counts in full.
  Setup setup = setup_of(load_battle_file(source_path("battles/morlaix-1342.json")));
  const Battle &b = *setup.battle;
  GameState s = new_game(setup, 1);
  int french = b.units[b.unit_index("FL1")].side;
  auto step_cost = [&](const char *id, EvalTerms terms) {
    GameState hit = s;
    hit.units[b.unit_index(id)].steps = 1;
    return evaluate_position(setup, s, french, terms) -
           evaluate_position(setup, hit, french, terms);
  };
  const EvalTerms waves{.spend_waves = true};
  REQUIRE(step_cost("FL1", {}) > 0);
  CHECK(step_cost("FL1", waves) == Approx(kSpentWave * step_cost("FL1", {})));
  CHECK(step_cost("FH1", waves) == Approx(step_cost("FH1", {})));
  for (const char *id : {"FL1", "FL2", "FL3", "FL4"}) {
    s.units[b.unit_index(id)].steps = 0;
    s.units[b.unit_index(id)].hex = kOffMap;
  }
  CHECK(step_cost("FH1", waves) == Approx(kSpentWave * step_cost("FH1", {})));
  for (const char *id : {"FH1", "FH2", "FH3", "FH4"}) {
    s.units[b.unit_index(id)].steps = 0;
    s.units[b.unit_index(id)].hex = kOffMap;
  }
  CHECK(step_cost("FV1", waves) == Approx(step_cost("FV1", {})));
}

TEST_CASE("press the holder: the side that must break a holder counts the holder's losses double "
          "and closes in less eagerly; the holder's judgement is unchanged",
          "[players]") {
  // Morlaix: the English win when time runs out, so the French must break them. With the term, an
  // English step lost is worth kHolderWorth times as much to the French and the same to the
  // English; a French step lost is worth the same to the French.
  Setup morlaix = setup_of(load_battle_file(source_path("battles/morlaix-1342.json")));
  const Battle &m = *morlaix.battle;
  GameState s = new_game(morlaix, 1);
  int french = m.units[m.unit_index("FL1")].side, english = 1 - french;
  const EvalTerms press{.press_holder = true};
  auto step_cost = [&](const char *id, int judge, EvalTerms terms) {
    GameState hit = s;
    hit.units[m.unit_index(id)].steps = 1;
    return evaluate_position(morlaix, s, judge, terms) -
           evaluate_position(morlaix, hit, judge, terms);
  };
  REQUIRE(step_cost("EM1", french, {}) < 0);
  CHECK(step_cost("EM1", french, press) == Approx(kHolderWorth * step_cost("EM1", french, {})));
  CHECK(step_cost("EM1", english, press) == Approx(step_cost("EM1", english, {})));
  CHECK(step_cost("FL1", french, press) == Approx(step_cost("FL1", french, {})));

  // Grunwald: the Allies hold, so the Order must attack; an Order unit stepping nearer the enemy
  // gains kAttackerPull of what it gains without the term.
  Setup grunwald = setup_of(load_battle_file(source_path("battles/grunwald-1410.json")));
  const Battle &g = *grunwald.battle;
  GameState gs = new_game(grunwald, 1);
  int order = g.side_index("teutonic");
  int closer = 0;
  for (size_t u = 0; u < g.units.size() && !closer; ++u) {
    if (g.units[u].side != order || gs.units[u].hex == kOffMap) continue;
    for (HexId to : g.adjacent[gs.units[u].hex]) {
      if (to < 0 || g.terrain_impassable(to)) continue;
      bool empty = true;
      for (const UnitState &o : gs.units)
        if (o.steps > 0 && o.hex == to) empty = false;
      if (!empty) continue;
      GameState moved = gs;
      moved.units[u].hex = to;
      double plain =
          evaluate_position(grunwald, moved, order) - evaluate_position(grunwald, gs, order);
      if (plain <= 0) continue;
      CHECK(evaluate_position(grunwald, moved, order, press) -
                evaluate_position(grunwald, gs, order, press) ==
            Approx(kAttackerPull * plain));
      ++closer;
      break;
    }
  }
  CHECK(closer == 1);

  // First Clash is decided by VP at the end: no holder, nothing changes.
  Setup clash = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  GameState cs = new_game(clash, 1);
  CHECK(evaluate_position(clash, cs, 0, press) == evaluate_position(clash, cs, 0));
}

namespace {
// Builds orders for the wing `id` of the fixture's battle: order({Command::Horse}) and the like.
auto orders_of(const Fixture &f, const std::string &id) {
  const auto wing = static_cast<int16_t>(f.b().wing_index(id));
  return [wing](std::initializer_list<Command> cs) { return WingOrder{wing, cs}; };
}
} // namespace

TEST_CASE("10.0 Horse is not idle for a horse wing that cannot move but may charge: the Charge "
          "step follows the Horse Phase",
          "[players][hints]") {
  // Lincoln, the Disinherited's A1 beside the Earls' heavy horse R1: heavy horse's zone holds an
  // adjacent enemy horse still in the Horse Phase (10.0), so A1 has no move there, but it stands in
  // an enemy zone after the phase and so may charge R1. Horse, and Bonus paired with it, do
  // something; Fire does nothing (no archer).
  Fixture f(loose_battle("lincoln-1141.json", {{"A1", "0805"}, {"R1", "0905"}}));
  REQUIRE(f.phase() == "command");
  auto order = orders_of(f, "disinherited");

  // The engine's own account of that turn: the Horse Phase, where nobody can move, is passed over
  // and A1 may charge.
  Fixture horse = f;
  horse.command("disinherited", {"horse"});
  REQUIRE(horse.phase() == "charge");
  CHECK(horse.count(ActionType::Attack) > 0);

  CHECK_FALSE(command_does_nothing(f.setup, f.s, order({Command::Horse}), Command::Horse));
  CHECK_FALSE(
      command_does_nothing(f.setup, f.s, order({Command::Horse, Command::Bonus}), Command::Bonus));
  CHECK(command_does_nothing(f.setup, f.s, order({Command::Fire}), Command::Fire));
  Action given;
  given.type = ActionType::Command;
  given.orders.push_back(order({Command::Horse, Command::Bonus}));
  Action kept = without_idle_commands(f.setup, f.s, given);
  REQUIRE(kept.orders.size() == 1);
  CHECK(kept.orders[0].commands ==
        SmallVec<Command, kMaxListedCommands>{Command::Horse, Command::Bonus});
}

TEST_CASE("8.0 Combat given with Shield Wall is not idle when the Shield Wall's one-hex step "
          "brings a unit beside an enemy",
          "[players][hints]") {
  // Lincoln, Chester's A4 two hexes from the King's R5 with nobody adjacent: Combat alone lets
  // nobody attack, but with Shield Wall A4 may first step one hex (8.0) and then attack in the
  // Combat Phase, as the engine's own sequence shows.
  Fixture f(loose_battle("lincoln-1141.json", {{"A4", "0805"}, {"R5", "1005"}}));
  REQUIRE(f.phase() == "command");
  auto order = orders_of(f, "chester");

  Fixture wall = f;
  wall.act({{"type", "command"},
            {"orders", {{{"wing", "chester"}, {"commands", {"shield_wall", "combat"}}}}}});
  REQUIRE(wall.phase() == "shield_wall");
  wall.act(move("A4", "0905"));
  for (int n = 0; n < 4 && wall.phase() != "combat"; ++n)
    wall.act(kEndPhase);
  REQUIRE(wall.phase() == "combat");
  CHECK(wall.count(ActionType::Attack) > 0);

  CHECK(command_does_nothing(f.setup, f.s, order({Command::Combat}), Command::Combat));
  CHECK_FALSE(command_does_nothing(f.setup, f.s, order({Command::ShieldWall, Command::Combat}),
                                   Command::Combat));
}

TEST_CASE("4.0 hints name no command that does nothing this turn: a wing's Fire, Combat or "
          "Bonus with no unit able to use it is left out, Move and Shield Wall are kept",
          "[players][hints]") {
  // First Clash at the start, the Rebel Host to command: its archers (B3, B6) are far beyond range
  // of every royal unit and no enemy stands next to any of its units, so Fire and Combat alone
  // let nobody act; Move does, and Shield Wall forms as its phase begins (8.0).
  Setup setup = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  const Battle &b = *setup.battle;
  GameState s = new_game(setup, 1);
  REQUIRE(s.phase == Phase::Command);
  const auto host = static_cast<int16_t>(b.wing_index("host"));
  auto order = [&](std::initializer_list<Command> cs) { return WingOrder{host, cs}; };
  CHECK(command_does_nothing(setup, s, order({Command::Fire}), Command::Fire));
  CHECK(command_does_nothing(setup, s, order({Command::Combat}), Command::Combat));
  CHECK_FALSE(command_does_nothing(setup, s, order({Command::Move}), Command::Move));
  CHECK_FALSE(command_does_nothing(setup, s, order({Command::ShieldWall}), Command::ShieldWall));
  CHECK_FALSE(command_does_nothing(setup, s, order({Command::Horse}), Command::Horse));
  // Moving first may bring an enemy within reach: Combat given with Move is kept.
  CHECK_FALSE(
      command_does_nothing(setup, s, order({Command::Move, Command::Combat}), Command::Combat));
  CHECK(command_does_nothing(setup, s, order({Command::Fire, Command::Bonus}), Command::Bonus));
  CHECK_FALSE(
      command_does_nothing(setup, s, order({Command::Move, Command::Bonus}), Command::Bonus));

  Action given;
  given.type = ActionType::Command;
  given.orders.push_back(order({Command::Move, Command::Fire}));
  Action kept = without_idle_commands(setup, s, given);
  REQUIRE(kept.orders.size() == 1);
  CHECK(kept.orders[0].commands == SmallVec<Command, kMaxListedCommands>{Command::Move});
  given.orders = {order({Command::Fire, Command::Bonus})};
  CHECK(without_idle_commands(setup, s, given).orders.empty()); // nothing left to give

  // Every level's answer in the Command Phases of a random game names no idle command.
  BotRng rng{17};
  int commands_checked = 0;
  for (int step = 0; step < 400 && !s.game_over(); ++step) {
    if (s.phase == Phase::Command && side_to_act(setup, s) == s.active)
      for (Level level : {Level::Greedy, Level::Easy, Level::Normal}) {
        Suggestion sug = suggest(setup, s, level, {16, 0}, 5);
        for (const WingOrder &o : sug.action.orders)
          for (Command c : o.commands) {
            INFO("turn " << s.turn << " level " << name(level) << " wing " << b.wings[o.wing].id
                         << " command " << name(c));
            CHECK_FALSE(command_does_nothing(setup, s, o, c));
            ++commands_checked;
          }
      }
    auto acts = legal_actions(setup, s);
    REQUIRE_FALSE(apply(setup, s, acts[rng.below(acts.size())]));
  }
  CHECK(commands_checked > 10);
}

TEST_CASE("4.0 the search weighs no idle command assignment: none given, or one holding a command "
          "that does nothing this turn",
          "[players][hints]") {
  // First Clash at the start, the Rebel Host to command (as above): Fire and Combat alone let
  // nobody act, Move does.
  Setup setup = setup_of(load_battle_file(source_path("battles/first-clash.json")));
  GameState s = new_game(setup, 1);
  const auto host = static_cast<int16_t>(setup.battle->wing_index("host"));
  auto assignment = [&](std::initializer_list<Command> cs) {
    Action a;
    a.type = ActionType::Command;
    if (cs.size() > 0) a.orders.push_back(WingOrder{host, cs});
    return a;
  };
  CHECK(idle_assignment(setup, s, assignment({})));                              // no command
  CHECK(idle_assignment(setup, s, assignment({Command::Move, Command::Fire})));  // Fire idle
  CHECK(idle_assignment(setup, s, assignment({Command::Fire, Command::Bonus}))); // both idle
  CHECK_FALSE(idle_assignment(setup, s, assignment({Command::Move, Command::Bonus})));
  CHECK_FALSE(idle_assignment(setup, s, assignment({Command::Move, Command::Combat})));
  Action end;
  end.type = ActionType::EndPhase;
  CHECK_FALSE(idle_assignment(setup, s, end)); // only command assignments are judged

  // Of the engine's list, the busy ones are those without_idle_commands leaves whole and that
  // give something; several are idle and several are not, so the search has a choice left.
  auto given = [](const Action &a) { return a.orders.empty() ? 0 : a.orders[0].commands.size(); };
  int idle = 0, busy = 0;
  for (const Action &a : legal_actions(setup, s)) {
    REQUIRE(a.type == ActionType::Command);
    bool expected = given(a) == 0 || given(without_idle_commands(setup, s, a)) < given(a);
    CHECK(idle_assignment(setup, s, a) == expected);
    (idle_assignment(setup, s, a) ? idle : busy) += 1;
  }
  CHECK(idle > 0);
  CHECK(busy > 0);
}

TEST_CASE("the level names are the engine's table in the levels' order, and parse back",
          "[players]") {
  std::vector<std::string_view> names = level_names();
  CHECK(names ==
        std::vector<std::string_view>{"random", "greedy", "easy", "normal", "hard", "heuristic"});
  for (size_t i = 0; i < names.size(); ++i)
    CHECK(parse_level(names[i]) == static_cast<Level>(i));
  // A game's computer seat takes the levels that judge a position, not the test players.
  CHECK(level_names(true) == std::vector<std::string_view>{"easy", "normal", "hard", "heuristic"});
  // The same flag, asked of one level.
  CHECK_FALSE(seat_level(Level::Random));
  CHECK_FALSE(seat_level(Level::Greedy));
  CHECK(seat_level(Level::Easy));
  CHECK(seat_level(Level::Heuristic));
  CHECK(level_list() == "random, greedy, easy, normal, hard, heuristic");
  CHECK(level_list(" or ", true) == "easy, normal, hard or heuristic");
  // --level's help marks the default in the same join.
  CHECK(level_list(" or ", false, Level::Normal) ==
        "random, greedy, easy, normal (default), hard or heuristic");
}
