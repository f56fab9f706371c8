// shields-swords: the desktop app (SDL2 + Dear ImGui). main() only starts things: the options
// (launch.cpp), SDL and the window (run.cpp), the first screen, the loop, the end of the run.
#include "app.hpp"
#include "app_settings.hpp"
#include "launch.hpp"
#include "paths.hpp"
#include "run.hpp"
#include "script_runner.hpp"

#include <SDL.h>
#include <SDL_image.h>
#include <optional>

using namespace sns;
using namespace sns::app;

int main(int argc, char **argv) {
  LaunchOptions opt;
  std::optional<ScriptRunner> script;
  try {
    if (!parse_options(argc, argv, opt)) return 0;
    if (!opt.script.empty()) script.emplace(load_script(opt.script), opt.script);
  } catch (const std::exception &e) {
    report_error(e.what());
    return 1;
  }
  if (!opt.print_lesson_script.empty())
    return print_lesson_script(argv[0], opt.print_lesson_script);
  if (!opt.print_game_script.empty()) return print_game_script(opt.print_game_script);
  std::optional<ReportShots> report;
  if (!opt.report.empty()) report.emplace(opt.report);
  bool headless = !opt.screenshot.empty() || opt.bench_frames > 0 || script || report;
  if (headless) {
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
    // A plain X11 framebuffer: no GL driver to load.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
  }
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    report_error(std::string("cannot start SDL: ") + SDL_GetError());
    return 2;
  }
  IMG_Init(IMG_INIT_PNG);
  App app;
  try { // data from SNS_ROOT, the install prefix or the source tree (paths.hpp)
    app.root = paths::find_data_root(paths::search_from_process(argv[0], SNS_SOURCE_DIR)).string();
  } catch (const std::exception &e) {
    report_error(e.what());
    return 2;
  }
  std::optional<ScratchFolder> scratch;
  start_session(app, headless, script.has_value(), scratch);
  Window w;
  if (!open_window(app, opt, headless, script.has_value(), w)) return 2;
  if (!start_imgui(app, w)) return 2;
  if (!open_first_screen(app, opt, script.has_value())) return 2;
  ScriptRunner *scripted = script ? &*script : nullptr;
  ReportShots *reporting = report ? &*report : nullptr;
  if (int failed = run_loop(app, w, opt, scripted, reporting, headless)) return failed;
  if (!headless) remember_and_save_settings(app, w.window);
  close_window(w);
  return finish_run(opt, scripted, reporting);
}
