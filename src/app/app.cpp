// The App's flows that change what the window shows (games opened and started, Explain mode,
// saving, the rules text), the map's place between the panels and the camera's keys.
#include "app.hpp"
#include "editor/editor_ui.hpp"
#include "replay/replay_panel.hpp"

#include <SDL.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <imgui.h>
#include <iostream>
#include <sstream>

namespace fs = std::filesystem;

namespace sns::app {

bool camera_key(App &app, SDL_Keycode k) {
  bool zoom_in = k == SDLK_PLUS || k == SDLK_EQUALS || k == SDLK_KP_PLUS;
  bool zoom_out = k == SDLK_MINUS || k == SDLK_KP_MINUS;
  if (k == SDLK_HOME)
    app.camera_fitted = false, app.zoom_restored = true; // fit, and keep fitting
  else if (k == SDLK_LEFT)
    app.camera.pan(40, 0);
  else if (k == SDLK_RIGHT)
    app.camera.pan(-40, 0);
  else if (k == SDLK_UP)
    app.camera.pan(0, 40);
  else if (k == SDLK_DOWN)
    app.camera.pan(0, -40);
  else if (zoom_in || zoom_out) {
    MapRect r = map_rect(app);
    app.camera.zoom_at({r.x + r.w / 2.0, r.y + r.h / 2.0}, zoom_in ? 1.2 : 1 / 1.2);
    app.zoom_restored = true; // the player's zoom from now on
  } else
    return false;
  return true;
}

std::string json_line(const nlohmann::json &j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void report_line(const char *kind, const std::string &text) {
  std::cerr << json_line(nlohmann::json{{kind, text}}) << "\n";
}

void App::back_to_game() { start_screen = lessons_screen = false; }

void App::game_shown() {
  camera_fitted = false;
  start_screen = lessons_screen = network_screen = false;
  save_as_open = false;
  result_hidden = false;
  result_report.clear();
  dice_shown.clear();
  die_frames = 0;
}

// Explain mode as the player left it, else on in the teaching battles only.
bool App::explains(const Battle &battle) const {
  return settings.explain.value_or(is_teaching_battle(battle.id));
}

bool is_teaching_battle(std::string_view battle_id) {
  return std::find(std::begin(kTeachingBattles), std::end(kTeachingBattles), battle_id) !=
         std::end(kTeachingBattles);
}

// The player's own choice, kept for the games opened after it in this run (and saved at quit).
void App::set_explain(bool on) {
  explain = on;
  settings.explain = on;
}

void App::new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed) {
  explain = explains(*battle);
  session->file().new_game(std::move(battle), options, seed);
  game_shown();
}

bool App::open(const std::string &path, uint64_t seed_for_battle) {
  // A battle opened from a file is a new game like one from the start screen: practice or not as
  // chosen there (practice by default).
  if (!session->file().open(path, seed_for_battle, Options{.practice = practice_choice}))
    return false;
  if (session->has_game()) explain = explains(session->game().battle()); // a saved game too
  game_shown();
  return true;
}

bool App::continue_autosave() {
  if (!session->file().continue_autosave()) return false;
  explain = explains(session->game().battle());
  game_shown();
  return true;
}

bool App::editor_shown() const { return editor && editor->active; }

const Game &App::game() const { return editor_shown() ? *editor->preview : session->game(); }

const Interaction &App::view() const {
  return editor_shown() ? *editor->preview_view : session->view();
}

Selection &App::sel() { return editor_shown() ? editor->preview_sel : session->selection(); }

bool App::has_game() const {
  if (editor_shown()) return editor->preview.has_value();
  return session && session->has_game();
}

uint64_t App::next_seed() const {
  if (fixed_seed) return *fixed_seed;
  return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

void App::save() {
  if (session->file().save() == Session::Saved::NeedsName) {
    std::snprintf(save_as_buffer, sizeof save_as_buffer, "%s",
                  session->file().suggested_save_path().c_str());
    save_as_open = true;
  }
}

void App::load_rules() {
  auto read = [&](const char *file) {
    std::ifstream in(fs::path(root) / "assets" / file);
    std::stringstream text;
    text << in.rdbuf();
    return parse_rules_text(text.str());
  };
  for (const Ruleset *r : rulesets()) // D3 Medieval battles show rules-d3.md (D1-D14)
    rules[static_cast<size_t>(r->id)] = read(r->rules_file);
}

MapRect map_rect(const App &app) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  if (app.panels_hidden) // Tab: the map takes the whole window
    return {vp->WorkPos.x, vp->WorkPos.y, vp->WorkSize.x, vp->WorkSize.y};
  float left = 250 * app.ui_scale, right = 360 * app.ui_scale;
  // In a short window (1280x720) the log gives the map up to 60 px of its height: a big map's
  // counters are sized by the map's height there (Grunwald's fitted view, issue 33).
  float log_h =
      std::clamp(vp->WorkSize.y - 560 * app.ui_scale, 130 * app.ui_scale, 190 * app.ui_scale);
  float top = replay_controls_height(app); // the replay's controls sit above the map
  return {vp->WorkPos.x + left, vp->WorkPos.y + top, std::max(50.0f, vp->WorkSize.x - left - right),
          std::max(50.0f, vp->WorkSize.y - log_h - top)};
}

} // namespace sns::app
