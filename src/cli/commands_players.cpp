// The computer players on the command line: suggest, evaluate, play (arena) and bench
// (docs/cli.md, docs/ai.md).
#include "commands.hpp"
#include "common.hpp"

#include "search_words.hpp"
#include "sns/battle_id.hpp"
#include "sns/bots.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <map>

namespace sns::cli {

json suggest_json(const Args &a, const Game &game) {
  if (game.state().game_over())
    fail(kIllegal, "the game is over: " + game.state().result_reason, "game_over", "13.0");
  Level level = a.has("--level") ? parse_level_flag(a.value("--level", "")) : Level::Normal;
  Suggestion s = suggest(game.setup(), game.state(), level, parse_budget(a), seed_option(a));
  return {{"action", action_to_json(game.battle(), s.action)},
          {"level", std::string(name(level))},
          {"why", suggestion_why(game.battle(), s)},
          {"value", s.value},
          {"iterations", s.iterations},
          {"seconds", s.seconds}};
}

int cmd_suggest(const Context &c) {
  print(c.out, suggest_json(c.args, load_record(c.args.positional[0])));
  return kDone;
}

json evaluate_json(const Args &a, const Game &game) {
  const Battle &b = game.battle();
  int side = side_to_act(game.setup(), game.state());
  if (side < 0) side = game.state().active;
  Evaluation e = evaluate(game.setup(), game.state(), side, seed_option(a));
  return {{"side", b.sides[side].id}, {"score", e.score},       {"vp", e.vp},
          {"material", e.material},   {"position", e.position}, {"win_chance", e.win_chance}};
}

int cmd_evaluate(const Context &c) {
  print(c.out, evaluate_json(c.args, load_record(c.args.positional[0])));
  return kDone;
}

namespace {

std::vector<Level> parse_bots(const std::string &text) {
  size_t comma = text.find(',');
  if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
    usage_error("--bots takes two levels, A,B (" + level_list() + ")");
  return {parse_level_flag(text.substr(0, comma)), parse_level_flag(text.substr(comma + 1))};
}

// play --threads: N for both players, or A,B for the players of --bots in that order.
std::array<unsigned, 2> parse_play_threads(const Args &a) {
  unsigned fallback = default_search_threads();
  if (!a.has("--threads")) return {fallback, fallback};
  std::string text = a.value("--threads", "");
  auto one = [](const std::string &t) {
    return static_cast<unsigned>(parse_count(t, "--threads", 1, kMaxSearchThreads));
  };
  size_t comma = text.find(',');
  if (comma == std::string::npos) return {one(text), one(text)};
  return {one(text.substr(0, comma)), one(text.substr(comma + 1))};
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// play --keep DIR: the game, rebuilt from its actions and saved (verified by replay) as
// DIR/BATTLE-SEED.json, to be replayed in the app or read with `state`.
void keep_game(const std::string &dir, const std::shared_ptr<const Battle> &b,
               const Options &options, uint64_t game_seed, const ArenaGame &r) {
  Game game(b, options, game_seed);
  for (const Action &action : r.played)
    if (auto refusal = game.play(action))
      fail(kInternal, "play --keep: a played action did not replay: " + refusal->reason,
           "internal");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  game.save((std::filesystem::path(dir) /
             (battle_id_for_file_name(b->id, "battle") + "-" + std::to_string(game_seed) + ".json"))
                .string());
}

// How a game ended, in the words `play` counts endings by: the engine's EndReason row.
std::string ending_of(const ArenaGame &r) {
  return r.winner < 0 ? "cut off" : std::string(title(r.end_reason));
}

// The arena's running totals over its games, by side and by bot.
struct Arena {
  const Battle &battle;
  std::array<std::string, 2> bot_name;
  std::map<std::string, int> wins, by_bot, endings;
  json levels = json::object(); // games per victory level id ("none": cut off before the end)
  json seats = json::object();  // each bot's games, wins, VP and levels by the side it played
  std::array<std::vector<double>, 2> decision_seconds;
  std::array<double, 2> max_seconds{}, think_seconds{}, player_turns{};
  double turns = 0, actions = 0, vp_sum[2] = {0, 0};

  Arena(const Battle &b, std::array<std::string, 2> names) : battle(b), bot_name(std::move(names)) {
    wins = {{b.sides[0].id, 0}, {b.sides[1].id, 0}, {"draw", 0}, {"unfinished", 0}};
    by_bot = {{bot_name[0], 0}, {bot_name[1], 0}, {"draw", 0}, {"unfinished", 0}};
    for (const VictoryLevel &level : b.victory_levels)
      levels[level.id] = 0;
    if (!b.victory_levels.empty()) levels["none"] = 0;
    for (const std::string &bot : bot_name)
      for (const auto &side : b.sides)
        seats[bot][side.id] = {
            {"games", 0}, {"won", 0}, {"average_vp", 0.0}, {"victory_levels", levels}};
  }

  // The game's victory level id, "none" for a game cut off before its end.
  std::string level_of(const ArenaGame &r) const {
    return r.victory_level >= 0 ? battle.victory_levels[r.victory_level].id : "none";
  }

  static void count(json &counts, const std::string &key) {
    json &n = counts[key];
    n = n.get<int>() + 1;
  }

  void add(const ArenaGame &r, const int bot_of_side[2]) {
    wins[r.winner < 0 ? "unfinished" : r.winner == kDraw ? "draw" : battle.sides[r.winner].id]++;
    by_bot[r.winner < 0        ? "unfinished"
           : r.winner == kDraw ? "draw"
                               : bot_name[bot_of_side[r.winner]]]++;
    endings[ending_of(r)]++;
    if (!battle.victory_levels.empty()) count(levels, level_of(r));
    for (int side = 0; side < 2; ++side) {
      int bot = bot_of_side[side];
      auto &ds = r.decision_seconds[side];
      decision_seconds[bot].insert(decision_seconds[bot].end(), ds.begin(), ds.end());
      max_seconds[bot] = std::max(max_seconds[bot], r.max_decision_seconds[side]);
      think_seconds[bot] += r.seconds[side];
      player_turns[bot] += r.turns / 2.0; // the sides take turns about
      vp_sum[side] += r.vp[side];
      json &seat = seats[bot_name[bot]][battle.sides[side].id];
      seat["games"] = seat["games"].get<int>() + 1;
      seat["won"] = seat["won"].get<int>() + (r.winner == side ? 1 : 0);
      seat["average_vp"] = seat["average_vp"].get<double>() + r.vp[side]; // a sum until the end
      // Per seat, so a battle the seat decides still shows which bot did better from each side.
      if (!battle.victory_levels.empty()) count(seat["victory_levels"], level_of(r));
    }
    turns += r.turns;
    actions += static_cast<double>(r.actions);
  }

  json result(uint64_t games, bool alternate) {
    for (auto &[bot, sides] : seats.items())
      for (auto &[side, seat] : sides.items())
        if (int played = seat["games"].get<int>())
          seat["average_vp"] = seat["average_vp"].get<double>() / played;
    double n = games ? static_cast<double>(games) : 1;
    json timing = json::object();
    for (int bot = 0; bot < 2; ++bot)
      timing[bot_name[bot]] = {
          {"decisions", decision_seconds[bot].size()},
          {"median_seconds", median(decision_seconds[bot])},
          {"max_seconds", max_seconds[bot]},
          {"seconds_per_player_turn",
           player_turns[bot] > 0 ? think_seconds[bot] / player_turns[bot] : 0}};
    return {
        {"battle", battle.id},
        {"games", games},
        {"bots", {bot_name[0], bot_name[1]}},
        {"alternate", alternate},
        {"wins", wins},
        {"wins_by_bot", by_bot},
        {"seats", seats},
        {"endings", endings},
        {"victory_levels", levels},
        {"average_vp", {{battle.sides[0].id, vp_sum[0] / n}, {battle.sides[1].id, vp_sum[1] / n}}},
        {"average_turns", turns / n},
        {"average_actions", actions / n},
        {"time_per_decision", timing}};
  }
};

} // namespace

int cmd_play(const Context &c) {
  const Args &a = c.args;
  auto b = load_battle_argument(a.positional[0]);
  uint64_t games = parse_count(a.value("--games", "100"), "--games", 1, kMaxGames);
  uint64_t seed = seed_option(a);
  std::vector<Level> bots = parse_bots(a.value("--bots", "random,random"));
  bool alternate = a.has("--alternate");
  SearchBudget budget = parse_budget(a, false);
  std::array<unsigned, 2> threads = parse_play_threads(a);
  size_t max_actions =
      parse_count(a.value("--max-actions", "20000"), "--max-actions", 1, kMaxMaxActions);
  Setup setup;
  setup.battle = b;
  setup.options = parse_game_options(a, *b);
  // Bot names: the level, with the seat in the --bots list when both are the same level.
  std::array<std::string, 2> bot_name = {std::string(name(bots[0])), std::string(name(bots[1]))};
  if (bot_name[0] == bot_name[1]) bot_name = {bot_name[0] + "#1", bot_name[1] + "#2"};
  Arena arena(*b, bot_name);
  for (uint64_t g = 0; g < games; ++g) {
    bool swap = alternate && (g % 2 == 1);
    int bot_of_side[2] = {swap ? 1 : 0, swap ? 0 : 1};
    auto budget_of = [&](int side) {
      SearchBudget own = budget;
      own.threads = threads[bot_of_side[side]];
      return own;
    };
    Player p0(bots[bot_of_side[0]], budget_of(0), (seed + g) * 7919 + 17);
    Player p1(bots[bot_of_side[1]], budget_of(1), (seed + g) * 104729 + 29);
    ArenaGame r = play_game(setup, seed + g, {&p0, &p1}, max_actions);
    if (a.has("--keep")) keep_game(a.value("--keep", ""), b, setup.options, seed + g, r);
    arena.add(r, bot_of_side);
  }
  print(c.out, arena.result(games, alternate));
  return kDone;
}

namespace {

// CPU time of this thread: what one core spent, whatever else the machine is doing.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// How long one state copy takes, averaged over many.
double state_copy_ns(const GameState &s, uint64_t &sink) {
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  size_t copies = 200000;
  for (size_t i = 0; i < copies; ++i) {
    GameState copy = s;
    sink += copy.units.size();
  }
  return std::chrono::duration<double, std::nano>(clock::now() - start).count() /
         static_cast<double>(copies);
}

json bench_battle(const std::shared_ptr<const Battle> &b, double seconds) {
  Setup setup;
  setup.battle = b;
  size_t games = 0, actions = 0, legal = 0;
  const double start = cpu_seconds();
  double elapsed = 0;
  while (elapsed < seconds) {
    GameState s = new_game(setup, games + 1);
    BotRng rng{games * 31 + 7};
    PlayoutResult r = random_playout(setup, s, rng);
    ++games;
    actions += r.actions;
    legal += r.legal_generations;
    elapsed = cpu_seconds() - start;
  }
  GameState s = new_game(setup, 1);
  size_t bytes = s.bytes();
  uint64_t sink = 0;
  double copy_ns = state_copy_ns(s, sink);
  return {
      {"battle", b->id},
      {"units", b->units.size()},
      {"cpu_seconds", elapsed},
      {"playouts", games},
      {"playouts_per_second", static_cast<double>(games) / elapsed},
      {"actions_per_second", static_cast<double>(actions) / elapsed},
      {"legal_generations_per_second", static_cast<double>(legal) / elapsed},
      {"average_actions_per_playout", static_cast<double>(actions) / static_cast<double>(games)},
      {"microseconds_per_100_actions", elapsed * 1e8 / static_cast<double>(actions)},
      {"bytes_per_state", bytes},
      {"state_copy_ns", copy_ns},
      {"check", sink % 2}};
}

} // namespace

int cmd_bench(const Context &c) {
  std::vector<std::string> battles = c.args.positional;
  if (battles.empty()) battles = shipped_battle_ids(data_root());
  double seconds =
      c.args.has("--seconds") ? parse_seconds(c.args.value("--seconds", ""), "--seconds") : 2.0;
  json out = json::array();
  for (const std::string &battle : battles)
    out.push_back(bench_battle(load_battle_argument(battle), seconds));
  print(c.out, out);
  return kDone;
}

} // namespace sns::cli
