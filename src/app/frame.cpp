// One frame of the app: the menu bar, the keys, the map's input and marks, the screen shown, and
// its rendering (the mapsheet's layer, play/map_layer.cpp, and the fixed panels' backgrounds
// filled unblended).
#include "frame.hpp"
#include "app_settings.hpp"
#include "editor/editor_view.hpp"
#include "frame_damage.hpp"
#include "play/map_layer.hpp"
#include "play/panel_parts.hpp"
#include "replay/replay_panel.hpp"
#include "script_runner.hpp"
#include "start/gallery.hpp"
#include "widgets/counter_cache.hpp"
#include "widgets/ui.hpp"

#include <SDL_image.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>
#include <imgui_internal.h> // ClosePopupsExceptModals, and the windows' focus order
#include <utility>

namespace fs = std::filesystem;

namespace sns::app {

void render_draw_list(ImDrawList &list, float w, float h) {
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
  note_texture_painted();
}

namespace {

void menu_bar(App &app) {
  if (!ImGui::BeginMainMenuBar()) return;
  // While the editor is shown the map is its preview: the game's items would act on the game
  // hidden behind it.
  std::string editing = editor_title(app);
  bool game = app.has_game() && editing.empty();
  if (ui::BeginMenu("Game")) {
    // Each way out of a live network game asks first (start/network_leave.cpp).
    if (ui::MenuItem("Start screen")) take_way_out(app, WayOut::StartScreen);
    if (ui::MenuItem("Open...", nullptr, false, editing.empty())) take_way_out(app, WayOut::Open);
    if (ui::MenuItem("Undo", "Ctrl+Z", false, game)) app.session->undo();
    if (ui::MenuItem("Redo", "Ctrl+Y", false, game)) app.session->redo();
    if (ui::MenuItem("Save", "Ctrl+S", false, game)) app.save();
    if (ui::MenuItem("Save as...", nullptr, false, game)) {
      std::snprintf(app.save_as_buffer, sizeof app.save_as_buffer, "%s",
                    app.session->file().suggested_save_path().c_str());
      app.save_as_open = true;
    }
    if (ui::MenuItem("Quit")) take_way_out(app, WayOut::Quit);
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
    if (ui::MenuItem("Keys (H for a hint, E to end a phase...)")) app.show_keys = true;
    ImGui::EndMenu();
  }
  if (!editing.empty()) {
    ui::TextDisabled("   %s", editing.c_str());
  } else if (const RemoteGame *remote = app.session->remote(); remote && app.has_game()) {
    // Its record is written by the link, never by Save: say whose game it is and where it goes.
    const std::string opponent = remote->opponent().empty() ? "?" : remote->opponent();
    ui::TextDisabled("   %s   Network game with %s - its record is kept in %s",
                     app.game().battle().name.c_str(), opponent.c_str(),
                     remote->record_path().c_str());
  } else if (app.has_game()) {
    const std::string &file = app.session->file().save_path();
    ui::TextDisabled("   %s   %s", app.game().battle().name.c_str(),
                     app.session->mode() == Mode::Lesson ? "(lesson: not saved)"
                     : file.empty()                      ? "(not saved yet: Ctrl+S names it)"
                     : app.session->file().unsaved_changes()
                         ? ("saved as " + file + " - later moves not saved (Ctrl+S)").c_str()
                         : ("saved as " + file).c_str());
  }
  ImGui::EndMainMenuBar();
}

// Whether ImGui's window `title` is shown above the one titled `other` (the later in the focus
// order is drawn on top); a window not shown is never above.
bool shown_above(const char *title, const char *other) {
  const ImGuiWindow *a = ImGui::FindWindowByName(title), *b = ImGui::FindWindowByName(other);
  if (!a || !a->WasActive) return false;
  return !b || !b->WasActive || a->FocusOrder > b->FocusOrder;
}

// Escape closes the topmost thing shown, one per press: an open menu or popup, then a dialog,
// then the Keys card or the Rules window (the one on top), then the result screen (as its Look at
// the map does), then a sub-screen of the start screen goes Back, and the start screen itself goes
// back to the game open behind it (its Back to the game). True when it closed something; false
// leaves Escape to the screen below (the map's selection, the editor's tool). It never leaves a
// game nor quits.
bool escape_topmost(App &app) {
  if (app.save_as_open) return true; // the dialog answers Escape itself (Cancel, save_as.cpp)
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
    app.close_popups = true; // ImGui's popups change inside a frame: at the next one's start
    return true;
  }
  if (app.browser.open) {
    app.browser.open = false;
    return true;
  }
  if (app.show_keys || app.show_rules) {
    bool keys_on_top = app.show_keys && (!app.show_rules || shown_above("Keys", "Rules (F1)"));
    (keys_on_top ? app.show_keys : app.show_rules) = false;
    return true;
  }
  if (result_shown(app)) {
    app.result_hidden = true; // as Look at the map does; the next end shows it again
    return true;
  }
  if (app.editor_shown() || !(app.start_screen || !app.has_game())) return false;
  if (app.lessons_screen) {
    app.lessons_screen = false; // the lessons' Back
    return true;
  }
  if (app.network_screen) {
    // Its Back, unless a network game is live (its Back asks whether to leave).
    if (!network_game_live(app)) take_way_out(app, WayOut::Back);
    return true;
  }
  // The start screen itself: Back to the game when one is open behind it (the button is shown
  // then, start_screen.cpp); with none, nothing to close, and Escape never quits.
  if (app.has_game()) app.back_to_game();
  return true;
}

void handle_keys(App &app, const SDL_Event &e, SDL_Renderer *renderer) {
  if (app.leaving) return; // asked whether to leave a network game: the answer first (Stay)
  if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE && !e.key.repeat &&
      !ImGui::GetIO().WantTextInput && escape_topmost(app))
    return;
  if (editor_key(app, e)) return; // the battle editor's keys while it is shown
  if (e.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
  bool ctrl = (e.key.keysym.mod & KMOD_CTRL) != 0;
  SDL_Keycode k = e.key.keysym.sym;
  if (k == SDLK_F1) {
    app.show_rules = true;
    if (app.has_game()) app.rules_open = section_for_phase(app.game().state().phase);
  }
  if (k == SDLK_F12 && app.has_game()) {
    std::string path = (fs::path(app.session->file().data_dir()) /
                        ("screenshot-" + std::to_string(SDL_GetTicks()) + ".png"))
                           .string();
    app.session->say(save_png(renderer, path) ? "Screenshot: " + path : "Screenshot failed");
  }
  if (ctrl && k == SDLK_q) take_way_out(app, WayOut::Quit);
  if (!app.has_game() || app.start_screen) return;
  if (ctrl && k == SDLK_z)
    app.session->undo();
  else if (ctrl && k == SDLK_y)
    app.session->redo();
  else if (ctrl && k == SDLK_s)
    app.save();
  else if (ctrl && k == SDLK_o)
    take_way_out(app, WayOut::StartScreen);
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
    app.session->seat().ask_hint();
  else if (k == SDLK_SPACE)
    app.session->seat().skip_pause();
  else if (k == SDLK_e && !e.key.repeat) // a held key ends one phase, not every phase after it
    app.session->end_phase_key(app.now); // not the phase an automatic step just began (R25)
  else if (k == SDLK_ESCAPE)
    app.sel().clear();
  else
    camera_key(app, k);
}

// The map fitted to its area, then the mouse over it: wheel zoom, drag pan, a click for the
// session; the hex under the pointer, or kOffMap.
HexId map_input(App &app, const MapRect &r) {
  // A resized window or hidden panels change the map's area: fit the map to it again. A moved
  // area too: a battle opened from the command line at 1280x720 was fitted to its first frame's
  // area, whose top moved after, and kept its top row under the turn banner (new-player trial).
  const MapRect &f = app.fitted;
  if (r.x != f.x || r.y != f.y || r.w != f.w || r.h != f.h) app.camera_fitted = false;
  if (!app.camera_fitted) {
    fit_below_top_band(app.camera, app.game().battle(), r.x, r.y, r.w, r.h, app.ui_scale);
    app.fitted_hex_size = app.camera.size;
    restore_zoom(app, r.x + r.w / 2, r.y + r.h / 2); // the remembered zoom, once per run
    app.camera_fitted = true;
    app.fitted = r;
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
  return hover;
}

// What the map lights: the selection's marks, the hint's and the computer's last action, the
// lesson step's units and hexes; `named` gets the units the words beside the map name.
std::vector<uint16_t> map_marks(App &app, std::vector<int> &named) {
  auto marks = app.view().marks(app.sel(), app.show_zoc, app.show_range);
  // Light an action's units and the hex it enters (the hint, and what the computer just did).
  // Their units are named by id in the words beside the map: `named` collects them for tags.
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
  if (const auto &hint = app.session->seat().hint()) light_action(hint->action, kMarkLesson);
  if (const auto &last = app.session->seat().computer_last()) {
    light_action(last->action, kMarkComputer);
    if (last->from != kOffMap && last->from != last->action.to)
      marks[last->from] |= kMarkComputerFrom;
  }
  const LessonRun *run = app.session->lessons().run();
  if (run && run->step()) { // point at what the lesson step talks about
    const Battle &b = app.game().battle();
    for (const std::string &id : run->step()->units)
      if (int u = b.unit_index(id); u >= 0 && app.game().state().units[u].hex != kOffMap)
        marks[app.game().state().units[u].hex] |= kMarkLesson;
    for (const std::string &h : run->step()->hexes)
      if (auto id = b.parse_hex(h)) marks[*id] |= kMarkLesson;
  }
  return marks;
}

// One frame: panels, map, input on the map.
void frame_contents(App &app) {
  menu_bar(app);
  if (!app.network.resume_record.empty() &&
      resume_network_game(app, std::exchange(app.network.resume_record, {})))
    app.network_screen = true;
  if (editor_frame(app)) return; // the battle editor draws the whole frame while it is shown
  if (app.start_screen || !app.has_game()) {
    if (app.lessons_screen)
      draw_lessons_screen(app);
    else if (app.network_screen)
      draw_network_screen(app);
    else
      draw_start_screen(app);
    record_windows(app, map_rect(app));
    open_dialog(app);
    return;
  }
  MapRect r = map_rect(app);
  HexId hover = map_input(app, r);
  std::vector<int> named;
  auto marks = map_marks(app, named);
  ImDrawList *bg = ImGui::GetBackgroundDrawList();
  update_map_layer(app, r, bg); // copied before ImGui draws (render_frame)
  draw_overlay(app, bg, r, hover, marks,
               units_to_tag(app.game().battle(), app.game().state(), named));
  draw_panels(app, r, hover);
  record_windows(app, r);
  open_dialog(app);
}

// One frame: the screen shown, then any dialog over it.
void frame(App &app) {
  if (std::exchange(app.close_popups, false)) ImGui::ClosePopupsExceptModals(); // Escape on a menu
  frame_contents(app);
  rules_window(app); // over every screen, as the Help menu that opens them is
  keys_card(app);
  save_as_dialog(app);
  leave_question(app); // over everything, dialogs included
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

FrameMemory last_frame; // what the window shows, for the next frame's comparison

// Whether the window keeps its pixels between frames, so drawing only what changed is enough:
// the software renderer drawing to the window at scale 1. A GPU's back buffer is undefined after
// a present, so there every frame is drawn whole.
bool keeps_pixels(SDL_Renderer *renderer, const ImDrawData &data) {
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer, &info);
  return (info.flags & SDL_RENDERER_SOFTWARE) && !SDL_GetRenderTarget(renderer) &&
         data.FramebufferScale.x == 1 && data.FramebufferScale.y == 1;
}

// What the panels' backgrounds and the map layer cover whole: the clear colour is not needed there.
std::vector<PixelBox> opaque_parts(const App &app, const FrameBase &base) {
  std::vector<PixelBox> opaque;
  for (const MapRect &p : app.panel_backgrounds) // the whole pixels inside each
    opaque.push_back({static_cast<int>(std::ceil(p.x)), static_cast<int>(std::ceil(p.y)),
                      static_cast<int>(std::floor(p.x + p.w)),
                      static_cast<int>(std::floor(p.y + p.h))});
  opaque.push_back(layer_area(base.layer));
  return opaque;
}

// What this frame draws besides ImGui's lists, as frame_damage.hpp compares it.
FrameBase frame_base(const App &app, SDL_Renderer *renderer) {
  FrameBase base{0, 0, textures_painted(), {}, map_layer_copy()};
  SDL_GetRendererOutputSize(renderer, &base.width, &base.height);
  for (const MapRect &p : app.panel_backgrounds) // every pixel a panel touches
    base.panels.push_back({static_cast<int>(std::floor(p.x)), static_cast<int>(std::floor(p.y)),
                           static_cast<int>(std::ceil(p.x + p.w)),
                           static_cast<int>(std::ceil(p.y + p.h))});
  return base;
}

// Everything drawn inside `box`: the clear colour where nothing opaque covers it, the panels'
// backgrounds, the map layer, then ImGui's shapes, each clipped to the box.
void draw_within(const App &app, const FrameBase &base, SDL_Renderer *renderer,
                 const ImDrawData &data, const PixelBox &box) {
  SDL_Rect r{box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0};
  SDL_RenderSetClipRect(renderer, &r);
  SDL_BlendMode mode;
  SDL_GetRenderDrawBlendMode(renderer, &mode);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(renderer, kClear.r, kClear.g, kClear.b, 255);
  for (const PixelBox &b : uncovered(box, opaque_parts(app, base))) {
    SDL_Rect part{b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0};
    SDL_RenderFillRect(renderer, &part); // SDL_RenderClear would ignore the clip
  }
  SDL_SetRenderDrawBlendMode(renderer, mode);
  fill_panel_backgrounds(renderer, app.panel_backgrounds);
  render_map_layer(renderer);
  render_draw_data_within(renderer, data, box);
}

// SNS_VERIFY_DAMAGE=FILE (the frame_damage test): every frame drawn in part is compared with the
// same frame drawn whole; a difference is reported and ends the program.
int frames_verified = 0; // written at exit, so the test knows frames were drawn in part

void verify_part(const App &app, const FrameBase &base, SDL_Renderer *renderer,
                 const ImDrawData &data, const PixelBox &part, const PixelBox &whole) {
  if (frames_verified++ == 0)
    std::atexit([] { // SNS_VERIFY_DAMAGE names a file: the count is added to it
      if (std::FILE *f = std::fopen(std::getenv("SNS_VERIFY_DAMAGE"), "a"))
        std::fprintf(f, "%d\n", frames_verified), std::fclose(f);
    });
  auto pixels = [&] {
    std::vector<Uint32> p(static_cast<size_t>(whole.x1) * static_cast<size_t>(whole.y1));
    SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, p.data(), whole.x1 * 4);
    return p;
  };
  std::vector<Uint32> drawn_in_part = pixels();
  draw_within(app, base, renderer, data, whole);
  std::vector<Uint32> drawn_whole = pixels();
  for (size_t i = 0; i < drawn_whole.size(); ++i)
    if (drawn_in_part[i] != drawn_whole[i]) {
      int x = static_cast<int>(i % static_cast<size_t>(whole.x1)),
          y = static_cast<int>(i / static_cast<size_t>(whole.x1));
      for (auto [name, p] : {std::pair{"part", &drawn_in_part}, std::pair{"whole", &drawn_whole}})
        if (SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom(
                p->data(), whole.x1, whole.y1, 32, whole.x1 * 4, SDL_PIXELFORMAT_ARGB8888)) {
          IMG_SavePNG(
              s,
              (fs::temp_directory_path() / ("sns-damage-" + std::string(name) + ".png")).c_str());
          SDL_FreeSurface(s);
        }
      report_error("frame " + std::to_string(ImGui::GetFrameCount()) + ": drawn within (" +
                   std::to_string(part.x0) + "," + std::to_string(part.y0) + ")-(" +
                   std::to_string(part.x1) + "," + std::to_string(part.y1) +
                   ") it differs from the whole frame at (" + std::to_string(x) + "," +
                   std::to_string(y) + ")");
      std::exit(70);
    }
}

} // namespace

void handle_event(App &app, const SDL_Event &e, bool &quit, SDL_Renderer *renderer) {
  ImGui_ImplSDL2_ProcessEvent(&e);
  if (e.type == SDL_QUIT) take_way_out(app, WayOut::Quit); // the window closed
  if (e.type == SDL_WINDOWEVENT || e.type == SDL_RENDER_TARGETS_RESET ||
      e.type == SDL_RENDER_DEVICE_RESET)
    last_frame.forget(); // shown again, resized or reset: the window's pixels are not kept
  if (e.type == SDL_RENDER_TARGETS_RESET) { // textures drawn into lost their pictures
    forget_counter_faces();
    forget_thumbnails();
    forget_map_layer();
  }
  handle_keys(app, e, renderer);
  quit = quit || app.quit;
}

void build_frame(App &app, bool &quit) {
  hide_map_layer();
  app.panel_backgrounds.clear();
  if (!app.editor_shown()) { // the player's game waits, untouched, while the editor is shown
    app.session->tick(app.now);
    if (auto faces = app.has_game() ? app.session->take_roll() : std::vector<int>{}; !faces.empty())
      app.dice_shown = std::move(faces), app.die_frames = 24,
      app.die_rolled_by = app.game().actions().size();
  }
  frame(app);
  quit = quit || app.quit;
}

bool render_frame(App &app, SDL_Renderer *renderer) {
  ImGui::Render();
  const ImDrawData &data = *ImGui::GetDrawData();
  FrameBase base = frame_base(app, renderer);
  PixelBox whole{0, 0, base.width, base.height};
  if (!keeps_pixels(renderer, data)) last_frame.forget();
  PixelBox part = uncut_letters(data, last_frame.changed(base, data), whole);
  if (part.empty()) return false;
  draw_within(app, base, renderer, data, part);
  static const bool verify = std::getenv("SNS_VERIFY_DAMAGE") != nullptr;
  if (verify && !(part == whole)) verify_part(app, base, renderer, data, part, whole);
  return true;
}

} // namespace sns::app
