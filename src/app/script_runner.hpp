// Runs an app script (--script) through the real event loop: input is fed as SDL events and mouse
// state, one step after another, and each step is checked against what the frame showed.
#pragma once
#include "app.hpp"
#include "script.hpp"
#include "widgets/ui.hpp"

#include <SDL.h>
#include <imgui.h>
#include <map>
#include <string>

namespace sns::app {

// Writes the renderer's current picture to a PNG (screenshots, F12 and the script's "shot").
bool save_png(SDL_Renderer *renderer, const std::string &path);

class ScriptRunner {
public:
  ScriptRunner(std::vector<ScriptStep> steps, std::string file);
  // After the backend's NewFrame, before ImGui's: the script's mouse replaces the real one.
  void before_frame();
  // After the frame is rendered (before it is presented): runs or continues the current step.
  void after_frame(App &app, SDL_Window *window, SDL_Renderer *renderer);
  bool finished() const { return next_ >= steps_.size() || failed(); }
  bool failed() const { return !error_.empty(); }
  const std::string &error() const { return error_; }
  // The app was closed: fine when the script's last step closed it (ctrl+q), a failure otherwise.
  void app_closed();

private:
  std::vector<ScriptStep> steps_;
  std::string file_;
  size_t next_ = 0;
  int phase_ = 0; // frames spent on the current step
  std::string error_;
  ImVec2 mouse_{-1, -1};
  bool down_[2] = {false, false};       // left, right
  Uint32 waiting_since_ = 0;            // when the current press or expect began to wait
  int still_frames_ = 0;                // frames the button to press has stayed where it is
  Uint32 started_ = 0;                  // SDL_GetTicks at the script's first frame
  std::map<std::string, ImVec2> marks_; // where `mark` found each widget

  void fail(const std::string &why);
  // What a frame did for a step: Wait keeps its frame count, Next counts a frame, Done ends it.
  enum class Progress { Wait, Next, Done };
  Progress fail_step(const std::string &why) {
    fail(why);
    return Progress::Wait;
  }
  // The widget labelled `label`, or nullptr with `waiting` set to Wait (not shown yet) or to the
  // step's failure once kPatienceMs have passed without it.
  const ui::SeenItem *await_item(const std::string &label, const ui::Seen &seen, Progress &waiting);
  Progress press_step(const ScriptStep &s, const ui::Seen &seen);
  Progress expect_step(App &app, const ScriptStep &s, const ui::Seen &seen);
  Progress place_step(const ScriptStep &s, const ui::Seen &seen); // mark, unmoved
  bool write_state(App &app, const std::string &path);            // false: failed
  void done() { ++next_, phase_ = 0; }
  bool mouse_click(ImVec2 at, int button);            // true once pressed and released
  bool type_text(const std::string &text);            // the type step; true once typed
  bool wheel(App &app, const ScriptStep &s);          // the wheel step; true once done
  bool under_pointer(const ui::SeenItem *item) const; // the item is where the pointer is
  bool hex_position(App &app, const std::string &label, ImVec2 &out);
  bool key(const std::string &name);
};

} // namespace sns::app
