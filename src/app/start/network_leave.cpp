// Play over the network (issue 34), the ways out: every way of leaving what is shown (Back on the
// network screen, Leave game, Game > Start screen or Open, quitting) goes through take_way_out,
// which asks one question first when it would leave a live network game, so a stray click never
// drops the friend without a word. The game is kept either way, to resume.
#include "app.hpp"
#include "widgets/ui.hpp"

#include <imgui.h>

namespace sns::app {

namespace {

constexpr const char *kQuestionTitle = "Leave the network game?";

// The way out itself, once nothing is to be asked or the player said Leave.
void go(App &app, WayOut way) {
  switch (way) {
  case WayOut::Back: // the network screen's Back: to the start screen
    if (app.session->remote()) app.session->close();
    app.network_screen = false;
    break;
  case WayOut::Leave: // the Battle panel's Leave game: to the network screen and its Resume list
    if (app.session->remote()) app.session->close();
    app.start_screen = app.network_screen = true;
    app.lessons_screen = false;
    break;
  case WayOut::StartScreen: // a stopped or finished network game stays there to go back to
    app.start_screen = true;
    app.network_screen = false;
    break;
  case WayOut::Open:
    open_browser(app);
    break;
  case WayOut::Quit:
    app.quit = true;
    break;
  }
}

// What the friend's window does once this one leaves (the link closes without a goodbye).
void what_the_friend_sees(const RemoteGame &remote) {
  const std::string opponent = remote.opponent();
  if (opponent.empty()) return; // nobody has joined yet
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ui::TextWrapped("%s's window will say the connection dropped and wait for you to come back.",
                  opponent.c_str());
  ImGui::PopStyleColor();
}

} // namespace

// Connecting, playing, or waiting for the opponent to come (back): leaving would leave someone
// waiting. A game stopped (its reason said) or finished has no one to drop.
bool network_game_live(const App &app) {
  const RemoteGame *remote = app.session->remote();
  if (!remote || remote->stopped()) return false;
  return !(app.session->has_game() && app.session->game().state().game_over());
}

void take_way_out(App &app, WayOut way) {
  if (network_game_live(app))
    app.leaving = way; // leave_question asks, over whatever is shown
  else
    go(app, way);
}

// A modal window over every screen while a way out waits for its answer: nothing behind it takes
// a click meanwhile. Escape is Stay.
void leave_question(App &app) {
  if (!app.leaving) return;
  if (!ImGui::IsPopupOpen(kQuestionTitle)) ImGui::OpenPopup(kQuestionTitle);
  const ImGuiViewport *vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x / 2, vp->WorkPos.y + vp->WorkSize.y / 2),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(520 * app.ui_scale, 0)); // 0: as tall as its lines
  if (!ImGui::BeginPopupModal(kQuestionTitle, nullptr,
                              ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                  ImGuiWindowFlags_NoSavedSettings))
    return;
  ui::note_text(kQuestionTitle);
  ui::TextWrapped("Leave the network game? It is kept; resume it from Play over the network.");
  if (const RemoteGame *remote = app.session->remote()) what_the_friend_sees(*remote);
  ImGui::Spacing();
  const WayOut way = *app.leaving;
  if (ui::Button("Leave")) {
    app.leaving.reset();
    ImGui::CloseCurrentPopup();
    if (app.session->remote()) app.session->close(); // the worker ends on its own, unwaited
    reread_network_games();                          // the Resume list shows the game left at once
    go(app, way);
  }
  ImGui::SameLine();
  if (ui::Button("Stay") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    app.leaving.reset();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

} // namespace sns::app
