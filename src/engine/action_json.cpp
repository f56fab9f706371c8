// Actions as JSON (DESIGN.md vocabulary): strict parsing against the battle, printing, and plain
// words.
#include "json_reader.hpp"
#include "sns/action.hpp"
#include "sns/ruleset.hpp"

namespace sns {

namespace {

struct ActionReader {
  const Battle &b;
  JsonReader in;
  const json &j;

  int unit(const char *key) {
    std::string id = in.str(in.field(j, "", key), std::string("/") + key);
    int u = b.unit_index(id);
    if (u < 0) in.fail(std::string("/") + key, "no unit \"" + id + "\" in this battle");
    return u;
  }
  HexId hex(const char *key) {
    std::string text = in.str(in.field(j, "", key), std::string("/") + key);
    auto h = b.parse_hex(text);
    if (!h)
      in.fail(std::string("/") + key, "expected a hex label CCRR on the map, got \"" + text + "\"");
    return *h;
  }
  int wing(const json &v, const std::string &path) {
    std::string id = in.str(v, path);
    int w = b.wing_index(id);
    if (w < 0) in.fail(path, "no wing \"" + id + "\" in this battle");
    return w;
  }
};

// The action types of the battle's ruleset, in table order, for a refusal: "a, b or c".
std::string types_of(uint8_t ruleset) {
  std::vector<std::string_view> names;
  for (const auto &row : kActionTypes)
    if (row.rulesets & ruleset) names.push_back(row.json);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
  return out;
}

// --- one reader per field an action may carry ------------------------------------------------

void read_unit(ActionReader &r, Action &a) { a.unit = r.unit("unit"); }
void read_target(ActionReader &r, Action &a) { a.target = r.unit("target"); }
void read_to(ActionReader &r, Action &a) { a.to = r.hex("to"); }
void read_primary(ActionReader &r, Action &a) {
  if (r.in.optional(r.j, "primary")) a.primary = r.unit("primary");
}

void read_facing(ActionReader &r, Action &a) { // D6: a move's end facing
  a.facing = static_cast<int8_t>(
      r.in.integer(r.in.field(r.j, "", "facing"), "/facing", 0, r.b.rules().facings - 1));
}

WingOrder read_wing_order(ActionReader &r, const json &o, const std::string &path) {
  JsonReader &in = r.in;
  in.object(o, path);
  in.only_keys(o, path, {"wing", "commands"});
  WingOrder wo;
  wo.wing = static_cast<int16_t>(r.wing(in.field(o, path, "wing"), path + "/wing"));
  const json &cmds = in.array(in.field(o, path, "commands"), path + "/commands");
  if (cmds.size() > kMaxListedCommands)
    in.fail(path + "/commands", "at most " + std::to_string(kMaxListedCommands) + " commands");
  for (size_t k = 0; k < cmds.size(); ++k) {
    std::string cp = JsonReader::at(path + "/commands", k);
    std::string n = in.str(cmds[k], cp);
    auto cmd = parse_command(n);
    if (!cmd)
      in.fail(cp, "unknown command \"" + n +
                      "\"; expected move, combat, shield_wall, withdraw, horse, fire or bonus");
    wo.commands.push_back(*cmd);
  }
  return wo;
}

void read_orders(ActionReader &r, Action &a) {
  const json &orders = r.in.array(r.in.field(r.j, "", "orders"), "/orders");
  if (orders.size() > kMaxWingOrders)
    r.in.fail("/orders", "at most " + std::to_string(kMaxWingOrders) + " wing orders");
  for (size_t i = 0; i < orders.size(); ++i)
    a.orders.push_back(read_wing_order(r, orders[i], JsonReader::at("/orders", i)));
}

void read_attackers(ActionReader &r, Action &a) {
  const json &att = r.in.array(r.in.field(r.j, "", "attackers"), "/attackers");
  if (att.size() > 6) r.in.fail("/attackers", "at most six attackers");
  for (size_t i = 0; i < att.size(); ++i) {
    std::string id = r.in.str(att[i], JsonReader::at("/attackers", i));
    int u = r.b.unit_index(id);
    if (u < 0) r.in.fail(JsonReader::at("/attackers", i), "no unit \"" + id + "\" in this battle");
    a.attackers.push_back(u);
  }
}

void read_mode(ActionReader &r, Action &a) {
  std::string m = r.in.str(r.in.field(r.j, "", "mode"), "/mode");
  if (m == "two_phases")
    a.mode = CombatMode::TwoPhases;
  else if (m == "pitched")
    a.mode = CombatMode::Pitched;
  else
    r.in.fail("/mode", "expected \"two_phases\" or \"pitched\", got \"" + m + "\"");
}

void read_wing(ActionReader &r, Action &a) {
  if (auto *w = r.in.optional(r.j, "wing")) a.wing = r.wing(*w, "/wing");
}

void read_option(ActionReader &r, Action &a) {
  std::string o = r.in.str(r.in.field(r.j, "", "option"), "/option");
  auto option = parse_name<Choice>(o);
  if (!option)
    r.in.fail("/option", "expected \"EX\", \"DR\", \"AR\" or \"keep\", got \"" + o + "\"");
  a.option = *option;
}

void read_declare(ActionReader &r, Action &a) {
  a.declare = r.in.boolean(r.in.field(r.j, "", "declare"), "/declare");
}

void read_rule(ActionReader &r, Action &a) {
  std::string id = r.in.str(r.in.field(r.j, "", "rule"), "/rule");
  for (size_t i = 0; i < r.b.special.size(); ++i)
    if (r.b.special[i].id == id) a.special = static_cast<int>(i);
  if (a.special < 0) r.in.fail("/rule", "the battle has no special rule \"" + id + "\"");
}

void read_verb(ActionReader &r, Action &a) {
  std::string verb = r.in.str(r.in.field(r.j, "", "verb"), "/verb");
  if (verb == "leave")
    a.verb = SpecialVerb::Leave;
  else if (verb == "return")
    a.verb = SpecialVerb::Return;
  else
    r.in.fail("/verb", "expected \"leave\" or \"return\", got \"" + verb + "\"");
}

struct FieldRow {
  const char *key = nullptr; // nullptr: no field (a row holds fewer than kMaxFields)
  void (*read)(ActionReader &, Action &) = nullptr;
  bool facings_only = false; // only where the ruleset has facings (D2)
};
constexpr FieldRow kUnit{"unit", read_unit}, kTarget{"target", read_target}, kTo{"to", read_to},
    kFacing{"facing", read_facing, true}, kOrders{"orders", read_orders},
    kAttackers{"attackers", read_attackers}, kPrimary{"primary", read_primary},
    kMode{"mode", read_mode}, kWing{"wing", read_wing}, kOption{"option", read_option},
    kDeclare{"declare", read_declare}, kRule{"rule", read_rule}, kVerb{"verb", read_verb};

// The fields of each action type beside "type", in the order they are read (so a refusal names the
// first bad one) and listed when a key is unknown; one row per action type, in enum order.
constexpr size_t kMaxFields = 3;
struct TypeFields {
  ActionType type;
  std::array<FieldRow, kMaxFields> fields;
};
constexpr std::array<TypeFields, kActionTypeCount> kFieldsOf{{
    {ActionType::Command, {kOrders}},
    {ActionType::Move, {kUnit, kTo, kFacing}},
    {ActionType::Fire, {kUnit, kTarget}},
    {ActionType::Attack, {kTarget, kAttackers, kPrimary}},
    {ActionType::CombatMode, {kMode, kWing}},
    {ActionType::Choose, {kOption}},
    {ActionType::LoseStep, {kUnit}},
    {ActionType::Retreat, {kUnit, kTo}},
    {ActionType::Advance, {kUnit}},
    {ActionType::NoAdvance, {}},
    {ActionType::Initiative, {kDeclare}},
    {ActionType::EndPhase, {}},
    {ActionType::Special, {kRule, kVerb}},
    {ActionType::Activate, {kUnit}},
    {ActionType::Shoot, {kUnit, kTarget}},
    {ActionType::Melee, {kUnit, kTarget}},
}};
constexpr bool fields_in_enum_order() {
  for (size_t i = 0; i < kFieldsOf.size(); ++i)
    if (static_cast<size_t>(kFieldsOf[i].type) != i) return false;
  return true;
}
static_assert(fields_in_enum_order(), "one row of fields per action type, in enum order");

// The type named by "type", refused when unknown or not of the battle's ruleset.
ActionType read_type(ActionReader &r) {
  std::string type = r.in.str(r.in.field(r.j, "", "type"), "/type");
  const uint8_t ours = ruleset_bit(r.b.ruleset);
  auto known = parse_name<ActionType>(type);
  if (!known)
    r.in.fail("/type", "unknown action type \"" + type + "\"; expected " + types_of(ours) + " (" +
                           std::string(title(r.b.ruleset)) + ")");
  if (!used_in(*known, ours))
    r.in.fail("/type", "\"" + type + "\" is not an action of " + std::string(title(r.b.ruleset)) +
                           ", under which this battle is played (" + types_of(ours) + ")");
  return *known;
}

} // namespace

Action action_from_json(const Battle &b, const json &j, const std::string &source) {
  ActionReader r{b, JsonReader(source), j};
  r.in.object(j, "");
  Action a;
  a.type = read_type(r);
  std::vector<const FieldRow *> fields;
  std::vector<const char *> keys{"type"};
  for (const FieldRow &f : kFieldsOf[static_cast<size_t>(a.type)].fields)
    if (f.key && (!f.facings_only || b.rules().has(Feature::Facings))) {
      fields.push_back(&f);
      keys.push_back(f.key);
    }
  r.in.only_keys(j, "", keys);
  for (const FieldRow *f : fields)
    f->read(r, a);
  return a;
}

json action_to_json(const Battle &b, const Action &a) {
  json j;
  j["type"] = std::string(name(a.type));
  auto uid = [&](int u) { return b.units[u].id; };
  switch (a.type) {
  case ActionType::Command: {
    j["orders"] = json::array();
    for (const WingOrder &o : a.orders) {
      json cmds = json::array();
      for (Command c : o.commands)
        cmds.push_back(std::string(name(c)));
      j["orders"].push_back({{"wing", b.wings[o.wing].id}, {"commands", cmds}});
    }
    break;
  }
  case ActionType::Move:
  case ActionType::Retreat:
    j["unit"] = uid(a.unit);
    j["to"] = b.label(a.to);
    if (a.facing >= 0) j["facing"] = a.facing;
    break;
  case ActionType::Activate:
    j["unit"] = uid(a.unit);
    break;
  case ActionType::Shoot:
  case ActionType::Melee:
  case ActionType::Fire:
    j["unit"] = uid(a.unit);
    j["target"] = uid(a.target);
    break;
  case ActionType::Attack: {
    j["target"] = uid(a.target);
    json att = json::array();
    for (int u : a.attackers)
      att.push_back(uid(u));
    j["attackers"] = att;
    if (a.primary >= 0) j["primary"] = uid(a.primary);
    break;
  }
  case ActionType::CombatMode:
    j["mode"] = a.mode == CombatMode::Pitched ? "pitched" : "two_phases";
    if (a.wing >= 0) j["wing"] = b.wings[a.wing].id;
    break;
  case ActionType::Choose:
    j["option"] = std::string(name(a.option));
    break;
  case ActionType::LoseStep:
  case ActionType::Advance:
    j["unit"] = uid(a.unit);
    break;
  case ActionType::Initiative:
    j["declare"] = a.declare;
    break;
  case ActionType::Special:
    j["rule"] = b.special[a.special].id;
    j["verb"] = a.verb == SpecialVerb::Leave ? "leave" : "return";
    break;
  default:
    break;
  }
  return j;
}

std::string describe(const Battle &b, const Action &a) {
  auto uid = [&](int u) { return b.units[u].id; };
  switch (a.type) {
  case ActionType::Command: {
    if (a.orders.empty()) return "no commands";
    std::string t = "command";
    for (const WingOrder &o : a.orders) {
      t += " " + b.wings[o.wing].id + ":";
      for (Command c : o.commands)
        t += " " + std::string(name(c));
    }
    return t;
  }
  case ActionType::Move:
    if (a.facing >= 0)
      return "move " + uid(a.unit) + " to " + b.label(a.to) + " facing " + std::to_string(a.facing);
    return "move " + uid(a.unit) + " to " + b.label(a.to);
  case ActionType::Activate:
    return "activate " + uid(a.unit);
  case ActionType::Shoot:
    return uid(a.unit) + " shoots at " + uid(a.target);
  case ActionType::Melee:
    return uid(a.unit) + " fights " + uid(a.target);
  case ActionType::Fire:
    return uid(a.unit) + " fires at " + uid(a.target);
  case ActionType::Attack: {
    std::string t = "attack " + uid(a.target) + " with";
    for (int u : a.attackers)
      t += " " + uid(u);
    return t;
  }
  case ActionType::CombatMode:
    return a.mode == CombatMode::Pitched ? "Pitched Combat Phase" : "two Combat Phases";
  case ActionType::Choose:
    return "choose " + std::string(name(a.option));
  case ActionType::LoseStep:
    return uid(a.unit) + " takes the loss";
  case ActionType::Retreat:
    return uid(a.unit) + " retreats to " + b.label(a.to);
  case ActionType::Advance:
    return uid(a.unit) + " advances";
  case ActionType::NoAdvance:
    return "no advance";
  case ActionType::Initiative:
    return a.declare ? "declare Initiative" : "pass the turn";
  case ActionType::EndPhase:
    return "end the phase";
  case ActionType::Special:
    return std::string(a.verb == SpecialVerb::Leave ? "leave" : "return") + " (" +
           b.special[a.special].id + ")";
  }
  return "?";
}

} // namespace sns
