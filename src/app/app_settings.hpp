// The remembered settings (settings.hpp) moved into the running app at launch and back out at quit:
// the overlays, explain mode, last battle and zoom in App, the window's size and place in SDL.
#pragma once
#include "app.hpp"
#include "settings.hpp"

#include <SDL.h>

namespace sns::app {

// $XDG_CONFIG_HOME/shields-swords/settings.json (or ~/.config/...).
std::filesystem::path settings_path();

// Loads the settings file into app.settings (warnings to stderr: a bad file never stops the app).
void load_remembered_settings(App &app);
// Applies the overlays and the last battle (chosen on the start screen); call after
// App::scan_battles(). The UI scale, window, explain mode and zoom are read from app.settings
// where they are used.
void apply_remembered_settings(App &app);

// Where the window opens: the remembered size, and the remembered place when it is still on a
// display (centred otherwise). SDL must be initialised.
SDL_Rect remembered_window_rect(const Settings &s);
SDL_WindowFlags remembered_window_flags(const Settings &s);

// After the first fit of the map in this run, zooms to the remembered hex size around the map's
// centre (later fits, e.g. Home, fit the map).
void restore_zoom(App &app, double centre_x, double centre_y);

// Keeps Play over the network's name, port and address (app.network) in app.settings, written
// with the rest at quit (a headless run, a script, writes none) and put back in the form by
// apply_remembered_settings.
void remember_network_form(App &app);

// Reads the current window, overlays, zoom, explain mode and battle into app.settings and writes
// the file (a failure is reported on stderr, never fatal).
void remember_and_save_settings(App &app, SDL_Window *window);

} // namespace sns::app
