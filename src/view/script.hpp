// App scripts (--script FILE, DESIGN.md "Driving the real app from a script"): the steps, parsed
// and checked before the app starts, so a typo fails at once with its line number.
#pragma once
#include <string>
#include <vector>

namespace sns::app {

enum class StepKind {
  Click,
  RightClick,
  Hover,
  Wheel,
  Key,
  Press,
  Expect,
  Absent,
  Whole,
  Frames,
  Shot,
  Type,
  Size,
  State,
  Mark,
  Unmoved
};

struct ScriptStep {
  StepKind kind;
  std::string arg;    // a hex label, key, label, text or file
  int number = 0;     // frames; width for size; notches for wheel (up > 0)
  int number2 = 0;    // height for size
  int line = 0;       // in the script file, for messages
  std::string source; // the line as written
};

// Parses a script's text; throws std::runtime_error naming the file, line and what was expected.
std::vector<ScriptStep> parse_script(const std::string &text, const std::string &file);
std::vector<ScriptStep> load_script(const std::string &path);

} // namespace sns::app
