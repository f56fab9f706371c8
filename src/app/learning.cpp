// Learning in the app: the lesson screen and steps, explain mode, practice take-backs and branches.
#include "app.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <imgui.h>

namespace sns::app {

namespace fs = std::filesystem;

int App::fresh_die() {
  ui_rng ^= ui_rng << 13, ui_rng ^= ui_rng >> 7, ui_rng ^= ui_rng << 17;
  return static_cast<int>(ui_rng % 8) + 1;
}

void App::load_progress() {
  completed.clear();
  try {
    nlohmann::json j =
        nlohmann::json::parse(std::ifstream(fs::path(data_dir) / "tutorial-progress.json"));
    for (auto &id : j.at("completed"))
      if (id.is_string()) completed.insert(id.get<std::string>());
  } catch (const std::exception &) {
    // No progress yet, or an unreadable file: start afresh.
  }
}

void App::save_progress() {
  nlohmann::json j = {{"completed", std::vector<std::string>(completed.begin(), completed.end())}};
  try {
    write_file_atomically((fs::path(data_dir) / "tutorial-progress.json").string(),
                          j.dump(1) + "\n");
  } catch (const std::exception &e) {
    message = e.what();
  }
}

void App::start_lesson(size_t index) {
  try {
    lesson.emplace(lessons.at(index), root);
  } catch (const std::exception &e) {
    message = e.what();
    return;
  }
  lesson_index = index;
  game.emplace(lesson->game());
  lines.clear();
  save_path = (fs::path(data_dir) / ("lesson-" + lessons[index].id + ".json")).string();
  explain = true;
  sel.clear();
  message.clear();
  camera_fitted = false;
  start_screen = lessons_screen = false;
  refresh();
}

void App::lesson_next() {
  if (lesson && lesson->next()) {
    if (lesson->finished()) completed.insert(lesson->lesson().id), save_progress();
  }
}

void App::branch(size_t log_entry, bool fresh_dice) {
  if (!practice()) return;
  if (lines.empty()) lines.push_back({"Main line", std::nullopt, false});
  Game copy = *game;
  copy.replay_to(game->action_for_log_entry(log_entry));
  lines[line].stored = *game;
  lines.push_back({"Branch " + std::to_string(lines.size()) + " (turn " +
                       std::to_string(copy.state().turn) + ", " +
                       (fresh_dice ? "fresh dice)" : "same dice)"),
                   std::nullopt, fresh_dice});
  line = static_cast<int>(lines.size()) - 1;
  game.emplace(std::move(copy));
  redo.clear();
  sel.clear();
  message = "Now playing " + lines[line].name +
            ". The main line is kept; switch back in the Battle panel.";
  refresh();
}

void App::switch_line(int index) {
  if (index == line || index < 0 || index >= static_cast<int>(lines.size())) return;
  lines[line].stored = *game;
  game.emplace(*lines[index].stored);
  line = index;
  redo.clear();
  sel.clear();
  refresh();
}

void learning_panel(App &app) {
  if (app.lesson) {
    const Lesson &l = app.lesson->lesson();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 50, 60, 255));
    ImGui::BeginChild("lesson", ImVec2(0, 230 * app.ui_scale), true);
    ImGui::Text("Lesson: %s", l.title.c_str());
    if (const LessonStep *s = app.lesson->step()) {
      ImGui::TextDisabled("Step %zu of %zu  [%s]", app.lesson->step_index() + 1, l.steps.size(),
                          s->rule.c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton("Read the rule")) app.rules_open = s->rule, app.show_rules = true;
      if (app.lesson->step_index() > 0 && !l.steps[app.lesson->step_index() - 1].after.empty())
        ImGui::TextColored(ImVec4(0.6f, 0.9f, 0.6f, 1), "%s",
                           l.steps[app.lesson->step_index() - 1].after.c_str());
      ImGui::TextWrapped("%s", s->text.c_str());
      if (s->expect.empty()) {
        if (ImGui::Button("Next")) app.lesson_next();
      } else if (auto e = app.lesson->next_expected()) {
        ImGui::TextDisabled("Asked: %s", describe(app.game->battle(), *e).c_str());
      }
    } else {
      ImGui::TextColored(ImVec4(0.6f, 1, 0.6f, 1), "Lesson complete.");
      if (!l.steps.back().after.empty()) ImGui::TextWrapped("%s", l.steps.back().after.c_str());
      if (app.lesson_index + 1 < app.lessons.size() && ImGui::Button("Next lesson"))
        app.start_lesson(app.lesson_index + 1);
      ImGui::SameLine();
      if (ImGui::Button("All lessons")) app.lessons_screen = true, app.start_screen = true;
    }
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  if (!app.explain || !app.game) return;
  const GameState &s = app.game->state();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(45, 40, 20, 255));
  ImGui::BeginChild("explain", ImVec2(0, 150 * app.ui_scale), true);
  ImGui::Text("Explain: %s phase", std::string(name(s.phase)).c_str());
  ImGui::TextWrapped("%s", phase_explanation(s.phase).c_str());
  auto wings = wings_acting(app.game->setup(), s, s.phase);
  if (!wings.empty()) {
    std::string names;
    for (int w : wings)
      names += (names.empty() ? "" : ", ") + app.game->battle().wings[w].name;
    ImGui::TextWrapped("Acting: %s", names.c_str());
  }
  std::string now;
  for (auto &[kind, n] : action_counts(app.view->legal()))
    now += (now.empty() ? "" : ", ") + std::to_string(n) + " " + kind;
  ImGui::TextWrapped("Possible now: %s", now.c_str());
  const Events &log = app.game->log();
  for (auto it = log.rbegin(); it != log.rend() && it - log.rbegin() < 40; ++it)
    if (it->roll) {
      ImGui::TextWrapped("Last roll: %s", narrate_roll(app.game->battle(), *it).c_str());
      break;
    }
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void lines_panel(App &app) {
  if (!app.practice()) return;
  ImGui::Separator();
  ImGui::Text("Practice game");
  ImGui::TextDisabled("Take-backs past die rolls allowed.\nRight-click a log entry to branch.");
  for (int i = 0; i < static_cast<int>(app.lines.size()); ++i)
    if (ImGui::Selectable(app.lines[i].name.c_str(), app.line == i)) app.switch_line(i);
  if (app.lines.size() > 1 && app.line != 0 && ImGui::Button("Return to the main line"))
    app.switch_line(0);
}

void log_context_menu(App &app, size_t entry) {
  if (!ImGui::BeginPopupContextItem("branch")) return;
  if (!app.practice()) {
    ImGui::TextDisabled("Branches are for practice games; a competitive game keeps one line.");
  } else {
    if (ImGui::MenuItem("Branch here, same dice")) app.branch(entry, false);
    if (ImGui::MenuItem("Branch here, fresh dice")) app.branch(entry, true);
  }
  ImGui::EndPopup();
}

void draw_lessons_screen(App &app) {
  begin_centred_window("Learn to play", 720, 600);
  ImGui::TextWrapped(
      "Short lessons on the teaching battle. Each step says what to do and why; the game judges "
      "your move and "
      "explains any refusal. Dice in lessons are fixed, so each shows what it means to show.");
  ImGui::Separator();
  for (size_t i = 0; i < app.lessons.size(); ++i) {
    const Lesson &l = app.lessons[i];
    ImGui::PushID(static_cast<int>(i));
    bool done = app.completed.count(l.id) > 0;
    if (ImGui::Button(done ? "Replay" : "Start")) app.start_lesson(i);
    ImGui::SameLine();
    ImGui::Text("%s %zu. %s", done ? "[done]" : "      ", i + 1, l.title.c_str());
    ImGui::TextDisabled("        %s", l.summary.c_str());
    ImGui::PopID();
  }
  ImGui::Separator();
  if (ImGui::Button("Back")) app.lessons_screen = false;
  ImGui::End();
}

} // namespace sns::app
