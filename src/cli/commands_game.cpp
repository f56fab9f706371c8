// The commands on one game's record: new, state, note, report, legal, apply, preview
// (docs/cli.md). Writers hold the record's lock (RecordLock) from reading to writing.
#include "commands.hpp"
#include "common.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"
#include "sns/report.hpp"

namespace sns::cli {

int cmd_new(const Context &c) {
  const Args &a = c.args;
  auto b = load_battle_argument(a.positional[0]);
  uint64_t seed = seed_option(a);
  std::vector<int> dice =
      a.has("--dice") ? parse_dice(a.value("--dice", ""), die_faces(*b)) : std::vector<int>{};
  Game game(b, parse_game_options(a, *b), seed, dice);
  if (a.has("--out")) {
    const std::string &out = record_file(a.value("--out", ""));
    RecordLock lock(out);
    game.save(out);
    print(c.out, state_to_json(game.setup(), game.state(), &game.log(), false));
  } else {
    print(c.out, game.record());
  }
  return kDone;
}

namespace {

// The state as `state` prints it: the log whole, none of it or from an entry on; notes when any.
json state_view(const Args &a, const Game &game) {
  const std::string log = a.value("--log", "all");
  bool spoilers = a.has("--spoilers");
  json j;
  if (log == "all") {
    j = state_to_json(game.setup(), game.state(), &game.log(), spoilers);
  } else if (log == "none") {
    j = state_to_json(game.setup(), game.state(), nullptr, spoilers);
    j["log_size"] = game.log().size();
  } else if (log.rfind("since:", 0) == 0) {
    size_t from = parse_count(log.substr(6), "--log since:N", 0, kMaxSeed);
    from = std::min<size_t>(from, game.log().size());
    Events part(game.log().begin() + static_cast<long>(from), game.log().end());
    j = state_to_json(game.setup(), game.state(), &part, spoilers);
    j["log_from"] = from;
    j["log_size"] = game.log().size();
  } else {
    usage_error("--log takes all, none or since:N, got \"" + printable(log) + "\"");
  }
  if (a.has("--at")) j["at"] = game.actions().size();
  if (!game.notes().empty()) j["notes"] = notes_to_json(game.notes());
  return j;
}

} // namespace

int cmd_state(const Context &c) {
  Game game = load_record(c.args.positional[0]);
  if (c.args.has("--at")) game = game.prefix(parse_at(c.args, game));
  print(c.out, state_view(c.args, game));
  return kDone;
}

int cmd_note(const Context &c) {
  const Args &a = c.args;
  const std::string &path = a.positional[0];
  const std::string out = a.value("--out", path);
  RecordLock lock(out);
  Game game = load_record(path);
  Note note{parse_at(a, game), a.positional[1], a.has("--bookmark")};
  if (!game.add_note(note))
    usage_error("a note is 1 to " + std::to_string(kMaxNoteChars) + " characters");
  game.save(record_file(out));
  print(c.out, {{"notes", notes_to_json(game.notes())}});
  return kDone;
}

int cmd_report(const Context &c) {
  if (!c.args.has("--out")) usage_error("report needs --out DIR");
  Game game = load_record(c.args.positional[0]);
  print(c.out, {{"report", write_battle_report(game, c.args.value("--out", ""))}});
  return kDone;
}

int cmd_legal(const Context &c) {
  Game game = load_record(c.args.positional[0]);
  json out = json::array();
  for (const Action &act : legal_actions(game.setup(), game.state()))
    out.push_back(action_to_json(game.battle(), act));
  print(c.out, out);
  return kDone;
}

int cmd_apply(const Context &c) {
  const Args &a = c.args;
  const std::string &path = a.positional[0];
  const std::string out = a.value("--out", path);
  RecordLock lock(out); // read, change and write as one: no other writer's move is lost
  Game game = load_record(path);
  size_t log_start = game.log().size();
  for (size_t i = 1; i < a.positional.size(); ++i) {
    std::string source = "action " + std::to_string(i);
    Action act = parse_action(game.battle(), a.positional[i], source);
    if (auto r = game.play(act))
      fail(kIllegal, "illegal action: " + r->reason, name(r->kind), r->rule,
           source + ": " + a.positional[i]);
  }
  game.save(record_file(out));
  json events = json::array();
  for (size_t i = log_start; i < game.log().size(); ++i)
    events.push_back(event_to_json(game.battle(), game.log()[i]));
  print(c.out, {{"events", events}});
  return kDone;
}

namespace {

// One preview as JSON, or the refusal apply would give. With `any`, the action is judged from the
// current positions as if its side had the phase for it (hypothetical_state), whatever the phase.
std::optional<Refusal> preview_one(const Game &game, const Action &act, json &out, bool any) {
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
    usage_error("preview takes attack or fire actions (shoot or melee in D3 Medieval)");
  }
  if (any)
    out["as_if"] = {{"side", game.battle().sides[state.active].id},
                    {"phase", std::string(name(state.phase))}};
  return std::nullopt;
}

std::string refusal_prefix(ActionType type) {
  return type == ActionType::Attack ? "illegal attack: "
         : type == ActionType::Fire ? "illegal fire: "
                                    : "illegal action: ";
}

} // namespace

int cmd_preview(const Context &c) {
  const Args &a = c.args;
  Game game = load_record(a.positional[0]);
  bool any = a.has("--any");
  if (a.positional.size() == 2) {
    json out;
    Action act = parse_action(game.battle(), a.positional[1], "action");
    if (auto r = preview_one(game, act, out, any))
      fail(kIllegal, refusal_prefix(act.type) + r->reason, name(r->kind), r->rule);
    print(c.out, out);
    return kDone;
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
  print(c.out, all);
  return kDone;
}

} // namespace sns::cli
