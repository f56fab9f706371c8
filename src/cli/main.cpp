// shields-swords-cli: the engine behind a command line, JSON in and out (docs/cli.md).
#include "sns/bots.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace sns;
using json = nlohmann::json;

namespace {

constexpr int kUsage = 1, kBadInput = 2, kIllegal = 3;

struct CliError {
  int code;
  json body;
};

[[noreturn]] void fail(int code, const std::string &error, const std::string &rule = "",
                       const std::string &detail = "", std::string_view kind = {}) {
  json body = {{"error", error}};
  if (!rule.empty()) body["rule"] = rule;
  if (!kind.empty()) body["kind"] = std::string(kind);
  if (!detail.empty()) body["detail"] = detail;
  throw CliError{code, body};
}

void print(const json &j) { std::cout << j.dump(2) << "\n"; }

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> flags;
  std::vector<std::string> options;
};

Args parse_args(int argc, char **argv, int from) {
  Args a;
  static const std::vector<std::string> with_value = {"--seed", "--out",    "--dice",   "--games",
                                                      "--bots", "--option", "--seconds"};
  for (int i = from; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "--spoilers")
      a.flags[s] = "1";
    else if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
      if (i + 1 >= argc) fail(kUsage, "option " + s + " needs a value");
      if (s == "--option")
        a.options.push_back(argv[++i]);
      else
        a.flags[s] = argv[++i];
    } else if (s.rfind("--", 0) == 0)
      fail(kUsage, "unknown option " + s);
    else
      a.positional.push_back(s);
  }
  return a;
}

uint64_t parse_u64(const std::string &text, const std::string &what) {
  try {
    size_t used = 0;
    if (text.empty() || text[0] == '-') throw std::invalid_argument("negative");
    uint64_t v = std::stoull(text, &used);
    if (used != text.size()) throw std::invalid_argument("trailing");
    return v;
  } catch (const std::exception &) {
    fail(kUsage, what + " must be a whole number, got \"" + text + "\"");
  }
}

std::vector<int> parse_dice(const std::string &text) {
  std::vector<int> dice;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    std::string part =
        text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    uint64_t v = parse_u64(part, "each forced die");
    if (v < 1 || v > 8) fail(kUsage, "forced dice are d8 results from 1 to 8, got " + part);
    dice.push_back(static_cast<int>(v));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return dice;
}

Options parse_options(const Args &a, const Battle &b) {
  Options o;
  for (const std::string &opt : a.options) {
    if (opt != "advanced-wing-integrity")
      fail(kUsage, "unknown game option \"" + opt + "\"; known: advanced-wing-integrity");
    if (b.wing_integrity != WingIntegrityRule::StandardOrAdvanced)
      fail(kBadInput, "this battle does not offer advanced Wing Integrity as an option", "4.2");
    o.advanced_wing_integrity = true;
  }
  return o;
}

const std::string &need(const Args &a, size_t i, const char *what) {
  if (a.positional.size() <= i) fail(kUsage, std::string("missing ") + what);
  return a.positional[i];
}

Action parse_action(const Battle &b, const std::string &text, const std::string &source) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error &) {
    fail(kBadInput, source + ": not valid JSON: " + text);
  }
  return action_from_json(b, j, source);
}

int cmd_validate(const Args &a) {
  auto b = load_battle_file(need(a, 0, "BATTLE.json"));
  print({{"ok", true},
         {"battle", b->id},
         {"name", b->name},
         {"columns", b->columns},
         {"rows", b->rows},
         {"units", b->units.size()},
         {"special", b->special.size()}});
  return 0;
}

int cmd_new(const Args &a) {
  auto b = load_battle_file(need(a, 0, "BATTLE.json"));
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  std::vector<int> dice =
      a.flags.count("--dice") ? parse_dice(a.flags.at("--dice")) : std::vector<int>{};
  Game game(b, parse_options(a, *b), seed, dice);
  if (a.flags.count("--out")) {
    game.save(a.flags.at("--out"));
    print(state_to_json(game.setup(), game.state(), &game.log(), false));
  } else {
    print(game.record());
  }
  return 0;
}

int cmd_state(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  print(state_to_json(game.setup(), game.state(), &game.log(), a.flags.count("--spoilers") > 0));
  return 0;
}

int cmd_legal(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  json out = json::array();
  for (const Action &act : legal_actions(game.setup(), game.state()))
    out.push_back(action_to_json(game.battle(), act));
  print(out);
  return 0;
}

int cmd_apply(const Args &a) {
  const std::string &path = need(a, 0, "GAME.json");
  Game game = Game::load(path);
  if (a.positional.size() < 2) fail(kUsage, "missing ACTION_JSON");
  size_t log_start = game.log().size();
  for (size_t i = 1; i < a.positional.size(); ++i) {
    std::string source = "action " + std::to_string(i);
    Action act = parse_action(game.battle(), a.positional[i], source);
    if (auto r = game.play(act))
      fail(kIllegal, "illegal action: " + r->reason, r->rule, source + ": " + a.positional[i],
           name(r->kind));
  }
  game.save(a.flags.count("--out") ? a.flags.at("--out") : path);
  json events = json::array();
  for (size_t i = log_start; i < game.log().size(); ++i)
    events.push_back(event_to_json(game.battle(), game.log()[i]));
  print({{"events", events}});
  return 0;
}

int cmd_preview(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  Action act = parse_action(game.battle(), need(a, 1, "ACTION_JSON"), "action");
  if (act.type == ActionType::Attack) {
    AttackPreview p;
    if (auto r = preview_attack(game.setup(), game.state(), act, p))
      fail(kIllegal, "illegal attack: " + r->reason, r->rule, "", name(r->kind));
    print(attack_preview_to_json(game.battle(), p));
  } else if (act.type == ActionType::Fire) {
    FirePreview p;
    if (auto r = preview_fire(game.setup(), game.state(), act, p))
      fail(kIllegal, "illegal fire: " + r->reason, r->rule, "", name(r->kind));
    print(fire_preview_to_json(p));
  } else {
    fail(kUsage, "preview takes an attack or a fire action");
  }
  return 0;
}

int cmd_play(const Args &a) {
  auto b = load_battle_file(need(a, 0, "BATTLE.json"));
  uint64_t games = a.flags.count("--games") ? parse_u64(a.flags.at("--games"), "--games") : 100;
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  std::string bots = a.flags.count("--bots") ? a.flags.at("--bots") : "random,random";
  if (bots != "random,random") fail(kUsage, "the only bots so far are random,random");
  Setup setup;
  setup.battle = b;
  setup.options = parse_options(a, *b);
  std::map<std::string, int> wins = {
      {b->sides[0].id, 0}, {b->sides[1].id, 0}, {"draw", 0}, {"unfinished", 0}};
  double turns = 0, actions = 0;
  for (uint64_t g = 0; g < games; ++g) {
    GameState s = new_game(setup, seed + g);
    BotRng rng{(seed + g) * 7919 + 17};
    PlayoutResult r = random_playout(setup, s, rng);
    wins[r.winner < 0 ? "unfinished" : r.winner == 2 ? "draw" : b->sides[r.winner].id]++;
    turns += r.turns;
    actions += static_cast<double>(r.actions);
  }
  print({{"battle", b->id},
         {"games", games},
         {"wins", wins},
         {"average_turns", games ? turns / static_cast<double>(games) : 0},
         {"average_actions", games ? actions / static_cast<double>(games) : 0}});
  return 0;
}

std::vector<std::string> default_battles() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (fs::path dir : {fs::path("battles"), fs::path(SNS_SOURCE_DIR) / "battles"}) {
    if (!fs::is_directory(dir)) continue;
    for (auto &e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") out.push_back(e.path().string());
    if (!out.empty()) break;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// CPU time of this thread: what one core spent, whatever else the machine is doing.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

int cmd_bench(const Args &a) {
  std::vector<std::string> files = a.positional.empty() ? default_battles() : a.positional;
  double seconds = a.flags.count("--seconds")
                       ? static_cast<double>(parse_u64(a.flags.at("--seconds"), "--seconds"))
                       : 2.0;
  json out = json::array();
  using clock = std::chrono::steady_clock;
  for (const std::string &f : files) {
    auto b = load_battle_file(f);
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
    size_t bytes = sizeof(GameState) + s.units.capacity() * sizeof(UnitState) +
                   s.orders.capacity() + s.combat_mode.capacity();
    // Copy cost: how long one state copy takes, averaged.
    auto cstart = clock::now();
    size_t copies = 200000;
    uint64_t sink = 0;
    for (size_t i = 0; i < copies; ++i) {
      GameState copy = s;
      sink += copy.units.size();
    }
    double copy_ns = std::chrono::duration<double, std::nano>(clock::now() - cstart).count() /
                     static_cast<double>(copies);
    out.push_back(
        {{"battle", b->id},
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
         {"check", sink % 2}});
  }
  print(out);
  return 0;
}

void usage() {
  std::cerr << "usage: shields-swords-cli COMMAND ...\n"
               "  validate BATTLE.json\n"
               "  new BATTLE.json [--seed N] [--option advanced-wing-integrity] [--dice 5,2,8] "
               "[--out GAME.json]\n"
               "  state GAME.json [--spoilers]\n"
               "  legal GAME.json\n"
               "  apply GAME.json ACTION_JSON... [--out GAME.json]\n"
               "  preview GAME.json ACTION_JSON\n"
               "  play BATTLE.json [--games N] [--seed N] [--bots random,random]\n"
               "  bench [BATTLE.json...] [--seconds S]\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    usage();
    return kUsage;
  }
  std::string cmd = argv[1];
  try {
    Args a = parse_args(argc, argv, 2);
    if (cmd == "validate") return cmd_validate(a);
    if (cmd == "new") return cmd_new(a);
    if (cmd == "state") return cmd_state(a);
    if (cmd == "legal") return cmd_legal(a);
    if (cmd == "apply") return cmd_apply(a);
    if (cmd == "preview") return cmd_preview(a);
    if (cmd == "play") return cmd_play(a);
    if (cmd == "bench") return cmd_bench(a);
    if (cmd == "--help" || cmd == "help") {
      usage();
      return 0;
    }
    fail(kUsage, "unknown command \"" + cmd + "\"");
  } catch (const CliError &e) {
    std::cerr << e.body.dump() << "\n";
    if (e.code == kUsage) usage();
    return e.code;
  } catch (const LoadError &e) {
    std::cerr << json{{"error", e.what()},
                      {"file", e.file()},
                      {"path", e.path()},
                      {"detail", e.expected()}}
                     .dump()
              << "\n";
    return kBadInput;
  } catch (const std::exception &e) {
    std::cerr << json{{"error", std::string("internal error: ") + e.what()}}.dump() << "\n";
    return 4;
  }
}
