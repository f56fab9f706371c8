// The commands on one game's record: new, state, note, report, legal, apply, preview
// (docs/cli.md). Writers hold the record's lock (RecordLock) from reading to writing.
#include "commands.hpp"
#include "common.hpp"

#include "sns/input.hpp"
#include "sns/json_io.hpp"
#include "sns/json_views.hpp"
#include "sns/report.hpp"

namespace sns::cli {

Game new_game(const Args &a) {
  auto b = load_battle_argument(a.positional[0]);
  uint64_t seed = seed_option(a);
  std::vector<int> dice =
      a.has("--dice") ? parse_dice(a.value("--dice", ""), die_faces(*b)) : std::vector<int>{};
  return Game(b, parse_game_options(a, *b), seed, dice);
}

int cmd_new(const Context &c) {
  const Args &a = c.args;
  Game game = new_game(a);
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

json state_json(const Args &a, const Game &game) {
  if (a.has("--at")) return state_view(a, game.prefix(parse_at(a, game)));
  return state_view(a, game);
}

int cmd_state(const Context &c) {
  print(c.out, state_json(c.args, load_record(c.args.positional[0])));
  return kDone;
}

json add_note(Game &game, const Args &a, const std::string &text) {
  Note note{parse_at(a, game), text, a.has("--bookmark")};
  if (!game.add_note(note))
    usage_error("a note is 1 to " + std::to_string(kMaxNoteChars) + " characters");
  return {{"notes", notes_to_json(game.notes())}};
}

int cmd_note(const Context &c) {
  const Args &a = c.args;
  const std::string &path = a.positional[0];
  const std::string out = a.value("--out", path);
  RecordLock lock(out);
  Game game = load_record(path);
  json notes = add_note(game, a, a.positional[1]);
  game.save(record_file(out));
  print(c.out, notes);
  return kDone;
}

int cmd_report(const Context &c) {
  if (!c.args.has("--out")) usage_error("report needs --out DIR");
  Game game = load_record(c.args.positional[0]);
  print(c.out, {{"report", write_battle_report(game, c.args.value("--out", ""))}});
  return kDone;
}

json legal_json(const Game &game) {
  json out = json::array();
  for (const Action &act : legal_actions(game.setup(), game.state()))
    out.push_back(action_to_json(game.battle(), act));
  return out;
}

int cmd_legal(const Context &c) {
  print(c.out, legal_json(load_record(c.args.positional[0])));
  return kDone;
}

void play_action(Game &game, const Action &act, const std::string &detail) {
  if (auto r = game.play(act))
    fail(kIllegal, "illegal action: " + r->reason, name(r->kind), r->rule, detail);
}

json events_since(const Game &game, size_t from) {
  json events = json::array();
  for (size_t i = from; i < game.log().size(); ++i)
    events.push_back(event_to_json(game.battle(), game.log()[i]));
  return events;
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
    play_action(game, act, source + ": " + a.positional[i]);
  }
  game.save(record_file(out));
  print(c.out, {{"events", events_since(game, log_start)}});
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

json preview_json(const Game &game, const std::vector<Action> &actions, bool any, bool list) {
  if (!list) {
    json out;
    if (auto r = preview_one(game, actions.at(0), out, any))
      fail(kIllegal, refusal_prefix(actions[0].type) + r->reason, name(r->kind), r->rule);
    return out;
  }
  // Several actions: one answer each, in order; a refused one says why instead of failing all.
  json all = json::array();
  for (const Action &act : actions) {
    json out;
    if (auto r = preview_one(game, act, out, any))
      out = {{"illegal", r->reason}, {"rule", r->rule}, {"kind", std::string(name(r->kind))}};
    all.push_back(out);
  }
  return all;
}

int cmd_preview(const Context &c) {
  const Args &a = c.args;
  Game game = load_record(a.positional[0]);
  bool list = a.positional.size() > 2;
  std::vector<Action> actions;
  for (size_t i = 1; i < a.positional.size(); ++i)
    actions.push_back(parse_action(game.battle(), a.positional[i],
                                   list ? "action " + std::to_string(i) : "action"));
  print(c.out, preview_json(game, actions, a.has("--any"), list));
  return kDone;
}

} // namespace sns::cli
