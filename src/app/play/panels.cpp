// The play screen's layout: the fixed Battle, Orders and Log panels around the map, the lesson's
// panel frame, the result screen; centred windows for the other screens.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <imgui.h>

namespace sns::app {

// A fixed panel. ImGui leaves its background out and the renderer fills the rectangle opaque
// before ImGui draws (main.cpp): the software renderer blends ImGui's translucent background pixel
// by pixel, which took a third of a Grunwald frame (docs/performance.md).
void begin_fixed_panel(App &app, const char *title, ImGuiWindowFlags flags) {
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(0, 0, 0, 0));
  ui::Begin(title, nullptr, flags);
  ImGui::PopStyleColor();
  ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  app.panel_backgrounds.push_back({at.x, at.y, size.x, size.y});
}

namespace {

// Where the fixed panels stand: the Battle panel on the left, Orders on the right, the Log under
// the map between them.
struct PanelLayout {
  float top, height, width;
  float left_w, right_w, log_h;
};

PanelLayout panel_layout(const App &app, const MapRect &map) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  float top = vp->WorkPos.y, height = vp->WorkSize.y;
  return {top,
          height,
          vp->WorkSize.x,
          250 * app.ui_scale,
          360 * app.ui_scale,
          map.h > 0 ? height - (map.y - top) - map.h : 0};
}

constexpr ImGuiWindowFlags kFixed =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;

// The message, then what this window may not write while another window holds it (issue 31):
// the lines said to the player, in the Orders panel's status box.
std::vector<std::string> status_lines(const App &app) {
  std::vector<std::string> lines;
  for (const std::string &said : {app.session->message(), app.session->file().other_windows_note()})
    if (!said.empty()) lines.push_back(said);
  return lines;
}

// The Orders panel: the decision at hand, the status lines, and the footer's buttons. The status
// lines sit above the footer, taking their room from the bottom of the decision's box, so a
// message coming or going (a seat change, a report's path, a refusal) never moves a button from
// under the pointer (issue 33): the decision's buttons start at the top, the footer's at the foot.
void orders_window(App &app, const PanelLayout &l) {
  ImGui::SetNextWindowPos(ImVec2(l.width - l.right_w, l.top));
  ImGui::SetNextWindowSize(ImVec2(l.right_w, l.height));
  begin_fixed_panel(app, "Orders", kFixed | ImGuiWindowFlags_NoScrollbar);
  Footer footer;
  const ImGuiStyle &st = ImGui::GetStyle();
  float footer_h = 2 * ImGui::GetFrameHeightWithSpacing() + st.ItemSpacing.y + 2;
  std::vector<std::string> said = status_lines(app);
  float said_h = 0;
  for (const std::string &line : said)
    said_h += ui::wrapped_height(line) + 2 * st.ItemSpacing.y + 1; // the text and a separator
  // The status box takes at most half the panel; a longer message scrolls in it.
  said_h = std::min(said_h, ImGui::GetContentRegionAvail().y / 2);
  ImGui::BeginChild("orders_body", ImVec2(0, -(footer_h + said_h)));
  decision_panel(app, footer);
  ImGui::EndChild();
  if (!said.empty()) {
    ImGui::BeginChild("orders_status", ImVec2(0, said_h - st.ItemSpacing.y));
    for (const std::string &line : said) {
      ImGui::Separator();
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
      ui::TextWrapped("%s", line.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::EndChild();
  }
  ImGui::Separator();
  footer_buttons(app, footer);
  ImGui::End();
}

void fixed_panels(App &app, const MapRect &map, const PanelLayout &l) {
  ImGui::SetNextWindowPos(ImVec2(0, l.top));
  ImGui::SetNextWindowSize(ImVec2(l.left_w, l.height));
  begin_fixed_panel(app, "Battle", kFixed);
  if (app.session->remote()) network_panel(app); // above the battle's state: who, whose move
  status_panel(app);
  ImGui::End();
  orders_window(app, l);
  ImGui::SetNextWindowPos(ImVec2(l.left_w, map.y + map.h));
  ImGui::SetNextWindowSize(ImVec2(l.width - l.left_w - l.right_w, std::max(60.0f, l.log_h)));
  // The log names units by id, which S&S II counters do not print: pointing at an entry rings
  // and tags its units on the map, and the title says so where a newcomer reads the log.
  begin_fixed_panel(app, "Log  (point at an entry to find its units on the map)###Log", kFixed);
  log_panel(app);
  ImGui::End();
}

// The map alone: the status line and the way back stay in sight.
void map_only_status(const App &app, const MapRect &map) {
  std::string hint = "Tab shows the panels";
  if (!app.session->message().empty()) hint = app.session->message() + "   (" + hint + ")";
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  ImVec2 ext = ImGui::CalcTextSize(hint.c_str());
  ImVec2 a(map.x + 8, map.y + map.h - ext.y - 14);
  dl->AddRectFilled(a, ImVec2(a.x + ext.x + 12, a.y + ext.y + 8), IM_COL32(20, 20, 24, 210), 4);
  dl->AddText(ImVec2(a.x + 6, a.y + 4), IM_COL32(255, 220, 150, 255), hint.c_str());
  ui::note_text(hint);
}

// The lesson step's panel, framed in cyan.
void lesson_panel_frame(const App &app, const MapRect &map, const PanelLayout &l) {
  const LessonRun *run = app.session->lessons().run();
  if (app.panels_hidden || !run || !run->step() || run->step()->panel.empty()) return;
  const std::string &pn = run->step()->panel;
  ImVec2 a, z;
  if (pn == "orders")
    a = ImVec2(l.width - l.right_w, l.top), z = ImVec2(l.width, l.top + l.height);
  else if (pn == "log")
    a = ImVec2(l.left_w, map.y + map.h), z = ImVec2(l.width - l.right_w, l.top + l.height);
  else
    a = ImVec2(0, l.top), z = ImVec2(l.left_w, l.top + l.height); // sequence, vp: the Battle panel
  ImGui::GetForegroundDrawList()->AddRect(a, z, IM_COL32(60, 220, 255, 255), 0, 0, 4.0f);
}

} // namespace

void draw_panels(App &app, const MapRect &map, HexId hover) {
  const PanelLayout layout = panel_layout(app, map);
  if (!app.panels_hidden)
    fixed_panels(app, map, layout);
  else
    map_only_status(app, map);
  lesson_panel_frame(app, map, layout);
  turn_banner(app, map);
  hover_tooltip(app, map, hover);
  die_overlay(app, map);
  result_screen(app, map);
}

void begin_centred_window(const char *title, float width, float height) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x / 2, vp->WorkPos.y + vp->WorkSize.y / 2),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(
      ImVec2(std::min(width, vp->WorkSize.x - 40), std::min(height, vp->WorkSize.y - 40)));
  // Opaque: a dialog read over the panels' text was hard to read through it (the Save as box over
  // the open CRT).
  ImGui::SetNextWindowBgAlpha(1.0f);
  ui::Begin(title, nullptr,
            ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
}

} // namespace sns::app
