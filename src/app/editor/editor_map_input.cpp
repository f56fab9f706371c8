// The battle editor's map: what a press, a drag and a release do with the tool in hand, what is
// lit, D3 roads and facings, and the tool palette on the left.
#include "editor/editor_ui.hpp"
#include "editor/editor_view.hpp"
#include "paths.hpp"
#include "play/map_layer.hpp"
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

// --- The map's input ---------------------------------------------------------------------

// The Hexside tool: the first hex, then an adjacent one names the hexside between them.
void press_hexside(EditorUi &ed, const std::string &hex) {
  EditorModel &m = *ed.model;
  if (!ed.pending.empty() && adjacent(ed.pending, hex)) {
    say(ed, m.set_hexside(ed.pending, hex, ed.feature == "erase" ? "" : ed.feature));
    ed.pending.clear();
  } else {
    if (!ed.pending.empty() && ed.pending != hex) // a second click that names no hexside
      say(ed, hex + " is not next to " + ed.pending +
                  ": a hexside lies between two adjacent hexes. " + hex + " is the first hex now.");
    ed.pending = hex;
  }
}

// The Units tool: a unit pressed is selected (and may be dragged), an empty hex gets a new unit.
void press_units(EditorUi &ed, const std::string &hex, int at) {
  EditorModel &m = *ed.model;
  if (at >= 0) {
    ed.unit = m.doc().units[at].id;
    ed.drag_unit = ed.unit;
    ed.stroking = true;
    ed.panel = "Units";
  } else {
    std::string id;
    std::string why = m.add_unit(ed.wing, ed.type, hex, &id);
    say(ed, why);
    if (why.empty()) ed.unit = id;
  }
}

// Picking a special rule's wing (or a wing of one of its waves) by a unit of it.
void press_pick_wing(EditorUi &ed, int at) {
  EditorModel &m = *ed.model;
  if (const std::string &w = m.doc().units[at].wing; w.empty())
    ed.message = "This side has no wings yet: add one in the Sides panel.";
  else if (ed.pick_wave < 0)
    say(ed, m.set_special_wing(ed.pick_special, w));
  else
    say(ed, m.toggle_wave_wing(ed.pick_special, ed.pick_wave, w));
}

void press(App &app, const std::string &hex) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  ed.focus_hex.clear();
  ed.last_hex = hex;
  ed.dragged_side = false;
  int at = m.doc().unit_at(hex);
  switch (ed.tool) {
  case Tool::Terrain:
    m.begin_stroke();
    ed.stroking = true;
    say(ed, m.paint(hex, ed.terrain, ed.brush));
    break;
  case Tool::Fill:
    say(ed, m.fill(hex, ed.terrain));
    break;
  case Tool::Elevation:
    m.begin_stroke();
    ed.stroking = true;
    say(ed, m.set_elevation(hex, ed.elevation, ed.brush));
    break;
  case Tool::Hexside:
    m.begin_stroke();
    ed.stroking = true;
    press_hexside(ed, hex);
    break;
  case Tool::Road:
    m.begin_stroke();
    ed.stroking = true;
    say(ed, m.set_road(hex, ed.road, ed.brush));
    break;
  case Tool::Units:
    press_units(ed, hex, at);
    break;
  case Tool::Place:
    say(ed, m.move_unit(ed.unit, hex));
    ed.tool = Tool::Units;
    break;
  case Tool::Area:
    if (ed.pending.empty()) {
      ed.pending = hex;
      ed.area = editor::Area{hex, hex};
    } else {
      ed.area = editor::Area{ed.pending, hex};
      ed.pending.clear();
    }
    break;
  case Tool::Paste:
    say(ed, m.paste(ed.clip, hex));
    ed.tool = Tool::Area;
    break;
  case Tool::Entry:
    say(ed, m.toggle_entry_hex(ed.unit, hex));
    break;
  case Tool::PickHexes:
    say(ed, m.toggle_special_hex(ed.pick_special, ed.pick_field, hex));
    break;
  case Tool::PickUnits:
    if (at >= 0) say(ed, m.toggle_special_unit(ed.pick_special, m.doc().units[at].id));
    break;
  case Tool::PickWing:
    if (at >= 0) press_pick_wing(ed, at);
    break;
  }
}

void drag_to(App &app, const std::string &hex) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  if (ed.tool == Tool::Terrain) say(ed, m.paint(hex, ed.terrain, ed.brush));
  if (ed.tool == Tool::Elevation) say(ed, m.set_elevation(hex, ed.elevation, ed.brush));
  if (ed.tool == Tool::Road) say(ed, m.set_road(hex, ed.road, ed.brush));
  if (ed.tool == Tool::Hexside && adjacent(ed.last_hex, hex)) { // a drag draws the sides it crosses
    say(ed, m.set_hexside(ed.last_hex, hex, ed.feature == "erase" ? "" : ed.feature));
    ed.dragged_side = true;
  }
  ed.last_hex = hex;
}

void release(App &app, const std::string &hex) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  if (!ed.drag_unit.empty() && !hex.empty()) {
    int u = m.doc().unit_index(ed.drag_unit);
    if (u >= 0 && m.doc().units[u].hex != hex) say(ed, m.move_unit(ed.drag_unit, hex));
  }
  if (ed.dragged_side) ed.pending.clear();
  m.end_stroke();
  ed.stroking = false;
  ed.drag_unit.clear();
}

std::vector<uint16_t> editor_marks(const App &app) {
  const EditorUi &ed = *app.editor;
  const Battle &b = app.game().battle();
  std::vector<uint16_t> marks(b.hex_count(), 0);
  auto mark = [&](const std::string &label, uint16_t m) {
    if (auto h = b.parse_hex(label)) marks[*h] |= m;
  };
  const auto &doc = ed.model->doc();
  int u = doc.unit_index(ed.unit);
  if (u >= 0 && doc.units[u].hex) mark(*doc.units[u].hex, kMarkSelected);
  if (u >= 0 && doc.units[u].reinforcement)
    for (const std::string &h : doc.units[u].reinforcement->entry)
      mark(h, kMarkLesson);
  if (ed.area)
    for (const std::string &h : ed.model->area_hexes(*ed.area))
      mark(h, kMarkDestination);
  if (!ed.pending.empty()) mark(ed.pending, kMarkSelected);
  if (!ed.focus_hex.empty()) mark(ed.focus_hex, kMarkLesson | kMarkSelected);
  if ((ed.tool == Tool::PickHexes || ed.tool == Tool::PickUnits || ed.tool == Tool::PickWing) &&
      ed.pick_special >= 0 && ed.pick_special < static_cast<int>(doc.special.size())) {
    const auto &fields = doc.special[ed.pick_special].fields;
    if (ed.tool == Tool::PickHexes && fields.contains(ed.pick_field))
      for (const auto &h : fields[ed.pick_field])
        if (h.is_string()) mark(h.get<std::string>(), kMarkLesson);
    if (ed.tool == Tool::PickUnits && fields.contains("units"))
      for (const auto &id : fields["units"])
        if (int k = doc.unit_index(id.is_string() ? id.get<std::string>() : "");
            k >= 0 && doc.units[k].hex)
          mark(*doc.units[k].hex, kMarkLesson);
    if (ed.tool == Tool::PickWing) { // the units of the wing (or wave) picked so far
      nlohmann::json picked = nlohmann::json::array();
      if (ed.pick_wave < 0 && fields.contains("wing")) picked.push_back(fields["wing"]);
      if (ed.pick_wave >= 0 && fields.contains("waves") && fields["waves"].is_array() &&
          ed.pick_wave < static_cast<int>(fields["waves"].size()))
        picked = fields["waves"][ed.pick_wave];
      for (const auto &unit : doc.units)
        if (unit.hex && !unit.wing.empty() &&
            std::find(picked.begin(), picked.end(), unit.wing) != picked.end())
          mark(*unit.hex, kMarkLesson);
    }
  }
  return marks;
}

// D3 Medieval's roads (D1) and facings (D2), drawn as the editor knows them: a road runs between
// the centres of neighbouring road hexes (under the counters); a unit's facing is a notch on the
// faced hexside (over them).
void draw_roads_or_facings(App &app, ImDrawList *dl, bool facings) {
  const EditorUi &ed = *app.editor;
  const auto &doc = ed.model->doc();
  if (!doc.ruleset_def().has(facings ? Feature::Facings : Feature::Roads)) return;
  const Battle &b = app.game().battle();
  const float size = static_cast<float>(app.camera.size);
  auto centre = [&](const std::string &label) -> std::optional<PointF> {
    auto h = b.parse_hex(label);
    if (!h) return std::nullopt;
    return app.camera.centre(b, *h);
  };
  const ImU32 road = IM_COL32(150, 105, 60, 230);
  for (const auto &[label, cell] : doc.hexes) {
    if (!cell.road || facings) continue;
    auto h = b.parse_hex(label);
    auto c = centre(label);
    if (!h || !c) continue;
    dl->AddCircleFilled(ImVec2(c->x, c->y), size * 0.12f, road);
    for (int d = 0; d < 6; ++d) { // each link once, from its first hex
      HexId n = b.adjacent[*h][d];
      if (n == kOffMap || n < *h || !doc.cell(b.label(n)).road) continue;
      PointF o = app.camera.centre(b, n);
      dl->AddLine(ImVec2(c->x, c->y), ImVec2(o.x, o.y), road, std::max(2.0f, size * 0.14f));
    }
  }
  for (const auto &u : doc.units) {
    if (!u.hex || !u.facing || !facings) continue;
    auto c = centre(*u.hex);
    if (!c) continue;
    // Flat-topped hexes: the faced hexside's middle lies at -90 degrees (north) plus 60 a step.
    double a = (-90.0 + 60.0 * *u.facing) * 3.14159265358979 / 180.0;
    float ux = static_cast<float>(std::cos(a)), uy = static_cast<float>(std::sin(a));
    float tip = size * 0.86f, base = size * 0.58f, half = size * 0.2f;
    ImVec2 p1(c->x + ux * tip, c->y + uy * tip);
    ImVec2 p2(c->x + ux * base - uy * half, c->y + uy * base + ux * half);
    ImVec2 p3(c->x + ux * base + uy * half, c->y + uy * base - ux * half);
    dl->AddTriangleFilled(p1, p2, p3, IM_COL32(255, 255, 255, 240));
    dl->AddTriangle(p1, p2, p3, IM_COL32(0, 0, 0, 255), 1.5f);
  }
}

} // namespace

void map_area(App &app, const MapRect &r) {
  EditorUi &ed = *app.editor;
  const Battle &b = app.game().battle();
  if (!app.camera_fitted) {
    app.camera.fit(b, r.x, r.y, r.w, r.h);
    app.camera_fitted = true;
  }
  ImGuiIO &io = ImGui::GetIO();
  PointF mouse{io.MousePos.x, io.MousePos.y};
  bool over_map = mouse.x >= r.x && mouse.x < r.x + r.w && mouse.y >= r.y && mouse.y < r.y + r.h &&
                  !io.WantCaptureMouse;
  HexId hover = over_map ? app.camera.pick(b, mouse) : kOffMap;
  std::string label = hover == kOffMap ? "" : b.label(hover);
  if (over_map) {
    if (io.MouseWheel != 0) app.camera.zoom_at(mouse, io.MouseWheel > 0 ? 1.15 : 1 / 1.15);
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
        ImGui::IsMouseDragging(ImGuiMouseButton_Middle))
      app.camera.pan(io.MouseDelta.x, io.MouseDelta.y);
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !label.empty()) press(app, label);
  }
  if (ed.stroking && ImGui::IsMouseDown(ImGuiMouseButton_Left) && !label.empty() &&
      label != ed.last_hex)
    drag_to(app, label);
  if (ed.stroking && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) release(app, label);
  ImDrawList *bg = ImGui::GetBackgroundDrawList();
  update_map_layer(app, r, bg); // the art kept as a texture, as in play (map_layer.cpp)
  draw_roads_or_facings(app, bg, false);
  draw_overlay(app, bg, r, hover, editor_marks(app));
  draw_roads_or_facings(app, bg, true);
  if (!label.empty()) { // what the hex is, under the map's top edge
    auto cell = ed.model->doc().cell(label);
    std::string info = label + "  " + cell.terrain +
                       (cell.elevation ? "  elevation " + std::to_string(cell.elevation) : "") +
                       (cell.road ? "  road" : "");
    bg->AddText(ImVec2(r.x + 8, r.y + 6), IM_COL32(255, 255, 255, 230), info.c_str());
    ui::note_text(info); // a script hovers a hex and expects what it holds
  }
}

// --- Panels ------------------------------------------------------------------------------

void place_window(float x, float y, float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
}

namespace {

void tool_radio(EditorUi &ed, const char *label, Tool tool) {
  if (ui::RadioButton(label, ed.tool == tool)) {
    ed.tool = tool;
    ed.pending.clear();
  }
}

void brush_sizes(EditorUi &ed) {
  ui::Text("Brush size:");
  const char *sizes[] = {"1 hex", "7 hexes", "19 hexes"};
  for (int i = 0; i < 3; ++i) {
    if (i == 2) ImGui::SameLine();
    if (ui::RadioButton(sizes[i], ed.brush == i)) ed.brush = i;
  }
}

} // namespace

// The Add units tool's choices: the side, the wing and the type of the units added.
void unit_tool_options(EditorUi &ed) {
  EditorModel &m = *ed.model;
  const auto &doc = m.doc();
  for (int s = 0; s < 2; ++s)
    if (ui::RadioButton(id_label(doc.sides[s].name.empty() ? doc.sides[s].id : doc.sides[s].name,
                                 "side" + std::to_string(s))
                            .c_str(),
                        ed.side == s))
      ed.side = s, ed.wing.clear();
  std::vector<std::string> wings = m.unit_wings(ed.side);
  if (!contains(wings, ed.wing)) ed.wing = wings.empty() ? "" : wings[0];
  ui::Text("Wing:");
  for (const std::string &w : wings) {
    const editor::WingDoc *wd = doc.wing(w);
    std::string shown = !wd ? "(the side's own)" : wd->name.empty() ? w : wd->name;
    if (ui::RadioButton(id_label(shown, "wing" + w).c_str(), ed.wing == w)) ed.wing = w;
  }
  ui::Text("Type:");
  const auto &types = m.words().unit_types;
  if (!contains(types, ed.type)) ed.type = types[0];
  bool words = std::any_of(types.begin(), types.end(), [](auto &t) { return t.size() > 3; });
  for (size_t i = 0; i < types.size(); ++i) {
    const std::string &t = types[i];
    if (i % (words ? 2 : 3)) ImGui::SameLine(); // codes ("HH") three to a line, words two
    if (ui::RadioButton(("Unit " + t).c_str(), ed.type == t)) ed.type = t;
  }
  ui::TextWrapped(ed.tool == Tool::Place ? "Click the hex to place the selected unit on."
                                         : "Click a free hex to add a unit; click a unit to "
                                           "select it; drag it to move it.");
}

// The choices of the tool in hand, under the tool palette.
void tool_options(EditorUi &ed) {
  EditorModel &m = *ed.model;
  switch (ed.tool) {
  case Tool::Terrain:
  case Tool::Fill:
    for (const std::string &t : m.terrain_names())
      if (ui::RadioButton(t.c_str(), ed.terrain == t)) ed.terrain = t;
    if (ed.tool == Tool::Terrain) brush_sizes(ed);
    break;
  case Tool::Elevation:
    ImGui::SetNextItemWidth(120);
    if (ui::InputInt("Height", &ed.elevation, 0, ImGuiInputTextFlags_AutoSelectAll))
      ed.elevation = std::clamp(ed.elevation, -9, 9);
    brush_sizes(ed);
    break;
  case Tool::Hexside:
    // A feature the ruleset lacks (stakes after a change to S&S II) falls back to river; "erase"
    // is the tool's own choice, not a feature (it was reset every frame, so erasing never took).
    if (ed.feature != "erase" && !contains(m.words().hexside_features, ed.feature))
      ed.feature = "river";
    for (const std::string &f : m.words().hexside_features)
      if (ui::RadioButton(f.c_str(), ed.feature == f)) ed.feature = f;
    if (ui::RadioButton("erase", ed.feature == "erase")) ed.feature = "erase";
    ui::TextWrapped("Click two adjacent hexes, or drag across the hexsides to draw.");
    break;
  case Tool::Road:
    if (ui::RadioButton("draw road", ed.road)) ed.road = true;
    ImGui::SameLine();
    if (ui::RadioButton("erase road", !ed.road)) ed.road = false;
    brush_sizes(ed);
    ui::TextWrapped("Click or drag along the hexes a road runs through (D1: a move wholly on road "
                    "goes half as far again; D6: towns are entered by road).");
    break;
  case Tool::Units:
  case Tool::Place:
    unit_tool_options(ed);
    break;
  case Tool::Area:
  case Tool::Paste:
    ui::TextWrapped("Click two corners of an area.");
    ImGui::BeginDisabled(!ed.area);
    if (ui::Button("Copy") && ed.area) ed.clip = m.copy(*ed.area), ed.message = "Area copied.";
    ImGui::SameLine();
    if (ui::Button("Mirror") && ed.area) say(ed, m.mirror(*ed.area));
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(ed.clip.empty());
    if (ui::Button("Paste"))
      ed.tool = Tool::Paste, ed.message = "Click where the area's corner goes.";
    ImGui::EndDisabled();
    break;
  case Tool::Entry:
    ui::TextWrapped("Click the entry hexes of %s (again to remove); Esc when done.",
                    ed.unit.c_str());
    break;
  case Tool::PickHexes:
  case Tool::PickUnits:
    ui::TextWrapped("Click the %s of the special rule (again to remove); Esc when done.",
                    ed.tool == Tool::PickHexes ? "hexes" : "units");
    break;
  case Tool::PickWing:
    ui::TextWrapped(ed.pick_wave < 0 ? "Click a unit of the wing the special rule names; Esc when "
                                       "done."
                                     : "Click a unit of each wing of wave %d (again to take it "
                                       "out); Esc when done.",
                    ed.pick_wave + 1);
    break;
  }
}

void tools_window(App &app, const MapRect &r) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  ImGuiViewport *vp = ImGui::GetMainViewport();
  place_window(vp->WorkPos.x, vp->WorkPos.y, r.x - vp->WorkPos.x, vp->WorkSize.y);
  ui::Begin("Battle editor", nullptr, kPanel);
  ImGui::BeginDisabled(!m.can_undo());
  if (ui::Button("Undo")) m.undo();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!m.can_redo());
  if (ui::Button("Redo")) m.redo();
  ImGui::EndDisabled();
  ImGui::Separator();
  tool_radio(ed, "Paint terrain", Tool::Terrain);
  tool_radio(ed, "Fill", Tool::Fill);
  tool_radio(ed, "Elevation", Tool::Elevation);
  tool_radio(ed, "Hexsides", Tool::Hexside);
  if (m.doc().ruleset_def().has(Feature::Roads)) tool_radio(ed, "Roads", Tool::Road);
  tool_radio(ed, "Add units", Tool::Units);
  tool_radio(ed, "Area (copy, paste, mirror)", Tool::Area);
  ImGui::Separator();
  tool_options(ed);
  ImGui::Separator();
  if (ui::Button("Save")) save(app, false);
  ImGui::SameLine();
  if (ui::Button("Save as draft")) save(app, true);
  if (ui::Button("Play from here")) play_from_here(app);
  if (ui::Button("Close the editor")) {
    leave(app);
    app.start_screen = true;
  }
  if (!ed.message.empty()) ui::TextWrapped("%s", ed.message.c_str());
  ImGui::End();
}

} // namespace sns::app::edit
