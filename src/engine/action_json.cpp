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

} // namespace

Action action_from_json(const Battle &b, const json &j, const std::string &source) {
  ActionReader r{b, JsonReader(source), j};
  JsonReader &in = r.in;
  in.object(j, "");
  std::string type = in.str(in.field(j, "", "type"), "/type");
  const uint8_t ours = ruleset_bit(b.ruleset);
  auto known = parse_name<ActionType>(type);
  if (!known)
    in.fail("/type", "unknown action type \"" + type + "\"; expected " + types_of(ours) + " (" +
                         std::string(title(b.ruleset)) + ")");
  if (!used_in(*known, ours))
    in.fail("/type", "\"" + type + "\" is not an action of " + std::string(title(b.ruleset)) +
                         ", under which this battle is played (" + types_of(ours) + ")");
  Action a;
  a.type = *known;
  switch (a.type) {
  case ActionType::Activate:
    in.only_keys(j, "", {"type", "unit"});
    a.unit = r.unit("unit");
    break;
  case ActionType::Shoot:
  case ActionType::Melee:
    in.only_keys(j, "", {"type", "unit", "target"});
    a.unit = r.unit("unit");
    a.target = r.unit("target");
    break;
  case ActionType::Command: {
    in.only_keys(j, "", {"type", "orders"});
    const json &orders = in.array(in.field(j, "", "orders"), "/orders");
    if (orders.size() > kMaxWingOrders)
      in.fail("/orders", "at most " + std::to_string(kMaxWingOrders) + " wing orders");
    for (size_t i = 0; i < orders.size(); ++i) {
      std::string path = JsonReader::at("/orders", i);
      const json &o = in.object(orders[i], path);
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
      a.orders.push_back(wo);
    }
    break;
  }
  case ActionType::Move:
    if (b.rules().has(Feature::Facings)) { // D6: a destination and an end facing
      in.only_keys(j, "", {"type", "unit", "to", "facing"});
      a.unit = r.unit("unit");
      a.to = r.hex("to");
      a.facing = static_cast<int8_t>(
          in.integer(in.field(j, "", "facing"), "/facing", 0, b.rules().facings - 1));
      break;
    }
    in.only_keys(j, "", {"type", "unit", "to"});
    a.unit = r.unit("unit");
    a.to = r.hex("to");
    break;
  case ActionType::Fire:
    in.only_keys(j, "", {"type", "unit", "target"});
    a.unit = r.unit("unit");
    a.target = r.unit("target");
    break;
  case ActionType::Attack: {
    in.only_keys(j, "", {"type", "target", "attackers", "primary"});
    a.target = r.unit("target");
    const json &att = in.array(in.field(j, "", "attackers"), "/attackers");
    if (att.size() > 6) in.fail("/attackers", "at most six attackers");
    for (size_t i = 0; i < att.size(); ++i) {
      std::string id = in.str(att[i], JsonReader::at("/attackers", i));
      int u = b.unit_index(id);
      if (u < 0) in.fail(JsonReader::at("/attackers", i), "no unit \"" + id + "\" in this battle");
      a.attackers.push_back(u);
    }
    if (in.optional(j, "primary")) a.primary = r.unit("primary");
    break;
  }
  case ActionType::CombatMode: {
    in.only_keys(j, "", {"type", "mode", "wing"});
    std::string m = in.str(in.field(j, "", "mode"), "/mode");
    if (m == "two_phases")
      a.mode = CombatMode::TwoPhases;
    else if (m == "pitched")
      a.mode = CombatMode::Pitched;
    else
      in.fail("/mode", "expected \"two_phases\" or \"pitched\", got \"" + m + "\"");
    if (auto *w = in.optional(j, "wing")) a.wing = r.wing(*w, "/wing");
    break;
  }
  case ActionType::Choose: {
    in.only_keys(j, "", {"type", "option"});
    std::string o = in.str(in.field(j, "", "option"), "/option");
    auto option = parse_name<Choice>(o);
    if (!option)
      in.fail("/option", "expected \"EX\", \"DR\", \"AR\" or \"keep\", got \"" + o + "\"");
    a.option = *option;
    break;
  }
  case ActionType::LoseStep:
  case ActionType::Advance:
    in.only_keys(j, "", {"type", "unit"});
    a.unit = r.unit("unit");
    break;
  case ActionType::Retreat:
    in.only_keys(j, "", {"type", "unit", "to"});
    a.unit = r.unit("unit");
    a.to = r.hex("to");
    break;
  case ActionType::NoAdvance:
  case ActionType::EndPhase:
    in.only_keys(j, "", {"type"});
    break;
  case ActionType::Initiative:
    in.only_keys(j, "", {"type", "declare"});
    a.declare = in.boolean(in.field(j, "", "declare"), "/declare");
    break;
  case ActionType::Special: {
    in.only_keys(j, "", {"type", "rule", "verb"});
    std::string id = in.str(in.field(j, "", "rule"), "/rule");
    for (size_t i = 0; i < b.special.size(); ++i)
      if (b.special[i].id == id) a.special = static_cast<int>(i);
    if (a.special < 0) in.fail("/rule", "the battle has no special rule \"" + id + "\"");
    std::string verb = in.str(in.field(j, "", "verb"), "/verb");
    if (verb == "leave")
      a.verb = SpecialVerb::Leave;
    else if (verb == "return")
      a.verb = SpecialVerb::Return;
    else
      in.fail("/verb", "expected \"leave\" or \"return\", got \"" + verb + "\"");
    break;
  }
  }
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
