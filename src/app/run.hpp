// The app's run: its window and renderer, Dear ImGui on them, the event loop until quit, and the
// end of the run (settings remembered, everything closed, what scripts and reports say).
#pragma once
#include "app.hpp"
#include "launch.hpp"
#include "replay/replay_panel.hpp"
#include "script_runner.hpp"

#include <SDL.h>
#include <optional>

namespace sns::app {

struct Window {
  SDL_Window *window = nullptr;
  SDL_Renderer *renderer = nullptr;
};

// The session on the data folder, or on a scratch folder for runs that are not a player's game.
void start_session(App &app, bool headless, bool scripted, std::optional<ScratchFolder> &scratch);
// The window where the settings or the options put it, and a renderer (software when headless);
// false (reported) when there is none.
bool open_window(App &app, const LaunchOptions &opt, bool headless, bool scripted, Window &w);
// Dear ImGui on the window, its fonts and style, then the battles, rules and remembered settings.
bool start_imgui(App &app, const Window &w);
// Frames until quit (the window closed, the script or report done, the screenshot taken); the exit
// code, 0 when the run went well.
int run_loop(App &app, const Window &w, const LaunchOptions &opt, ScriptRunner *script,
             ReportShots *report, bool headless);
void close_window(const Window &w);
// What a script or a report run says at its end, and its exit code.
int finish_run(const LaunchOptions &opt, ScriptRunner *script, ReportShots *report);

} // namespace sns::app
