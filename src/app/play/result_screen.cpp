// The result screen at a game's end (issue 33 item 4): who won and why, the score, each side's
// losses and the turns played, with Replay, Battle report and New game. Everything it says is the
// engine's: the winner and reason from the state, the score as the ruleset keeps it, the losses
// from the log.
#include "app.hpp"
#include "replay/replay_panel.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"

#include <SDL.h>
#include <algorithm>
#include <imgui.h>

namespace sns::app {

namespace {

// One row a side: its score where the ruleset scores VP, the units it lost, had reduced (S&S II's
// printed reverse sides) and kept on the map, and where any of its reinforcements never came
// (First Clash's Late Riders may find their road held), those too: without them the row's units
// did not add up.
void losses_table(const App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const bool vp = b.rules().has(Feature::VictoryPoints), faces = b.rules().has(Feature::UnitFaces);
  std::array<SideLosses, 2> lost = side_losses(b, app.game().log());
  std::array<int, 2> left{}, units{};
  for (size_t u = 0; u < b.units.size(); ++u) {
    ++units[b.units[u].side];
    left[b.units[u].side] += s.units[u].hex != kOffMap;
  }
  auto never_came = [&](int side) { return units[side] - left[side] - lost[side].eliminated; };
  const bool absent = never_came(0) > 0 || never_came(1) > 0;
  std::vector<const char *> heads{"Side"};
  if (vp) heads.push_back("VP");
  heads.push_back("Units lost");
  if (faces) heads.push_back("Reduced");
  heads.push_back("Units left");
  if (absent) heads.push_back("Never came");
  // Each column as wide as its head (fitted to the numbers, the heads had been cut to two
  // letters; shared out evenly, "Never came" was cut), the first as the longer side's name.
  if (!ImGui::BeginTable("result", static_cast<int>(heads.size()), ImGuiTableFlags_Borders)) return;
  float names = 0;
  for (const SideDef &side : b.sides)
    names = std::max(names, ImGui::CalcTextSize(side.name.c_str()).x);
  for (size_t c = 0; c < heads.size(); ++c)
    ImGui::TableSetupColumn(heads[c], ImGuiTableColumnFlags_WidthFixed,
                            std::max(c == 0 ? names : 0.0f, ImGui::CalcTextSize(heads[c]).x) +
                                ImGui::GetFontSize());
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (size_t c = 0; c < heads.size(); ++c)
    ImGui::TableSetColumnIndex(static_cast<int>(c)), ui::TextDisabled("%s", heads[c]);
  for (int side = 0; side < 2; ++side) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn(), ui::Text("%s", b.sides[side].name.c_str());
    if (vp) ImGui::TableNextColumn(), ui::Text("%d", s.vp[side]);
    ImGui::TableNextColumn(), ui::Text("%d", lost[side].eliminated);
    if (faces) ImGui::TableNextColumn(), ui::Text("%d", lost[side].reduced);
    ImGui::TableNextColumn(), ui::Text("%d", left[side]);
    if (absent) ImGui::TableNextColumn(), ui::Text("%d", never_came(side));
  }
  ImGui::EndTable();
}

// Replay, Battle report, New game; and a way to look at the final map with the screen closed.
void result_buttons(App &app) {
  Session &ss = *app.session;
  // A replay asked for at the end is watched from the start, with the map in view (the result
  // shows again at its last action); the Record menu's replay opens at the end, where play is.
  if (ss.mode() == Mode::Play && ui::Button("Replay") && ss.replays().replay_game())
    ss.replays().replay_go(0);
  if (ss.mode() == Mode::Play) ImGui::SameLine();
  if ((ss.mode() == Mode::Play || ss.mode() == Mode::Replay) && ui::Button("Battle report")) {
    ReportWritten report = write_report(app);
    app.result_report_file = report.file;
    app.result_report = report.file.empty()
                            ? report.words
                            : "Battle report written (the battle told turn by turn, "
                              "with its notes; any text editor opens it):";
  }
  ImGui::SameLine();
  if (ui::Button("New game")) app.start_screen = true;
  ImGui::SameLine();
  if (ui::Button("Look at the map")) app.result_hidden = true;
  app.result_height = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
  // The report's words right under its button, where the player looks after pressing it: in the
  // Orders panel's status line they were across the screen. Its path broken only after a '/':
  // wrapped as words it broke mid-name (trial).
  if (!app.result_report.empty()) {
    const float room = ImGui::GetFontSize() * 28;
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
    ImGui::PushTextWrapPos(room);
    ui::TextWrapped("%s", app.result_report.c_str());
    ImGui::PopTextWrapPos();
    for (const std::string &line :
         path_lines(app.result_report_file, room,
                    [](const std::string &t) { return ImGui::CalcTextSize(t.c_str()).x; }))
      ui::Text("  %s", line.c_str());
    ImGui::PopStyleColor();
  }
  // The desktop's own viewer for Markdown files (xdg-open): a path alone left the player to find
  // the folder by hand. Said once pressed, as the viewer may take a moment to come up. xdg-open
  // takes a plain path: as an unescaped file:// URL, a space, '%' or '#' in the data folder's path
  // would have named another file.
  if (!app.result_report_file.empty() && ui::Button("Open report"))
    app.result_report = SDL_OpenURL(app.result_report_file.c_str()) == 0
                            ? "Battle report handed to your desktop's viewer:"
                            : "The report could not be opened here (" +
                                  std::string(SDL_GetError()) + "); it is at:";
}

} // namespace

bool result_shown(const App &app) {
  return app.has_game() && !app.start_screen && !app.editor_shown() && !app.result_hidden &&
         app.game().state().game_over();
}

void result_screen(App &app, const MapRect &map) {
  const GameState &s = app.game().state();
  if (!s.game_over()) {
    app.result_hidden = false; // an undo took the end back: the next end shows again
    app.result_report.clear();
    app.result_report_file.clear();
    return;
  }
  if (app.result_hidden) return;
  const Battle &b = app.game().battle();
  // Centred on the map by its height down to the buttons, so the report's line, growing it below
  // them, moves no button from under the pointer (centred whole, the window rose by half the line).
  // Below the top band on a short map (view.hpp).
  const float top = result_box_top(map.y, map.h, app.result_height, app.ui_scale);
  ImGui::SetNextWindowPos(ImVec2(map.x + map.w / 2, top), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  ui::Begin("The battle is over", nullptr,
            ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse |
                ImGuiWindowFlags_NoMove);
  ImGui::PushFont(app.fonts.bold ? app.fonts.bold : ImGui::GetFont());
  ui::Text("%s", s.winner == kDraw ? "A draw"
                 : s.winner < 0    ? "No winner"
                                   : (b.sides[s.winner].name + " wins").c_str());
  ImGui::PopFont();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
  // The victory level the battle's levels give this ending (issue 32 item 1), under the winner.
  // A level may favour the side that lost by the rules (Grunwald's Order can lose and still earn a
  // moral victory): say what it measures, or the two lines read as a contradiction (trial).
  if (std::string level = victory_level_words(b, s); !level.empty()) {
    ui::TextWrapped("%s", level.c_str());
    ui::TextDisabled("The level grades the ending against history, apart from who won.");
  }
  if (!s.result_reason.empty()) ui::TextWrapped("%s", sentence_words(s.result_reason).c_str());
  ImGui::PopTextWrapPos();
  std::string turn = sentence_words(b.rules().turn_word);
  ui::Text("Ended in %s %d%s, after %s.", turn.c_str(), s.turn,
           b.last_turn ? (" of " + std::to_string(b.last_turn)).c_str() : "",
           counted(static_cast<int>(app.game().actions().size()), "action", "actions").c_str());
  ImGui::Separator();
  losses_table(app);
  ImGui::Separator();
  result_buttons(app);
  ImGui::End();
}

} // namespace sns::app
