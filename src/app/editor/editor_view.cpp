// The battle editor's screen (docs/editor.md): tools on the left, the map in the middle (painted by
// click and drag), battle / sides / units / rules panels on the right, the loader's problems below.
// The map is drawn by showing the battle being edited as a game the editor owns
// (EditorUi::preview). This file: entering and leaving, the fields, Save and Play from here, the
// entry points; the map and tools are editor_map_input.cpp's, the panels editor_panels.cpp's.
#include "editor/editor_view.hpp"
#include "editor/editor_ui.hpp"
#include "paths.hpp"
#include "sns/battle_id.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <imgui.h>
#include <imgui_internal.h>

namespace fs = std::filesystem;
namespace sns::app::edit {

// --- The preview shown while editing; the player's session for Play from here ---------------

namespace {

std::string data_dir(const App &app) { return app.session->file().data_dir(); }

} // namespace

void enter(App &app) {
  EditorUi &ed = *app.editor;
  if (ed.active) return;
  ed.active = true, ed.playing = false;
  app.start_screen = app.lessons_screen = false;
  app.camera_fitted = false;
}

void leave(App &app) { app.editor->active = false; }

// The preview shows the battle as the loader last accepted it.
void refresh_preview(App &app) {
  EditorUi &ed = *app.editor;
  auto b = ed.model->preview();
  if (!b || b == ed.shown) return;
  bool resized = !ed.shown || ed.shown->columns != b->columns || ed.shown->rows != b->rows;
  ed.preview.emplace(b, Options{}, 1);
  ed.preview_view = std::make_unique<Interaction>(ed.preview->setup(), ed.preview->state());
  ed.preview_sel.clear();
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
  if ((enter || ImGui::IsItemDeactivatedAfterEdit()) && value != buffer.data()) {
    // Checked as UTF-8 where it enters (issue 31): a battle file holds UTF-8 text only.
    std::string typed = buffer.data(), bad = utf8_refusal(typed, std::string("The ") + label);
    say(ed, bad.empty() ? apply(typed) : bad + ".");
  }
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

std::string id_label(const std::string &visible, const std::string &key) {
  return visible + "##" + key;
}

namespace {

// --- Actions -----------------------------------------------------------------------------

// Where the player's battle with this id is saved (a battle's file is named by its id).
fs::path own_battle_path(const App &app, const std::string &id) {
  return fs::path(data_dir(app)) / "battles" /
         (battle_id_for_file_name(id, "new-battle") + ".json");
}

} // namespace

std::string default_path(const App &app) {
  return own_battle_path(app, app.editor->model->doc().id).string();
}

namespace {

// "new-battle", else "new-battle-2", ...: an id no shipped battle and no file of the player's has.
std::string free_battle_id(const App &app, const std::string &base) {
  auto taken = [&](const std::string &id) {
    std::error_code ignored;
    if (fs::exists(own_battle_path(app, id), ignored)) return true;
    for (const BattleInfo &b : app.battles) // shipped battles too
      if (fs::path(b.path).stem() == id) return true;
    return false;
  };
  const std::string plain = battle_id_for_file_name(base, "new-battle");
  std::string id = plain;
  for (int n = 2; taken(id); ++n)
    id = plain + "-" + std::to_string(n);
  return id;
}

} // namespace

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

namespace {

void back_to_editor_button(App &app) {
  MapRect r = map_rect(app);
  ImGui::SetNextWindowPos(ImVec2(r.x + r.w - 8, r.y + 8), ImGuiCond_Always, ImVec2(1, 0));
  ui::Begin("##editing", nullptr,
            ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
  if (ui::Button("Back to the editor")) enter(app);
  ImGui::End();
}

} // namespace

void set_tool(EditorUi &ed, Tool t) {
  ed.tool = t;
  ed.pending.clear();
}

} // namespace sns::app::edit

namespace sns::app {

using namespace edit;

bool open_editor(App &app, const std::string &path, int columns, int rows,
                 const std::string &ruleset) {
  if (!app.editor) app.editor = std::make_shared<EditorUi>();
  EditorUi &ed = *app.editor;
  editor::BattleDoc doc;
  std::vector<std::string> repairs;
  if (path.empty()) {
    doc = EditorModel::new_battle(columns, rows, ruleset);
    doc.id = free_battle_id(app, doc.id);
  } else if (std::string bad = utf8_refusal(path, "The file name"); !bad.empty()) {
    app.session->say(bad + ": rename the file to open it.");
    return false;
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
  else if (k == SDLK_r && m.doc().ruleset_def().has(Feature::Roads))
    set_tool(ed, Tool::Road);
  else if ((k == SDLK_COMMA || k == SDLK_PERIOD) && m.doc().ruleset_def().has(Feature::Facings) &&
           !ed.unit.empty()) {
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

namespace {
// The next button of a row on the same line when it fits in the column, else on the next: the
// start screen's column beside the gallery is narrower than the row (issue 33).
void same_line_if_fits(const std::string &label) {
  const ImGuiStyle &st = ImGui::GetStyle();
  float w = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + 2 * st.FramePadding.x;
  float right = ImGui::GetItemRectMax().x + st.ItemSpacing.x + w;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}
} // namespace

void editor_start_buttons(App &app) {
  if (ui::Button("Edit a battle") && !app.battles.empty()) {
    size_t chosen = std::clamp<size_t>(app.chosen_battle, 0, app.battles.size() - 1);
    const BattleInfo &bi = app.battles[chosen];
    // A shipped battle is saved as the player's copy in the data folder, never over the game's;
    // the player's own battle is saved back to its file.
    if (open_editor(app, bi.path) && !bi.own) app.editor->path = default_path(app);
  }
  for (const Ruleset *r : rulesets()) { // "New battle" under the default, "New D3 Medieval battle"
    std::string label =
        r == &default_ruleset() ? "New battle" : "New " + std::string(r->title()) + " battle";
    same_line_if_fits(label);
    if (ui::Button(label.c_str())) open_editor(app, "", 14, 10, std::string(r->json()));
  }
  if (app.editor && app.editor->model) {
    same_line_if_fits("Back to the editor");
    if (ui::Button("Back to the editor")) enter(app);
  }
}

void set_editor_seed(App &app, uint64_t seed) {
  if (app.editor) app.editor->seed = seed;
}

} // namespace sns::app
