// The app's command line: parsing, the printing commands, and what a launch opens first.
#include "launch.hpp"
#include "editor/editor_view.hpp"
#include "lesson_script.hpp"
#include "paths.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace fs = std::filesystem;

namespace sns::app {

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
    else if (a == "--bench-zoom")
      o.bench_zoom = std::stoi(value());
    else if (a == "--bench-pan")
      o.bench_pan = std::stoi(value());
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
             "         [--script FILE] [--bench-frames N [--bench-zoom STEPS] [--bench-pan PX]] "
             "[--explain]\n"
             "         [--replay | --mailed] [--report DIR]\n";
      return false;
    } else if (!a.empty() && a[0] == '-')
      throw std::runtime_error("unknown option " + a);
    else
      o.file = a;
  }
  return true;
}

namespace {

// --lesson ID [--lesson-step N]: open a lesson, played up to step N (screenshots).
bool open_lesson(App &app, const LaunchOptions &opt) {
  const auto &lessons = app.session->lessons().list();
  auto it = std::find_if(lessons.begin(), lessons.end(),
                         [&](const Lesson &l) { return l.id == opt.lesson; });
  if (it == lessons.end()) {
    report_error("--lesson: no lesson " + opt.lesson);
    return false;
  }
  app.start_lesson(static_cast<size_t>(it - lessons.begin()));
  try {
    app.session->lessons().advance(static_cast<size_t>(opt.lesson_step));
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
  if (app.game().battle().rules().has(Feature::Facings)) { // D3 Medieval: as a click (D6)
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

} // namespace

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

int print_game_script(const std::string &game_file) {
  try {
    std::cout << game_script(Game::load(game_file));
    return 0;
  } catch (const std::exception &e) {
    report_error(e.what());
    return 2;
  }
}

bool open_first_screen(App &app, const LaunchOptions &opt, bool scripted) {
  std::string file = opt.file;
  if (file.empty() && opt.bench_frames > 0)
    file = (fs::path(app.root) / "battles" / "grunwald-1410.json").string();
  // --seed fixes the dice of every new game (scripts); otherwise each game takes the clock's.
  app.fixed_seed = opt.seed;
  app.session->seed_fresh_dice(app.next_seed());
  if (scripted)
    app.session->seat().set_pace(0.05); // a script watches the computer's moves at speed
  // A file that cannot be opened is said in the window, which opens on the start screen (issue
  // 31); only a run with no window to say it in (a screenshot, a benchmark, a report) ends.
  const bool windowless =
      !scripted && (!opt.screenshot.empty() || opt.bench_frames > 0 || !opt.report.empty());
  if (opt.editor) { // --editor [BATTLE.json]: the editor, on that battle or on a new map
    if (open_editor(app, file)) {
      set_editor_seed(app, opt.seed.value_or(0));
    } else {
      report_error(app.session->message());
      if (windowless) return false;
    }
  } else if (!file.empty() && !open_record_as(app, file, opt.open_as, app.next_seed())) {
    report_error(app.session->message());
    if (windowless) return false;
  }
  if (!opt.lesson.empty() && !open_lesson(app, opt)) return false;
  if (opt.explain) app.explain = true;
  if (!opt.select.empty() && app.has_game() && !select_unit(app, opt.select)) return false;
  return true;
}

} // namespace sns::app
