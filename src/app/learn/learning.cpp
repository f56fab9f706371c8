// Learning in the app: the lesson screen and steps, explain mode, practice take-backs and branches.
#include "app.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <imgui.h>

namespace sns::app {

namespace fs = std::filesystem;

void App::start_lesson(size_t index) {
  if (!session->lessons().start(index)) return;
  explain = true;
  game_shown();
}

namespace {

// The height the current child window's content took, borders and padding included (and a pixel of
// slack either way): what the box needs to show it all without scrolling.
float needed_height() {
  const ImGuiStyle &st = ImGui::GetStyle();
  return std::ceil(ImGui::GetCursorPosY() - st.ItemSpacing.y + st.WindowPadding.y +
                   2 * st.ChildBorderSize) +
         2;
}

// A box given all it needs shows no scroll bar: ImGui shows one for a frame as content grows, and
// text wrapped beside it takes more lines, so the box's need would swing between two heights.
ImGuiWindowFlags box_flags(float height, float needs) {
  return height >= needs ? ImGuiWindowFlags_NoScrollbar : 0;
}

void lesson_box(App &app, const LessonRun &run, float height) {
  const Lesson &l = run.lesson();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 50, 60, 255));
  ImGui::BeginChild("lesson", ImVec2(0, height), true, box_flags(height, app.lesson_box_needs));
  ui::Text("Lesson: %s", l.title.c_str());
  if (const LessonStep *s = run.step()) {
    ui::TextDisabled("Step %zu of %zu  \xC2\xA7%s", run.step_index() + 1, l.steps.size(),
                     s->rule.c_str());
    ImGui::SameLine();
    if (ui::SmallButton("Read the rule"))
      app.rules_open = section_for_tag(s->rule), app.show_rules = true;
    ImGui::PushTextWrapPos(0.0f); // what the last step did and what is asked, wrapped
    if (run.step_index() > 0 && !l.steps[run.step_index() - 1].after.empty())
      ui::TextColored(ImVec4(0.6f, 0.9f, 0.6f, 1), "%s",
                      l.steps[run.step_index() - 1].after.c_str());
    ui::TextWrapped("%s", s->text.c_str());
    if (s->expect.empty()) {
      if (ui::Button("Next")) app.session->lessons().next_step();
    } else if (auto e = run.next_expected()) {
      ui::TextDisabled("Asked: %s", advice_words(app.game().battle(), *e).c_str());
    }
    ImGui::PopTextWrapPos();
  } else {
    ui::TextColored(ImVec4(0.6f, 1, 0.6f, 1), "Lesson complete.");
    if (!l.steps.back().after.empty()) ui::TextWrapped("%s", l.steps.back().after.c_str());
    if (app.session->lessons().index() + 1 < app.session->lessons().list().size() &&
        ui::Button("Next lesson"))
      app.start_lesson(app.session->lessons().index() + 1);
    ImGui::SameLine();
    if (ui::Button("All lessons")) app.lessons_screen = true, app.start_screen = true;
  }
  app.lesson_box_needs = needed_height();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void explain_box(App &app, float height) {
  const GameState &s = app.game().state();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(45, 40, 20, 255));
  ImGui::BeginChild("explain", ImVec2(0, height), true, box_flags(height, app.explain_box_needs));
  // At the end there is no phase to explain: "the Game over Phase" read as a phase of play.
  if (s.game_over())
    ui::Text("Explain: the battle is over");
  else
    ui::Text("Explain: the %s Phase", phase_words(s.phase).c_str());
  ui::TextWrapped("%s", phase_explanation(s.phase).c_str());
  auto wings = wings_acting(app.game().setup(), s, s.phase);
  if (!wings.empty()) {
    std::string names;
    for (int w : wings)
      names += (names.empty() ? "" : ", ") + app.game().battle().wings[w].name;
    ui::TextWrapped("Acting: %s", names.c_str());
  }
  std::string now;
  for (auto &[type, n] : action_counts(app.view().legal()))
    now += (now.empty() ? "" : ", ") + action_count_words(type, n);
  ui::TextWrapped("Possible now: %s", !now.empty()    ? now.c_str()
                                      : s.game_over() ? "nothing: the game is over."
                                                      : "nothing for this player.");
  const Events &log = app.game().log();
  const auto &actions = app.game().actions();
  if (int roll =
          last_roll_entry(log, actions.empty() ? 0 : app.game().log_size_at(actions.size() - 1));
      roll >= 0) {
    // The action that ended the last turn may have rolled (a D3 disorder roll): said over the
    // next player's orders, it names the turn it was made in.
    std::string turn = earlier_turn_of(log, roll);
    ui::TextWrapped("Last roll%s: %s", turn.empty() ? "" : (" (" + turn + ")").c_str(),
                    narrate_roll(app.game().battle(), log[roll]).c_str());
  }
  app.explain_box_needs = needed_height();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

} // namespace

void learning_panel(App &app) {
  const LessonRun *run = app.session->lessons().run();
  const bool explaining = app.explain && app.has_game();
  // Before a box was ever drawn its need is unknown: the heights it had when they were fixed.
  auto need = [&](bool shown, float measured, float unmeasured) {
    return !shown ? 0.0f : measured > 0 ? measured : unmeasured * app.ui_scale;
  };
  LearningBoxes h = learning_boxes(need(run, app.lesson_box_needs, 230),
                                   need(explaining, app.explain_box_needs, 150),
                                   ImGui::GetContentRegionAvail().y, 60 * app.ui_scale);
  if (run) lesson_box(app, *run, h.lesson);
  if (explaining) explain_box(app, h.explain);
}

void lines_panel(App &app) {
  const Session &ss = *app.session;
  if (ss.mode() == Mode::Play && !ss.file().practice()) {
    ImGui::Separator();
    ui::Text("Competitive game");
    ImGui::PushTextWrapPos(0.0f); // the narrow Battle panel cut it off at "a die r"
    ui::TextDisabled("The dice stand: undo stops at a die roll.");
    ImGui::PopTextWrapPos();
  }
  if (!ss.file().practice()) return;
  ImGui::Separator();
  ui::Text("Practice game");
  ui::TextDisabled("Take-backs past die rolls allowed.\nRight-click a log entry to branch.");
  for (int i = 0; i < static_cast<int>(ss.lines().lines().size()); ++i)
    if (ui::Selectable(ss.lines().lines()[i].name.c_str(), ss.lines().line() == i))
      app.session->lines().switch_line(i);
  if (ss.lines().lines().size() > 1 && ss.lines().line() != 0 &&
      ui::Button("Return to the main line"))
    app.session->lines().switch_line(0);
}

void log_context_menu(App &app, size_t entry) {
  if (!ImGui::BeginPopupContextItem("branch")) return;
  if (!app.session->file().practice()) {
    ui::TextDisabled("Branches are for practice games; a competitive game keeps one line.");
  } else {
    if (ui::MenuItem("Branch here, same dice")) app.session->lines().branch(entry, false);
    if (ui::MenuItem("Branch here, fresh dice")) app.session->lines().branch(entry, true);
  }
  ImGui::EndPopup();
}

void draw_lessons_screen(App &app) {
  begin_centred_window("Learn to play", 720, 760); // every lesson and Back, unscrolled
  ui::TextWrapped(
      "Short lessons on the teaching battles. Each step says what to do and why; the game judges "
      "your move and "
      "explains any refusal. Dice in lessons are fixed, so each shows what it means to show.");
  ImGui::Separator();
  for (size_t i = 0; i < app.session->lessons().list().size(); ++i) {
    const Lesson &l = app.session->lessons().list()[i];
    ImGui::PushID(static_cast<int>(i));
    bool done = app.session->lessons().completed().count(l.id) > 0;
    std::string label = (done ? "Replay lesson " : "Start lesson ") + std::to_string(i + 1);
    if (ui::Button(label.c_str())) app.start_lesson(i);
    ImGui::SameLine();
    ui::Text("%s %zu. %s", done ? "[done]" : "      ", i + 1, l.title.c_str());
    // Wrapped under the title: lesson 12's summary ran past the window's edge.
    ImGui::Indent(2 * ImGui::GetFontSize());
    ImGui::PushTextWrapPos(0.0f);
    ui::TextDisabled("%s", l.summary.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Unindent(2 * ImGui::GetFontSize());
    ImGui::PopID();
  }
  ImGui::Separator();
  if (ui::Button("Back")) app.lessons_screen = false;
  ImGui::End();
}

} // namespace sns::app
