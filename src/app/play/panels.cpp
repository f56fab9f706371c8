// The play screen's layout: the fixed Battle, Orders and Log panels around the map, the lesson's
// panel frame, the victory box; centred windows for the other screens.
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

void draw_panels(App &app, const MapRect &map, HexId hover) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  float top = vp->WorkPos.y, height = vp->WorkSize.y, width = vp->WorkSize.x;
  float left_w = 250 * app.ui_scale, right_w = 360 * app.ui_scale,
        log_h = map.h > 0 ? height - (map.y - top) - map.h : 0;
  if (!app.panels_hidden) {
    ImGuiWindowFlags fixed =
        ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
    ImGui::SetNextWindowPos(ImVec2(0, top));
    ImGui::SetNextWindowSize(ImVec2(left_w, height));
    begin_fixed_panel(app, "Battle", fixed);
    status_panel(app);
    ImGui::End();
    ImGui::SetNextWindowPos(ImVec2(width - right_w, top));
    ImGui::SetNextWindowSize(ImVec2(right_w, height));
    begin_fixed_panel(app, "Orders", fixed | ImGuiWindowFlags_NoScrollbar);
    Footer footer;
    float footer_h = 2 * ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y + 2;
    ImGui::BeginChild("orders_body", ImVec2(0, -footer_h));
    // The message, then what this window may not write while another window holds it (issue 31).
    for (const std::string &said :
         {app.session->message(), app.session->file().other_windows_note()}) {
      if (said.empty()) continue;
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
      ui::TextWrapped("%s", said.c_str());
      ImGui::PopStyleColor();
      ImGui::Separator();
    }
    decision_panel(app, footer);
    ImGui::EndChild();
    ImGui::Separator();
    footer_buttons(app, footer);
    ImGui::End();
    ImGui::SetNextWindowPos(ImVec2(left_w, map.y + map.h));
    ImGui::SetNextWindowSize(ImVec2(width - left_w - right_w, std::max(60.0f, log_h)));
    // The log names units by id, which S&S II counters do not print: pointing at an entry rings
    // and tags its units on the map, and the title says so where a newcomer reads the log.
    begin_fixed_panel(app, "Log  (point at an entry to find its units on the map)###Log", fixed);
    log_panel(app);
    ImGui::End();
  } else {
    // The map alone: the status line and the way back stay in sight.
    std::string hint = "Tab shows the panels";
    if (!app.session->message().empty()) hint = app.session->message() + "   (" + hint + ")";
    ImDrawList *dl = ImGui::GetForegroundDrawList();
    ImVec2 ext = ImGui::CalcTextSize(hint.c_str());
    ImVec2 a(map.x + 8, map.y + map.h - ext.y - 14);
    dl->AddRectFilled(a, ImVec2(a.x + ext.x + 12, a.y + ext.y + 8), IM_COL32(20, 20, 24, 210), 4);
    dl->AddText(ImVec2(a.x + 6, a.y + 4), IM_COL32(255, 220, 150, 255), hint.c_str());
    ui::note_text(hint);
  }
  rules_window(app);
  const LessonRun *run = app.session->lessons().run();
  if (!app.panels_hidden && run && run->step() && !run->step()->panel.empty()) {
    const std::string &pn = run->step()->panel;
    ImVec2 a, z;
    if (pn == "orders")
      a = ImVec2(width - right_w, top), z = ImVec2(width, top + height);
    else if (pn == "log")
      a = ImVec2(left_w, map.y + map.h), z = ImVec2(width - right_w, top + height);
    else
      a = ImVec2(0, top), z = ImVec2(left_w, top + height); // sequence, vp: the Battle panel
    ImGui::GetForegroundDrawList()->AddRect(a, z, IM_COL32(60, 220, 255, 255), 0, 0, 4.0f);
  }
  turn_banner(app, map);
  hover_tooltip(app, map, hover);
  die_overlay(app, map);
  if (app.game().state().game_over()) {
    ImGui::SetNextWindowPos(ImVec2(map.x + map.w / 2, map.y + map.h / 3), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ui::Begin("Victory", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse);
    const GameState &s = app.game().state();
    const Battle &b = app.game().battle();
    ui::Text("%s", s.winner == kDraw ? "A draw" : (b.sides[s.winner].name + " wins").c_str());
    ui::TextWrapped("%s", s.result_reason.c_str());
    ui::Text("VP: %s %d, %s %d", b.sides[0].name.c_str(), s.vp[0], b.sides[1].name.c_str(),
             s.vp[1]);
    if (ui::Button("Back to the start screen")) app.start_screen = true;
    ImGui::End();
  }
}

void begin_centred_window(const char *title, float width, float height) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      ImVec2(vp->WorkPos.x + vp->WorkSize.x / 2, vp->WorkPos.y + vp->WorkSize.y / 2),
      ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(
      ImVec2(std::min(width, vp->WorkSize.x - 40), std::min(height, vp->WorkSize.y - 40)));
  ui::Begin(title, nullptr,
            ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
}

} // namespace sns::app
