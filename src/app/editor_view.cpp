// The battle editor's screen (docs/editor.md): tools on the left, the map in the middle (painted by
// click and drag), battle / sides / units / rules panels on the right, the loader's problems below.
// The map is drawn by showing the battle being edited as a game of a private preview session.
#include "editor_view.hpp"

#include "editor_model.hpp"
#include "paths.hpp"
#include "sns/json_io.hpp"
#include "ui.hpp"
#include "words.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <functional>
#include <imgui.h>
#include <imgui_internal.h>
#include <map>

namespace fs = std::filesystem;

namespace sns::app {

using editor::EditorModel;

enum class Tool {
  Terrain,
  Fill,
  Elevation,
  Hexside,
  Road,
  Units,
  Place,
  Area,
  Paste,
  Entry,
  PickHexes,
  PickUnits,
  PickWing, // a special rule's wing, or a wing of one of its waves: click a unit of it
};

struct EditorUi {
  std::unique_ptr<EditorModel> model;
  // While the editor is shown, app.session is the preview session and `stashed` the player's; while
  // it is not, `preview` holds the preview session.
  std::unique_ptr<Session> preview, stashed;
  std::shared_ptr<const Battle> shown; // the battle the preview session shows
  bool active = false, playing = false;
  uint64_t seed = 0; // for Play from here (--seed); 0: the app's next seed
  std::string path;
  std::string owned; // the file this editing opened or saved: the only existing file Save replaces
  std::string message;

  Tool tool = Tool::Terrain;
  std::string terrain = "woods", feature = "river", type = "V", wing;
  int brush = 0, elevation = 1, side = 0;
  bool road = true;      // the Road tool draws (or erases) roads
  std::string unit;      // the selected unit's id
  std::string pending;   // first hex of a hexside or corner of an area
  std::string last_hex;  // during a drag
  std::string drag_unit; // a unit being dragged
  bool stroking = false;
  bool dragged_side = false;
  std::optional<editor::Area> area;
  editor::MapClip clip;
  std::string panel = "Battle";
  int pick_special = -1, pick_wave = -1; // pick_wave -1: the rule's "wing" field
  std::string pick_field;
  std::string focus_hex; // a problem's hex, lit
  int open_index = -1;   // a side or special rule to open in its panel
  int columns = 14, rows = 10;
  std::string new_terrain, new_wing[2], new_kind = "instant_win_on_entry";
  bool new_impassable = false, new_blocks_los = false;
  int new_kind_side = 0;
  std::map<ImGuiID, std::array<char, 512>> text_buffers;
  std::map<ImGuiID, int> int_buffers;
};

namespace {

// --- Sessions: the preview shown while editing, the player's for Play from here --------------

std::string data_dir(const App &app) {
  const EditorUi &ed = *app.editor;
  if (ed.stashed) return ed.stashed->data_dir();
  return app.session->data_dir();
}

void enter(App &app) {
  EditorUi &ed = *app.editor;
  if (ed.active) return;
  ed.stashed = std::move(app.session);
  app.session = std::move(ed.preview);
  ed.active = true, ed.playing = false;
  app.start_screen = app.lessons_screen = false;
  app.camera_fitted = false;
}

void leave(App &app) {
  EditorUi &ed = *app.editor;
  if (!ed.active) return;
  ed.preview = std::move(app.session);
  app.session = std::move(ed.stashed);
  ed.active = false;
}

// The preview session shows the battle as the loader last accepted it.
void refresh_preview(App &app) {
  EditorUi &ed = *app.editor;
  auto b = ed.model->preview();
  if (!b || b == ed.shown) return;
  bool resized = !ed.shown || ed.shown->columns != b->columns || ed.shown->rows != b->rows;
  app.session->new_game(b, Options{}, 1);
  ed.shown = b;
  if (resized) app.camera_fitted = false;
}

void say(EditorUi &ed, const std::string &why) {
  if (!why.empty()) ed.message = why;
}

// --- Fields that apply their value when Enter is pressed or the field is left --------------

void text_field(EditorUi &ed, const char *label, const std::string &value,
                const std::function<std::string(const std::string &)> &apply) {
  ImGuiID id = ImGui::GetID(label);
  auto &buffer = ed.text_buffers[id];
  if (ImGui::GetActiveID() != id) std::snprintf(buffer.data(), buffer.size(), "%s", value.c_str());
  bool enter =
      ui::InputText(label, buffer.data(), buffer.size(),
                    ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if ((enter || ImGui::IsItemDeactivatedAfterEdit()) && value != buffer.data())
    say(ed, apply(buffer.data()));
}

void int_field(EditorUi &ed, const char *label, int value,
               const std::function<std::string(int)> &apply) {
  ImGuiID id = ImGui::GetID(label);
  int &v = ed.int_buffers[id];
  if (ImGui::GetActiveID() != id) v = value;
  // No step buttons: the field is then one widget under its label's id (GetActiveID above), and a
  // script's press lands in it.
  bool enter = ui::InputInt(
      label, &v, 0, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if ((enter || ImGui::IsItemDeactivatedAfterEdit()) && v != value) say(ed, apply(v));
}

// A choice from a list; returns the chosen item when it changed.
std::optional<std::string> choose(const char *label, const std::string &current,
                                  const std::vector<std::string> &items) {
  std::optional<std::string> chosen;
  if (ui::BeginCombo(label, current.c_str())) { // both noted: a script opens it and chooses
    for (const std::string &item : items)
      if (ui::Selectable(item.c_str(), item == current) && item != current) chosen = item;
    ImGui::EndCombo();
  }
  return chosen;
}

template <typename List> bool contains(const List &list, const std::string &v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

std::string id_label(const std::string &visible, const std::string &key) {
  return visible + "##" + key;
}

// --- Actions -----------------------------------------------------------------------------

// Where the player's battle with this id is saved (a battle's file is named by its id).
fs::path own_battle_path(const App &app, const std::string &id) {
  return fs::path(data_dir(app)) / "battles" / (id + ".json");
}

std::string default_path(const App &app) {
  return own_battle_path(app, app.editor->model->doc().id).string();
}

// "new-battle", else "new-battle-2", ...: an id no shipped battle and no file of the player's has.
std::string free_battle_id(const App &app, const std::string &base) {
  auto taken = [&](const std::string &id) {
    std::error_code ignored;
    if (fs::exists(own_battle_path(app, id), ignored)) return true;
    for (const BattleInfo &b : app.battles) // shipped battles too
      if (fs::path(b.path).stem() == id) return true;
    return false;
  };
  std::string id = base;
  for (int n = 2; taken(id); ++n)
    id = base + "-" + std::to_string(n);
  return id;
}

void save(App &app, bool draft) {
  EditorUi &ed = *app.editor;
  if (ed.path.empty()) ed.path = default_path(app);
  std::error_code ignored;
  // Another battle's file is never replaced: a player's first battle must survive the second.
  if (fs::exists(ed.path, ignored) && ed.path != ed.owned) {
    ed.message = ed.path + " is another battle's file: give this battle another id (Battle panel) "
                           "before saving.";
    return;
  }
  fs::create_directories(fs::path(ed.path).parent_path(), ignored);
  std::string why = ed.model->save(ed.path, draft);
  ed.message = why.empty() ? (ed.model->valid() ? "Saved " : "Saved as a draft: ") + ed.path : why;
  if (why.empty()) { // the start screen lists the player's battles too, this one chosen
    ed.owned = ed.path;
    app.scan_battles();
    app.choose_battle(ed.path);
  }
}

void play_from_here(App &app) {
  EditorUi &ed = *app.editor;
  auto b = ed.model->battle();
  if (!b) {
    ed.message = "The battle has problems (listed below the map): fix them before playing it.";
    return;
  }
  leave(app);
  ed.playing = true;
  uint64_t seed = ed.seed ? ed.seed : app.next_seed();
  app.new_game(b, Options{.practice = app.practice_choice}, seed);
}

void centre_on(App &app, const std::string &label) {
  if (!app.has_game()) return;
  const Battle &b = app.game().battle();
  auto h = b.parse_hex(label);
  if (!h) return;
  MapRect r = map_rect(app);
  PointF c = app.camera.centre(b, *h);
  app.camera.pan(r.x + r.w / 2 - c.x, r.y + r.h / 2 - c.y);
}

void go_to(App &app, const editor::Problem &p) {
  EditorUi &ed = *app.editor;
  const auto &doc = ed.model->doc();
  if (p.unit >= 0 && p.unit < static_cast<int>(doc.units.size())) ed.unit = doc.units[p.unit].id;
  if (p.panel == "units") ed.panel = "Units";
  if (p.panel == "sides") ed.panel = "Sides";
  if (p.panel == "rules") ed.panel = "Rules";
  if (p.panel == "battle") ed.panel = "Battle";
  ed.open_index = p.index;
  ed.focus_hex = p.hex;
  if (!p.hex.empty()) centre_on(app, p.hex);
}

bool adjacent(const std::string &a, const std::string &b) {
  auto x = parse_label(a), y = parse_label(b);
  return x && y && distance(from_offset(*x), from_offset(*y)) == 1;
}

// --- The map's input ---------------------------------------------------------------------

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
    if (!ed.pending.empty() && adjacent(ed.pending, hex)) {
      say(ed, m.set_hexside(ed.pending, hex, ed.feature == "erase" ? "" : ed.feature));
      ed.pending.clear();
    } else {
      if (!ed.pending.empty() && ed.pending != hex) // a second click that names no hexside
        say(ed, hex + " is not next to " + ed.pending +
                    ": a hexside lies between two adjacent hexes. " + hex +
                    " is the first hex now.");
      ed.pending = hex;
    }
    break;
  case Tool::Road:
    m.begin_stroke();
    ed.stroking = true;
    say(ed, m.set_road(hex, ed.road, ed.brush));
    break;
  case Tool::Units:
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
    if (at < 0) break;
    if (const std::string &w = m.doc().units[at].wing; w.empty())
      ed.message = "This side has no wings yet: add one in the Sides panel.";
    else if (ed.pick_wave < 0)
      say(ed, m.set_special_wing(ed.pick_special, w));
    else
      say(ed, m.toggle_wave_wing(ed.pick_special, ed.pick_wave, w));
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
  if (!doc.d3()) return;
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
  draw_terrain(app, app.camera, bg, r);
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
constexpr ImGuiWindowFlags kPanel =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;

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
  if (m.doc().d3()) tool_radio(ed, "Roads", Tool::Road);
  tool_radio(ed, "Add units", Tool::Units);
  tool_radio(ed, "Area (copy, paste, mirror)", Tool::Area);
  ImGui::Separator();
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
  case Tool::Place: {
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
    for (size_t i = 0; i < types.size(); ++i) {
      const std::string &t = types[i];
      if (i % (doc.d3() ? 2 : 3)) ImGui::SameLine();
      if (ui::RadioButton(("Unit " + t).c_str(), ed.type == t)) ed.type = t;
    }
    ui::TextWrapped(ed.tool == Tool::Place ? "Click the hex to place the selected unit on."
                                           : "Click a free hex to add a unit; click a unit to "
                                             "select it; drag it to move it.");
    break;
  }
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
  static const std::vector<std::string> rulesets = {editor::kRulesetSsii, editor::kRulesetD3};
  if (auto r = choose("Ruleset", d.ruleset, rulesets)) say(ed, m.set_ruleset(*r));
  ui::TextDisabled(d.d3() ? "D3 Medieval (docs/rules-d3.md): facings, roads, stakes; no markers"
                          : "Shields & Swords II: Command Markers, faces, reinforcements");
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
  if (m.doc().d3()) { // D2: a facing instead of faces; no reinforcements in D3
    ui::Text("Facing (D2; keys , and . turn it):");
    for (int f = 0; f < 6; ++f) {
      if (f % 3) ImGui::SameLine();
      if (ui::RadioButton(editor::kD3Facings[f], u.facing == f)) say(ed, m.set_facing(id, f));
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
  for (const auto &unit : d.units) {
    std::string where = unit.hex             ? *unit.hex
                        : unit.reinforcement ? "turn " + std::to_string(unit.reinforcement->turn)
                                             : "nowhere";
    std::string label =
        unit.id + "  " + unit.type + "  " + (unit.wing.empty() ? unit.side : unit.wing) + "  " +
        where +
        (unit.facing ? std::string("  facing ") + editor::kD3Facings[*unit.facing % 6] : "");
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
  bool d3 = m.doc().d3();
  if (!d3) {
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
  ui::Text(d3 ? "Wings (optional in D3: without them the side is one wing):" : "Wings:");
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

void rules_panel(App &app) {
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  const auto &d = m.doc();
  auto side_label = [&](int s) {
    return d.sides[s].name.empty() ? d.sides[s].id : d.sides[s].name;
  };
  ui::Text("First player:");
  for (int s = 0; s < 2; ++s) {
    ImGui::SameLine();
    if (ui::RadioButton(id_label(side_label(s), "first" + std::to_string(s)).c_str(),
                        d.rules.first_player == d.sides[s].id))
      say(ed, m.set_rule("first_player", d.sides[s].id));
  }
  if (!d.d3()) {
    ui::Text("Initiative:");
    for (int s = 0; s < 2; ++s) {
      ImGui::SameLine();
      if (ui::RadioButton(id_label(side_label(s), "init" + std::to_string(s)).c_str(),
                          d.rules.initiative == d.sides[s].id))
        say(ed, m.set_rule("initiative", d.sides[s].id));
    }
  }
  bool limited = d.rules.last_turn.has_value();
  if (ui::Checkbox(d.d3() ? "Last turn (else 15, D4)" : "Last turn", &limited))
    say(ed, m.set_last_turn(limited ? std::optional<int>(d.d3() ? 15 : 16) : std::nullopt));
  if (d.rules.last_turn) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    int_field(ed, d.d3() ? "Game turns" : "Player Turns", *d.rules.last_turn,
              [&](int v) { return m.set_last_turn(v); });
  }
  std::vector<std::string> at_end{"(none)", "draw", "most_vp", d.sides[0].id, d.sides[1].id};
  if (auto v = choose("At the end", d.rules.at_end.value_or("(none)"), at_end))
    say(ed, m.set_rule("at_end", *v == "(none)" ? "" : *v));
  std::vector<std::string> wi{"(none)"};
  wi.insert(wi.end(), editor::kWingIntegrity.begin(), editor::kWingIntegrity.end());
  if (!d.d3())
    if (auto v = choose("Wing Integrity", d.rules.wing_integrity.value_or("(none)"), wi))
      say(ed, m.set_rule("wing_integrity", *v == "(none)" ? "" : *v));
  ImGui::Separator();
  ui::Text("Special rules (%zu of 8):", d.special.size());
  std::vector<std::string> kinds;
  for (const auto &k : editor::special_kinds())
    if (k.in_d3 || !d.d3()) kinds.push_back(k.kind);
  if (!contains(kinds, ed.new_kind)) ed.new_kind = kinds[0];
  if (auto k = choose("Kind", ed.new_kind, kinds)) ed.new_kind = *k;
  for (int s = 0; s < 2; ++s) {
    if (s) ImGui::SameLine();
    if (ui::RadioButton(id_label(side_label(s), "newside" + std::to_string(s)).c_str(),
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
        if (ui::RadioButton(id_label(side_label(s), "spside" + std::to_string(s)).c_str(),
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

void back_to_editor_button(App &app) {
  MapRect r = map_rect(app);
  ImGui::SetNextWindowPos(ImVec2(r.x + r.w - 8, r.y + 8), ImGuiCond_Always, ImVec2(1, 0));
  ui::Begin("##editing", nullptr,
            ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (ui::Button("Back to the editor")) enter(app);
  ImGui::End();
}

void set_tool(EditorUi &ed, Tool t) {
  ed.tool = t;
  ed.pending.clear();
}

} // namespace

bool open_editor(App &app, const std::string &path, int columns, int rows,
                 const std::string &ruleset) {
  if (!app.editor) app.editor = std::make_shared<EditorUi>();
  EditorUi &ed = *app.editor;
  editor::BattleDoc doc;
  std::vector<std::string> repairs;
  if (path.empty()) {
    doc = EditorModel::new_battle(columns, rows, ruleset);
    doc.id = free_battle_id(app, doc.id);
  } else {
    try {
      doc = editor::doc_from_json(read_json_file(path, kMaxInputBytes), &repairs);
    } catch (const std::exception &e) {
      app.session->say(e.what());
      return false;
    }
  }
  ed.model = std::make_unique<EditorModel>(doc);
  ed.columns = doc.columns, ed.rows = doc.rows;
  ed.unit.clear(), ed.pending.clear(), ed.focus_hex.clear();
  ed.area.reset();
  ed.tool = Tool::Terrain;
  ed.message = path.empty() ? "A new map: paint it, add units, then Save." : "Opened " + path;
  for (const std::string &r : repairs)
    ed.message += "\nRepaired " + r;
  if (!ed.active && !ed.preview) {
    fs::path dir = fs::path(app.session->data_dir()) / "editor-preview";
    std::error_code ignored;
    fs::create_directories(dir, ignored);
    ed.preview = std::make_unique<Session>(app.root, dir.string());
  }
  enter(app);
  ed.path = ed.owned = path;
  if (ed.path.empty()) ed.path = default_path(app);
  ed.shown = nullptr;
  refresh_preview(app);
  return true;
}

bool editor_frame(App &app) {
  if (!app.editor) return false;
  EditorUi &ed = *app.editor;
  if (ed.playing && !ed.active) {
    if (!app.start_screen && app.has_game()) back_to_editor_button(app);
    return false;
  }
  if (!ed.active) return false;
  if (app.start_screen) { // the menu's Start screen: the player's session comes back
    leave(app);
    return false;
  }
  refresh_preview(app);
  MapRect r = map_rect(app);
  tools_window(app, r);
  panels_window(app, r);
  problems_window(app, r);
  if (app.has_game()) map_area(app, r);
  return true;
}

std::string editor_title(const App &app) {
  if (!app.editor || !app.editor->active || !app.editor->model) return "";
  const EditorUi &ed = *app.editor;
  const auto &doc = ed.model->doc();
  return "Battle editor: " + (doc.name.empty() ? doc.id : doc.name) + " - " + ed.path +
         (ed.model->dirty() ? " (not saved)" : "");
}

bool editor_key(App &app, const SDL_Event &e) {
  if (!app.editor || !app.editor->active || e.type != SDL_KEYDOWN) return false;
  if (ImGui::GetIO().WantTextInput) return true;
  EditorUi &ed = *app.editor;
  EditorModel &m = *ed.model;
  bool ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0, shift = (e.key.keysym.mod & KMOD_SHIFT) != 0;
  SDL_Keycode k = e.key.keysym.sym;
  if (k == SDLK_F1 || k == SDLK_F12 || (ctrl && k == SDLK_q)) return false; // the app's own
  if (ctrl && k == SDLK_z && !shift)
    m.undo();
  else if (ctrl && (k == SDLK_y || k == SDLK_z))
    m.redo();
  else if (ctrl && k == SDLK_s)
    save(app, shift);
  else if (ctrl && k == SDLK_c && ed.area)
    ed.clip = m.copy(*ed.area), ed.message = "Area copied.";
  else if (ctrl && k == SDLK_v && !ed.clip.empty())
    set_tool(ed, Tool::Paste);
  else if (k == SDLK_F5)
    play_from_here(app);
  else if (k == SDLK_t)
    set_tool(ed, Tool::Terrain);
  else if (k == SDLK_f)
    set_tool(ed, Tool::Fill);
  else if (k == SDLK_e)
    set_tool(ed, Tool::Elevation);
  else if (k == SDLK_h)
    set_tool(ed, Tool::Hexside);
  else if (k == SDLK_r && m.doc().d3())
    set_tool(ed, Tool::Road);
  else if ((k == SDLK_COMMA || k == SDLK_PERIOD) && m.doc().d3() && !ed.unit.empty()) {
    int u = m.doc().unit_index(ed.unit); // D2: turn the selected unit one hexside
    if (u >= 0)
      say(ed,
          m.set_facing(ed.unit, m.doc().units[u].facing.value_or(0) + (k == SDLK_PERIOD ? 1 : -1)));
  } else if (k == SDLK_u)
    set_tool(ed, Tool::Units);
  else if (k == SDLK_a)
    set_tool(ed, Tool::Area);
  else if (k == SDLK_m && ed.area)
    say(ed, m.mirror(*ed.area));
  else if (k == SDLK_LEFTBRACKET)
    ed.brush = std::max(0, ed.brush - 1);
  else if (k == SDLK_RIGHTBRACKET)
    ed.brush = std::min(2, ed.brush + 1);
  else if (k == SDLK_DELETE && !ed.unit.empty()) {
    say(ed, m.remove_unit(ed.unit));
    ed.unit.clear();
  } else if (k == SDLK_ESCAPE) {
    if (ed.tool == Tool::Entry || ed.tool == Tool::Place) ed.tool = Tool::Units;
    if (ed.tool == Tool::PickHexes || ed.tool == Tool::PickUnits || ed.tool == Tool::PickWing ||
        ed.tool == Tool::Paste)
      ed.tool = Tool::Area;
    ed.pending.clear(), ed.area.reset(), ed.focus_hex.clear();
  } else if (k == SDLK_l)
    app.show_labels = !app.show_labels;
  else
    camera_key(app, k);
  return true;
}

void editor_start_buttons(App &app) {
  if (ui::Button("Edit a battle") && !app.battles.empty()) {
    size_t chosen = std::clamp<size_t>(app.chosen_battle, 0, app.battles.size() - 1);
    const BattleInfo &bi = app.battles[chosen];
    // A shipped battle is saved as the player's copy in the data folder, never over the game's;
    // the player's own battle is saved back to its file.
    if (open_editor(app, bi.path) && !bi.own) app.editor->path = default_path(app);
  }
  ImGui::SameLine();
  if (ui::Button("New battle")) open_editor(app, "");
  ImGui::SameLine();
  if (ui::Button("New D3 Medieval battle")) open_editor(app, "", 14, 10, editor::kRulesetD3);
  if (app.editor && app.editor->model) {
    ImGui::SameLine();
    if (ui::Button("Back to the editor")) enter(app);
  }
}

void set_editor_seed(App &app, uint64_t seed) {
  if (app.editor) app.editor->seed = seed;
}

} // namespace sns::app
