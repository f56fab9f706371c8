// The battle editor's forces: sides, Command Markers, VP, wings and units with their faces,
// reinforcements and facings.
#include "editor_model.hpp"
#include "editor_model_parts.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "words.hpp"
#include <algorithm>
#include <deque>
#include <set>

namespace sns::editor {

using json = nlohmann::json;

// The usual faces of each type in the series (a starting point; every face is editable).

const std::vector<TypeDefaults> &type_defaults() {
  static const std::vector<TypeDefaults> table = {
      {"V", {"A"}, FaceDoc{"B"}}, {"HH", {"A"}, FaceDoc{"C"}}, {"LH", {"C"}, FaceDoc{"D"}},
      {"I", {"C"}, FaceDoc{"D"}}, {"L", {"D"}, std::nullopt},
  };
  return table;
}

namespace {

std::string worse_cc(const std::string &cc) {
  auto it = std::find(kCombatClasses.begin(), kCombatClasses.end(), cc);
  if (it == kCombatClasses.end()) return "D";
  return it + 1 == kCombatClasses.end() ? cc : *(it + 1);
}

// The gallery's "about" names sides too (history_favours, each measurement's wins): a renamed
// side's references follow, or the battle would stop loading over words the editor cannot edit.
void follow_in_about(nlohmann::json &about, const std::string &old, const std::string &id) {
  if (!about.is_object()) return;
  if (auto it = about.find("history_favours"); it != about.end() && *it == old) *it = id;
  if (auto m = about.find("measured"); m != about.end() && m->is_array())
    for (nlohmann::json &run : *m)
      if (auto w = run.find("wins"); w != run.end() && w->is_object() && w->contains(old)) {
        nlohmann::json won = (*w)[old];
        w->erase(old);
        (*w)[id] = won;
      }
}

// A victory level names sides in its `side` and in each condition's `side` (battle-format.md
// "Victory levels"): they follow a rename like every other reference.
void follow_in_levels(std::vector<nlohmann::json> &levels, const std::string &old,
                      const std::string &id) {
  auto follow = [&](nlohmann::json &holder) {
    if (auto it = holder.find("side"); it != holder.end() && *it == old) *it = id;
  };
  for (nlohmann::json &level : levels) {
    if (!level.is_object()) continue;
    follow(level);
    if (auto when = level.find("when"); when != level.end() && when->is_array())
      for (nlohmann::json &condition : *when)
        if (condition.is_object()) follow(condition);
  }
}

} // namespace

// --- Sides and wings -------------------------------------------------------------------------

std::string EditorModel::set_side_id(int side, const std::string &id) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (id.empty()) return "a side needs an id";
  if (doc_.sides[1 - side].id == id) return "the other side already has the id " + id;
  return edit("rename side", [&](BattleDoc &d) {
    std::string old = d.sides[side].id;
    auto follow = [&](std::string &ref) {
      if (ref == old) ref = id;
    };
    d.sides[side].id = id;
    for (UnitDoc &u : d.units)
      follow(u.side);
    follow(d.rules.first_player);
    follow(d.rules.initiative);
    if (d.rules.at_end) follow(*d.rules.at_end);
    for (SpecialDoc &s : d.special)
      follow(s.side);
    follow_in_about(d.about, old, id);
    follow_in_levels(d.victory_levels, old, id);
    return std::string();
  });
}

std::string EditorModel::set_side_name(int side, const std::string &name) {
  if (auto why = check_side(side); !why.empty()) return why;
  return edit("rename side", [&](BattleDoc &d) {
    d.sides[side].name = name;
    return std::string();
  });
}

std::string EditorModel::set_limits(int side, int wings_per_turn, int commands_per_wing) {
  if (auto why = lacks(Feature::CommandMarkers); !why.empty()) return why;
  if (auto why = check_side(side); !why.empty()) return why;
  if (wings_per_turn < 1 || wings_per_turn > 8) return "wings per turn runs from 1 to 8";
  if (commands_per_wing < 1 || commands_per_wing > 7) return "commands per wing runs from 1 to 7";
  return edit("change command limits", [&](BattleDoc &d) {
    d.sides[side].wings_per_turn = wings_per_turn;
    d.sides[side].commands_per_wing = commands_per_wing;
    return std::string();
  });
}

namespace {

std::string check_faces(const std::vector<std::string> &faces) {
  if (faces.empty() || faces.size() > 2) return "a Command Marker has one or two faces";
  for (const std::string &f : faces)
    if (!contains(kCommands, f)) return refused_unknown("command", f);
  return "";
}

} // namespace

std::string EditorModel::add_marker(int side, std::vector<std::string> faces) {
  if (auto why = lacks(Feature::CommandMarkers); !why.empty()) return why;
  if (auto why = check_side(side); !why.empty()) return why;
  if (auto why = check_faces(faces); !why.empty()) return why;
  if (doc_.sides[side].markers.size() >= 16) return "at most 16 Command Markers per side";
  return edit("add a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers.push_back(faces);
    return std::string();
  });
}

std::string EditorModel::set_marker(int side, int marker, std::vector<std::string> faces) {
  if (auto why = lacks(Feature::CommandMarkers); !why.empty()) return why;
  if (auto why = check_side(side); !why.empty()) return why;
  if (auto why = check_faces(faces); !why.empty()) return why;
  if (marker < 0 || marker >= static_cast<int>(doc_.sides[side].markers.size()))
    return "no such Command Marker";
  return edit("change a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers[marker] = faces;
    return std::string();
  });
}

std::string EditorModel::remove_marker(int side, int marker) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (marker < 0 || marker >= static_cast<int>(doc_.sides[side].markers.size()))
    return "no such Command Marker";
  return edit("remove a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers.erase(d.sides[side].markers.begin() + marker);
    return std::string();
  });
}

std::string EditorModel::set_vp(int side, const std::string &type, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  if (vp && (*vp < 0 || *vp > 1000)) return "VP for a unit run from 0 to 1000";
  return edit("change VP", [&](BattleDoc &d) {
    auto &table = d.sides[side].vp_for_eliminating;
    if (!table) table.emplace();
    if (vp)
      (*table)[type] = *vp;
    else
      table->erase(type);
    return std::string();
  });
}

std::string EditorModel::set_victory_vp(int side, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (vp && *vp < 1) return "a victory threshold is at least 1 VP";
  return edit("change the victory threshold", [&](BattleDoc &d) {
    d.sides[side].victory_vp = vp;
    return std::string();
  });
}

std::string EditorModel::set_start_vp(int side, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (vp && *vp < 0) return "start VP cannot be negative";
  return edit("change start VP", [&](BattleDoc &d) {
    d.sides[side].start_vp = vp;
    return std::string();
  });
}

std::string EditorModel::add_wing(int side, const std::string &id, const std::string &name) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (id.empty()) return "a wing needs an id";
  if (doc_.wing(id)) return "there is already a wing " + id;
  return edit("add a wing", [&](BattleDoc &d) {
    std::set<std::string> used;
    for (const SideDoc &s : d.sides)
      for (const WingDoc &w : s.wings)
        if (w.color) used.insert(*w.color);
    std::string colour =
        kWingPalette[(d.sides[0].wings.size() + d.sides[1].wings.size()) % kWingPalette.size()];
    for (const char *c : kWingPalette) // the first colour of the palette not yet used
      if (!used.count(c)) {
        colour = c;
        break;
      }
    if (!d.ruleset_def().has(Feature::WingsRequired) &&
        d.sides[side].wings.empty()) // implicit wing's
      for (UnitDoc &u : d.units)
        if (u.side == d.sides[side].id && u.wing.empty()) u.wing = id;
    d.sides[side].wings.push_back({id, name, colour});
    return std::string();
  });
}

std::string EditorModel::set_wing_id(const std::string &wing, const std::string &id) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  if (id.empty()) return "a wing needs an id";
  if (id != wing && doc_.wing(id)) return "there is already a wing " + id;
  return edit("rename a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.id = id;
    for (UnitDoc &u : d.units)
      if (u.wing == wing) u.wing = id;
    for (SpecialDoc &s : d.special) {
      if (s.fields.contains("wing") && s.fields["wing"] == wing) s.fields["wing"] = id;
      if (s.fields.contains("waves") && s.fields["waves"].is_array())
        for (json &wave : s.fields["waves"])
          for (json &w : wave)
            if (w == wing) w = id;
    }
    return std::string();
  });
}

std::string EditorModel::set_wing_name(const std::string &wing, const std::string &name) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  return edit("rename a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.name = name;
    return std::string();
  });
}

std::string EditorModel::set_wing_color(const std::string &wing, const std::string &color) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  return edit("recolour a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.color = color;
    return std::string();
  });
}

std::string EditorModel::remove_wing(const std::string &wing) {
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  for (const UnitDoc &u : doc_.units)
    if (u.wing == wing) return "unit " + u.id + " belongs to " + wing + ": move it to another wing";
  if (doc_.sides[side].wings.size() == 1 && doc_.ruleset_def().has(Feature::WingsRequired))
    return "a side needs at least one wing";
  for (const SpecialDoc &s : doc_.special)
    if (s.fields.dump().find("\"" + wing + "\"") != std::string::npos)
      return "special rule " + s.id + " names " + wing + ": change it first";
  return edit("remove a wing", [&](BattleDoc &d) {
    std::erase_if(d.sides[side].wings, [&](const WingDoc &w) { return w.id == wing; });
    return std::string();
  });
}

// --- Units -----------------------------------------------------------------------------------

std::string EditorModel::add_unit(const std::string &wing, const std::string &type,
                                  const std::string &hex, std::string *new_id,
                                  const std::string &id) {
  int side = -1;
  bool implicit = false; // a side without wings, named by its id (D5)
  if (!doc_.wing(wing, &side)) {
    side = doc_.side_index(wing);
    implicit = implicit_wing(side);
    if (!implicit) return refused_unknown("wing", wing);
  }
  auto defaults = std::find_if(type_defaults().begin(), type_defaults().end(),
                               [&](const TypeDefaults &t) { return type == t.type; });
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (int there = doc_.unit_at(hex); there >= 0)
    return "hex " + hex + " already holds " + doc_.units[there].id + " (5.1: one unit per hex)";
  if (!id.empty() && doc_.unit_index(id) >= 0) return "there is already a unit " + id;
  std::string uid = id;
  if (uid.empty()) { // the side's initial and the first free number
    const std::string &sid = doc_.sides[side].id;
    std::string prefix(1, sid.empty() ? 'U' : static_cast<char>(std::toupper(sid[0])));
    for (int n = 1; uid.empty() || doc_.unit_index(uid) >= 0; ++n)
      uid = prefix + std::to_string(n);
  }
  if (new_id) *new_id = uid;
  return edit("add unit " + uid, [&](BattleDoc &d) {
    UnitDoc u;
    u.id = uid;
    u.side = d.sides[side].id;
    u.wing = implicit ? "" : wing;
    u.type = type;
    if (d.ruleset_def().has(Feature::Facings)) { // D2: as the side's last unit, else the other side
      u.facing = side == 0 ? 0 : 3;
      for (const UnitDoc &other : d.units)
        if (other.side == u.side && other.facing) u.facing = other.facing;
    } else {
      u.front = defaults->front;
      u.back = defaults->back;
    }
    u.hex = hex;
    d.units.push_back(u);
    return std::string();
  });
}

std::string EditorModel::remove_unit(const std::string &id) {
  if (!unit(id)) return refused_unknown("unit", id);
  return edit("remove unit " + id, [&](BattleDoc &d) {
    d.units.erase(d.units.begin() + d.unit_index(id));
    for (SpecialDoc &s : d.special)
      if (s.fields.contains("units") && s.fields["units"].is_array()) {
        json &us = s.fields["units"];
        us.erase(std::remove(us.begin(), us.end(), json(id)), us.end());
      }
    return std::string();
  });
}

std::string EditorModel::move_unit(const std::string &id, const std::string &hex) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (int there = doc_.unit_at(hex); there >= 0 && doc_.units[there].id != id)
    return "hex " + hex + " already holds " + doc_.units[there].id + " (5.1: one unit per hex)";
  return edit("place " + id, [&](BattleDoc &d) {
    UnitDoc &u = d.units[d.unit_index(id)];
    u.hex = hex;
    u.reinforcement.reset();
    return std::string();
  });
}

std::string EditorModel::set_unit_id(const std::string &id, const std::string &new_id) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (new_id.empty()) return "a unit needs an id";
  if (new_id != id && doc_.unit_index(new_id) >= 0) return "there is already a unit " + new_id;
  return edit("rename unit " + id, [&](BattleDoc &d) {
    d.units[d.unit_index(id)].id = new_id;
    for (SpecialDoc &s : d.special)
      if (s.fields.contains("units") && s.fields["units"].is_array())
        for (json &u : s.fields["units"])
          if (u == id) u = new_id;
    return std::string();
  });
}

std::string EditorModel::set_unit_name(const std::string &id, const std::string &name) {
  if (!unit(id)) return refused_unknown("unit", id);
  return edit("name unit " + id, [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.name = name.empty() ? std::nullopt : std::optional<std::string>(name);
    return std::string();
  });
}

std::string EditorModel::set_unit_type(const std::string &id, const std::string &type) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  return edit("change the type of " + id, [&](BattleDoc &d) {
    d.units[d.unit_index(id)].type = type;
    return std::string();
  });
}

std::string EditorModel::set_unit_wing(const std::string &id, const std::string &wing) {
  int side = -1;
  if (!unit(id)) return refused_unknown("unit", id);
  bool implicit = false; // a side without wings, named by its id (D5)
  if (!doc_.wing(wing, &side)) {
    side = doc_.side_index(wing);
    implicit = implicit_wing(side);
    if (!implicit) return refused_unknown("wing", wing);
  }
  return edit("move " + id + " to " + wing, [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.wing = implicit ? "" : wing;
    u.side = d.sides[side].id; // a wing belongs to one side
    return std::string();
  });
}

std::string EditorModel::set_face(const std::string &id, bool back, const FaceDoc &face) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (auto why = lacks(Feature::UnitFaces); !why.empty()) return why;
  if (!contains(kCombatClasses, face.cc)) return refused_unknown("combat class", face.cc);
  if (face.fire && (*face.fire < 1 || *face.fire > 9)) return "a Fire Factor runs from 1 to 9";
  return edit(std::string("change the ") + (back ? "back" : "front") + " of " + id,
              [&](BattleDoc &d) {
                FaceDoc f = face;
                if (f.crown == false) f.crown.reset(); // canonical: no crown is no field
                auto &u = d.units[d.unit_index(id)];
                if (back)
                  u.back = f;
                else
                  u.front = f;
                return std::string();
              });
}

std::string EditorModel::set_one_step(const std::string &id, bool one_step) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (auto why = lacks(Feature::UnitFaces); !why.empty()) return why;
  return edit(one_step ? "make " + id + " one-step" : "give " + id + " a back", [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    if (one_step)
      u.back.reset();
    else if (!u.back)
      u.back = FaceDoc{worse_cc(u.front.cc)};
    return std::string();
  });
}

std::string EditorModel::set_reinforcement(const std::string &id, int turn,
                                           const std::vector<std::string> &entry) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (auto why = lacks(Feature::Reinforcements); !why.empty()) return why;
  if (turn < 1 || turn > 10000) return "a reinforcement enters on turn 1 or later";
  for (const std::string &h : entry)
    if (!on_map(h)) return "hex " + h + " is not on the map";
  return edit("make " + id + " a reinforcement", [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.hex.reset();
    u.reinforcement = ReinforcementDoc{turn, entry};
    return std::string();
  });
}

std::string EditorModel::set_facing(const std::string &id, int facing) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (auto why = lacks(Feature::Facings); !why.empty()) return why;
  int n = doc_.ruleset_def().facings;
  facing = ((facing % n) + n) % n; // turning past the last facing comes back to the first
  return edit("turn " + id + " to face " + doc_.ruleset_def().facing_names[facing],
              [&](BattleDoc &d) {
                d.units[d.unit_index(id)].facing = facing;
                return std::string();
              });
}

std::string EditorModel::toggle_entry_hex(const std::string &id, const std::string &hex) {
  UnitDoc *u = unit(id);
  if (!u) return refused_unknown("unit", id);
  if (!u->reinforcement) return id + " is not a reinforcement";
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  return edit("change the entry of " + id, [&](BattleDoc &d) {
    auto &entry = d.units[d.unit_index(id)].reinforcement->entry;
    if (auto it = std::find(entry.begin(), entry.end(), hex); it != entry.end())
      entry.erase(it);
    else
      entry.push_back(hex);
    return std::string();
  });
}

} // namespace sns::editor
