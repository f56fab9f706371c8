// The Log panel: the game's events with their rule tags, notes and bookmarks; rule tags as links
// into the rules window.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <imgui.h>

namespace sns::app {

namespace {

// The record's notes and bookmarks, each shown in the log where its moment falls (issue 11).
void log_notes_at(const Game &game, size_t entry, bool at_end) {
  for (const Note &n : game.notes()) {
    if (n.at > game.actions().size()) continue;
    size_t where = game.log_size_at(n.at);
    if (at_end ? where < entry : where != entry) continue;
    ui::TextColored(ImVec4(0.55f, 0.9f, 0.55f, 1), "%s %s",
                    n.bookmark ? "Bookmark:" : "Note:", n.text.c_str());
  }
}

} // namespace

void log_panel(App &app) {
  const Game &game = app.game();
  const Events &log = game.log();
  app.hover_log = -1;
  // The link's news, read once a frame (a copy taken under its lock), placed among the entries.
  const RemoteGame *remote = app.session->remote();
  const std::vector<RemoteGame::News> news =
      remote ? remote->news() : std::vector<RemoteGame::News>{};
  ImGui::BeginChild("log", ImVec2(0, 0), false);
  for (size_t i = 0; i < log.size(); ++i) {
    log_notes_at(game, i, false);
    network_news_at(news, game, i, false);
    const Event &e = log[i];
    if (e.kind == EventKind::Turn && i > 0) ImGui::Separator();
    ImU32 col =
        e.kind == EventKind::Attack || e.kind == EventKind::Fire ? IM_COL32(255, 220, 140, 255)
        : e.kind == EventKind::Eliminated                        ? IM_COL32(255, 130, 110, 255)
        : e.kind == EventKind::Turn                              ? IM_COL32(140, 200, 255, 255)
        : e.kind == EventKind::Skip || e.kind == EventKind::Auto ? IM_COL32(150, 150, 150, 255)
                                                                 : IM_COL32(225, 225, 225, 255);
    ImGui::PushID(static_cast<int>(i));
    rule_link(app, e.rule, false);
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    // The engine's words start in lower case (a refusal quotes them mid-sentence); a line does not.
    ui::TextWrapped("%s", sentence_words(e.text).c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) app.hover_log = static_cast<int>(i);
    ImGui::PushID(static_cast<int>(i));
    log_context_menu(app, i);
    ImGui::PopID();
  }
  log_notes_at(game, log.size(), true);
  network_news_at(news, game, log.size(), true);
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 5) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void rule_link(App &app, const std::string &rule, bool same_line) {
  if (rule.empty()) return;
  // "§" and a muted, boxed look: a tag reads as a reference, never as a unit id (R1 is both).
  const std::string tag = "\xC2\xA7" + rule;
  if (same_line) {
    ImGui::SameLine();
    // After a paragraph that fills the panel's width the tag would be cut off at its edge: it
    // goes under the paragraph instead.
    float width = ImGui::CalcTextSize(tag.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
  }
  std::string label = tag + "##" + rule + std::to_string(ImGui::GetCursorPosY());
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(150, 190, 240, 255));
  ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(40, 50, 70, 255));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, 6.0f);
  if (ui::SmallButton(label.c_str())) {
    app.rules_open = section_for_tag(rule);
    app.show_rules = true;
  }
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Rule %s: click to read it", rule.c_str());
}

} // namespace sns::app
