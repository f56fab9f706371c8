// Play over the network (issue 34), the games kept: the network screen's list of the games in the
// data folder's network/ with Resume (network_games.hpp reads them). Leaving a game, which keeps
// it here, asks first: network_leave.cpp.
#include "app.hpp"
#include "net_play.hpp"
#include "network_games.hpp"
#include "replay/replay_panel.hpp"
#include "widgets/ui.hpp"

#include <filesystem>
#include <imgui.h>

namespace sns::app {

namespace {

constexpr double kListRefreshSeconds = 3; // the folder is read again at most this often

struct KeptGames {
  std::vector<NetworkGameEntry> games;
  double read_at = -1e9;
};

KeptGames &kept() {
  static KeptGames k;
  return k;
}

std::string where_played(const NetworkGameEntry &e) {
  if (e.hosting) return "you host it on port " + std::to_string(e.port);
  return "you joined " + e.address + ":" + std::to_string(e.port);
}

void resume(App &app, const NetworkGameEntry &e) {
  NetPlaySetup s;
  s.hosting = e.hosting;
  s.address = e.address;
  s.port = e.port;
  s.name = e.player.empty() ? "player" : e.player;
  s.record = e.record;
  s.resume = true;
  try {
    app.session->play_remote(std::make_unique<NetPlay>(s));
  } catch (const std::exception &x) {
    app.session->say(x.what());
  }
}

void kept_game(App &app, const NetworkGameEntry &e) {
  ImGui::PushID(e.record.c_str());
  if (!e.problem.empty()) {
    ui::TextWrapped("%s cannot be resumed: %s.", e.file.c_str(), e.problem.c_str());
    ImGui::PopID();
    return;
  }
  ui::TextWrapped("%s: you play %s against %s", e.battle.c_str(), e.side.c_str(),
                  e.opponent.empty() ? "whoever joins (nobody had yet)" : e.opponent.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ui::TextWrapped("%s; %zu actions%s%s; %s", where_played(e).c_str(), e.actions,
                  e.last_action.empty() ? "" : ", the last: ", e.last_action.c_str(),
                  e.when.c_str());
  ImGui::PopStyleColor();
  if (e.finished) {
    ui::TextDisabled("Finished.");
    ImGui::SameLine();
    if (ui::Button("Open as a replay") && open_record_as(app, e.record, OpenAs::Replay, 0))
      app.network_screen = false;
  } else if (ui::Button("Resume")) {
    resume(app, e);
  }
  ImGui::PopID();
}

} // namespace

// The games kept in network/, newest first, each with Resume: the other side, still waiting or
// also restarted, continues from the record.
void network_resume_list(App &app) {
  KeptGames &k = kept();
  if (ImGui::GetTime() - k.read_at > kListRefreshSeconds) {
    k.games = list_network_games(app.session->file().data_dir());
    k.read_at = ImGui::GetTime();
  }
  ui::TextDisabled("Resume a network game");
  if (k.games.empty()) {
    ui::TextWrapped("No network game is kept yet. A game left or cut off is listed here.");
    return;
  }
  for (const NetworkGameEntry &e : k.games)
    kept_game(app, e);
}

bool resume_network_game(App &app, const std::string &record) {
  namespace fs = std::filesystem;
  for (const NetworkGameEntry &e : list_network_games(app.session->file().data_dir()))
    if (e.problem.empty() && !e.finished &&
        fs::path(e.record).filename() == fs::path(record).filename()) {
      resume(app, e);
      return true;
    }
  app.session->say("The game kept in " + record + " cannot be resumed: see Play over the network.");
  return false;
}

void reread_network_games() { kept().read_at = -1e9; }

} // namespace sns::app
