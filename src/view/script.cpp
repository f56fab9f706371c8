// Parsing app scripts: one step a line, "#" comments, quoted labels and texts.
#include "script.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace sns::app {

namespace {

struct StepName {
  const char *word;
  StepKind kind;
  bool quoted; // the argument is a "quoted text"
};
// The script vocabulary: one table, read by the parser and the error message.
constexpr StepName kSteps[] = {
    {"click", StepKind::Click, false},    {"rclick", StepKind::RightClick, false},
    {"hover", StepKind::Hover, false},    {"key", StepKind::Key, false},
    {"press", StepKind::Press, true},     {"expect", StepKind::Expect, true},
    {"frames", StepKind::Frames, false},  {"shot", StepKind::Shot, false},
    {"type", StepKind::Type, true},       {"size", StepKind::Size, false},
    {"state", StepKind::State, false},    {"absent", StepKind::Absent, true},
    {"whole", StepKind::Whole, true},     {"mark", StepKind::Mark, true},
    {"unmoved", StepKind::Unmoved, true}, {"wheel", StepKind::Wheel, false},
};

std::string trim(const std::string &s) {
  auto a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  auto b = s.find_last_not_of(" \t\r");
  return s.substr(a, b - a + 1);
}

} // namespace

std::vector<ScriptStep> parse_script(const std::string &text, const std::string &file) {
  std::vector<ScriptStep> steps;
  std::istringstream in(text);
  std::string raw;
  for (int line = 1; std::getline(in, raw); ++line) {
    std::string s = trim(raw);
    if (s.empty() || s[0] == '#') continue;
    auto fail = [&](const std::string &what) {
      throw std::runtime_error(file + ":" + std::to_string(line) + ": " + what + " (in \"" + s +
                               "\")");
    };
    auto space = s.find_first_of(" \t");
    std::string word = s.substr(0, space);
    std::string rest = space == std::string::npos ? "" : trim(s.substr(space));
    const StepName *name = nullptr;
    for (const StepName &n : kSteps)
      if (word == n.word) name = &n;
    if (!name) {
      std::string known;
      for (const StepName &n : kSteps)
        known += (known.empty() ? "" : ", ") + std::string(n.word);
      fail("unknown step \"" + word + "\"; the steps are " + known);
    }
    ScriptStep step{name->kind, "", 0, 0, line, s};
    if (name->quoted) {
      if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"')
        fail(std::string(name->word) + " takes a \"quoted\" text");
      step.arg = rest.substr(1, rest.size() - 2);
    } else {
      step.arg = rest;
    }
    if (step.arg.empty() && step.kind != StepKind::Type)
      fail(std::string(name->word) + " needs an argument");
    if (step.kind == StepKind::Frames) {
      try {
        step.number = std::stoi(step.arg);
      } catch (const std::exception &) {
        fail("frames takes a number");
      }
      if (step.number < 1 || step.number > 100000) fail("frames takes a number from 1 to 100000");
    }
    if (step.kind == StepKind::Size &&
        (std::sscanf(step.arg.c_str(), "%dx%d", &step.number, &step.number2) != 2 ||
         step.number < 320 || step.number2 < 240 || step.number > 8000 || step.number2 > 8000))
      fail("size takes WIDTHxHEIGHT, at least 320x240");
    if (step.kind == StepKind::Wheel) { // "wheel HEX N": N notches, up (towards the map) above 0
      char hex[8] = {};
      if (std::sscanf(step.arg.c_str(), "%7s %d", hex, &step.number) != 2 || step.number == 0 ||
          step.number < -20 || step.number > 20)
        fail("wheel takes a hex and a number of notches from -20 to 20, not 0 (wheel 0805 3)");
      step.arg = hex;
    }
    if ((step.kind == StepKind::Click || step.kind == StepKind::RightClick ||
         step.kind == StepKind::Hover || step.kind == StepKind::Wheel) &&
        (step.arg.size() != 4 || step.arg.find_first_not_of("0123456789") != std::string::npos))
      fail("a hex is named by its four digits, CCRR (e.g. 0805)");
    steps.push_back(step);
  }
  return steps;
}

std::vector<ScriptStep> load_script(const std::string &path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the script");
  std::stringstream text;
  text << in.rdbuf();
  return parse_script(text.str(), path);
}

} // namespace sns::app
