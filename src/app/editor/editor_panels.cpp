// The battle editor's panels on the right (Battle, Sides, Units, Rules: every field of the
// battle) and the loader's problems under the map.
#include "editor/editor_ui.hpp"
#include "editor/editor_view.hpp"
#include "paths.hpp"
#include "sns/json_io.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <imgui.h>
#include <imgui_internal.h>

namespace sns::app::edit {

namespace fs = std::filesystem;

namespace {

void battle_panel(App &app) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  for (const char *f : {"id", "name", "date", "summary"}) {
    std::string value = std::string(f) == "id"     ? d.id
                        : std::string(f) == "name" ? d.name
                        : std::string(f) == "date" ? d.date.value_or("")
                                                   : d.summary.value_or("");
    std::string label = std::string("Battle ") + f;
    text_field(ed, label.c_str(), value, [&](const std::string &v) {
      bool default_file = ed.path == default_path(app); // the file follows a new id
      std::string why = m.set_identity(f, v);
      if (why.empty() && default_file) ed.path = default_path(app);
      return why;
    });
  }
  static const std::vector<std::string> rulesets = [] {
    std::vector<std::string> names;
    for (const Ruleset *r : sns::rulesets())
      names.emplace_back(r->json());
    return names;
  }();
  if (auto r = choose("Ruleset", d.ruleset, rulesets)) say(ed, m.set_ruleset(*r));
  ui::TextDisabled("%s", d.ruleset_def().summary);
  ImGui::SetNextItemWidth(120);
  int_field(ed, "Columns", d.columns, [&](int v) { return m.resize(v, d.rows); });
  ImGui::SetNextItemWidth(120);
  int_field(ed, "Rows", d.rows, [&](int v) { return m.resize(d.columns, v); });
  text_field(ed, "File", ed.path, [&](const std::string &v) {
    ed.path = v;
    return std::string();
  });
  ImGui::Separator();
  ui::Text("Terrain settings:");
  for (const auto &t : d.terrain_types) {
    bool imp = t.impassable.value_or(false), los = t.blocks_los.value_or(false);
    ui::Text("%s", t.name.c_str());
    ImGui::SameLine();
    bool a = ui::Checkbox(id_label("impassable", "imp" + t.name).c_str(), &imp);
    ImGui::SameLine();
    bool b = ui::Checkbox(id_label("blocks sight", "los" + t.name).c_str(), &los);
    if (a || b) say(ed, m.set_terrain_flags(t.name, imp, los));
  }
  text_field(ed, "New terrain", ed.new_terrain, [&](const std::string &v) {
    ed.new_terrain = v;
    return std::string();
  });
  ui::Checkbox("impassable##new", &ed.new_impassable);
  ImGui::SameLine();
  ui::Checkbox("blocks sight##new", &ed.new_blocks_los);
  ImGui::SameLine();
  if (ui::Button("Add terrain")) {
    std::string why = m.add_terrain(ed.new_terrain, ed.new_impassable, ed.new_blocks_los);
    say(ed, why);
    if (why.empty()) ed.terrain = ed.new_terrain, ed.new_terrain.clear();
  }
}

void face_editor(EditorUi &ed, const editor::UnitDoc &u, bool back) {
  EditorModel &m = *ed.model;
  editor::FaceDoc f = back ? *u.back : u.front;
  std::string key = (back ? "back" : "front") + u.id;
  ImGui::PushID(key.c_str());
  std::string side = back ? "Back " : "Front "; // each label names its face, for scripts
  ImGui::SetNextItemWidth(55);
  if (auto cc = choose((side + "CC").c_str(), f.cc,
                       {editor::kCombatClasses.begin(), editor::kCombatClasses.end()})) {
    f.cc = *cc;
    say(ed, m.set_face(u.id, back, f));
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(30);
  int_field(ed, (side + "fire").c_str(), f.fire.value_or(0), [&](int v) {
    f.fire = v > 0 ? std::optional<int>(v) : std::nullopt;
    return m.set_face(u.id, back, f);
  });
  ImGui::SameLine();
  bool crown = f.crown.value_or(false);
  if (ui::Checkbox((side + "crown").c_str(), &crown)) {
    f.crown = crown;
    say(ed, m.set_face(u.id, back, f));
  }
  ImGui::PopID();
}

void unit_editor(App &app, const editor::UnitDoc &u) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  std::string id = u.id; // the unit may be renamed below
  text_field(ed, "Unit id", u.id, [&](const std::string &v) {
    std::string why = m.set_unit_id(id, v);
    if (why.empty()) ed.unit = v;
    return why;
  });
  text_field(ed, "Unit name", u.name.value_or(""),
             [&](const std::string &v) { return m.set_unit_name(id, v); });
  if (auto t = choose("Type", u.type, m.words().unit_types)) say(ed, m.set_unit_type(id, *t));
  std::vector<std::string> wings = m.unit_wings(0), other = m.unit_wings(1);
  wings.insert(wings.end(), other.begin(), other.end());
  if (auto w = choose("Wing", u.wing.empty() ? u.side : u.wing, wings))
    say(ed, m.set_unit_wing(id, *w));
  const Ruleset &rules = m.doc().ruleset_def();
  if (rules.has(Feature::Facings)) { // D2: a facing instead of faces; no reinforcements in D3
    ui::Text("Facing (D2; keys , and . turn it):");
    for (int f = 0; f < rules.facings; ++f) {
      if (f % 3) ImGui::SameLine();
      if (ui::RadioButton(rules.facing_names[f], u.facing == f)) say(ed, m.set_facing(id, f));
    }
    if (!u.hex && ui::Button("Place on the map")) ed.tool = Tool::Place;
    if (ui::Button("Remove unit")) {
      say(ed, m.remove_unit(id));
      ed.unit.clear();
    }
    return;
  }
  face_editor(ed, u, false);
  bool two = u.back.has_value();
  if (ui::Checkbox("Two steps (a back face)", &two)) say(ed, m.set_one_step(id, !two));
  if (u.back) {
    face_editor(ed, u, true);
  }
  bool reinforcement = u.reinforcement.has_value();
  if (ui::Checkbox("Reinforcement", &reinforcement)) {
    if (reinforcement) {
      say(ed, m.set_reinforcement(id, 1, {}));
      ed.tool = Tool::Entry;
    } else {
      ed.tool = Tool::Place;
      ed.message = "Click the hex to place " + id + " on.";
    }
  }
  if (u.reinforcement) {
    ImGui::SetNextItemWidth(120);
    int_field(ed, "Enters on turn", u.reinforcement->turn,
              [&](int v) { return m.set_reinforcement(id, v, u.reinforcement->entry); });
    std::string entry;
    for (const auto &h : u.reinforcement->entry)
      entry += h + " ";
    ui::Text("Entry: %s", entry.empty() ? "(none yet)" : entry.c_str());
    if (ui::Button("Pick entry hexes")) ed.tool = Tool::Entry;
  } else if (ui::Button("Place on the map")) {
    ed.tool = Tool::Place;
  }
  if (ui::Button("Remove unit")) {
    say(ed, m.remove_unit(id));
    ed.unit.clear();
  }
}

void units_panel(App &app) {
  EditorUi &ed = *app.editor;
  const auto &d = ed.model->doc();
  int u = d.unit_index(ed.unit);
  if (u >= 0) {
    unit_editor(app, d.units[u]);
    ImGui::Separator();
  } else {
    ui::TextWrapped("Choose the Units tool and click a free hex to add a unit.");
  }
  ui::Text("%s:", counted(static_cast<int>(d.units.size()), "unit", "units").c_str());
  const auto &facings = d.ruleset_def().facing_names;
  for (const auto &unit : d.units) {
    std::string where = unit.hex             ? *unit.hex
                        : unit.reinforcement ? "turn " + std::to_string(unit.reinforcement->turn)
                                             : "nowhere";
    std::string label = unit.id + "  " + unit.type + "  " +
                        (unit.wing.empty() ? unit.side : unit.wing) + "  " + where +
                        (unit.facing && !facings.empty()
                             ? std::string("  facing ") + facings[*unit.facing % facings.size()]
                             : "");
    if (ui::Selectable(id_label(label, "unit" + unit.id).c_str(), unit.id == ed.unit)) {
      ed.unit = unit.id;
      if (unit.hex) centre_on(app, *unit.hex);
    }
  }
}

void marker_editor(EditorUi &ed, int side, int index, const std::vector<std::string> &faces) {
  EditorModel &m = *ed.model;
  ImGui::PushID(side * 100 + index);
  std::vector<std::string> commands(editor::kCommands.begin(), editor::kCommands.end());
  ImGui::SetNextItemWidth(110);
  if (auto c = choose("##face0", faces.empty() ? "" : faces[0], commands)) {
    auto f = faces;
    if (f.empty())
      f.push_back(*c);
    else
      f[0] = *c;
    say(ed, m.set_marker(side, index, f));
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  std::vector<std::string> second = commands;
  second.insert(second.begin(), "(one face)");
  if (auto c = choose("##face1", faces.size() > 1 ? faces[1] : "(one face)", second)) {
    std::vector<std::string> f{faces.empty() ? "move" : faces[0]};
    if (*c != "(one face)") f.push_back(*c);
    say(ed, m.set_marker(side, index, f));
  }
  ImGui::SameLine();
  if (ui::SmallButton("Remove")) say(ed, m.remove_marker(side, index));
  ImGui::PopID();
}

void side_editor(App &app, int s) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &side = m.doc().sides[s];
  ImGui::PushID(s);
  std::string n = std::to_string(s + 1); // labels name the side: a script presses them by name
  text_field(ed, ("Id of side " + n).c_str(), side.id,
             [&](const std::string &v) { return m.set_side_id(s, v); });
  text_field(ed, ("Name of side " + n).c_str(), side.name,
             [&](const std::string &v) { return m.set_side_name(s, v); });
  if (m.doc().ruleset_def().has(Feature::CommandMarkers)) {
    ImGui::SetNextItemWidth(120);
    int_field(ed, "Wings per turn", side.wings_per_turn,
              [&](int v) { return m.set_limits(s, v, side.commands_per_wing); });
    ImGui::SetNextItemWidth(120);
    int_field(ed, "Commands per wing", side.commands_per_wing,
              [&](int v) { return m.set_limits(s, side.wings_per_turn, v); });
    ui::Text("Command Markers:");
    for (size_t i = 0; i < side.markers.size(); ++i)
      marker_editor(ed, s, static_cast<int>(i), side.markers[i]);
    if (ui::SmallButton("Add a marker")) say(ed, m.add_marker(s, {"move"}));
  } else {
    ui::TextDisabled("D3 Medieval: no Command Markers; units are activated one by one (D5).");
  }
  ui::Text("VP for eliminating an enemy:");
  for (const std::string &t : m.words().unit_types) {
    int vp = 0;
    if (side.vp_for_eliminating)
      if (auto it = side.vp_for_eliminating->find(t); it != side.vp_for_eliminating->end())
        vp = it->second;
    ImGui::SetNextItemWidth(110);
    int_field(ed, ("VP " + t).c_str(), vp, [&](int v) { return m.set_vp(s, t, v); });
  }
  bool threshold = side.victory_vp.has_value();
  if (ui::Checkbox("Victory threshold", &threshold))
    say(ed, m.set_victory_vp(s, threshold ? std::optional<int>(20) : std::nullopt));
  if (side.victory_vp) {
    ImGui::SetNextItemWidth(120);
    int_field(ed, "Victory VP", *side.victory_vp, [&](int v) { return m.set_victory_vp(s, v); });
  }
  ImGui::SetNextItemWidth(120);
  int_field(ed, "Start VP", side.start_vp.value_or(0), [&](int v) {
    return m.set_start_vp(s, v > 0 || side.start_vp ? std::optional<int>(v) : std::nullopt);
  });
  const char *optional = "Wings (optional in D3: without them the side is one wing):";
  ui::Text(m.doc().ruleset_def().has(Feature::WingsRequired) ? "Wings:" : optional);
  for (const auto &w : side.wings) {
    ImGui::PushID(w.id.c_str());
    std::string wid = w.id;
    text_field(ed, ("Id of wing " + wid).c_str(), w.id, [&](const std::string &v) {
      if (ed.wing == wid) ed.wing = v;
      return m.set_wing_id(wid, v);
    });
    text_field(ed, ("Name of wing " + wid).c_str(), w.name,
               [&](const std::string &v) { return m.set_wing_name(wid, v); });
    for (const char *c : editor::kWingPalette) { // the colour-blind-safe palette only
      unsigned v = wing_colour(c);
      ImVec4 col(((v >> 0) & 255) / 255.0f, ((v >> 8) & 255) / 255.0f, ((v >> 16) & 255) / 255.0f,
                 1);
      ImGui::PushID(c);
      bool chosen = w.color == c;
      if (ImGui::ColorButton(c, col, ImGuiColorEditFlags_NoTooltip, ImVec2(chosen ? 26 : 18, 18)))
        say(ed, m.set_wing_color(wid, c));
      ImGui::PopID();
      ImGui::SameLine();
    }
    if (ui::SmallButton("Remove wing")) say(ed, m.remove_wing(wid));
    ImGui::PopID();
  }
  text_field(ed, ("New wing of side " + n).c_str(), ed.new_wing[s], [&](const std::string &v) {
    ed.new_wing[s] = v;
    return std::string();
  });
  if (ui::Button(("Add the wing to side " + n).c_str())) {
    std::string why = m.add_wing(s, ed.new_wing[s], ed.new_wing[s]);
    say(ed, why);
    if (why.empty()) ed.new_wing[s].clear();
  }
  ImGui::PopID();
}

void sides_panel(App &app) {
  EditorUi &ed = *app.editor;
  for (int s = 0; s < 2; ++s) {
    const auto &side = ed.model->doc().sides[s];
    if (ed.open_index == s) ImGui::SetNextItemOpen(true);
    if (ui::CollapsingHeader(
            id_label(side.name.empty() ? side.id : side.name, "sidehead" + std::to_string(s))
                .c_str(),
            ImGuiTreeNodeFlags_DefaultOpen))
      side_editor(app, s);
  }
  ed.open_index = -1;
}

std::string list_text(const nlohmann::json &list) {
  std::string out;
  if (list.is_array())
    for (const auto &v : list)
      out += (v.is_string() ? v.get<std::string>() : v.dump()) + " ";
  return out.empty() ? "(none yet)" : out;
}

void special_field(App &app, int i, const editor::SpecialDoc &sp, const editor::FieldSpec &f) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  int side = std::max(0, d.side_index(sp.side));
  const nlohmann::json *value = sp.fields.contains(f.key) ? &sp.fields[f.key] : nullptr;
  switch (f.kind) {
  case editor::FieldKind::Hexes:
    ui::Text("%s: %s", f.key, value ? list_text(*value).c_str() : "(none yet)");
    if (ui::Button(id_label("Pick hexes", f.key).c_str()))
      ed.tool = Tool::PickHexes, ed.pick_special = i, ed.pick_field = f.key;
    break;
  case editor::FieldKind::Units:
    ui::Text("units: %s", value ? list_text(*value).c_str() : "(none yet)");
    if (ui::Button("Pick units")) ed.tool = Tool::PickUnits, ed.pick_special = i;
    break;
  case editor::FieldKind::Wing:
    ui::Text("wing:");
    for (const auto &w : d.sides[side].wings) {
      ImGui::SameLine();
      if (ui::RadioButton(id_label(w.name, "spwing" + w.id).c_str(), value && *value == w.id))
        say(ed, m.set_special_wing(i, w.id));
    }
    if (ui::Button("Pick the wing"))
      ed.tool = Tool::PickWing, ed.pick_special = i, ed.pick_wave = -1;
    break;
  case editor::FieldKind::Waves: {
    size_t waves = value && value->is_array() ? value->size() : 0;
    for (size_t w = 0; w < waves; ++w) {
      // The wave's button picks its wings on the map; the boxes tick them here.
      if (ui::SmallButton(("Pick wave " + std::to_string(w + 1)).c_str()))
        ed.tool = Tool::PickWing, ed.pick_special = i, ed.pick_wave = static_cast<int>(w);
      for (const auto &wing : d.sides[side].wings) {
        ImGui::SameLine();
        bool in = std::find((*value)[w].begin(), (*value)[w].end(), wing.id) != (*value)[w].end();
        // wing ids: shorter than names, so a wave fits on its line
        if (ui::Checkbox(id_label(wing.id, "wave" + std::to_string(w) + wing.id).c_str(), &in))
          say(ed, m.toggle_wave_wing(i, static_cast<int>(w), wing.id));
      }
    }
    if (ui::SmallButton("Add a wave") && !d.sides[side].wings.empty())
      say(ed, m.toggle_wave_wing(i, static_cast<int>(waves), d.sides[side].wings[0].id));
    break;
  }
  case editor::FieldKind::Types:
    ui::Text("%s:", f.key);
    for (const std::string &t : m.words().unit_types) {
      ImGui::SameLine();
      bool in = value && std::find(value->begin(), value->end(), t) != value->end();
      if (ui::Checkbox(id_label(t, f.key + t).c_str(), &in))
        say(ed, m.toggle_special_type(i, f.key, t));
    }
    break;
  case editor::FieldKind::Integer:
    ImGui::SetNextItemWidth(120);
    int_field(ed, f.key, value && value->is_number_integer() ? value->get<int>() : 0,
              [&](int v) { return m.set_special_number(i, f.key, v); });
    break;
  case editor::FieldKind::Flag: {
    bool on = value && value->is_boolean() && value->get<bool>();
    if (ui::Checkbox(f.key, &on)) say(ed, m.set_special_flag(i, f.key, on));
    break;
  }
  case editor::FieldKind::Terrain: {
    std::vector<std::string> names = m.terrain_names();
    names.insert(names.begin(), "(any)");
    std::string current = value && value->is_string() ? value->get<std::string>() : "(any)";
    if (auto t = choose(f.key, current, names))
      say(ed, m.set_special_terrain(i, *t == "(any)" ? "" : *t));
    break;
  }
  }
}

// A side as the panels name it: its name, else its id.
std::string side_label(const editor::BattleDoc &d, int s) {
  return d.sides[s].name.empty() ? d.sides[s].id : d.sides[s].name;
}

// The Rules panel's special rules: a new one's kind and side, then each rule with its fields.
void special_rules_list(App &app) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  ui::Text("Special rules (%zu of 8):", d.special.size());
  std::vector<std::string> kinds;
  for (const auto &k : editor::special_kinds())
    if (editor::kind_in(d.ruleset_def(), k.kind)) kinds.push_back(k.kind);
  if (!contains(kinds, ed.new_kind)) ed.new_kind = kinds[0];
  if (auto k = choose("Kind", ed.new_kind, kinds)) ed.new_kind = *k;
  for (int s = 0; s < 2; ++s) {
    if (s) ImGui::SameLine();
    if (ui::RadioButton(id_label(side_label(d, s), "newside" + std::to_string(s)).c_str(),
                        ed.new_kind_side == s))
      ed.new_kind_side = s;
  }
  if (ui::Button("Add special rule")) say(ed, m.add_special(ed.new_kind, ed.new_kind_side));
  for (size_t i = 0; i < d.special.size(); ++i) {
    const auto &sp = d.special[i];
    int k = static_cast<int>(i);
    ImGui::PushID(k);
    if (ed.open_index == k) ImGui::SetNextItemOpen(true);
    bool open = ui::CollapsingHeader(id_label(sp.id + " (" + sp.kind + ")", "special").c_str(),
                                     ImGuiTreeNodeFlags_DefaultOpen);
    if (ed.open_index == k) ImGui::SetScrollHereY(0); // a problem's rule comes into view
    if (open) {
      if (const auto *kind = editor::special_kind(sp.kind)) ui::TextDisabled("%s", kind->what);
      text_field(ed, "Rule id", sp.id,
                 [&](const std::string &v) { return m.set_special_id(k, v); });
      ui::Text("Side:");
      for (int s = 0; s < 2; ++s) {
        ImGui::SameLine();
        if (ui::RadioButton(id_label(side_label(d, s), "spside" + std::to_string(s)).c_str(),
                            sp.side == d.sides[s].id))
          say(ed, m.set_special_side(k, s));
      }
      text_field(ed, "Text", sp.text.value_or(""),
                 [&](const std::string &v) { return m.set_special_text(k, v); });
      if (const auto *kind = editor::special_kind(sp.kind))
        for (const auto &f : kind->fields)
          special_field(app, k, sp, f);
      if (ui::SmallButton("Remove rule")) say(ed, m.remove_special(k));
    }
    ImGui::PopID();
  }
  ed.open_index = -1;
}

// The Rules panel's victory levels (docs/battle-format.md): each level's name, text and
// conditions, tried in order at the end; the loader's check names what is wrong in them.
void victory_levels_list(App &app) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  ui::Text("Victory levels (%zu, tried in order at the end):", d.victory_levels.size());
  for (size_t i = 0; i < d.victory_levels.size(); ++i) {
    const nlohmann::json &level = d.victory_levels[i];
    const int k = static_cast<int>(i);
    ImGui::PushID(1000 + k);
    std::string id = level.value("id", std::string("?")), name = level.value("name", id);
    if (ed.open_level == k) ImGui::SetNextItemOpen(true);
    if (ui::CollapsingHeader(id_label(name + " (" + id + ")", "level").c_str())) {
      text_field(ed, "Name", name, [&](const std::string &v) { return m.set_level_name(k, v); });
      text_field(ed, "Level text", level.value("text", std::string()),
                 [&](const std::string &v) { return m.set_level_text(k, v); });
      std::string when = level.contains("when") ? level["when"].dump() : "[]";
      text_field(ed, "Conditions", when,
                 [&](const std::string &v) { return m.set_level_when(k, v); });
      if (ui::SmallButton("Remove level")) say(ed, m.remove_level(k));
    }
    ImGui::PopID();
  }
  ed.open_level = -1;
  if (ui::SmallButton("Add a victory level")) {
    int added = -1;
    say(ed, m.add_level(&added));
    ed.open_level = added; // its header opens, so the new level's fields are in sight
  }
}

void rules_panel(App &app) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  ui::Text("First player:");
  for (int s = 0; s < 2; ++s) {
    ImGui::SameLine();
    if (ui::RadioButton(id_label(side_label(d, s), "first" + std::to_string(s)).c_str(),
                        d.rules.first_player == d.sides[s].id))
      say(ed, m.set_rule("first_player", d.sides[s].id));
  }
  const Ruleset &rules = d.ruleset_def();
  if (rules.has(Feature::Initiative)) {
    ui::Text("Initiative:");
    for (int s = 0; s < 2; ++s) {
      ImGui::SameLine();
      if (ui::RadioButton(id_label(side_label(d, s), "init" + std::to_string(s)).c_str(),
                          d.rules.initiative == d.sides[s].id))
        say(ed, m.set_rule("initiative", d.sides[s].id));
    }
  }
  bool limited = d.rules.last_turn.has_value();
  std::string last = rules.default_last_turn
                         ? "Last turn (else " + std::to_string(rules.default_last_turn) + ", " +
                               rules.sequence_section + ")"
                         : "Last turn";
  if (ui::Checkbox(last.c_str(), &limited))
    say(ed, m.set_last_turn(limited ? std::optional<int>(editor::suggested_last_turn(rules))
                                    : std::nullopt));
  if (d.rules.last_turn) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    int_field(ed, (rules.turn_name + std::string("s")).c_str(), *d.rules.last_turn,
              [&](int v) { return m.set_last_turn(v); });
  }
  std::vector<std::string> at_end{"(none)", "draw", "most_vp", d.sides[0].id, d.sides[1].id};
  if (auto v = choose("At the end", d.rules.at_end.value_or("(none)"), at_end))
    say(ed, m.set_rule("at_end", *v == "(none)" ? "" : *v));
  std::vector<std::string> wi{"(none)"};
  wi.insert(wi.end(), editor::kWingIntegrity.begin(), editor::kWingIntegrity.end());
  if (rules.has(Feature::WingIntegrity))
    if (auto v = choose("Wing Integrity", d.rules.wing_integrity.value_or("(none)"), wi))
      say(ed, m.set_rule("wing_integrity", *v == "(none)" ? "" : *v));
  ImGui::Separator();
  special_rules_list(app);
  ImGui::Separator();
  victory_levels_list(app);
}

} // namespace

void panels_window(App &app, const MapRect &r) {
  EditorUi &ed = *app.editor;
  ImGuiViewport *vp = ImGui::GetMainViewport();
  float x = r.x + r.w;
  place_window(x, vp->WorkPos.y, vp->WorkPos.x + vp->WorkSize.x - x, vp->WorkSize.y);
  ui::Begin("Battle", nullptr, kPanel);
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.55f); // room for the labels
  for (const char *p : {"Battle", "Sides", "Units", "Rules"}) {
    if (std::string(p) != "Battle") ImGui::SameLine();
    if (ui::RadioButton(id_label(p, std::string("panel") + p).c_str(), ed.panel == p)) ed.panel = p;
  }
  ImGui::Separator();
  if (ed.panel == "Battle") battle_panel(app);
  if (ed.panel == "Sides") sides_panel(app);
  if (ed.panel == "Units") units_panel(app);
  if (ed.panel == "Rules") rules_panel(app);
  ImGui::PopItemWidth();
  ImGui::End();
}

void problems_window(App &app, const MapRect &r) {
  EditorUi &ed = *app.editor;
  ImGuiViewport *vp = ImGui::GetMainViewport();
  place_window(r.x, r.y + r.h, r.w, vp->WorkPos.y + vp->WorkSize.y - r.y - r.h);
  ui::Begin("Problems", nullptr, kPanel);
  const auto &problems = ed.model->problems();
  if (problems.empty())
    ui::TextColored(ImVec4(0.5f, 0.9f, 0.5f, 1), "No problems: the engine accepts this battle.%s",
                    ed.model->dirty() ? " (not saved)" : "");
  else
    ui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "%s; click one to go to it:",
                    counted(static_cast<int>(problems.size()), "problem", "problems").c_str());
  for (size_t i = 0; i < problems.size(); ++i) {
    const auto &p = problems[i];
    if (ui::Selectable(id_label(p.path + ": " + p.message, "problem" + std::to_string(i)).c_str()))
      go_to(app, p);
  }
  const auto &warnings = ed.model->warnings();
  for (size_t i = 0; i < warnings.size(); ++i) {
    const auto &w = warnings[i];
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.4f, 1));
    if (ui::Selectable(id_label("Warning: " + w.message, "warning" + std::to_string(i)).c_str()))
      go_to(app, w);
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

} // namespace sns::app::edit
