// shields-swords: the desktop app (SDL2 + Dear ImGui). Reads the engine, sends it actions, draws
// it.
#include "app.hpp"
#include "app_settings.hpp"
#include "counter_cache.hpp"
#include "editor_view.hpp"
#include "lesson_script.hpp"
#include "paths.hpp"
#include "replay_panel.hpp"
#include "script_runner.hpp"
#include "sns/json_io.hpp"
#include "ui.hpp"

#include <SDL.h>
#include <SDL_image.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <iostream>
#include <optional>
#include <sstream>

namespace fs = std::filesystem;
using namespace sns;
using namespace sns::app;

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

void report_line(const char *kind, const std::string &text) {
  std::cerr << nlohmann::json{{kind, text}}.dump() << "\n";
}

void App::game_shown() {
  camera_fitted = false;
  start_screen = lessons_screen = false;
  save_as_open = false;
  dice_shown.clear();
  die_frames = 0;
  for (auto &d : draft)
    d.clear();
  std::fill(std::begin(draft_wing), std::end(draft_wing), -1);
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
  session->new_game(std::move(battle), options, seed);
  game_shown();
}

bool App::open(const std::string &path, uint64_t seed_for_battle) {
  // A battle opened from a file is a new game like one from the start screen: practice or not as
  // chosen there (practice by default).
  if (!session->open(path, seed_for_battle, Options{.practice = practice_choice})) return false;
  if (session->has_game()) explain = explains(session->game().battle()); // a saved game too
  game_shown();
  return true;
}

uint64_t App::next_seed() const {
  if (fixed_seed) return *fixed_seed;
  return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

void App::save() {
  if (session->save() == Session::Saved::NeedsName) {
    std::snprintf(save_as_buffer, sizeof save_as_buffer, "%s",
                  session->suggested_save_path().c_str());
    save_as_open = true;
  }
}

// The shipped battles (the data folder's battles/) and the player's own (the editor saves them in
// the XDG data folder's battles/), each listed with its ruleset; a file that does not load (a
// draft among them) is left out with a warning.
void App::scan_battles() {
  std::string chosen = chosen_battle >= 0 && chosen_battle < static_cast<int>(battles.size())
                           ? battles[static_cast<size_t>(chosen_battle)].path
                           : "";
  battles.clear();
  // The editor's drafts (shields-swords-battle-draft/1) are listed to be edited, not played.
  auto add_draft = [&](const fs::path &file) {
    try {
      nlohmann::json doc = read_json_file(file.string(), kMaxInputBytes);
      if (doc.value("format", "") != "shields-swords-battle-draft/1") return false;
      BattleInfo bi;
      bi.path = file.string();
      bi.id = doc.value("id", "");
      bi.name = doc.value("name", file.stem().string());
      bi.date = doc.value("date", "");
      bi.summary = doc.value("summary", "");
      bi.d3 = doc.value("ruleset", "ssii") == "d3-medieval";
      bi.own = bi.draft = true;
      battles.push_back(bi);
      return true;
    } catch (const std::exception &) {
      return false;
    }
  };
  auto scan = [&](const fs::path &dir, bool own) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return;
    for (auto &e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() != ".json") continue;
      try {
        auto b = load_battle_file(e.path().string());
        battles.push_back({b->id,
                           e.path().string(),
                           b->name,
                           b->date,
                           b->summary,
                           b->columns,
                           b->rows,
                           static_cast<int>(b->units.size()),
                           b->wing_integrity == WingIntegrityRule::StandardOrAdvanced,
                           {b->sides[0].name, b->sides[1].name},
                           b->d3(),
                           own});
      } catch (const std::exception &ex) {
        if (own && add_draft(e.path())) continue;
        report_line("warning", "battle skipped: " + std::string(ex.what()));
      }
    }
  };
  scan(fs::path(root) / "battles", false);
  scan(own_battles_folder(), true);
  // The teaching battle first: it is the default; then the shipped ones, then the player's own.
  std::sort(battles.begin(), battles.end(), [](const BattleInfo &a, const BattleInfo &b) {
    bool fa = !a.own && a.id == kTeachingBattles[0], fb = !b.own && b.id == kTeachingBattles[0];
    if (fa != fb) return fa;
    if (a.own != b.own) return b.own;
    return a.name != b.name ? a.name < b.name : a.path < b.path;
  });
  for (size_t i = 0; i < battles.size(); ++i)
    if (battles[i].path == chosen) chosen_battle = static_cast<int>(i);
  if (chosen_battle >= static_cast<int>(battles.size())) chosen_battle = 0;
}

void App::choose_battle(const std::string &path) {
  for (size_t i = 0; i < battles.size(); ++i)
    if (fs::path(battles[i].path) == fs::path(path)) chosen_battle = static_cast<int>(i);
  show_chosen = true;
}

std::string App::own_battles_folder() const {
  return (paths::data_folder(paths::xdg_from_process()) / "battles").string();
}

void App::load_rules() {
  auto read = [&](const char *file) {
    std::ifstream in(fs::path(root) / "assets" / file);
    std::stringstream text;
    text << in.rdbuf();
    return parse_rules_text(text.str());
  };
  rules = read("rules.md");
  rules_d3 = read("rules-d3.md"); // D3 Medieval battles show these (D1-D14)
}

} // namespace sns::app

namespace {

struct LaunchOptions {
  std::string file;
  std::string screenshot;
  std::string select;
  int width = 1600, height = 900;
  bool size_given = false; // --size wins over the remembered window size
  int bench_frames = 0;
  std::string lesson;  // --lesson ID: open that lesson
  int lesson_step = 0; // --lesson-step N: played up to step N (screenshots)
  bool explain = false;
  std::string script;              // --script FILE: drive the app from a script
  std::string print_lesson_script; // --print-lesson-script ID: write a lesson's script, exit
  std::string print_game_script;   // --print-game-script GAME.json: the steps that replay it
  std::optional<uint64_t> seed;    // --seed N: a battle opened directly gets this seed
  OpenAs open_as = OpenAs::Game;   // --replay, --mailed: how the file is opened
  std::string report;              // --report DIR: the battle report with map pictures
  bool editor = false;             // --editor [BATTLE.json]: the battle editor (editor_view.hpp)
};

bool parse_options(int argc, char **argv, LaunchOptions &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error("option " + a + " needs a value");
      return argv[++i];
    };
    if (a == "--screenshot")
      o.screenshot = value();
    else if (a == "--select")
      o.select = value();
    else if (a == "--bench-frames")
      o.bench_frames = std::stoi(value());
    else if (a == "--lesson")
      o.lesson = value();
    else if (a == "--lesson-step")
      o.lesson_step = std::stoi(value());
    else if (a == "--explain")
      o.explain = true;
    else if (a == "--script")
      o.script = value();
    else if (a == "--editor")
      o.editor = true;
    else if (a == "--print-lesson-script")
      o.print_lesson_script = value();
    else if (a == "--print-game-script")
      o.print_game_script = value();
    else if (a == "--seed")
      o.seed = std::stoull(value());
    else if (a == "--replay")
      o.open_as = OpenAs::Replay;
    else if (a == "--mailed")
      o.open_as = OpenAs::Mailed;
    else if (a == "--report")
      o.report = value();
    else if (a == "--size") {
      std::string v = value();
      o.size_given = true;
      if (std::sscanf(v.c_str(), "%dx%d", &o.width, &o.height) != 2 || o.width < 320 ||
          o.height < 240)
        throw std::runtime_error("--size expects WIDTHxHEIGHT, e.g. 1600x900");
    } else if (a == "--help") {
      std::cout
          << "usage: shields-swords [BATTLE.json | GAME.json] [--size WxH] [--seed N]\n"
             "       shields-swords --editor [BATTLE.json]   (the battle editor)\n"
             "         [--screenshot OUT.png [--select UNIT] [--lesson ID [--lesson-step N]]]\n"
             "         [--script FILE] [--bench-frames N] [--explain]\n"
             "         [--replay | --mailed] [--report DIR]\n";
      return false;
    } else if (!a.empty() && a[0] == '-')
      throw std::runtime_error("unknown option " + a);
    else
      o.file = a;
  }
  return true;
}

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

} // namespace

void sns::app::render_draw_list(ImDrawList &list, float w, float h) {
  ImDrawList *lists[1] = {&list};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = list.VtxBuffer.Size;
  data.TotalIdxCount = list.IdxBuffer.Size;
  data.DisplayPos = ImVec2(0, 0);
  data.DisplaySize = ImVec2(w, h);
  data.FramebufferScale = ImVec2(1, 1);
  ImGui_ImplSDLRenderer_RenderDrawData(&data);
}

MapRect sns::app::map_rect(const App &app) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  if (app.panels_hidden) // Tab: the map takes the whole window
    return {vp->WorkPos.x, vp->WorkPos.y, vp->WorkSize.x, vp->WorkSize.y};
  float left = 250 * app.ui_scale, right = 360 * app.ui_scale, log_h = 190 * app.ui_scale;
  float top = replay_controls_height(app); // the replay's controls sit above the map
  return {vp->WorkPos.x + left, vp->WorkPos.y + top, std::max(50.0f, vp->WorkSize.x - left - right),
          std::max(50.0f, vp->WorkSize.y - log_h - top)};
}

namespace {

void menu_bar(App &app, bool &quit) {
  if (!ImGui::BeginMainMenuBar()) return;
  // While the editor is shown the session is its preview: the game's items would act on it.
  std::string editing = editor_title(app);
  bool game = app.has_game() && editing.empty();
  if (ui::BeginMenu("Game")) {
    if (ui::MenuItem("Start screen")) app.start_screen = true;
    if (ui::MenuItem("Open...", nullptr, false, editing.empty())) open_browser(app);
    if (ui::MenuItem("Undo", "Ctrl+Z", false, game)) app.session->undo();
    if (ui::MenuItem("Redo", "Ctrl+Y", false, game)) app.session->redo();
    if (ui::MenuItem("Save", "Ctrl+S", false, game)) app.save();
    if (ui::MenuItem("Save as...", nullptr, false, game)) {
      std::snprintf(app.save_as_buffer, sizeof app.save_as_buffer, "%s",
                    app.session->suggested_save_path().c_str());
      app.save_as_open = true;
    }
    if (ui::MenuItem("Quit")) quit = true;
    ImGui::EndMenu();
  }
  if (editing.empty()) record_menu(app);
  if (ui::BeginMenu("View")) {
    ui::MenuItem("Enemy zones of control", "Z", &app.show_zoc);
    ui::MenuItem("Fire range", "R", &app.show_range);
    ui::MenuItem("Hex labels", "L", &app.show_labels);
    if (ui::MenuItem("Fit the map", "Home")) app.camera_fitted = false, app.zoom_restored = true;
    ui::MenuItem("Hide the panels", "Tab", &app.panels_hidden, app.has_game());
    ImGui::EndMenu();
  }
  if (ui::BeginMenu("Help")) {
    if (ui::MenuItem("Rules", "F1")) app.show_rules = true;
    ImGui::EndMenu();
  }
  if (!editing.empty()) {
    ui::TextDisabled("   %s", editing.c_str());
  } else if (app.has_game()) {
    const std::string &file = app.session->save_path();
    ui::TextDisabled("   %s   %s", app.game().battle().name.c_str(),
                     app.session->mode() == Mode::Lesson ? "(lesson: not saved)"
                     : file.empty()                      ? "(not saved yet: Ctrl+S names it)"
                     : app.session->unsaved_changes()
                         ? ("saved as " + file + " - later moves not saved (Ctrl+S)").c_str()
                         : ("saved as " + file).c_str());
  }
  ImGui::EndMainMenuBar();
}

void handle_keys(App &app, const SDL_Event &e, bool &quit, SDL_Renderer *renderer) {
  if (editor_key(app, e)) return; // the battle editor's keys while it is shown
  if (e.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
  bool ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0;
  SDL_Keycode k = e.key.keysym.sym;
  if (k == SDLK_F1) {
    app.show_rules = true;
    if (app.has_game()) app.rules_open = section_for_phase(app.game().state().phase);
  }
  if (k == SDLK_F12 && app.has_game()) {
    std::string path = (fs::path(app.session->data_dir()) /
                        ("screenshot-" + std::to_string(SDL_GetTicks()) + ".png"))
                           .string();
    app.session->say(save_png(renderer, path) ? "Screenshot: " + path : "Screenshot failed");
  }
  if (ctrl && k == SDLK_q) quit = true;
  if (!app.has_game() || app.start_screen) return;
  if (ctrl && k == SDLK_z)
    app.session->undo();
  else if (ctrl && k == SDLK_y)
    app.session->redo();
  else if (ctrl && k == SDLK_s)
    app.save();
  else if (ctrl && k == SDLK_o)
    app.start_screen = true;
  else if (k == SDLK_TAB)
    app.panels_hidden = !app.panels_hidden;
  else if (k == SDLK_z)
    app.show_zoc = !app.show_zoc;
  else if (k == SDLK_r)
    app.show_range = !app.show_range;
  else if (k == SDLK_l)
    app.show_labels = !app.show_labels;
  else if (k == SDLK_x)
    app.set_explain(!app.explain);
  else if (k == SDLK_h)
    app.session->ask_hint();
  else if (k == SDLK_SPACE)
    app.session->skip_pause();
  else if (k == SDLK_e && !e.key.repeat) // a held key ends one phase, not every phase after it
    app.session->end_phase_key(app.now); // not the phase an automatic step just began (R25)
  else if (k == SDLK_ESCAPE)
    app.sel().clear();
  else
    camera_key(app, k);
}

// The terrain layer, rendered into a texture whenever the camera, the map area or the labels
// change.
struct TerrainCache {
  SDL_Texture *texture = nullptr;
  int w = 0, h = 0;
  double size = 0, ox = 0, oy = 0;
  float x = 0, y = 0;
  bool labels = false;
  bool visible = false; // the map is on screen this frame
  const void *battle = nullptr;

  bool stale(const App &app, const MapRect &r) const {
    return !texture || w != static_cast<int>(r.w) || h != static_cast<int>(r.h) || x != r.x ||
           y != r.y || size != app.camera.size || ox != app.camera.origin_x ||
           oy != app.camera.origin_y || labels != app.show_labels || battle != &app.game().battle();
  }
  void rebuild(App &app, const MapRect &r, SDL_Renderer *renderer) {
    if (!texture || w != static_cast<int>(r.w) || h != static_cast<int>(r.h)) {
      if (texture) SDL_DestroyTexture(texture);
      w = static_cast<int>(r.w), h = static_cast<int>(r.h);
      texture =
          SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    }
    x = r.x, y = r.y, size = app.camera.size, ox = app.camera.origin_x, oy = app.camera.origin_y;
    labels = app.show_labels, battle = &app.game().battle();
    ImDrawList list(ImGui::GetDrawListSharedData());
    list._ResetForNewFrame();
    list.PushTextureID(ImGui::GetIO().Fonts->TexID);
    // The backend draws vertices where they are, so the layer is drawn at the texture's own origin.
    Camera local = app.camera;
    local.pan(-r.x, -r.y);
    MapRect at_origin{0, 0, r.w, r.h};
    list.PushClipRect(ImVec2(0, 0), ImVec2(r.w, r.h));
    draw_terrain(app, local, &list, at_origin);
    SDL_SetRenderTarget(renderer, texture);
    SDL_SetRenderDrawColor(renderer, 58, 62, 58, 255);
    SDL_RenderClear(renderer);
    render_draw_list(list, r.w, r.h);
    SDL_SetRenderTarget(renderer, nullptr);
  }
};
TerrainCache terrain_cache;

// One frame: panels, map, input on the map.
void frame_contents(App &app, bool &quit, SDL_Renderer *renderer) {
  menu_bar(app, quit);
  if (editor_frame(app)) return; // the battle editor draws the whole frame while it is shown
  if (app.start_screen || !app.has_game()) {
    if (app.lessons_screen)
      draw_lessons_screen(app);
    else
      draw_start_screen(app);
    record_windows(app, map_rect(app));
    open_dialog(app);
    return;
  }
  MapRect r = map_rect(app);
  // A resized window or hidden panels change the map's area: fit the map to it again.
  if (r.w != app.fitted_w || r.h != app.fitted_h) app.camera_fitted = false;
  if (!app.camera_fitted) {
    fit_below_top_band(app.camera, app.game().battle(), r.x, r.y, r.w, r.h, app.ui_scale);
    restore_zoom(app, r.x + r.w / 2, r.y + r.h / 2); // the remembered zoom, once per run
    app.camera_fitted = true;
    app.fitted_w = r.w, app.fitted_h = r.h;
  }
  ImGuiIO &io = ImGui::GetIO();
  PointF mouse{io.MousePos.x, io.MousePos.y};
  bool over_map = mouse.x >= r.x && mouse.x < r.x + r.w && mouse.y >= r.y && mouse.y < r.y + r.h &&
                  !io.WantCaptureMouse;
  HexId hover = over_map ? app.camera.pick(app.game().battle(), mouse) : kOffMap;
  if (over_map) {
    if (io.MouseWheel != 0) {
      app.camera.zoom_at(mouse, io.MouseWheel > 0 ? 1.15 : 1 / 1.15);
      app.zoom_restored = true; // the player's zoom from now on
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
        ImGui::IsMouseDragging(ImGuiMouseButton_Middle) ||
        ImGui::IsMouseDragging(ImGuiMouseButton_Left, 6.0f))
      app.camera.pan(io.MouseDelta.x, io.MouseDelta.y);
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 6.0f).x == 0 &&
        ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 6.0f).y == 0 && hover != kOffMap) {
      app.session->click(hover);
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Right)) app.sel().clear();
  }
  auto marks = app.view().marks(app.sel(), app.show_zoc, app.show_range);
  // Light an action's units and the hex it enters (the hint, and what the computer just did).
  // Their units are named by id in the words beside the map: `named` collects them for tags.
  std::vector<int> named;
  auto light_action = [&](const Action &a, auto mark) {
    const GameState &gs = app.game().state();
    for (int u : action_units(a)) {
      if (gs.units[u].hex != kOffMap) marks[gs.units[u].hex] |= mark;
      named.push_back(u);
    }
    if (a.to != kOffMap) marks[a.to] |= mark;
  };
  if (app.hover_log >= 0 && app.hover_log < static_cast<int>(app.game().log().size()))
    named = app.game().log()[app.hover_log].units;
  if (const auto &hint = app.session->hint()) light_action(hint->action, kMarkLesson);
  if (const auto &last = app.session->computer_last()) {
    light_action(last->action, kMarkComputer);
    if (last->from != kOffMap && last->from != last->action.to)
      marks[last->from] |= kMarkComputerFrom;
  }
  const LessonRun *run = app.session->lesson();
  if (run && run->step()) { // point at what the lesson step talks about
    const Battle &b = app.game().battle();
    for (const std::string &id : run->step()->units)
      if (int u = b.unit_index(id); u >= 0 && app.game().state().units[u].hex != kOffMap)
        marks[app.game().state().units[u].hex] |= kMarkLesson;
    for (const std::string &h : run->step()->hexes)
      if (auto id = b.parse_hex(h)) marks[*id] |= kMarkLesson;
  }
  if (terrain_cache.stale(app, r)) terrain_cache.rebuild(app, r, renderer);
  ImDrawList *bg = ImGui::GetBackgroundDrawList();
  terrain_cache.visible = terrain_cache.texture != nullptr; // blitted before ImGui draws (see main)
  if (!terrain_cache.texture) draw_terrain(app, app.camera, bg, r);
  draw_overlay(app, bg, r, hover, marks,
               units_to_tag(app.game().battle(), app.game().state(), named));
  draw_panels(app, r, hover);
  record_windows(app, r);
  open_dialog(app);
}

// One frame: the screen shown, then any dialog over it.
void frame(App &app, bool &quit, SDL_Renderer *renderer) {
  frame_contents(app, quit, renderer);
  save_as_dialog(app);
}

// --lesson ID [--lesson-step N]: open a lesson, played up to step N (screenshots).
bool open_lesson(App &app, const LaunchOptions &opt) {
  const auto &lessons = app.session->lessons();
  auto it = std::find_if(lessons.begin(), lessons.end(),
                         [&](const Lesson &l) { return l.id == opt.lesson; });
  if (it == lessons.end()) {
    report_error("--lesson: no lesson " + opt.lesson);
    return false;
  }
  app.start_lesson(static_cast<size_t>(it - lessons.begin()));
  try {
    app.session->advance_lesson(static_cast<size_t>(opt.lesson_step));
  } catch (const std::exception &e) {
    report_error(e.what());
    return false;
  }
  return true;
}

// --select UNIT: a unit selected, as if clicked (screenshots).
bool select_unit(App &app, const std::string &id) {
  int u = app.game().battle().unit_index(id);
  if (u < 0) {
    report_error("--select: no unit " + id);
    return false;
  }
  if (app.game().battle().d3()) { // D3 Medieval: as a click on the unit (d3_clicks.cpp)
    app.session->click(app.game().state().units[u].hex);
    return true;
  }
  Selection &sel = app.sel();
  sel.unit = u;
  // In a Combat Phase, selecting an enemy picks it as the target.
  if (app.view().phase_attacks() &&
      app.game().battle().units[u].side != app.game().state().active) {
    sel.clear();
    sel.target = u;
    for (const Action &a : app.view().legal())
      if (a.type == ActionType::Attack && a.target == u) {
        sel.attackers.assign(a.attackers.begin(), a.attackers.end());
        break;
      }
  }
  return true;
}

// --print-lesson-script ID: the end-to-end script of a lesson (tests/e2e), made from its data.
int print_lesson_script(const char *argv0, const std::string &id) {
  try {
    std::string root =
        paths::find_data_root(paths::search_from_process(argv0, SNS_SOURCE_DIR)).string();
    auto lessons = load_lessons(root);
    for (size_t i = 0; i < lessons.size(); ++i)
      if (lessons[i].id == id) {
        std::cout << lesson_script(lessons[i], i, root);
        return 0;
      }
    report_error("--print-lesson-script: no lesson " + id);
  } catch (const std::exception &e) {
    report_error(e.what());
  }
  return 2;
}

constexpr SDL_Color kClear{40, 40, 44, 255}; // the window behind everything

// The fixed panels' backgrounds (panels.cpp): ImGui's window colour over the clear colour, filled
// without blending, which the software renderer does at memory speed.
void fill_panel_backgrounds(SDL_Renderer *renderer, const std::vector<MapRect> &panels) {
  // Integer blending as the software renderer does it, so the panels look exactly as before.
  ImU32 bg = ImGui::ColorConvertFloat4ToU32(ImGui::GetStyle().Colors[ImGuiCol_WindowBg]);
  unsigned alpha = bg >> 24;
  auto over_clear = [&](int shift, Uint8 clear) {
    return static_cast<Uint8>(((bg >> shift) & 0xFF) * alpha / 255 + clear * (255 - alpha) / 255);
  };
  SDL_BlendMode mode;
  SDL_GetRenderDrawBlendMode(renderer, &mode);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(renderer, over_clear(0, kClear.r), over_clear(8, kClear.g),
                         over_clear(16, kClear.b), 255);
  for (const MapRect &p : panels) {
    SDL_FRect r{p.x, p.y, p.w, p.h};
    SDL_RenderFillRectF(renderer, &r);
  }
  SDL_SetRenderDrawBlendMode(renderer, mode);
}

// After input, frames keep coming this long: a click's effect (a window opening, a panel's new
// size) shows in the frames after the one that saw it.
constexpr Uint32 kLivelyMs = 300;

// How long the window may sleep waiting for input: not at all while something moves (a rolling
// die, the turn banner fading, the moment after input); briefly while the computer thinks or
// pauses between its moves, or a hint is being searched (their answers come without an event);
// otherwise until input arrives, waking twice a second (an idle window uses no CPU).
int wait_for_input_ms(const App &app, Uint32 lively_until) {
  bool banner = app.banner.since >= 0 && ImGui::GetTime() - app.banner.since < kBannerSeconds + 0.1;
  if (app.die_frames > 0 || banner || !SDL_TICKS_PASSED(SDL_GetTicks(), lively_until)) return 0;
  if (app.session->computer_to_act() || app.session->hint_pending()) return 15;
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
                        int frames) {
  auto [median, p99] = median_and_p99(frame_ms);
  auto [cpu_median, cpu_p99] = median_and_p99(cpu_ms);
  std::cout << nlohmann::json{{"frames", frames},
                              {"median_ms", median},
                              {"p99_ms", p99},
                              {"cpu_median_ms", cpu_median},
                              {"cpu_p99_ms", cpu_p99}}
                   .dump()
            << "\n";
}

} // namespace

// A fresh folder under the system's temporary folder, removed with everything in it.
struct ScratchFolder {
  fs::path path;
  ScratchFolder() {
    std::string name = (fs::temp_directory_path() / "shields-swords-XXXXXX").string();
    if (!mkdtemp(name.data())) throw std::runtime_error("cannot make a folder for " + name);
    path = name;
  }
  ~ScratchFolder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  ScratchFolder(const ScratchFolder &) = delete;
  ScratchFolder &operator=(const ScratchFolder &) = delete;
};

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
  if (!opt.print_game_script.empty()) {
    try {
      std::cout << game_script(Game::load(opt.print_game_script));
      return 0;
    } catch (const std::exception &e) {
      report_error(e.what());
      return 2;
    }
  }
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
  // A picture or a frame count is not a game the player is having: those runs keep their autosave
  // and recent games in a scratch folder, so the player's own are never touched.
  std::optional<ScratchFolder> scratch;
  if (headless && !script) scratch.emplace();
  app.session = std::make_unique<Session>(
      app.root, scratch
                    ? scratch->path.string()
                    : paths::ensure_folder(paths::data_folder(paths::xdg_from_process())).string());
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
      (headless ? (script ? 0 : SDL_WINDOW_HIDDEN) : remembered_window_flags(app.settings)));
  SDL_Window *window =
      SDL_CreateWindow("Shields & Swords II", place.x, place.y, place.w, place.h, flags);
  if (!window) {
    report_error(std::string("cannot open a window: ") + SDL_GetError());
    return 2;
  }
  SDL_Renderer *renderer = SDL_CreateRenderer(
      window, -1,
      headless ? SDL_RENDERER_SOFTWARE : SDL_RENDERER_PRESENTVSYNC | SDL_RENDERER_ACCELERATED);
  if (!renderer) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr; // panels are laid out by the program
  ImGui::StyleColorsDark();
  // Filled shapes are drawn without anti-aliased fringes: square counters and hexes do not need
  // them, and the software renderer pays for every fringe triangle (docs/performance.md).
  ImGui::GetStyle().AntiAliasedFill = false;
  ImGui::GetStyle().ScaleAllSizes(app.ui_scale);
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  ImGui_ImplSDLRenderer_Init(renderer);
  if (!load_fonts(app, renderer)) return 2;
  app.scan_battles();
  app.load_rules();
  apply_remembered_settings(app); // overlays, last battle

  std::string file = opt.file;
  if (file.empty() && opt.bench_frames > 0)
    file = (fs::path(app.root) / "battles" / "grunwald-1410.json").string();
  // --seed fixes the dice of every new game (scripts); otherwise each game takes the clock's.
  app.fixed_seed = opt.seed;
  app.session->seed_fresh_dice(app.next_seed());
  if (script) app.session->set_pace(0.05); // a script watches the computer's moves at speed
  if (opt.editor) { // --editor [BATTLE.json]: the editor, on that battle or on a new map
    if (!open_editor(app, file)) {
      report_error(app.session->message());
      return 2;
    }
    set_editor_seed(app, opt.seed.value_or(0));
  } else if (!file.empty() && !open_record_as(app, file, opt.open_as, app.next_seed())) {
    report_error(app.session->message());
    return 2;
  }
  if (!opt.lesson.empty() && !open_lesson(app, opt)) return 2;
  if (opt.explain) app.explain = true;
  if (!opt.select.empty() && app.has_game() && !select_unit(app, opt.select)) return 2;

  bool quit = false;
  int frames = 0;
  std::vector<double> frame_ms, cpu_ms; // --bench-frames: wall and CPU time of each frame
  int target_frames = opt.bench_frames > 0 ? opt.bench_frames : (!opt.screenshot.empty() ? 3 : -1);
  Uint32 lively_until = 0; // frames keep coming for a moment after input (see wait_for_input_ms)
  while (!quit) {
    SDL_Event e;
    int wait = headless ? 0 : wait_for_input_ms(app, lively_until);
    bool have = wait == 0 ? SDL_PollEvent(&e) : SDL_WaitEventTimeout(&e, wait);
    if (have) lively_until = SDL_GetTicks() + kLivelyMs;
    app.now = SDL_GetTicks() / 1000.0;
    while (have) {
      ImGui_ImplSDL2_ProcessEvent(&e);
      if (e.type == SDL_QUIT) quit = true;
      if (e.type == SDL_RENDER_TARGETS_RESET) { // textures drawn into lost their pictures
        forget_counter_faces();
        terrain_cache.battle = nullptr; // stale: rendered again
      }
      handle_keys(app, e, quit, renderer);
      have = SDL_PollEvent(&e);
    }
    auto t0 = std::chrono::steady_clock::now();
    double cpu0 = thread_cpu_ms();
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    if (script) script->before_frame();
    ImGui::NewFrame();
    ui::next_frame();
    terrain_cache.visible = false;
    app.panel_backgrounds.clear();
    app.session->tick(app.now);
    if (auto faces = app.has_game() ? app.session->take_roll() : std::vector<int>{}; !faces.empty())
      app.dice_shown = std::move(faces), app.die_frames = 24,
      app.die_rolled_by = app.game().actions().size();
    frame(app, quit, renderer);
    ImGui::Render();
    SDL_SetRenderDrawColor(renderer, kClear.r, kClear.g, kClear.b, 255);
    SDL_RenderClear(renderer);
    fill_panel_backgrounds(renderer, app.panel_backgrounds);
    if (terrain_cache.visible) { // a plain blit is far cheaper than a textured quad in software
      SDL_Rect dst{static_cast<int>(terrain_cache.x), static_cast<int>(terrain_cache.y),
                   terrain_cache.w, terrain_cache.h};
      SDL_RenderCopy(renderer, terrain_cache.texture, nullptr, &dst);
    }
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    frame_ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    cpu_ms.push_back(thread_cpu_ms() - cpu0);
    ++frames;
    if (script) {
      script->after_frame(app, window, renderer);
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
    SDL_RenderPresent(renderer);
  }
  if (opt.bench_frames > 0) report_frame_times(frame_ms, cpu_ms, frames);
  if (!headless) remember_and_save_settings(app, window);
  close_counter_cache();
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  SDL_DestroyRenderer(renderer);
  SDL_DestroyWindow(window);
  IMG_Quit();
  SDL_Quit();
  if (script) script->app_closed();
  if (script && script->failed()) {
    report_error("script failed: " + script->error());
    return 1;
  }
  if (script) std::cout << nlohmann::json{{"script", opt.script}, {"passed", true}}.dump() << "\n";
  if (report && !report->error().empty()) {
    report_error(report->error());
    return 2;
  }
  if (report) std::cout << nlohmann::json{{"report", report->written()}}.dump() << "\n";
  return 0;
}
