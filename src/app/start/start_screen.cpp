// The start screen: a title band, the battle gallery (gallery.cpp) and beside it the autosave to
// continue, the chosen battle's options, seats and New game, the lessons, recent games, the
// editor's buttons, a file to load and the chosen battle's story and seat results.
#include "app.hpp"
#include "editor/editor_view.hpp"
#include "play/panel_parts.hpp"
#include "start/gallery.hpp"
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
    ImGui::SetNextItemWidth(170 * app.ui_scale);
    seat_combo(bi.sides[side] + "##seat" + std::to_string(side), app.seat_choice[side]);
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
      app.session->seat().set_computer(side, seats()[app.seat_choice[side]].level);
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

// Three lines: a file's error (its name, JSON path and what was expected) without scrolling.
float status_box_height() { return 3 * ImGui::GetTextLineHeightWithSpacing(); }

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
  // The field leaves room for its label and both buttons inside the column.
  const ImGuiStyle &st = ImGui::GetStyle();
  ImGui::SetNextItemWidth(-(ImGui::CalcTextSize("File Load Browse...").x + 4 * st.FramePadding.x +
                            2 * st.ItemSpacing.x + st.ItemInnerSpacing.x));
  bool entered = ui::InputText("File", app.path_buffer, sizeof app.path_buffer,
                               ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (ui::Button("Load") || entered) app.open(app.path_buffer, app.next_seed());
  ImGui::SameLine();
  if (ui::Button("Browse...")) open_browser(app);
}

// The band across the top with the game's name, as on a box lid.
void title_band(App &app, float height) {
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x, s = app.ui_scale;
  ImDrawList *dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + height), IM_COL32(92, 30, 26, 255), 4 * s);
  dl->AddRect(ImVec2(p.x + 3 * s, p.y + 3 * s), ImVec2(p.x + w - 3 * s, p.y + height - 3 * s),
              IM_COL32(214, 178, 96, 255), 3 * s, 0, 1.5f * s);
  const char *name = "Shields & Swords II";
  const float big = 28 * s;
  dl->AddText(app.fonts.bold, big, ImVec2(p.x + 18 * s, p.y + (height - big) / 2),
              IM_COL32(246, 226, 170, 255), name);
  ui::note_text(name);
  const char *line = "Medieval battles on a hex map. Pick a battle, then who plays each side: "
                     "people taking turns at this screen, or the computer.";
  // Right of the name; wrapped where the window is narrow, and left out where even two lines would
  // not fit beside it (at 1024 wide it ran over the name).
  const float name_w = app.fonts.bold->CalcTextSizeA(big, FLT_MAX, 0, name).x;
  const float room = w - name_w - 54 * s;
  ImVec2 size = ImGui::CalcTextSize(line, nullptr, false, room);
  if (room > 0 && size.y <= height - 8 * s) {
    dl->AddText(ImGui::GetFont(), ImGui::GetFontSize(),
                ImVec2(p.x + w - size.x - 18 * s, p.y + (height - size.y) / 2),
                IM_COL32(232, 214, 180, 255), line, nullptr, room);
    ui::note_text(line);
  }
  ImGui::Dummy(ImVec2(w, height));
}

// Is the autosave the game in progress? In free play this window rewrites it at every change, so
// continuing it would only open the same game again: a second button for one game.
bool autosave_is_the_game(const App &app) {
  const Session &ss = *app.session;
  return app.has_game() && ss.mode() == Mode::Play && !ss.remote() &&
         !ss.file().autosave_elsewhere();
}

// The game to go back to, and the autosave to continue when it is another game (the one played
// before a lesson, a replay or a network game): first, since that is what a returning player
// wants. One button for each game, so Back and Continue never both mean the same game.
void continue_rows(App &app) {
  if (app.has_game()) {
    const Mode mode = app.session->mode();
    const std::string what = mode == Mode::Lesson   ? "lesson"
                             : mode == Mode::Replay ? "replay"
                                                    : "game";
    ui::TextWrapped("In progress: %s (%s)", app.game().battle().name.c_str(), what.c_str());
    if (ui::Button(("Back to the " + what).c_str())) app.back_to_game(); // Escape too (frame.cpp)
  }
  const bool other_autosave = !autosave_is_the_game(app) && app.session->file().autosave_loads();
  if (other_autosave) { // offered only when there is another game to continue
    if (ui::Button("Continue the autosave")) app.continue_autosave();
    // Which game Continue opens: not the battle picked in the gallery.
    ui::TextWrapped("The autosave: %s.", app.session->file().autosave_summary().c_str());
  }
  if (app.has_game() || other_autosave) ImGui::Separator();
}

// The chosen battle's options, seats and New game (Enter in the gallery does the same).
void new_game_rows(App &app) {
  if (app.battles.empty()) return;
  const BattleInfo &bi = app.battles[static_cast<size_t>(app.chosen_battle)];
  ui::TextWrapped("Chosen: %s", bi.name.c_str());
  ImGui::BeginDisabled(!bi.offers_advanced);
  ui::Checkbox("Advanced Wing Integrity (4.2)", &app.advanced_wing_integrity);
  ImGui::EndDisabled();
  ui::Checkbox("Practice game (take-backs, branches)", &app.practice_choice);
  seat_choices(app, bi);
  ImGui::BeginDisabled(bi.draft);
  if (ui::Button("New game", ImVec2(170 * app.ui_scale, 0))) start_chosen_battle(app);
  ImGui::EndDisabled();
  ImGui::SameLine();
  // Enter starts what the gallery's keyboard focus is on, which may be a lesson (gallery.cpp).
  // Wrapped at the panel's edge: at 1024 wide it was cut off there.
  ImGui::PushTextWrapPos(0.0f);
  if (app.gallery_lesson >= 0)
    ui::TextDisabled("Enter starts Lesson %d", app.gallery_lesson + 1);
  else
    ui::TextDisabled("or Enter; arrows choose");
  ImGui::PopTextWrapPos();
}

// What the balance measurements say from each seat (docs/ai.md "Who won from which seat").
void chosen_story(App &app) {
  if (app.battles.empty()) return;
  const BattleInfo &bi = app.battles[static_cast<size_t>(app.chosen_battle)];
  ImGui::Separator();
  ui::TextWrapped("%s", bi.summary.c_str());
  if (bi.about.seats.empty()) return;
  ui::TextDisabled("The stronger computer player's wins from each seat:");
  for (const SeatResult &r : bi.about.seats)
    ui::TextWrapped("%s: %d of %d as %s, %d of %d as %s", r.match.c_str(), r.won[0][0], r.won[0][1],
                    bi.sides[0].c_str(), r.won[1][0], r.won[1][1], bi.sides[1].c_str());
}

// The column beside the gallery: from continuing a game to opening a file.
void side_column(App &app, ImVec2 size) {
  ImGui::BeginChild("start_side", size, false);
  continue_rows(app);
  new_game_rows(app);
  ImGui::Separator();
  if (ui::Button("Learn to play")) app.lessons_screen = true;
  ImGui::SameLine();
  if (ui::Button("Play over the network")) {
    // A network game that stopped is kept in the Resume list; the screen shows the forms and the
    // list, not the stopped game again.
    if (const RemoteGame *r = app.session->remote(); r && r->stopped()) app.session->close();
    app.network_screen = true;
  }
  recent_games(app);
  ImGui::Separator();
  editor_start_buttons(app); // Edit a battle, New battle (editor_view.cpp)
  file_row(app);
  start_status_box(app);
  chosen_story(app);
  ImGui::EndChild();
}

} // namespace

void draw_start_screen(App &app) {
  const ImGuiViewport *vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ui::Begin("##start", nullptr,
            ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoSavedSettings);
  title_band(app, 58 * app.ui_scale);
  // At most 30% of the width, so a 1280-pixel window still shows three cards a row.
  const float side_w = std::min(400 * app.ui_scale, vp->WorkSize.x * 0.3f);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  draw_gallery(app, ImVec2(avail.x - side_w - ImGui::GetStyle().ItemSpacing.x, avail.y),
               start_chosen_battle);
  ImGui::SameLine();
  side_column(app, ImVec2(side_w, avail.y));
  ImGui::End();
}

} // namespace sns::app
