// The start screen: the battles, their options and seats, New game, the autosave, recent games,
// the editor's buttons and a file to load.
#include "app.hpp"
#include "editor/editor_view.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <filesystem>
#include <imgui.h>

namespace sns::app {

namespace {

// One drop-down per side, labelled with the side's name, listing every choice of who plays it.
void seat_choices(App &app, const BattleInfo &bi) {
  ui::TextDisabled("Who plays each side:");
  for (int side = 0; side < 2; ++side) {
    int &chosen = app.seat_choice[side];
    if (side) ImGui::SameLine(0, 24 * app.ui_scale);
    ImGui::SetNextItemWidth(170 * app.ui_scale);
    seat_combo(bi.sides[side] + "##seat" + std::to_string(side), chosen);
  }
}

// New game: the chosen battle with the ticked options and seats.
void start_chosen_battle(App &app) {
  const BattleInfo &bi = app.battles[app.chosen_battle];
  try {
    Options o;
    o.advanced_wing_integrity = bi.offers_advanced && app.advanced_wing_integrity;
    o.practice = app.practice_choice;
    app.new_game(load_battle_file(bi.path), o, app.next_seed());
    for (int side = 0; side < 2; ++side)
      app.session->seat().set_computer(side, kSeats[app.seat_choice[side]].level);
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

// Three lines: a file's error (its name, JSON path and what was expected) without scrolling.
float status_box_height() { return 3 * ImGui::GetTextLineHeightWithSpacing(); }

// The height of the rows the start screen draws under its battle list (draw_start_screen), worked
// out before drawing them: a list sized from the last frame's layout jumped for one frame whenever
// a row came or went, and a click in that frame landed on another widget.
float height_below_battle_list(App &app) {
  const ImGuiStyle &st = ImGui::GetStyle();
  const float row = ImGui::GetFrameHeightWithSpacing(),
              line = ImGui::GetTextLineHeightWithSpacing();
  const float separator = st.ItemSpacing.y + 1;
  float h = 4 * row + separator;             // options, New game, the editor's buttons, File
  if (!app.battles.empty()) h += line + row; // who plays each side
  if (app.session->file().autosave_loads()) h += line;
  if (size_t n = app.session->file().recent().size()) h += separator + line + n * row;
  h += status_box_height() + st.ItemSpacing.y;
  return h;
}

// The message and the other windows' note, in a box of the same height whether or not anything is
// said, so a load error coming or going never moves a button from under the pointer (issue 33).
void start_status_box(App &app) {
  ImGui::BeginChild("start_status", ImVec2(0, status_box_height()));
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  if (std::string note = app.session->file().other_windows_note(); !note.empty())
    ui::TextWrapped("%s", note.c_str());
  ImGui::PopStyleColor();
  ImGui::EndChild();
}

void recent_games(App &app) {
  const std::vector<std::string> recent = app.session->file().recent();
  if (recent.empty()) return;
  ImGui::Separator();
  ui::Text("Recent games");
  for (size_t i = 0; i < recent.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    std::string name = std::filesystem::path(recent[i]).filename().string();
    if (ui::Button(name.c_str())) app.open(recent[i], 0);
    ImGui::SameLine();
    ui::TextDisabled("%s", recent[i].c_str());
    ImGui::PopID();
  }
}

// A file to load by its path: Enter in the field loads, as Load does (Ctrl+A selects the field's
// text, ImGui's own key), or the Open dialog.
void file_row(App &app) {
  bool entered = ui::InputText("File", app.path_buffer, sizeof app.path_buffer,
                               ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ui::Button("Load") || entered) app.open(app.path_buffer, app.next_seed());
  ImGui::SameLine();
  if (ui::Button("Browse...")) open_browser(app);
}

} // namespace

void draw_start_screen(App &app) {
  // Taller by the status box, kept for it even when nothing is said, so the battle list keeps the
  // height it had before the box (every shipped battle in sight at 1600x900).
  begin_centred_window("Shields & Swords II", 760,
                       640 + status_box_height() + ImGui::GetStyle().ItemSpacing.y);
  ui::TextWrapped("Medieval battles on a hex map. Pick a battle, then who plays each side: "
                  "people taking turns at this screen, or the computer.");
  if (app.has_game()) {
    const char *what = app.session->mode() == Mode::Lesson ? "lesson" : "game";
    ui::Text("In progress: %s (%s)", app.game().battle().name.c_str(), what);
    ImGui::SameLine();
    bool lesson = app.session->mode() == Mode::Lesson;
    if (ui::Button(lesson ? "Back to the lesson" : "Back to the game"))
      app.start_screen = app.lessons_screen = false;
  }
  ImGui::Separator();
  // The list takes the height the window leaves it, so a newcomer sees most battles at once
  // instead of three and a half over empty space under the buttons.
  const float list_h =
      std::max(260.0f, ImGui::GetContentRegionAvail().y - height_below_battle_list(app));
  ImGui::BeginChild("battles", ImVec2(0, list_h), true);
  for (size_t i = 0; i < app.battles.size(); ++i) {
    const BattleInfo &bi = app.battles[i];
    ImGui::PushID(static_cast<int>(i));
    if (ui::Selectable(bi.name.c_str(), app.chosen_battle == static_cast<int>(i)) &&
        app.chosen_battle != static_cast<int>(i)) {
      app.chosen_battle = static_cast<int>(i);
      // Seats belong to the sides of the battle they were chosen for: another battle's first side
      // is not the Royal Army, so both start as people again.
      app.seat_choice[0] = app.seat_choice[1] = 0;
    }
    if (app.show_chosen && app.chosen_battle == static_cast<int>(i)) ImGui::SetScrollHereY(0.3f);
    std::string title = std::string(bi.ruleset->title()) + " rules";
    const char *rules = title.c_str();
    std::string date = bi.date.empty() ? "" : bi.date + " - "; // a made-up battle has no date
    if (bi.draft)
      ui::TextDisabled("  %s%s - your draft: Edit a battle to finish it", date.c_str(), rules);
    else
      ui::TextDisabled("  %s%dx%d hexes, %s - %s%s", date.c_str(), bi.columns, bi.rows,
                       counted(bi.units, "unit", "units").c_str(), rules,
                       bi.own ? " - your battle" : "");
    if (bi.own) ui::TextDisabled("  %s", bi.path.c_str());
    ui::TextWrapped("  %s", bi.summary.c_str());
    ImGui::PopID();
  }
  ImGui::EndChild();
  app.show_chosen = false;
  bool offers = !app.battles.empty() && app.battles[app.chosen_battle].offers_advanced;
  ImGui::BeginDisabled(!offers);
  ui::Checkbox("Advanced Wing Integrity (4.2)", &app.advanced_wing_integrity);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ui::Checkbox("Practice game (take-backs, branches)", &app.practice_choice);
  if (!app.battles.empty()) seat_choices(app, app.battles[app.chosen_battle]);
  bool draft = !app.battles.empty() && app.battles[app.chosen_battle].draft;
  ImGui::BeginDisabled(draft);
  if (ui::Button("New game") && !app.battles.empty()) start_chosen_battle(app);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (app.session->file().autosave_loads()) { // offered only when there is a game to continue
    if (ui::Button("Continue the autosave") && app.session->file().continue_autosave())
      app.game_shown();
    ImGui::SameLine();
  }
  if (ui::Button("Learn to play")) app.lessons_screen = true;
  ImGui::SameLine();
  if (ui::Button("Play over the network")) app.network_screen = true;
  if (app.session->file()
          .autosave_loads()) // which game Continue opens: not the battle picked above
    ui::TextDisabled("The autosave: %s.", app.session->file().autosave_summary().c_str());
  recent_games(app);
  editor_start_buttons(app); // Edit a battle, New battle (editor_view.cpp)
  ImGui::Separator();
  file_row(app);
  start_status_box(app);
  ImGui::End();
}

} // namespace sns::app
