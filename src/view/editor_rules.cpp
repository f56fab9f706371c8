// The battle editor's rules: the battle's rule choices, the last turn, and special rules with
// their fields.
#include "editor_model.hpp"
#include "editor_model_parts.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "sns/victory_levels.hpp"
#include "words.hpp"
#include <algorithm>
#include <deque>
#include <set>

namespace sns::editor {

using json = nlohmann::json;

// --- Rules and special rules -----------------------------------------------------------------

std::string EditorModel::set_rule(const std::string &key, const std::string &value) {
  bool side = doc_.side_index(value) >= 0;
  return edit("set " + key, [&](BattleDoc &d) -> std::string {
    const Ruleset &r = d.ruleset_def();
    if (key == "initiative" && !r.has(Feature::Initiative)) return r.why_not(Feature::Initiative);
    if (key == "wing_integrity" && !r.has(Feature::WingIntegrity) && !value.empty())
      return r.why_not(Feature::WingIntegrity);
    if (key == "first_player" || key == "initiative") {
      if (!side) return "expected a side id";
      (key == "first_player" ? d.rules.first_player : d.rules.initiative) = value;
    } else if (key == "at_end") {
      if (!value.empty() && !side && value != "most_vp" && value != "draw")
        return "expected a side id, most_vp or draw";
      d.rules.at_end = value.empty() ? std::nullopt : std::optional<std::string>(value);
    } else if (key == "wing_integrity") {
      if (!value.empty() && !contains(kWingIntegrity, value))
        return "expected standard, advanced, none or standard_or_advanced";
      d.rules.wing_integrity = value.empty() ? std::nullopt : std::optional<std::string>(value);
    } else
      return "no rule \"" + key + "\"";
    return "";
  });
}

std::string EditorModel::set_last_turn(std::optional<int> turns) {
  if (turns && (*turns < 1 || *turns > 1000)) return "the last turn runs from 1 to 1000";
  return edit("set the last turn", [&](BattleDoc &d) {
    d.rules.last_turn = turns;
    return std::string();
  });
}

std::string EditorModel::add_special(const std::string &kind, int side, int *index) {
  const KindSpec *k = special_kind(kind);
  if (!k) return refused_unknown("special rule kind", kind);
  if (!kind_in(doc_.ruleset_def(), kind)) return doc_.ruleset_def().expected_special();
  if (auto why = check_side(side); !why.empty()) return why;
  if (doc_.special.size() >= kMaxSpecialRules) return "a battle has at most eight special rules";
  return edit("add a special rule", [&](BattleDoc &d) {
    SpecialDoc s;
    for (int n = 1; s.id.empty() || std::any_of(d.special.begin(), d.special.end(),
                                                [&](const SpecialDoc &o) { return o.id == s.id; });
         ++n)
      s.id = std::string(kind) + "_" + std::to_string(n);
    s.kind = kind;
    s.side = d.sides[side].id;
    s.text = std::string(k->what);
    for (const FieldSpec &f : k->fields) {
      if (!f.required) continue;
      switch (f.kind) {
      case FieldKind::Hexes:
      case FieldKind::Types:
      case FieldKind::Units:
        s.fields[f.key] = json::array();
        break;
      case FieldKind::Waves:
        s.fields[f.key] = json::array({json::array(), json::array()});
        break;
      case FieldKind::Wing:
        s.fields[f.key] = d.sides[side].wings.empty() ? "" : d.sides[side].wings[0].id;
        break;
      case FieldKind::Integer:
        s.fields[f.key] = std::max(1, f.lo);
        break;
      case FieldKind::Flag:
        s.fields[f.key] = false;
        break;
      case FieldKind::Terrain:
        s.fields[f.key] = "clear";
        break;
      }
    }
    d.special.push_back(s);
    if (index) *index = static_cast<int>(d.special.size()) - 1;
    return std::string();
  });
}

std::string EditorModel::remove_special(int index) {
  if (!special(index)) return "no such special rule";
  return edit("remove a special rule", [&](BattleDoc &d) {
    d.special.erase(d.special.begin() + index);
    return std::string();
  });
}

std::string EditorModel::add_level(int *index) {
  if (doc_.victory_levels.size() >= kMaxVictoryLevels)
    return "a battle has at most " + std::to_string(kMaxVictoryLevels) + " victory levels";
  return edit("add a victory level", [&](BattleDoc &d) {
    std::string id;
    for (int n = 1; id.empty(); ++n) { // the first "levelN" no level has taken
      id = "level" + std::to_string(n);
      for (const json &level : d.victory_levels)
        if (level.value("id", std::string()) == id) id.clear();
    }
    json level = {{"id", id}};
    if (d.victory_levels.empty()) { // the last level: no conditions, reached when no other is
      level["name"] = "Any other ending";
      d.victory_levels.push_back(level);
    } else { // before the last, with a condition to change: the first side wins
      level["name"] = "New level";
      level["when"] = json::array({{{"fact", "winner"}, {"side", d.sides[0].id}}});
      d.victory_levels.insert(d.victory_levels.end() - 1, level);
    }
    if (index)
      *index = static_cast<int>(d.victory_levels.size()) - (level.contains("when") ? 2 : 1);
    return std::string();
  });
}

std::string EditorModel::set_level_name(int index, const std::string &name) {
  if (index < 0 || index >= static_cast<int>(doc_.victory_levels.size())) return "no such level";
  if (name.empty()) return "a victory level needs a name";
  return edit("rename a victory level", [&](BattleDoc &d) {
    d.victory_levels[index]["name"] = name;
    return std::string();
  });
}

std::string EditorModel::set_level_text(int index, const std::string &text) {
  if (index < 0 || index >= static_cast<int>(doc_.victory_levels.size())) return "no such level";
  return edit("change a victory level's text", [&](BattleDoc &d) {
    if (text.empty())
      d.victory_levels[index].erase("text");
    else
      d.victory_levels[index]["text"] = text;
    return std::string();
  });
}

std::string EditorModel::set_level_when(int index, const std::string &json_text) {
  if (index < 0 || index >= static_cast<int>(doc_.victory_levels.size())) return "no such level";
  nlohmann::json when = nlohmann::json::parse(json_text, nullptr, false);
  if (when.is_discarded() || !when.is_array())
    return "a level's conditions are a JSON array: [{\"fact\": ..., \"side\": ..., \"at_least\": "
           "N}]";
  return edit("change a victory level's conditions", [&](BattleDoc &d) {
    if (when.empty())
      d.victory_levels[index].erase("when");
    else
      d.victory_levels[index]["when"] = when;
    return std::string();
  });
}

std::string EditorModel::remove_level(int index) {
  if (index < 0 || index >= static_cast<int>(doc_.victory_levels.size())) return "no such level";
  return edit("remove a victory level", [&](BattleDoc &d) {
    d.victory_levels.erase(d.victory_levels.begin() + index);
    return std::string();
  });
}

std::string EditorModel::set_special_side(int index, int side) {
  if (!special(index)) return "no such special rule";
  if (auto why = check_side(side); !why.empty()) return why;
  return edit("change the side of a special rule", [&](BattleDoc &d) {
    SpecialDoc &s = d.special[index];
    s.side = d.sides[side].id;
    // Wings and units belong to a side: what the rule named of the other side is let go.
    if (s.fields.contains("wing"))
      s.fields["wing"] = d.sides[side].wings.empty() ? "" : d.sides[side].wings[0].id;
    if (s.fields.contains("waves")) s.fields["waves"] = json::array({json::array(), json::array()});
    if (s.fields.contains("units")) s.fields["units"] = json::array();
    return std::string();
  });
}

std::string EditorModel::set_special_text(int index, const std::string &text) {
  if (!special(index)) return "no such special rule";
  return edit("change a special rule's text", [&](BattleDoc &d) {
    d.special[index].text = text;
    return std::string();
  });
}

std::string EditorModel::set_special_id(int index, const std::string &id) {
  if (!special(index)) return "no such special rule";
  if (id.empty()) return "a special rule needs an id";
  for (size_t i = 0; i < doc_.special.size(); ++i)
    if (static_cast<int>(i) != index && doc_.special[i].id == id)
      return "there is already a special rule " + id;
  return edit("rename a special rule", [&](BattleDoc &d) {
    d.special[index].id = id;
    return std::string();
  });
}

namespace {

void toggle_in(json &list, const std::string &value) {
  if (!list.is_array()) list = json::array();
  auto it = std::find(list.begin(), list.end(), json(value));
  if (it != list.end())
    list.erase(it);
  else
    list.push_back(value);
}

const FieldSpec *field_of(const SpecialDoc &s, const std::string &key, FieldKind kind) {
  const KindSpec *k = special_kind(s.kind);
  if (!k) return nullptr;
  for (const FieldSpec &f : k->fields)
    if (key == f.key && f.kind == kind) return &f;
  return nullptr;
}

} // namespace

std::string EditorModel::toggle_special_hex(int index, const std::string &field,
                                            const std::string &hex) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Hexes)) return "this rule has no hex list " + field;
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  return edit("change the hexes of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields[field], hex);
    return std::string();
  });
}

std::string EditorModel::toggle_special_unit(int index, const std::string &id) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "units", FieldKind::Units)) return "this rule names no units";
  UnitDoc *u = unit(id);
  if (!u) return refused_unknown("unit", id);
  if (u->side != s->side) return id + " is not a unit of " + s->side;
  return edit("change the units of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields["units"], id);
    return std::string();
  });
}

std::string EditorModel::toggle_special_type(int index, const std::string &field,
                                             const std::string &type) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Types)) return "this rule has no type list " + field;
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  return edit("change the types of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields[field], type);
    return std::string();
  });
}

std::string EditorModel::toggle_wave_wing(int index, int wave, const std::string &wing) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "waves", FieldKind::Waves)) return "this rule has no waves";
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  if (doc_.sides[side].id != s->side) return wing + " is not a wing of " + s->side;
  int waves = s->fields.contains("waves") && s->fields["waves"].is_array()
                  ? static_cast<int>(s->fields["waves"].size())
                  : 0;
  if (wave < 0 || wave > waves) return "no such wave";
  return edit("change the waves of " + s->id, [&](BattleDoc &d) {
    json &list = d.special[index].fields["waves"];
    if (!list.is_array()) list = json::array();
    if (wave >= static_cast<int>(list.size())) list.push_back(json::array());
    for (json &w : list)
      if (!w.is_array()) w = json::array();  // a hand-written file may hold anything here
    for (size_t w = 0; w < list.size(); ++w) // a wing attacks in one wave only
      if (static_cast<int>(w) != wave) {
        json &other = list[w];
        other.erase(std::remove(other.begin(), other.end(), json(wing)), other.end());
      }
    toggle_in(list[wave], wing);
    return std::string();
  });
}

std::string EditorModel::set_special_wing(int index, const std::string &wing) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "wing", FieldKind::Wing)) return "this rule names no wing";
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  if (doc_.sides[side].id != s->side) return wing + " is not a wing of " + s->side;
  return edit("change the wing of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields["wing"] = wing;
    return std::string();
  });
}

std::string EditorModel::set_special_number(int index, const std::string &field, int value) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  const FieldSpec *f = field_of(*s, field, FieldKind::Integer);
  if (!f) return "this rule has no number " + field;
  if (value < f->lo || value > f->hi)
    return field + " runs from " + std::to_string(f->lo) + " to " + std::to_string(f->hi);
  return edit("change " + field + " of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields[field] = value;
    return std::string();
  });
}

std::string EditorModel::set_special_flag(int index, const std::string &field, bool value) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Flag)) return "this rule has no switch " + field;
  return edit("change " + field + " of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields[field] = value;
    return std::string();
  });
}

std::string EditorModel::set_special_terrain(int index, const std::string &terrain) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "target_terrain", FieldKind::Terrain)) return "this rule has no terrain";
  if (!terrain.empty() && !contains(terrain_names(), terrain))
    return refused_unknown("terrain", terrain);
  return edit("change the terrain of " + s->id, [&](BattleDoc &d) {
    if (terrain.empty())
      d.special[index].fields.erase("target_terrain");
    else
      d.special[index].fields["target_terrain"] = terrain;
    return std::string();
  });
}

} // namespace sns::editor
