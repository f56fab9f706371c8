// shields-swords-cli: the engine behind a command line, JSON in and out (docs/cli.md).
#include "editor_doc.hpp"
#include "paths.hpp"
#include "sns/bots.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "sns/json_io.hpp"
#include "sns/players.hpp"
#include "sns/report.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <system_error>
#include <vector>

using namespace sns;
using json = nlohmann::json;

namespace {

constexpr int kUsage = 1, kBadInput = 2, kIllegal = 3, kInternal = 4, kCannotWrite = 5;

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

Args parse_args(int argc, char **argv, int from, const std::string &command) {
  Args a;
  static const std::vector<std::string> with_value = {
      "--seed",  "--out",        "--dice",        "--games", "--bots", "--option", "--seconds",
      "--level", "--iterations", "--max-actions", "--log",   "--at",   "--keep"};
  for (int i = from; i < argc; ++i) {
    std::string s = argv[i];
    if (s == "--spoilers" || s == "--alternate" || s == "--bookmark" || s == "--any" ||
        s == "--check")
      a.flags[s] = "1";
    else if (std::find(with_value.begin(), with_value.end(), s) != with_value.end()) {
      if (i + 1 >= argc) fail(kUsage, "option " + s + " needs a value");
      if (s == "--option")
        a.options.push_back(argv[++i]);
      else
        a.flags[s] = argv[++i];
    } else if (s.rfind("--", 0) == 0)
      fail(kUsage, "unknown option " + s + " for " + command);
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

std::vector<int> parse_dice(const std::string &text, int faces) {
  std::vector<int> dice;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    std::string part =
        text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    uint64_t v = parse_u64(part, "each forced die");
    if (v < 1 || v > static_cast<uint64_t>(faces))
      fail(kUsage,
           faces == 8 ? "forced dice are d8 results from 1 to 8, got " + part
                      : "forced dice are d6 results from 1 to 6 in D3 Medieval (D14), got " + part);
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

const char *program_path = ""; // argv[0], for finding the data next to the installed program

// The folder holding battles/ and assets/: SNS_ROOT, the install prefix, or the source tree.
std::filesystem::path data_root() {
  try {
    return paths::find_data_root(paths::search_from_process(program_path, SNS_SOURCE_DIR));
  } catch (const std::exception &e) {
    fail(kBadInput, e.what());
  }
}

// The ids of the battles shipped in the data folder (file names without .json), sorted.
std::vector<std::string> shipped_battle_ids(const std::filesystem::path &root) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (auto &e : std::filesystem::directory_iterator(root / "battles", ec))
    if (e.path().extension() == ".json") ids.push_back(e.path().stem().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

// A battle argument is a file, or the id of a shipped battle ("first-clash"), so an installed
// program plays its battles from any folder.
std::string battle_file(const std::string &arg) {
  namespace fs = std::filesystem;
  std::error_code ec;
  bool looks_like_path = arg.find('/') != std::string::npos || fs::path(arg).has_extension();
  if (looks_like_path || fs::exists(arg, ec)) return arg;
  fs::path root = data_root();
  fs::path shipped = root / "battles" / (arg + ".json");
  if (fs::is_regular_file(shipped, ec)) return shipped.string();
  std::string ids;
  for (const std::string &id : shipped_battle_ids(root))
    ids += (ids.empty() ? "" : ", ") + id;
  fail(kBadInput, "no battle file or shipped battle named \"" + arg + "\"", "",
       "shipped battles in " + (root / "battles").string() + ": " + ids);
}

Action parse_action(const Battle &b, const std::string &text, const std::string &source) {
  // The one JSON reader of every input (depth, number range): a bad action is bad input, exit 2.
  return action_from_json(b, parse_json_text(text, source), source);
}

int cmd_validate(const Args &a) {
  auto b = load_battle_file(battle_file(need(a, 0, "BATTLE.json")));
  print({{"ok", true},
         {"battle", b->id},
         {"ruleset", std::string(name(b->ruleset))},
         {"name", b->name},
         {"columns", b->columns},
         {"rows", b->rows},
         {"units", b->units.size()},
         {"special", b->special.size()}});
  return 0;
}

// Rewrites a battle in the editor's canonical layout (docs/battle-format.md), the same content.
int cmd_format(const Args &a) {
  std::string file = battle_file(need(a, 0, "BATTLE.json"));
  json original = read_json_file(file, kMaxInputBytes);
  load_battle(original, file); // only a battle the game accepts is formatted
  std::string text = editor::canonical_text(editor::doc_from_json(original));
  if (!editor::same_content(original, parse_json_text(text, file)))
    fail(kInternal, "formatting " + file + " would change the battle; nothing written");
  std::ifstream in(file, std::ios::binary);
  std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bool canonical = before == text;
  if (a.flags.count("--check")) {
    if (!canonical)
      throw CliError{kBadInput,
                     {{"error", "not in the canonical layout"},
                      {"file", file},
                      {"detail", "run: shields-swords-cli format " + file + " --out " + file}}};
    print({{"file", file}, {"canonical", true}});
  } else if (a.flags.count("--out")) {
    const std::string &out = a.flags.at("--out");
    write_file_atomically(out, text);
    print({{"file", out}, {"changed", out != file || !canonical}});
  } else {
    std::cout << text;
  }
  return 0;
}

int cmd_new(const Args &a) {
  auto b = load_battle_file(battle_file(need(a, 0, "BATTLE.json")));
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  std::vector<int> dice = a.flags.count("--dice") ? parse_dice(a.flags.at("--dice"), die_faces(*b))
                                                  : std::vector<int>{};
  Game game(b, parse_options(a, *b), seed, dice);
  if (a.flags.count("--out")) {
    game.save(a.flags.at("--out"));
    print(state_to_json(game.setup(), game.state(), &game.log(), false));
  } else {
    print(game.record());
  }
  return 0;
}

// --at N: a moment of the game, 0 (the set-up) to the number of actions; the whole game without it.
size_t parse_at(const Args &a, const Game &game) {
  if (!a.flags.count("--at")) return game.actions().size();
  size_t at = parse_u64(a.flags.at("--at"), "--at");
  if (at > game.actions().size())
    fail(kUsage, "--at " + std::to_string(at) + " is past the end: the game has " +
                     std::to_string(game.actions().size()) + " actions");
  return at;
}

json notes_to_json(const std::vector<Note> &notes) {
  json out = json::array();
  for (const Note &n : notes) {
    json j = {{"at", n.at}, {"text", n.text}};
    if (n.bookmark) j["bookmark"] = true;
    out.push_back(j);
  }
  return out;
}

// The state as `state` prints it: the log whole, none of it or from an entry on; notes when any.
void print_state(const Args &a, const Game &game) {
  std::string log = a.flags.count("--log") ? a.flags.at("--log") : "all";
  bool spoilers = a.flags.count("--spoilers") > 0;
  json j;
  if (log == "all") {
    j = state_to_json(game.setup(), game.state(), &game.log(), spoilers);
  } else if (log == "none") {
    j = state_to_json(game.setup(), game.state(), nullptr, spoilers);
    j["log_size"] = game.log().size();
  } else if (log.rfind("since:", 0) == 0) {
    size_t from = parse_u64(log.substr(6), "--log since:N");
    Events part(game.log().begin() + static_cast<long>(std::min(from, game.log().size())),
                game.log().end());
    j = state_to_json(game.setup(), game.state(), &part, spoilers);
    j["log_from"] = std::min(from, game.log().size());
    j["log_size"] = game.log().size();
  } else {
    fail(kUsage, "--log takes all, none or since:N, got \"" + log + "\"");
  }
  if (a.flags.count("--at")) j["at"] = game.actions().size();
  if (!game.notes().empty()) j["notes"] = notes_to_json(game.notes());
  print(j);
}

int cmd_state(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  if (a.flags.count("--at")) game = game.prefix(parse_at(a, game));
  print_state(a, game);
  return 0;
}

int cmd_note(const Args &a) {
  const std::string &path = need(a, 0, "GAME.json");
  Game game = Game::load(path);
  const std::string &text = need(a, 1, "the note's TEXT");
  if (a.positional.size() > 2) fail(kUsage, "give the note as one argument (quote it)");
  Note note{parse_at(a, game), text, a.flags.count("--bookmark") > 0};
  if (!game.add_note(note))
    fail(kUsage, "a note is 1 to " + std::to_string(kMaxNoteChars) + " characters");
  game.save(a.flags.count("--out") ? a.flags.at("--out") : path);
  print({{"notes", notes_to_json(game.notes())}});
  return 0;
}

int cmd_report(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  if (!a.flags.count("--out")) fail(kUsage, "report needs --out DIR");
  print({{"report", write_battle_report(game, a.flags.at("--out"))}});
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

// One preview as JSON, or the refusal apply would give.
// With `any`, the action is judged from the current positions as if its side had the phase for it
// (hypothetical_state), whatever the phase now.
std::optional<Refusal> preview_one(const Game &game, const Action &act, json &out,
                                   bool any = false) {
  GameState hypothetical = any ? hypothetical_state(game.battle(), game.state(), act) : GameState{};
  const GameState &state = any ? hypothetical : game.state();
  if (act.type == ActionType::Attack) {
    AttackPreview p;
    if (auto r = preview_attack(game.setup(), state, act, p)) return r;
    out = attack_preview_to_json(game.battle(), p);
  } else if (act.type == ActionType::Fire) {
    FirePreview p;
    if (auto r = preview_fire(game.setup(), state, act, p)) return r;
    out = fire_preview_to_json(p);
  } else if (act.type == ActionType::Shoot || act.type == ActionType::Melee) { // D10, D12
    HitsPreview p;
    if (auto r = preview_hits(game.setup(), state, act, p)) return r;
    out = hits_preview_to_json(p);
  } else {
    fail(kUsage, "preview takes attack or fire actions (shoot or melee in D3 Medieval)");
  }
  if (any)
    out["as_if"] = {{"side", game.battle().sides[state.active].id},
                    {"phase", std::string(name(state.phase))}};
  return std::nullopt;
}

int cmd_preview(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  need(a, 1, "ACTION_JSON");
  bool any = a.flags.count("--any") > 0;
  if (a.positional.size() == 2) {
    json out;
    Action act = parse_action(game.battle(), a.positional[1], "action");
    if (auto r = preview_one(game, act, out, any))
      fail(kIllegal,
           std::string(act.type == ActionType::Attack ? "illegal attack: "
                       : act.type == ActionType::Fire ? "illegal fire: "
                                                      : "illegal action: ") +
               r->reason,
           r->rule, "", name(r->kind));
    print(out);
    return 0;
  }
  // Several actions: one answer each, in order; a refused one says why instead of failing all.
  json all = json::array();
  for (size_t i = 1; i < a.positional.size(); ++i) {
    json out;
    Action act = parse_action(game.battle(), a.positional[i], "action " + std::to_string(i));
    if (auto r = preview_one(game, act, out, any))
      out = {{"illegal", r->reason}, {"rule", r->rule}, {"kind", std::string(name(r->kind))}};
    all.push_back(out);
  }
  print(all);
  return 0;
}

Level parse_level_flag(const std::string &text) {
  auto l = parse_level(text);
  if (!l) fail(kUsage, "unknown level \"" + text + "\"; known: random, greedy, easy, normal, hard");
  return *l;
}

double parse_seconds(const std::string &text) {
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used != text.size() || !(v > 0) || v > 1e6) throw std::invalid_argument("range");
    return v;
  } catch (const std::exception &) {
    fail(kUsage, "--seconds must be a positive number of seconds, got \"" + text + "\"");
  }
}

SearchBudget parse_budget(const Args &a) {
  SearchBudget budget;
  if (a.flags.count("--iterations") && a.flags.count("--seconds"))
    fail(kUsage, "give --seconds or --iterations, not both");
  if (a.flags.count("--iterations")) {
    budget.iterations = parse_u64(a.flags.at("--iterations"), "--iterations");
    if (budget.iterations == 0) fail(kUsage, "--iterations must be at least 1");
  }
  if (a.flags.count("--seconds")) budget.seconds = parse_seconds(a.flags.at("--seconds"));
  return budget;
}

int cmd_suggest(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  if (game.state().game_over())
    fail(kIllegal, "the game is over: " + game.state().result_reason, "13.0");
  Level level = a.flags.count("--level") ? parse_level_flag(a.flags.at("--level")) : Level::Normal;
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  Suggestion s = suggest(game.setup(), game.state(), level, parse_budget(a), seed);
  print({{"action", action_to_json(game.battle(), s.action)},
         {"level", std::string(name(level))},
         {"why", suggestion_why(game.battle(), s)},
         {"value", s.value},
         {"iterations", s.iterations},
         {"seconds", s.seconds}});
  return 0;
}

int cmd_evaluate(const Args &a) {
  Game game = Game::load(need(a, 0, "GAME.json"));
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  const Battle &b = game.battle();
  int side = side_to_act(game.setup(), game.state());
  if (side < 0) side = game.state().active;
  Evaluation e = evaluate(game.setup(), game.state(), side, seed);
  print({{"side", b.sides[side].id},
         {"score", e.score},
         {"vp", e.vp},
         {"material", e.material},
         {"position", e.position},
         {"win_chance", e.win_chance}});
  return 0;
}

json face_public(const UnitFace &f) {
  return {
      {"cc", cc_name(f.cc)}, {"fire", f.fire ? json(f.fire) : json(nullptr)}, {"crown", f.crown}};
}

// The public map and setup: no seed, no dice, no reverses (R22).
int cmd_map(const Args &a) {
  const std::string path = battle_file(need(a, 0, "BATTLE_OR_GAME.json"));
  std::shared_ptr<const Battle> battle;
  json doc;
  {
    std::ifstream in(path);
    if (!in) fail(kBadInput, "cannot read " + path);
    doc = json::parse(in, nullptr, false);
  }
  if (doc.is_object() && doc.contains("battle") && doc["battle"].is_object()) {
    Game game = Game::load(path);
    battle = game.setup().battle;
  } else {
    battle = load_battle_file(path);
  }
  const Battle &b = *battle;
  json hexes = json::array();
  for (HexId h = 0; h < b.hex_count(); ++h) {
    json jh = {{"hex", b.label(h)},
               {"terrain", b.terrain_types[b.terrain[h]].name},
               {"elevation", b.elevation[h]}};
    json sides = json::object();
    for (int d = 0; d < 6; ++d)
      if (b.hexsides[h][d] != HexsideFeature::None)
        sides[std::to_string(d)] = std::string(name(b.hexsides[h][d]));
    if (!sides.empty()) jh["hexsides"] = sides;
    hexes.push_back(jh);
  }
  json terrain = json::array();
  for (const TerrainType &t : b.terrain_types)
    terrain.push_back(
        {{"name", t.name}, {"impassable", t.impassable}, {"blocks_los", t.blocks_los}});
  json units = json::array();
  for (size_t u = 0; u < b.units.size(); ++u) {
    const UnitDef &d = b.units[u];
    json ju = {{"id", d.id},
               {"name", d.name},
               {"side", b.sides[d.side].id},
               {"wing", b.wings[d.wing].id},
               {"type", std::string(name(d.type))},
               {"steps", d.max_steps()},
               {"hex", d.start == kOffMap ? json(nullptr) : json(b.label(d.start))}};
    if (b.d3())
      ju["facing"] = d.facing; // D2
    else
      ju["front"] = face_public(d.front);
    if (b.reinforcement[u]) ju["arrives_turn"] = b.reinforcement[u]->turn;
    units.push_back(ju);
  }
  json sides = json::array();
  for (const SideDef &sd : b.sides)
    sides.push_back({{"id", sd.id},
                     {"name", sd.name},
                     {"victory_vp", sd.victory_vp ? json(*sd.victory_vp) : json(nullptr)},
                     {"start_vp", sd.start_vp}});
  json specials = json::array();
  for (const Special &sp : b.special)
    specials.push_back({{"id", sp.id}, {"side", b.sides[sp.side].id}, {"text", sp.text}});
  print({{"battle", b.id},
         {"ruleset", std::string(name(b.ruleset))},
         {"name", b.name},
         {"columns", b.columns},
         {"rows", b.rows},
         {"hexside_directions", "0..5 as in battle-format.md"},
         {"terrain_types", terrain},
         {"hexes", hexes},
         {"sides", sides},
         {"units", units},
         {"special", specials},
         {"last_turn", b.last_turn}});
  return 0;
}

std::vector<Level> parse_bots(const std::string &text) {
  size_t comma = text.find(',');
  if (comma == std::string::npos || text.find(',', comma + 1) != std::string::npos)
    fail(kUsage, "--bots takes two levels, A,B (random, greedy, easy, normal, hard)");
  return {parse_level_flag(text.substr(0, comma)), parse_level_flag(text.substr(comma + 1))};
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
      fail(kInternal, "play --keep: a played action did not replay: " + refusal->reason);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  game.save(
      (std::filesystem::path(dir) / (b->id + "-" + std::to_string(game_seed) + ".json")).string());
}

int cmd_play(const Args &a) {
  auto b = load_battle_file(battle_file(need(a, 0, "BATTLE.json")));
  uint64_t games = a.flags.count("--games") ? parse_u64(a.flags.at("--games"), "--games") : 100;
  uint64_t seed = a.flags.count("--seed") ? parse_u64(a.flags.at("--seed"), "--seed") : 1;
  std::vector<Level> bots =
      parse_bots(a.flags.count("--bots") ? a.flags.at("--bots") : "random,random");
  bool alternate = a.flags.count("--alternate") > 0;
  SearchBudget budget = parse_budget(a);
  size_t max_actions = a.flags.count("--max-actions")
                           ? parse_u64(a.flags.at("--max-actions"), "--max-actions")
                           : 20000;
  Setup setup;
  setup.battle = b;
  setup.options = parse_options(a, *b);
  // Bot names: the level, with the seat in the --bots list when both are the same level.
  std::array<std::string, 2> bot_name = {std::string(name(bots[0])), std::string(name(bots[1]))};
  if (bot_name[0] == bot_name[1]) bot_name = {bot_name[0] + "#1", bot_name[1] + "#2"};
  std::map<std::string, int> wins = {
      {b->sides[0].id, 0}, {b->sides[1].id, 0}, {"draw", 0}, {"unfinished", 0}};
  std::map<std::string, int> by_bot = {
      {bot_name[0], 0}, {bot_name[1], 0}, {"draw", 0}, {"unfinished", 0}};
  std::map<std::string, int> endings;
  // Each bot's games and wins by the side it played: seat-decided battles show up here.
  json seats = json::object();
  for (const std::string &bot : bot_name)
    for (const auto &side : b->sides)
      seats[bot][side.id] = {{"games", 0}, {"won", 0}, {"average_vp", 0.0}};
  std::array<std::vector<double>, 2> decision_seconds;
  std::array<double, 2> max_seconds{}, think_seconds{}, player_turns{};
  double turns = 0, actions = 0, vp_sum[2] = {0, 0};
  for (uint64_t g = 0; g < games; ++g) {
    bool swap = alternate && (g % 2 == 1);
    int bot_of_side[2] = {swap ? 1 : 0, swap ? 0 : 1};
    Player p0(bots[bot_of_side[0]], budget, (seed + g) * 7919 + 17);
    Player p1(bots[bot_of_side[1]], budget, (seed + g) * 104729 + 29);
    ArenaGame r = play_game(setup, seed + g, {&p0, &p1}, max_actions);
    if (a.flags.count("--keep")) keep_game(a.flags.at("--keep"), b, setup.options, seed + g, r);
    std::string side_key = r.winner < 0        ? "unfinished"
                           : r.winner == kDraw ? "draw"
                                               : b->sides[r.winner].id;
    wins[side_key]++;
    by_bot[r.winner < 0        ? "unfinished"
           : r.winner == kDraw ? "draw"
                               : bot_name[bot_of_side[r.winner]]]++;
    std::string ending = r.reason;
    if (ending.find("VP (needed") != std::string::npos)
      ending = "VP victory";
    else if (ending.find("last turn") != std::string::npos)
      ending = "last turn";
    else if (ending.find("has no unit left") != std::string::npos) // D3 Medieval
      ending = "a side eliminated";
    else if (r.winner < 0)
      ending = "cut off";
    else
      ending = "special rule";
    endings[ending]++;
    for (int side = 0; side < 2; ++side) {
      int bot = bot_of_side[side];
      auto &ds = r.decision_seconds[side];
      decision_seconds[bot].insert(decision_seconds[bot].end(), ds.begin(), ds.end());
      max_seconds[bot] = std::max(max_seconds[bot], r.max_decision_seconds[side]);
      think_seconds[bot] += r.seconds[side];
      player_turns[bot] += r.turns / 2.0; // the sides take turns about

      vp_sum[side] += r.vp[side];
      json &seat = seats[bot_name[bot]][b->sides[side].id];
      seat["games"] = seat["games"].get<int>() + 1;
      seat["won"] = seat["won"].get<int>() + (r.winner == side ? 1 : 0);
      seat["average_vp"] = seat["average_vp"].get<double>() + r.vp[side]; // a sum until the end
    }
    turns += r.turns;
    actions += static_cast<double>(r.actions);
  }
  for (auto &[bot, sides] : seats.items())
    for (auto &[side, seat] : sides.items())
      if (int played = seat["games"].get<int>())
        seat["average_vp"] = seat["average_vp"].get<double>() / played;
  double n = games ? static_cast<double>(games) : 1;
  json timing = json::object();
  for (int bot = 0; bot < 2; ++bot)
    timing[bot_name[bot]] = {{"decisions", decision_seconds[bot].size()},
                             {"median_seconds", median(decision_seconds[bot])},
                             {"max_seconds", max_seconds[bot]},
                             {"seconds_per_player_turn",
                              player_turns[bot] > 0 ? think_seconds[bot] / player_turns[bot] : 0}};
  print({{"battle", b->id},
         {"games", games},
         {"bots", {bot_name[0], bot_name[1]}},
         {"alternate", alternate},
         {"wins", wins},
         {"wins_by_bot", by_bot},
         {"seats", seats},
         {"endings", endings},
         {"average_vp", {{b->sides[0].id, vp_sum[0] / n}, {b->sides[1].id, vp_sum[1] / n}}},
         {"average_turns", turns / n},
         {"average_actions", actions / n},
         {"time_per_decision", timing}});
  return 0;
}

std::vector<std::string> default_battles() {
  std::filesystem::path root = data_root();
  std::vector<std::string> out;
  for (const std::string &id : shipped_battle_ids(root))
    out.push_back((root / "battles" / (id + ".json")).string());
  return out;
}

// Where the programs find their data and keep the player's files (paths.hpp).
int cmd_paths(const Args &) {
  std::filesystem::path root = data_root();
  paths::XdgEnvironment xdg = paths::xdg_from_process();
  print({{"data", root.string()},
         {"battles", shipped_battle_ids(root)},
         {"saves", paths::data_folder(xdg).string()},
         {"settings", (paths::config_folder(xdg) / "settings.json").string()}});
  return 0;
}

// CPU time of this thread: what one core spent, whatever else the machine is doing.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

int cmd_bench(const Args &a) {
  std::vector<std::string> files = a.positional.empty() ? default_battles() : a.positional;
  double seconds = a.flags.count("--seconds") ? parse_seconds(a.flags.at("--seconds")) : 2.0;
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
               "  state GAME.json [--at N] [--spoilers] [--log all|none|since:N]\n"
               "  note GAME.json --at N \"TEXT\" [--bookmark] [--out GAME.json]\n"
               "  report GAME.json --out DIR\n"
               "  legal GAME.json\n"
               "  apply GAME.json ACTION_JSON... [--out GAME.json]\n"
               "  preview GAME.json ACTION_JSON... [--any]\n"
               "  play BATTLE.json [--games N] [--seed N] [--bots A,B] [--alternate]\n"
               "       [--iterations N | --seconds S] [--max-actions N]   (A, B: random, greedy, "
               "easy, normal, hard)\n"
               "  suggest GAME.json [--level L] [--iterations N | --seconds S] [--seed N]\n"
               "  evaluate GAME.json [--seed N]\n"
               "  map BATTLE_OR_GAME.json\n"
               "  format BATTLE.json [--out FILE | --check]\n"
               "  bench [BATTLE.json...] [--seconds S]\n"
               "  paths\n"
               "BATTLE.json may also be a shipped battle's id, e.g. first-clash.\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    usage();
    return kUsage;
  }
  std::string cmd = argv[1];
  program_path = argv[0];
  using Handler = int (*)(const Args &);
  static const std::map<std::string, Handler> kCommands = {
      {"validate", cmd_validate}, {"new", cmd_new},       {"state", cmd_state},
      {"legal", cmd_legal},       {"apply", cmd_apply},   {"preview", cmd_preview},
      {"play", cmd_play},         {"bench", cmd_bench},   {"suggest", cmd_suggest},
      {"evaluate", cmd_evaluate}, {"map", cmd_map},       {"paths", cmd_paths},
      {"note", cmd_note},         {"report", cmd_report}, {"format", cmd_format}};
  try {
    if (cmd == "--help" || cmd == "help") {
      usage();
      return 0;
    }
    // The command is known before its options are read, so a typo in it is reported as such.
    auto handler = kCommands.find(cmd);
    if (handler == kCommands.end()) fail(kUsage, "unknown command \"" + cmd + "\"");
    return handler->second(parse_args(argc, argv, 2, cmd));
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
  } catch (const IoError &e) {
    std::cerr << json{{"error", e.what()}, {"file", e.file()}}.dump() << "\n";
    return kCannotWrite;
  } catch (const std::exception &e) {
    std::cerr << json{{"error", std::string("internal error: ") + e.what()}}.dump() << "\n";
    return kInternal;
  }
}
