// Play over the network (issue 34): the form that hosts a game of the battle chosen on the start
// screen or joins one at an address, and what the link is doing until the game is there.
#include "app.hpp"
#include "net_play.hpp"
#include "widgets/ui.hpp"

#include <cstdlib>
#include <imgui.h>

namespace sns::app {

namespace {

// HOST:PORT as the player typed it; false (with the message said) when it is not one.
bool split_address(App &app, std::string &host, uint16_t &port) {
  std::string where = app.network.address;
  size_t colon = where.rfind(':');
  long number =
      colon == std::string::npos ? 0 : std::strtol(where.c_str() + colon + 1, nullptr, 10);
  if (colon == std::string::npos || colon == 0 || number < 1 || number > 65535) {
    app.session->say(
        "Type the host's address and port as HOST:PORT, for example 192.168.1.20:4747.");
    return false;
  }
  host = where.substr(0, colon);
  port = static_cast<uint16_t>(number);
  return true;
}

NetPlaySetup setup_for(App &app, bool hosting, const std::string &battle_id) {
  NetPlaySetup s;
  s.hosting = hosting;
  s.name = app.network.name[0] ? app.network.name : "player";
  s.record = network_record_path(app.session->file().data_dir(), battle_id, hosting);
  return s;
}

void host_form(App &app) {
  ui::TextDisabled("Host a game");
  if (app.battles.empty()) return;
  const BattleInfo &bi = app.battles[app.chosen_battle];
  ui::TextWrapped("Battle: %s (%s rules). Choose another on the start screen.", bi.name.c_str(),
                  std::string(bi.ruleset->title()).c_str());
  ui::Text("You play:");
  for (int side = 0; side < 2; ++side) {
    ImGui::SameLine();
    if (ui::RadioButton(bi.sides[side].c_str(), app.network.side == side)) app.network.side = side;
  }
  ImGui::SetNextItemWidth(120 * app.ui_scale);
  ui::InputText("Port", app.network.port, sizeof app.network.port,
                ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_AutoSelectAll);
  if (!ui::Button("Host the game")) return;
  long port = std::strtol(app.network.port, nullptr, 10);
  if (port < 0 || port > 65535) {
    app.session->say("The port is a number from 1 to 65535 (0: any free port).");
    return;
  }
  try {
    std::shared_ptr<const Battle> battle = load_battle_file(bi.path);
    NetPlaySetup s = setup_for(app, true, bi.id);
    s.battle = bi.path;
    s.side = battle->sides[app.network.side].id;
    s.port = static_cast<uint16_t>(port);
    app.session->play_remote(std::make_unique<NetPlay>(s));
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

void join_form(App &app) {
  ui::TextDisabled("Join a game");
  ImGui::SetNextItemWidth(260 * app.ui_scale);
  ui::InputText("Address", app.network.address, sizeof app.network.address,
                ImGuiInputTextFlags_AutoSelectAll);
  if (!ui::Button("Join the game")) return;
  NetPlaySetup s = setup_for(app, false, "joined");
  if (!split_address(app, s.address, s.port)) return;
  try {
    app.session->play_remote(std::make_unique<NetPlay>(s));
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

} // namespace

void draw_network_screen(App &app) {
  RemoteGame *remote = app.session->remote();
  if (remote && app.has_game()) { // the link brought the game: show it
    app.game_shown();
    return;
  }
  begin_centred_window("Play over the network", 640, 620); // room for the Resume list
  ui::TextWrapped("Play a friend on another computer: one of you hosts a game and tells the "
                  "other the address and port; the other joins it. The dice are made by both "
                  "computers together, so neither player can foresee or choose them.");
  ImGui::SetNextItemWidth(200 * app.ui_scale);
  ui::InputText("Your name", app.network.name, sizeof app.network.name,
                ImGuiInputTextFlags_AutoSelectAll);
  ImGui::Separator();
  if (remote) {
    ui::Text("%s", remote->connection().c_str());
    for (const std::string &line : remote->news())
      ui::TextWrapped("%s", line.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ui::TextWrapped("The record will be kept in %s", remote->record_path().c_str());
    ImGui::PopStyleColor();
  } else {
    host_form(app);
    ImGui::Separator();
    join_form(app);
    ImGui::Separator();
    network_resume_list(app);
  }
  ImGui::Separator();
  bool back = ui::Button("Back");
  if (remote && network_leave_confirmed(app, back)) {
    app.session->close();
    app.network_screen = false;
  } else if (back && !remote) {
    app.network_screen = false;
  }
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

} // namespace sns::app
