// Play over the network (issue 34): the form that hosts a game of the battle chosen on the start
// screen or joins one at an address, and what the link is doing until the game is there.
#include "app.hpp"
#include "app_settings.hpp"
#include "local_addresses.hpp"
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

// A field changed or an attempt starts: what was said about the last attempt (a refused port, a
// host that could not listen) is stale, and a link that stopped before its game goes with it.
void forget_last_attempt(App &app) {
  if (RemoteGame *remote = app.session->remote(); remote && remote->stopped()) app.session->close();
  app.session->say("");
}

NetPlaySetup setup_for(App &app, bool hosting, const std::string &battle_id) {
  forget_last_attempt(app);
  remember_network_form(app); // the next run's form starts from this one
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
  if (ui::InputText("Port", app.network.port, sizeof app.network.port,
                    ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_AutoSelectAll))
    forget_last_attempt(app);
  if (!ui::Button("Host the game")) return;
  forget_last_attempt(app);
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
  if (ui::InputText("Address", app.network.address, sizeof app.network.address,
                    ImGuiInputTextFlags_AutoSelectAll))
    forget_last_attempt(app);
  if (!ui::Button("Join the game")) return;
  forget_last_attempt(app);
  NetPlaySetup s = setup_for(app, false, "joined");
  if (!split_address(app, s.address, s.port)) return;
  try {
    app.session->play_remote(std::make_unique<NetPlay>(s));
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

// The host's addresses with the port, each with a button that copies it: what the friend types
// under "Join a game".
void addresses_to_copy(App &app, uint16_t port) {
  ui::TextWrapped("Give your friend this address (they type it under Join a game):");
  std::vector<std::string> lines = addresses_to_give(local_ipv4_addresses(), port);
  for (size_t i = 0; i < lines.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ui::SmallButton("Copy")) {
      ImGui::SetClipboardText(lines[i].c_str());
      app.session->say("Copied " + lines[i] + ": paste it to your friend.");
    }
    ImGui::PopID();
    ImGui::SameLine();
    ui::Text("%s", lines[i].c_str());
  }
  if (lines.size() > 1)
    ui::TextDisabled("One address per network this computer is on: give the one you share.");
  else if (lines[0].rfind("localhost", 0) == 0)
    ui::TextDisabled("No network found: only a second window on this computer can join.");
}

// Waiting for the game: the way out first, so lines coming below never move it. It asks, as
// leaving a game does: the game is kept for Resume, and a friend may be about to join it.
void waiting_for_game(App &app, RemoteGame &remote) {
  if (ui::Button("Back")) {
    take_way_out(app, WayOut::Back); // asks first (network_leave.cpp)
    return;
  }
  ui::TextWrapped("%s", remote.connection().c_str());
  if (const auto *net = dynamic_cast<const NetPlay *>(&remote); net && net->port() != 0)
    addresses_to_copy(app, net->port());
  for (const RemoteGame::News &line : remote.news())
    ui::TextWrapped("%s", line.text.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ui::TextWrapped("The record will be kept in %s", remote.record_path().c_str());
  ImGui::PopStyleColor();
}

// An attempt that stopped before its game (a port taken, a host that is no game): said under the
// buttons, so it never moves them, until a field changes or the next attempt starts.
void last_attempt(const RemoteGame &remote) {
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
  ui::TextWrapped("%s", remote.connection().c_str());
  ImGui::PopStyleColor();
  ui::TextWrapped("Change the port or address and try again.");
}

} // namespace

void draw_network_screen(App &app) {
  RemoteGame *remote = app.session->remote();
  if (remote && app.has_game()) { // the link brought the game: show it
    app.game_shown();
    return;
  }
  begin_centred_window("Play over the network", 640, 640); // room for the Resume list
  ui::TextWrapped("Play a friend on another computer: one of you hosts a game and tells the "
                  "other the address and port; the other joins it. The dice are made by both "
                  "computers together, so neither player can foresee or choose them.");
  ImGui::SetNextItemWidth(200 * app.ui_scale);
  ui::InputText("Your name", app.network.name, sizeof app.network.name,
                ImGuiInputTextFlags_AutoSelectAll);
  ImGui::Separator();
  if (remote && !remote->stopped()) {
    waiting_for_game(app, *remote);
  } else {
    host_form(app);
    ImGui::Separator();
    join_form(app);
    ImGui::Separator();
    network_resume_list(app);
  }
  if (!network_game_live(app)) { // a live one has its Back at the top, where lines never move it
    ImGui::Separator();
    if (ui::Button("Back")) take_way_out(app, WayOut::Back);
  }
  if (const RemoteGame *now = app.session->remote(); now && now->stopped()) last_attempt(*now);
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

} // namespace sns::app
