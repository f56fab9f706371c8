// The remembered settings moved into the running app at launch and back out at quit
// (app_settings.hpp).
#include "app_settings.hpp"
#include "paths.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace sns::app {

namespace fs = std::filesystem;

namespace {

std::string battle_id_of(const BattleInfo &b) { return fs::path(b.path).stem().string(); }

bool on_some_display(int x, int y, int w, int h) {
  // At least a corner's worth of the window (its title bar) must show on a display.
  SDL_Rect window{x, y, std::min(w, 100), std::min(h, 40)};
  for (int d = 0; d < SDL_GetNumVideoDisplays(); ++d) {
    SDL_Rect bounds, overlap;
    if (SDL_GetDisplayBounds(d, &bounds) == 0 && SDL_IntersectRect(&window, &bounds, &overlap))
      return true;
  }
  return false;
}

} // namespace

fs::path settings_path() {
  return paths::config_folder(paths::xdg_from_process()) / kSettingsFileName;
}

void load_remembered_settings(App &app) {
  SettingsLoad loaded = load_settings(settings_path());
  for (const std::string &w : loaded.warnings)
    report_line("warning", "settings: " + w);
  app.settings = loaded.settings;
}

void apply_remembered_settings(App &app) {
  const Settings &s = app.settings;
  app.show_zoc = s.show_zoc, app.show_range = s.show_range, app.show_labels = s.show_labels;
  for (size_t i = 0; i < app.battles.size(); ++i)
    if (battle_id_of(app.battles[i]) == s.last_battle) app.chosen_battle = static_cast<int>(i);
  // Play over the network's form as last used (the settings' lengths fit its fields).
  auto fill = [](char *field, size_t size, const std::string &value) {
    if (!value.empty()) std::snprintf(field, size, "%s", value.c_str());
  };
  fill(app.network.name, sizeof app.network.name, s.player_name);
  fill(app.network.port, sizeof app.network.port, s.network_port);
  fill(app.network.address, sizeof app.network.address, s.network_address);
}

void remember_network_form(App &app) {
  app.settings.player_name = app.network.name;
  app.settings.network_port = app.network.port;
  app.settings.network_address = app.network.address;
}

SDL_Rect remembered_window_rect(const Settings &s) {
  SDL_Rect r{SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, s.window_width, s.window_height};
  if (s.window_x && s.window_y && on_some_display(*s.window_x, *s.window_y, r.w, r.h))
    r.x = *s.window_x, r.y = *s.window_y;
  return r;
}

SDL_WindowFlags remembered_window_flags(const Settings &s) {
  return s.maximized ? SDL_WINDOW_MAXIMIZED : static_cast<SDL_WindowFlags>(0);
}

void restore_zoom(App &app, double centre_x, double centre_y) {
  // Every fit (a game opened, the map area settling or resized) keeps the remembered zoom until
  // the player chooses one (zooming, or Home to fit the map). It was chosen for the battle shown
  // at the last quit: any other battle opens fitted (Grunwald after First Clash showed only its
  // middle at First Clash's zoom, issue 33), and so does every game after it in this run.
  if (app.zoom_restored) return;
  if (!app.has_game() || app.game().battle().id != app.settings.last_battle) {
    app.zoom_restored = true;
    return;
  }
  if (app.settings.hex_size > 0 && app.camera.size > 0)
    app.camera.zoom_at({centre_x, centre_y}, app.settings.hex_size / app.camera.size);
}

void remember_and_save_settings(App &app, SDL_Window *window) {
  Settings &s = app.settings;
  s.maximized = (SDL_GetWindowFlags(window) & SDL_WINDOW_MAXIMIZED) != 0;
  if (!s.maximized) { // a maximised window keeps the size and place it had before
    int x, y, w, h;
    SDL_GetWindowPosition(window, &x, &y);
    SDL_GetWindowSize(window, &w, &h);
    s.window_x = std::clamp(x, -kMaxWindowSide, kMaxWindowSide);
    s.window_y = std::clamp(y, -kMaxWindowSide, kMaxWindowSide);
    s.window_width = std::clamp(w, kMinWindowWidth, kMaxWindowSide);
    s.window_height = std::clamp(h, kMinWindowHeight, kMaxWindowSide);
  }
  s.show_zoc = app.show_zoc, s.show_range = app.show_range, s.show_labels = app.show_labels;
  // A map left fitted is remembered as fitted (0), so the next run fits it to its own window.
  if (app.has_game())
    s.hex_size = std::abs(app.camera.size - app.fitted_hex_size) < 0.01
                     ? 0
                     : std::clamp(app.camera.size, kMinHexSize, kMaxHexSize);
  if (app.has_game() &&
      app.session->mode() == Mode::Play) { // a lesson is no battle of the player's
    s.explain = app.explain;
    s.last_battle = app.game().battle().id;
  } else if (app.chosen_battle >= 0 && app.chosen_battle < static_cast<int>(app.battles.size()))
    s.last_battle = battle_id_of(app.battles[static_cast<size_t>(app.chosen_battle)]);
  try {
    save_settings(settings_path(), s);
  } catch (const std::exception &e) {
    report_line("warning", std::string("settings not saved: ") + e.what());
  }
}

} // namespace sns::app
