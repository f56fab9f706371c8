// A network game on screen (issue 34): the link's state, the opponent, whose move it is and a
// field for messages (network_panel), and the messages and link news among the log's entries.
#include "app.hpp"
#include "widgets/ui.hpp"

#include <imgui.h>

namespace sns::app {

namespace {

std::string whose_move(const RemoteGame &remote, const Game &g) {
  if (g.state().game_over()) return "The game is over.";
  const int side = side_to_act(g.setup(), g.state());
  if (side < 0) return "";
  const std::string &name = g.battle().sides[side].name;
  if (side == remote.local_side()) return "Your move (" + name + ").";
  return remote.opponent() + "'s move (" + name + ").";
}

// "You play Royal Army against Alice": the side this window plays, once the greeting told it.
std::string who_plays(const RemoteGame &remote, const Game &g) {
  const int side = remote.local_side();
  if (side < 0 || remote.opponent().empty()) return "";
  return "You play " + g.battle().sides[side].name + " against " + remote.opponent() + ".";
}

} // namespace

// Drawn at the top of the Battle panel, so it never covers the map. Its lines change as the game
// goes; they stand in a box of fixed height so that the message field, Send and the panel's
// checkboxes below never move under the pointer.
void network_panel(App &app) {
  RemoteGame &remote = *app.session->remote();
  ui::TextColored(ImVec4(0.95f, 0.8f, 0.5f, 1), "Network game");
  ImGui::SameLine(); // on the heading's line, which nothing above moves
  if (ui::SmallButton("Leave game")) take_way_out(app, WayOut::Leave); // asks while it is live
  const float lines_h = 6 * ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("network_lines", ImVec2(0, lines_h));
  ui::TextWrapped("%s", who_plays(remote, app.game()).c_str());
  ui::TextWrapped("%s", remote.connection().c_str());
  if (const std::string opponent = remote.opponent(); !opponent.empty())
    ui::Text("Opponent: %s", opponent.c_str());
  ui::TextWrapped("%s", whose_move(remote, app.game()).c_str());
  ImGui::EndChild();
  // A game stopped before its end (the opponent left, or did not come back in time) is kept: one
  // click waits for them again, as the network screen's Resume list does.
  if (remote.stopped() && !app.game().state().game_over() &&
      ui::Button(("Resume: wait for " + remote.opponent() + " to come back").c_str()))
    app.network.resume_record = remote.record_path();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 130 * app.ui_scale);
  bool sent = ui::InputText("Message", app.network.message, sizeof app.network.message,
                            ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  sent = ui::Button("Send") || sent;
  if (sent && app.network.message[0]) {
    remote.say(app.network.message);
    app.network.message[0] = '\0';
  }
  ui::TextDisabled("Messages appear in the log.");
  ImGui::Separator();
}

// The news that came when the game had `log entry`'s length, drawn before that entry (at_end:
// the news of the game's last moment and any newer), as notes are: a message sits where it was
// said among the moves, so a chat never pushes the last moves out of the log's view.
void network_news_at(const std::vector<RemoteGame::News> &news, const Game &game, size_t entry,
                     bool at_end) {
  ImGui::PushTextWrapPos(0.0f); // a long message wraps at the log's edge, never clipped
  for (const RemoteGame::News &line : news) {
    size_t where =
        line.actions > game.actions().size() ? game.log().size() : game.log_size_at(line.actions);
    if (at_end ? where < entry : where != entry) continue;
    ui::TextColored(ImVec4(0.95f, 0.8f, 0.5f, 1), "%s", line.text.c_str());
  }
  ImGui::PopTextWrapPos();
}

} // namespace sns::app
