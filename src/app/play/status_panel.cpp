// The Battle panel: the turn, who acts, who plays each side, the sequence of play (3.0), wings
// and VP.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <imgui.h>

namespace sns::app {

namespace {

// "Fire (9.0)": the phase's name for players, and its section from the engine's own table.
std::string phase_title(Phase p) {
  return (p == Phase::Charge ? "  " : "") + phase_words(p) + " (" + phase_section(p) + ")";
}

} // namespace

void wing_swatch(const Battle &b, int wing) {
  float h = ImGui::GetTextLineHeight();
  ImVec2 p = ImGui::GetCursorScreenPos();
  p.y += (ImGui::GetFrameHeight() - h) / 2;
  ImDrawList *dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + h, p.y + h), wing_colour(b.wings[wing].color));
  dl->AddRect(p, ImVec2(p.x + h, p.y + h), IM_COL32(230, 230, 230, 200));
  ImGui::Dummy(ImVec2(h, ImGui::GetFrameHeight()));
  ImGui::SameLine();
}

const std::vector<Seat> &seats() {
  static const std::vector<Seat> all = [] {
    std::vector<Seat> out{{"Human", std::nullopt}};
    for (std::string_view level : level_names(true))
      out.push_back({"Computer (" + std::string(level) + ")", parse_level(level)});
    return out;
  }();
  return all;
}

bool seat_combo(const std::string &label, int &chosen) {
  const std::vector<Seat> &all = seats();
  bool picked = false;
  if (ui::BeginCombo(label.c_str(), all[chosen].label.c_str())) {
    for (int k = 0; k < static_cast<int>(all.size()); ++k)
      if (ui::Selectable(all[k].label.c_str(), k == chosen)) picked = k != chosen, chosen = k;
    ImGui::EndCombo();
  }
  return picked;
}

namespace {

// Who plays a side of the game being played (in a network game, who sits at it): changeable at any
// moment (the game keeps it, so a saved game opens again with the same seats).
void game_seat(App &app, int side) {
  Session &ss = *app.session;
  if (const RemoteGame *remote = ss.remote()) { // no seat to choose: each side is a person
    ImGui::PushTextWrapPos(0.0f);
    if (side == remote->local_side())
      ui::TextDisabled("  played by you, at this window");
    else
      ui::TextDisabled("  played by %s, at their own window",
                       remote->opponent().empty() ? "your opponent" : remote->opponent().c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  int shown = 0;
  for (int k = 0; k < static_cast<int>(seats().size()); ++k)
    if (seats()[k].level == ss.seat().computer(side)) shown = k;
  ImGui::Indent(8);
  const ImGuiStyle &style = ImGui::GetStyle();
  float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("plays it").x -
               style.ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(std::max(60.0f, room)); // "Computer (normal)" whole, the label beside
  if (seat_combo("plays it##gameseat" + std::to_string(side), shown)) {
    ss.seat().set_computer(side, seats()[shown].level);
    const std::string &who = app.game().battle().sides[side].name;
    const auto &level = seats()[shown].level;
    ss.say(level ? who + " is now played by the computer (" + std::string(name(*level)) + ")."
                 : who + " is now yours to play.");
  }
  ImGui::Unindent(8);
}

} // namespace

void status_panel(App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ui::TextWrapped("%s", b.name.c_str());
  ImGui::Separator();
  ui::Text("%s %d%s", b.turn_name(), s.turn,
           b.last_turn ? (" of " + std::to_string(b.last_turn)).c_str() : "");
  ui::Text("Active: %s", b.sides[s.active].name.c_str());
  int to_act = side_to_act(app.game().setup(), s);
  ui::Text("To act: %s", to_act < 0 ? "nobody" : b.sides[to_act].name.c_str());
  ImGui::Separator();
  for (int side = 0; side < 2; ++side) {
    const SideDef &sd = b.sides[side];
    ui::TextWrapped("%s", sd.name.c_str());
    if (app.session->mode() == Mode::Play) game_seat(app, side);
    views_of(b).side_summary(app, side);
  }
  ImGui::Separator();
  views_of(b).phase_track(app);
  ImGui::Separator();
  if (b.rules().has(Feature::ZonesOfControl)) { // zones of control and Fire Factors are S&S II's
    ui::Checkbox("Enemy zones of control (Z)", &app.show_zoc);
    ui::Checkbox("Fire range of selection (R)", &app.show_range);
  }
  ui::Checkbox("Hex labels (L)", &app.show_labels);
  if (bool on = app.explain; ui::Checkbox("Explain mode (X)", &on)) app.set_explain(on);
  ui::TextDisabled("Tab hides the panels.");
  lines_panel(app);
}

// S&S II's standing of a side: its VP (13.0), its wings and the Initiative Marker (11.0).
void ssii_side_summary(App &app, int side) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &sd = b.sides[side];
  ui::Text("  %d VP", s.vp[side]);
  if (sd.victory_vp) {
    ImGui::SameLine();
    ui::TextDisabled("(wins at %d)", *sd.victory_vp);
    ui::ProgressBar(std::min(1.0f, s.vp[side] / static_cast<float>(*sd.victory_vp)), ImVec2(-1, 6),
                    "");
  }
  // The side's wings: colour, letter on the counters, name.
  for (size_t w = 0; w < b.wings.size(); ++w) {
    if (b.wings[w].side != side) continue;
    ImGui::Indent(8);
    wing_swatch(b, static_cast<int>(w));
    ui::Text("%c  %s", wing_letter(b, static_cast<int>(w)), b.wings[w].name.c_str());
    ImGui::Unindent(8);
  }
  if (s.ssii().initiative == side) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 210, 60, 255));
    ui::Text("  [Initiative Marker]");
    ImGui::PopStyleColor();
    rule_link(app, "11.0");
  }
}

// S&S II's sequence of play (3.0), the phases this turn's commands skip greyed.
void ssii_phase_track(App &app) {
  const GameState &s = app.game().state();
  ui::Text("Sequence of play");
  rule_link(app, "3.0");
  bool commanded = s.phase != Phase::Command;
  for (Phase p : app.game().battle().rules().phases) {
    bool current = s.phase == p;
    bool skipped = commanded && !phase_commanded(app.game().setup(), s, p);
    ImU32 col = current   ? IM_COL32(255, 230, 80, 255)
                : skipped ? IM_COL32(120, 120, 120, 255)
                          : IM_COL32(220, 220, 220, 255);
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    ui::Text("%s %s", current ? ">" : " ", phase_title(p).c_str());
    ImGui::PopStyleColor();
  }
}

} // namespace sns::app
