// Running app scripts through the real event loop: mouse, keys and text as the player gives them.
#include "script_runner.hpp"

#include "sns/game.hpp"
#include "sns/json_views.hpp"
#include "widgets/ui.hpp"

#include <SDL_image.h>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace sns::app {

namespace {
constexpr Uint32 kPatienceMs =
    60000; // how long a label or text may take to appear (sanitizer builds are slow)
// A script that runs longer is stuck (tests/app_script.py kills a run at 300 s). Counted in time,
// not frames: a script frame that draws nothing new takes a tenth of a millisecond, so 200,000
// frames came before a step's own patience while it waited on another process (a network
// opponent joining), and how soon depended on the machine's load.
constexpr Uint32 kMostMs = 240000;
constexpr int kStillFrames = 3; // frames a button must stay put before it is pressed
// A network game's action on its way: the next step waits for it, as a player waits to see their
// move land before making the next.
bool network_action_on_its_way(const App &app) {
  return app.has_game() && app.session->remote() && app.session->remote()->sending();
}
} // namespace

bool save_png(SDL_Renderer *renderer, const std::string &path) {
  int w, h;
  SDL_GetRendererOutputSize(renderer, &w, &h);
  SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
  if (!surface) return false;
  bool ok = SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                 surface->pitch) == 0 &&
            IMG_SavePNG(surface, path.c_str()) == 0;
  SDL_FreeSurface(surface);
  return ok;
}

ScriptRunner::ScriptRunner(std::vector<ScriptStep> steps, std::string file)
    : steps_(std::move(steps)), file_(std::move(file)) {
  ui::set_recording(true);
}

void ScriptRunner::fail(const std::string &why) {
  const ScriptStep &s = steps_[next_];
  error_ = file_ + ":" + std::to_string(s.line) + ": " + s.source + ": " + why;
}

void ScriptRunner::app_closed() {
  if (finished()) return;
  bool last_key = next_ + 1 == steps_.size() && steps_[next_].kind == StepKind::Key;
  if (!last_key) fail("the app closed before this step was done");
}

void ScriptRunner::before_frame() {
  ImGuiIO &io = ImGui::GetIO();
  io.MousePos = mouse_.x < 0 ? ImVec2(-FLT_MAX, -FLT_MAX) : mouse_;
  io.MouseDown[0] = down_[0];
  io.MouseDown[1] = down_[1];
}

bool ScriptRunner::under_pointer(const ui::SeenItem *item) const {
  return item && item->min.x <= mouse_.x && mouse_.x <= item->max.x && item->min.y <= mouse_.y &&
         mouse_.y <= item->max.y;
}

bool ScriptRunner::mouse_click(ImVec2 at, int button) {
  // One frame to arrive (hover), one pressed, one released: ImGui clicks on release.
  mouse_ = at;
  if (phase_ == 1) down_[button] = true;
  if (phase_ == 2) down_[button] = false;
  return phase_ >= 3;
}

bool ScriptRunner::hex_position(App &app, const std::string &label, ImVec2 &out) {
  if (!app.has_game() || app.start_screen) {
    fail("no map is shown");
    return false;
  }
  const Battle &b = app.game().battle();
  auto hex = b.parse_hex(label);
  if (!hex) {
    fail("no hex " + label + " on this map");
    return false;
  }
  PointF p = app.camera.centre(b, *hex);
  MapRect r = map_rect(app);
  if (p.x < r.x || p.x >= r.x + r.w || p.y < r.y || p.y >= r.y + r.h) {
    fail("hex " + label + " is off the visible map (pan or zoom first)");
    return false;
  }
  out = ImVec2(static_cast<float>(p.x), static_cast<float>(p.y));
  return true;
}

// Key names as SDL spells them ("Return", "Escape", "F1", "e"), with "ctrl+" and "shift+".
bool ScriptRunner::key(const std::string &spec) {
  std::string name = spec;
  Uint16 mod = KMOD_NONE;
  for (auto [prefix, m] : {std::pair<const char *, Uint16>{"ctrl+", KMOD_LCTRL},
                           {"shift+", KMOD_LSHIFT},
                           {"alt+", KMOD_LALT}})
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::strlen(prefix)), mod |= m;
  SDL_Keycode code = SDL_GetKeyFromName(name.c_str());
  if (code == SDLK_UNKNOWN) {
    fail("unknown key \"" + name + "\" (SDL key names: Return, Escape, Tab, F1, e ...)");
    return false;
  }
  if (phase_ > 1) return true;
  SDL_Event e{};
  e.type = phase_ == 0 ? SDL_KEYDOWN : SDL_KEYUP;
  e.key.state = phase_ == 0 ? SDL_PRESSED : SDL_RELEASED;
  e.key.keysym.sym = code;
  e.key.keysym.scancode = SDL_GetScancodeFromKey(code);
  e.key.keysym.mod = mod;
  SDL_SetModState(static_cast<SDL_Keymod>(phase_ == 0 ? mod : Uint16{KMOD_NONE}));
  SDL_PushEvent(&e);
  return false;
}

const ui::SeenItem *ScriptRunner::await_item(const std::string &label, const ui::Seen &seen,
                                             Progress &waiting) {
  const ui::SeenItem *item = seen.item(label);
  if (item) return item;
  if (!waiting_since_) waiting_since_ = SDL_GetTicks();
  waiting =
      SDL_GetTicks() - waiting_since_ > kPatienceMs
          ? fail_step("no button, checkbox, tab or menu item labelled \"" + label + "\" is visible")
          : Progress::Wait;
  return nullptr;
}

// A press: the pointer goes to the button once it has come to rest, then clicks it.
ScriptRunner::Progress ScriptRunner::press_step(const ScriptStep &s, const ui::Seen &seen) {
  if (phase_ == 0) {
    Progress waiting = Progress::Wait;
    const ui::SeenItem *item = await_item(s.arg, seen, waiting);
    if (!item) return waiting;
    if (!item->enabled) return fail_step("\"" + s.arg + "\" is visible but disabled");
    // A player aims at a button that has come to rest: one that moved since the frame before
    // (a panel above it taking its new height) is pressed once it stays put for a few frames.
    // A box above may settle over two frames (its text rewrapped beside a scroll bar shown for
    // one frame), so one still frame is not enough: at 1280x800 lesson 7's "Keep the result"
    // moved onto "Take EX instead" as it was clicked.
    const ui::SeenItem *before = ui::seen_last_frame().item(s.arg);
    bool still = before && before->min.x == item->min.x && before->min.y == item->min.y;
    still_frames_ = still ? still_frames_ + 1 : 0;
    if (still_frames_ < kStillFrames) {
      if (!waiting_since_) waiting_since_ = SDL_GetTicks();
      if (SDL_GetTicks() - waiting_since_ > kPatienceMs)
        return fail_step("\"" + s.arg + "\" keeps moving on screen");
      return Progress::Wait;
    }
    waiting_since_ = 0;
    still_frames_ = 0;
    mouse_ = ImVec2((item->min.x + item->max.x) / 2, (item->min.y + item->max.y) / 2);
  } else if (const ui::SeenItem *now = seen.item(s.arg);
             phase_ <= 2 && now && !under_pointer(now)) {
    // Something came in above it as the pointer arrived or pressed (a hint that was still being
    // thought about): the button has moved away, and pressing or releasing there would click
    // whatever took its place. Release off the window, where nothing is clicked, and aim again.
    mouse_ = ImVec2(-1, -1);
    down_[0] = false;
    phase_ = 0;
    return Progress::Wait;
  }
  return mouse_click(mouse_, 0) ? Progress::Done : Progress::Next;
}

// Waits for TEXT to be shown (expect), shown uncut (whole) or gone (absent).
ScriptRunner::Progress ScriptRunner::expect_step(App &app, const ScriptStep &s,
                                                 const ui::Seen &seen) {
  if (s.kind == StepKind::Mark || s.kind == StepKind::Unmoved) return place_step(s, seen);
  bool want_shown = s.kind != StepKind::Absent;
  bool shown = s.kind == StepKind::Whole ? seen.shows_whole(s.arg) : seen.shows(s.arg);
  if (!waiting_since_) waiting_since_ = SDL_GetTicks();
  if (shown == want_shown) {
    waiting_since_ = 0;
    return Progress::Done;
  } else if (SDL_GetTicks() - waiting_since_ > kPatienceMs) {
    if (!want_shown) return fail_step("\"" + s.arg + "\" is still on screen");
    if (s.kind == StepKind::Whole && seen.shows(s.arg))
      return fail_step("\"" + s.arg + "\" is on screen but cut off by its panel's edge");
    std::string said = app.has_game() ? app.session->message() : "";
    return fail_step("\"" + s.arg + "\" is not on screen" +
                     (said.empty() ? "" : " (the status line says: " + said + ")"));
  }
  return Progress::Next;
}

// mark remembers where a widget stands; unmoved fails unless it still stands there, so a script
// can check that a line appearing above (a hint's) does not push it from under the pointer.
ScriptRunner::Progress ScriptRunner::place_step(const ScriptStep &s, const ui::Seen &seen) {
  Progress waiting = Progress::Wait;
  const ui::SeenItem *item = await_item(s.arg, seen, waiting);
  if (!item) return waiting;
  waiting_since_ = 0;
  if (s.kind == StepKind::Mark) {
    marks_[s.arg] = item->min;
    return Progress::Done;
  }
  auto mark = marks_.find(s.arg);
  if (mark == marks_.end()) return fail_step("\"" + s.arg + "\" was never marked (mark it first)");
  auto at = [](ImVec2 p) {
    return "(" + std::to_string(static_cast<int>(p.x)) + ", " +
           std::to_string(static_cast<int>(p.y)) + ")";
  };
  if (mark->second.x != item->min.x || mark->second.y != item->min.y)
    return fail_step("\"" + s.arg + "\" moved from " + at(mark->second) + " to " + at(item->min));
  return Progress::Done;
}

// The `state` step: the game's state as the CLI's `state` prints it.
bool ScriptRunner::write_state(App &app, const std::string &path) {
  if (!app.has_game()) {
    fail("no game is open");
    return false;
  }
  const Game &g = app.game();
  std::ofstream out(path);
  out << state_to_json(g.setup(), g.state(), &g.log(), false).dump(2) << "\n";
  if (!out) fail("cannot write " + path);
  return static_cast<bool>(out);
}

// The type step: the text as SDL's text events, 16 bytes an event, into the field that has the
// keyboard; true once typed.
bool ScriptRunner::type_text(const std::string &text) {
  if (phase_ == 0 && !ImGui::GetIO().WantTextInput) {
    fail("no text field has the keyboard (press the field first)");
    return false;
  }
  for (size_t i = 0; phase_ == 0 && i < text.size(); i += 16) {
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    std::string chunk = text.substr(i, 16);
    std::memcpy(e.text.text, chunk.c_str(), chunk.size() + 1);
    SDL_PushEvent(&e);
  }
  return phase_ >= 2;
}

// The wheel step: the pointer arrives at the hex first and then stays put while the wheel turns a
// notch a frame and the map zooms under it; true once the last notch was taken.
bool ScriptRunner::wheel(App &app, const ScriptStep &s) {
  if (ImVec2 at; phase_ == 0) {
    if (!hex_position(app, s.arg, at)) return false;
    mouse_ = at;
  }
  const int notches = std::abs(s.number);
  if (phase_ >= 1 && phase_ <= notches) {
    SDL_Event e{};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.y = s.number > 0 ? 1 : -1;
    SDL_PushEvent(&e);
  }
  return phase_ > notches;
}

void ScriptRunner::after_frame(App &app, SDL_Window *window, SDL_Renderer *renderer) {
  if (finished()) return;
  if (!started_) started_ = SDL_GetTicks();
  if (SDL_GetTicks() - started_ > kMostMs) return fail("the script ran too long");
  if (phase_ == 0 && network_action_on_its_way(app)) return;
  const ScriptStep &s = steps_[next_];
  const ui::Seen &seen = ui::seen_this_frame();
  bool step_done = false;
  switch (s.kind) {
  case StepKind::Click:
  case StepKind::RightClick: {
    ImVec2 at;
    if (!hex_position(app, s.arg, at)) return;
    step_done = mouse_click(at, s.kind == StepKind::Click ? 0 : 1);
    break;
  }
  case StepKind::Hover: {
    ImVec2 at;
    if (!hex_position(app, s.arg, at)) return;
    mouse_ = at;
    step_done = phase_ >= 2;
    break;
  }
  case StepKind::Wheel:
    step_done = wheel(app, s);
    if (failed()) return;
    break;
  case StepKind::Press:
    if (Progress p = press_step(s, seen); p == Progress::Wait)
      return;
    else
      step_done = p == Progress::Done;
    break;
  case StepKind::Expect:
  case StepKind::Whole:
  case StepKind::Absent:
  case StepKind::Mark:
  case StepKind::Unmoved:
    if (Progress p = expect_step(app, s, seen); p == Progress::Wait)
      return;
    else
      step_done = p == Progress::Done;
    break;
  case StepKind::Key:
    step_done = key(s.arg);
    if (failed()) return;
    break;
  case StepKind::Type:
    step_done = type_text(s.arg);
    if (failed()) return;
    break;
  case StepKind::Frames:
    step_done = phase_ + 1 >= s.number;
    break;
  case StepKind::Shot:
    if (!save_png(renderer, s.arg)) return fail(std::string("cannot write: ") + SDL_GetError());
    step_done = true;
    break;
  case StepKind::Size:
    if (phase_ == 0) SDL_SetWindowSize(window, s.number, s.number2);
    step_done = phase_ >= 3;
    break;
  case StepKind::State:
    if (!write_state(app, s.arg)) return;
    step_done = true;
    break;
  }
  if (step_done)
    done();
  else
    ++phase_;
}

} // namespace sns::app
