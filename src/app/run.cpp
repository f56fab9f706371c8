// The app's run: the window, Dear ImGui, the event loop with its idle waits and frame timings,
// and the end of the run.
#include "run.hpp"
#include "app_settings.hpp"
#include "frame.hpp"
#include "paths.hpp"
#include "play/map_layer.hpp"
#include "start/gallery.hpp"
#include "widgets/counter_cache.hpp"
#include "widgets/ui.hpp"

#include <SDL_image.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <iostream>

namespace fs = std::filesystem;

namespace sns::app {

namespace {

bool load_fonts(App &app, SDL_Renderer *renderer) {
  const char *regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  const char *bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
  if (!fs::exists(regular) || !fs::exists(bold)) {
    report_error(std::string("fonts not found: ") + regular +
                 " (install the fonts-dejavu-core package)");
    return false;
  }
  ImGuiIO &io = ImGui::GetIO();
  app.fonts.ui = io.Fonts->AddFontFromFileTTF(regular, 15.0f * app.ui_scale);
  app.fonts.bold = io.Fonts->AddFontFromFileTTF(bold, 28.0f * app.ui_scale);
  return app.fonts.ui && app.fonts.bold && open_counter_cache(renderer, bold);
}

// After input, frames keep coming this long: a click's effect (a window opening, a panel's new
// size) shows in the frames after the one that saw it.
constexpr Uint32 kLivelyMs = 300;

// How long the window may sleep waiting for input: not at all while something moves (a rolling
// die, the turn banner fading, the moment after input); briefly while the computer thinks or
// pauses between its moves, a hint is being searched, or a network game is open (their answers
// come without an event);
// otherwise until input arrives, waking twice a second (an idle window uses no CPU).
int wait_for_input_ms(const App &app, Uint32 lively_until) {
  bool banner = app.banner.since >= 0 && ImGui::GetTime() - app.banner.since < kBannerSeconds + 0.1;
  if (app.die_frames > 0 || banner || !SDL_TICKS_PASSED(SDL_GetTicks(), lively_until)) return 0;
  if (app.session->seat().computer_to_act() || app.session->seat().hint_pending()) return 15;
  if (app.session->remote()) return 50; // the opponent's moves and words come without an event
  return 500;
}

// The main thread's CPU time: a frame's cost without the time other programs took the core.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Median and 99th percentile of the frames after the first two (which build the caches).
std::pair<double, double> median_and_p99(const std::vector<double> &ms) {
  std::vector<double> sorted(ms.begin() + std::min<size_t>(2, ms.size()), ms.end());
  std::sort(sorted.begin(), sorted.end());
  if (sorted.empty()) return {0, 0};
  return {sorted[sorted.size() / 2], sorted[std::min(sorted.size() - 1, sorted.size() * 99 / 100)]};
}

void report_frame_times(const std::vector<double> &frame_ms, const std::vector<double> &cpu_ms,
                        int frames, int drawn) {
  auto [median, p99] = median_and_p99(frame_ms);
  auto [cpu_median, cpu_p99] = median_and_p99(cpu_ms);
  std::cout << nlohmann::json{{"frames", frames},      {"median_ms", median},
                              {"p99_ms", p99},         {"cpu_median_ms", cpu_median},
                              {"cpu_p99_ms", cpu_p99}, {"map_art_redraws", map_art_redraws()},
                              {"frames_drawn", drawn}}
                   .dump()
            << "\n";
}

// --bench-zoom and --bench-pan: after the first frame has fitted the map, zoom in that many
// steps about the map's middle, then pan that many pixels a frame, turning back every 40 frames,
// so the benchmark times a pan and counts the art's redraws over it.
void bench_camera(App &app, const LaunchOptions &opt, int frames) {
  if (frames < 1 || !app.has_game() || app.start_screen) return;
  if (frames == 1 && opt.bench_zoom > 0) {
    MapRect r = map_rect(app);
    app.camera.zoom_at(PointF{r.x + r.w / 2, r.y + r.h / 2}, std::pow(1.15, opt.bench_zoom));
  }
  if (opt.bench_pan != 0)
    app.camera.pan(((frames - 1) / 40) % 2 ? -opt.bench_pan : opt.bench_pan, 0);
}

} // namespace

void start_session(App &app, bool headless, bool scripted, std::optional<ScratchFolder> &scratch) {
  // A picture or a frame count is not a game the player is having: those runs keep their autosave
  // and recent games in a scratch folder, so the player's own are never touched.
  if (headless && !scripted) scratch.emplace();
  app.session = std::make_unique<Session>(
      app.root, scratch
                    ? scratch->path.string()
                    : paths::ensure_folder(paths::data_folder(paths::xdg_from_process())).string());
}

bool open_window(App &app, const LaunchOptions &opt, bool headless, bool scripted, Window &w) {
  if (!headless) load_remembered_settings(app); // screenshots, scripts and benchmarks ignore them
  float ddpi = 96;
  if (!headless && SDL_GetDisplayDPI(0, &ddpi, nullptr, nullptr) == 0)
    app.ui_scale = std::clamp(ddpi / 96.0f, 1.0f, 3.0f);
  if (app.settings.ui_scale > 0) app.ui_scale = app.settings.ui_scale; // a chosen scale wins
  SDL_Rect place = remembered_window_rect(app.settings);
  if (headless || opt.size_given)
    place = {SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, opt.width, opt.height};
  // Scripts run in a visible window (resizing is part of what they test); screenshots hidden.
  auto flags = static_cast<SDL_WindowFlags>(
      SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
      (headless ? (scripted ? 0 : SDL_WINDOW_HIDDEN) : remembered_window_flags(app.settings)));
  w.window = SDL_CreateWindow("Shields & Swords II", place.x, place.y, place.w, place.h, flags);
  if (!w.window) {
    report_error(std::string("cannot open a window: ") + SDL_GetError());
    return false;
  }
  w.renderer = SDL_CreateRenderer(w.window, -1,
                                  headless ? SDL_RENDERER_SOFTWARE
                                           : SDL_RENDERER_PRESENTVSYNC | SDL_RENDERER_ACCELERATED);
  if (!w.renderer) w.renderer = SDL_CreateRenderer(w.window, -1, SDL_RENDERER_SOFTWARE);
  return true;
}

bool start_imgui(App &app, const Window &w) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr; // panels are laid out by the program
  ImGui::StyleColorsDark();
  // Filled shapes are drawn without anti-aliased fringes: square counters and hexes do not need
  // them, and the software renderer pays for every fringe triangle (docs/performance.md).
  ImGui::GetStyle().AntiAliasedFill = false;
  ImGui::GetStyle().ScaleAllSizes(app.ui_scale);
  ImGui_ImplSDL2_InitForSDLRenderer(w.window);
  ImGui_ImplSDLRenderer_Init(w.renderer);
  if (!load_fonts(app, w.renderer)) return false;
  app.scan_battles();
  app.load_rules();
  apply_remembered_settings(app); // overlays, last battle
  return true;
}

int run_loop(App &app, const Window &w, const LaunchOptions &opt, ScriptRunner *script,
             ReportShots *report, bool headless) {
  SDL_Renderer *renderer = w.renderer;
  bool quit = false;
  int frames = 0;
  std::vector<double> frame_ms, cpu_ms; // --bench-frames: wall and CPU time of each frame
  int frames_drawn = 0;                 // frames that changed the window (frame_damage.hpp)
  int target_frames = opt.bench_frames > 0 ? opt.bench_frames : (!opt.screenshot.empty() ? 3 : -1);
  Uint32 lively_until = 0; // frames keep coming for a moment after input (see wait_for_input_ms)
  while (!quit) {
    SDL_Event e;
    int wait = headless ? 0 : wait_for_input_ms(app, lively_until);
    bool have = wait == 0 ? SDL_PollEvent(&e) : SDL_WaitEventTimeout(&e, wait);
    if (have) lively_until = SDL_GetTicks() + kLivelyMs;
    app.now = SDL_GetTicks() / 1000.0;
    while (have) {
      handle_event(app, e, quit, renderer);
      have = SDL_PollEvent(&e);
    }
    auto t0 = std::chrono::steady_clock::now();
    double cpu0 = thread_cpu_ms();
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    if (script) script->before_frame();
    ImGui::NewFrame();
    ui::next_frame();
    if (opt.bench_frames > 0) bench_camera(app, opt, frames);
    build_frame(app, quit);
    bool drawn = render_frame(app, renderer);
    frames_drawn += drawn;
    frame_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    cpu_ms.push_back(thread_cpu_ms() - cpu0);
    ++frames;
    if (script) {
      script->after_frame(app, w.window, renderer);
      if (script->finished()) quit = true;
    }
    if (report && !report->after_frame(app, renderer)) quit = true;
    if (target_frames > 0 && frames >= target_frames) {
      if (!opt.screenshot.empty() && !save_png(renderer, opt.screenshot)) {
        report_error("cannot write " + opt.screenshot + ": " + SDL_GetError());
        return 2;
      }
      quit = true;
    }
    if (drawn) SDL_RenderPresent(renderer); // else the window still shows this very frame
  }
  if (opt.bench_frames > 0) report_frame_times(frame_ms, cpu_ms, frames, frames_drawn);
  return 0;
}

void close_window(const Window &w) {
  forget_thumbnails(); // textures of the renderer about to go
  close_counter_cache();
  close_map_layer();
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_DestroyRenderer(w.renderer);
  SDL_DestroyWindow(w.window);
  IMG_Quit();
  SDL_Quit();
}

int finish_run(const LaunchOptions &opt, ScriptRunner *script, ReportShots *report) {
  if (script) script->app_closed();
  if (script && script->failed()) {
    report_error("script failed: " + script->error());
    return 1;
  }
  if (script) std::cout << json_line({{"script", opt.script}, {"passed", true}}) << "\n";
  if (report && !report->error().empty()) {
    report_error(report->error());
    return 2;
  }
  if (report) std::cout << json_line({{"report", report->written()}}) << "\n";
  return 0;
}

} // namespace sns::app
