// The app's panels: sequence of play, commands, combat and fire previews, choices, log, rules,
// victory.
#include "app.hpp"
#include "editor_view.hpp"
#include "ui.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <imgui.h>

namespace sns::app {

namespace {

constexpr Phase kSequence[] = {Phase::Command,      Phase::Fire,          Phase::Horse,
                               Phase::Charge,       Phase::Withdraw,      Phase::ShieldWall,
                               Phase::Move,         Phase::SecondMove,    Phase::Combat,
                               Phase::SecondCombat, Phase::PitchedCombat, Phase::VictoryCheck,
                               Phase::Initiative};

// "Fire (9.0)": the phase's name for players, and its section from the engine's own table.
std::string phase_title(Phase p) {
  static const char *names[] = {"Command",    "Fire",          "Horse",          "  Charges",
                                "Withdraw",   "Shield Wall",   "Move",           "Second Move",
                                "Combat",     "Second Combat", "Pitched Combat", "Victory Check",
                                "Initiative", "Game over"};
  return std::string(names[static_cast<int>(p)]) + " (" + phase_section(p) + ")";
}

// A shortcut key, unless the player is typing into a text field (the rules search, a file path).
bool key_pressed(ImGuiKey key) {
  return !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

void rule_link(App &app, const std::string &rule, bool same_line = true) {
  if (rule.empty()) return;
  if (same_line) ImGui::SameLine();
  std::string label = "[" + rule + "]##" + rule + std::to_string(ImGui::GetCursorPosY());
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(120, 180, 255, 255));
  if (ui::SmallButton(label.c_str())) {
    std::string num = rule;
    while (!num.empty() && !std::isdigit(static_cast<unsigned char>(num.back())))
      num.pop_back();
    if (!num.empty() && num.find('.') == std::string::npos) num += ".0";
    app.rules_open = num.rfind("R", 0) == 0 ? "3.0" : num;
    app.show_rules = true;
  }
  ImGui::PopStyleColor();
}

void status_panel(App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ui::TextWrapped("%s", b.name.c_str());
  ImGui::Separator();
  ui::Text("Player Turn %d%s", s.turn,
           b.last_turn ? (" of " + std::to_string(b.last_turn)).c_str() : "");
  ui::Text("Active: %s", b.sides[s.active].name.c_str());
  int to_act = side_to_act(app.game().setup(), s);
  ui::Text("To act: %s", to_act < 0 ? "nobody" : b.sides[to_act].name.c_str());
  ImGui::Separator();
  for (int side = 0; side < 2; ++side) {
    const SideDef &sd = b.sides[side];
    ui::TextWrapped("%s", sd.name.c_str());
    ui::Text("  %d VP", s.vp[side]);
    if (sd.victory_vp) {
      ImGui::SameLine();
      ui::TextDisabled("(wins at %d)", *sd.victory_vp);
      ui::ProgressBar(std::min(1.0f, s.vp[side] / static_cast<float>(*sd.victory_vp)),
                      ImVec2(-1, 6), "");
    }
    if (s.initiative == side) {
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 210, 60, 255));
      ui::Text("  [Initiative Marker]");
      ImGui::PopStyleColor();
      rule_link(app, "11.0");
    }
  }
  ImGui::Separator();
  ui::Text("Sequence of play");
  rule_link(app, "3.0");
  bool commanded = s.phase != Phase::Command;
  for (Phase p : kSequence) {
    bool current = s.phase == p;
    bool skipped = commanded && !phase_commanded(app.game().setup(), s, p);
    ImU32 col = current   ? IM_COL32(255, 230, 80, 255)
                : skipped ? IM_COL32(120, 120, 120, 255)
                          : IM_COL32(220, 220, 220, 255);
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    ui::Text("%s %s", current ? ">" : " ", phase_title(p).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  ui::Checkbox("Enemy zones of control (Z)", &app.show_zoc);
  ui::Checkbox("Fire range of selection (R)", &app.show_range);
  ui::Checkbox("Hex labels (L)", &app.show_labels);
  ui::Checkbox("Explain mode (X)", &app.explain);
  lines_panel(app);
}

void command_builder(App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &side = b.sides[s.active];
  ui::TextWrapped(
      "Give up to %d wing%s up to %d commands each. Each marker is played once, one face up.",
      side.wings_per_turn, side.wings_per_turn == 1 ? "" : "s", side.commands_per_wing);
  rule_link(app, "4.0", false);
  ImGui::SameLine();
  ui::TextDisabled("Choose a wing, then click marker faces.");
  std::vector<int> wings;
  for (size_t w = 0; w < b.wings.size(); ++w)
    if (b.wings[w].side == s.active) wings.push_back(static_cast<int>(w));
  int slots = std::min<int>(side.wings_per_turn, 8);
  for (int k = 0; k < slots; ++k) {
    ImGui::PushID(k);
    if (slots > 1) ui::Text("Wing %d of %d:", k + 1, slots);
    // Each wing a button in its own colour (the counters' colour), so the choice is seen.
    for (int w : wings) {
      ImVec2 at = ImGui::GetCursorScreenPos();
      float h = ImGui::GetFrameHeight();
      ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + h, at.y + h),
                                                wing_colour(b.wings[w].color));
      ImGui::Dummy(ImVec2(h, h));
      ImGui::SameLine();
      if (ui::RadioButton(b.wings[w].name.c_str(), app.draft_wing[k] == w)) {
        bool same = app.draft_wing[k] == w;
        app.draft_wing[k] = same ? -1 : w;
        app.draft[k].clear();
      }
    }
    if (app.draft_wing[k] >= 0) {
      ui::Text("Markers (click a face):");
      for (size_t m = 0; m < side.markers.size(); ++m) {
        const Marker &mk = side.markers[m];
        for (int f = 0; f < mk.count; ++f) {
          Command cmd = mk.faces[f];
          bool on = std::find(app.draft[k].begin(), app.draft[k].end(), cmd) != app.draft[k].end();
          std::string label =
              command_label(cmd) + "##" + std::to_string(m) + "_" + std::to_string(f);
          if (f) ImGui::SameLine(0, 2), ui::TextDisabled("|"), ImGui::SameLine(0, 2);
          if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 60, 255));
          if (ui::SmallButton(label.c_str())) {
            if (on)
              std::erase(app.draft[k], cmd);
            else
              app.draft[k].push_back(cmd);
          }
          if (on) ImGui::PopStyleColor();
        }
      }
    }
    ImGui::PopID();
  }
  Action a{.type = ActionType::Command};
  for (int k = 0; k < slots; ++k)
    if (app.draft_wing[k] >= 0 && a.orders.size() < kMaxWingOrders) {
      WingOrder o{static_cast<int16_t>(app.draft_wing[k]), {}};
      for (Command c : app.draft[k])
        if (o.commands.size() < kMaxListedCommands) o.commands.push_back(c);
      a.orders.push_back(o);
    }
  auto refusal = check(app.game().setup(), s, a);
  if (refusal) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 120, 100, 255));
    ui::TextWrapped("%s: %s", refusal->rule.c_str(), refusal->reason.c_str());
    ImGui::PopStyleColor();
    rule_link(app, refusal->rule, false);
  }
  ImGui::BeginDisabled(refusal.has_value());
  if (ui::Button(a.orders.empty() ? "Give no commands (Enter)" : "Give these commands (Enter)") ||
      (!refusal && key_pressed(ImGuiKey_Enter))) {
    for (auto &d : app.draft)
      d.clear();
    std::fill(std::begin(app.draft_wing), std::end(app.draft_wing), -1);
    app.session->play(a);
  }
  ImGui::EndDisabled();
  for (const Action &sa : app.view().legal())
    if (sa.type == ActionType::Special) {
      const Special &sp = b.special[sa.special];
      std::string label =
          (sa.verb == SpecialVerb::Leave ? "Send away: " : "Call back: ") + b.wings[sp.wing].name;
      if (ui::Button(label.c_str())) app.session->play(sa);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sp.text.c_str());
    }
}

// The CRT (2.6, 7.5) with the row in use lit, and the column of the last roll when there is one.
void crt_table(App &app, CombatClass row, int column) {
  const Tables &t = *app.game().setup().tables;
  if (!ImGui::BeginTable("crt", 12, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit))
    return;
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ui::TextDisabled("CC");
  for (int c = Tables::kMinColumn; c <= Tables::kMaxColumn; ++c) {
    ImGui::TableSetColumnIndex(c - Tables::kMinColumn + 1);
    ui::TextDisabled(c == Tables::kMinColumn ? "<=-2" : c == Tables::kMaxColumn ? "8+" : "%d", c);
  }
  for (CombatClass cc = kBestCC; cc <= kWorstCC; ++cc) {
    ImGui::TableNextRow();
    if (cc == row) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 80, 20, 255));
    ImGui::TableSetColumnIndex(0);
    ui::Text("%s", cc_name(cc).c_str());
    for (int c = Tables::kMinColumn; c <= Tables::kMaxColumn; ++c) {
      ImGui::TableSetColumnIndex(c - Tables::kMinColumn + 1);
      if (cc == row && c == column)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(200, 60, 40, 255));
      else if (c == column)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(70, 40, 40, 255));
      const CrtCell &cell = t.cell(cc, c);
      ui::Text("%s%s", std::string(name(cell.result)).c_str(), cell.asterisk ? "*" : "");
    }
  }
  ImGui::EndTable();
}

void attack_preview(App &app, const Action &a) {
  const Battle &b = app.game().battle();
  AttackPreview p;
  auto r = preview_attack(app.game().setup(), app.game().state(), a, p);
  if (r) {
    // A tie for Primary: offer the choice.
    if (r->reason.find("name the Primary") != std::string::npos) {
      ui::Text("Choose the Primary (7.2):");
      for (int u : a.attackers)
        if (ui::RadioButton(b.units[u].id.c_str(), app.sel().primary == u)) app.sel().primary = u;
    } else {
      ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
      rule_link(app, r->rule);
    }
    return;
  }
  ui::Text("Primary: %s (%s)", b.units[p.primary].id.c_str(), b.units[p.primary].name.c_str());
  ui::Text("CC %s", cc_name(p.base_cc).c_str());
  for (const Term &t : p.cc_shifts) {
    ui::BulletText("%+d level%s: %s", t.value, std::abs(t.value) == 1 ? "" : "s", t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Modified CC: %s", cc_name(p.cc).c_str());
  ui::Text("DRM %+d", p.drm);
  for (const Term &t : p.drm_terms) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Result by die roll (row %s):", cc_name(p.cc).c_str());
  for (int roll = 1; roll <= 8; ++roll) {
    const CrtCell &c = p.by_roll[roll - 1];
    ui::Text("%d:%s%s", roll, std::string(name(c.result)).c_str(), c.asterisk ? "*" : "");
    if (roll % 4) ImGui::SameLine();
  }
  if (ui::CollapsingHeader("Combat Results Table")) crt_table(app, p.cc, -100);
  for (int res = 0; res < kCombatResultCount; ++res) {
    if (p.outcomes[res] <= 0) continue;
    char label[32];
    std::snprintf(label, sizeof label, "%s %.1f%%",
                  std::string(name(static_cast<CombatResult>(res))).c_str(), p.outcomes[res] * 100);
    bool good = res <= static_cast<int>(CombatResult::DR);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                          good ? IM_COL32(60, 170, 80, 255) : IM_COL32(200, 80, 60, 255));
    ui::ProgressBar(static_cast<float>(p.outcomes[res]), ImVec2(-1, 0), label);
    ImGui::PopStyleColor();
  }
  if (ui::Button("Attack: roll the die (Enter)") || key_pressed(ImGuiKey_Enter))
    app.session->play(a);
}

void fire_preview(App &app, const Action &a) {
  FirePreview p;
  if (auto r = preview_fire(app.game().setup(), app.game().state(), a, p)) {
    ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
    return;
  }
  const Battle &b = app.game().battle();
  ui::Text("%s fires at %s", b.units[a.unit].id.c_str(), b.units[a.target].id.c_str());
  ui::Text("Fire Factor %d", visible_face(b, app.game().state(), a.unit).fire);
  for (const Term &t : p.modifiers) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Suppresses on a roll of %d or more", p.needed);
  char label[32];
  std::snprintf(label, sizeof label, "%.1f%%", p.chance * 100);
  ui::ProgressBar(static_cast<float>(p.chance), ImVec2(-1, 0), label);
  if (ui::Button("Fire: roll the die (Enter)") || key_pressed(ImGuiKey_Enter)) app.session->play(a);
}

// A computer seat at work, its last move and why, and the hint asked for (H).
bool computer_panel(App &app) {
  const Session &ss = *app.session;
  const Battle &b = app.game().battle();
  if (!ss.computer_said().empty()) ui::TextWrapped("%s", ss.computer_said().c_str());
  if (ss.computer_to_act()) {
    int side = side_to_act(app.game().setup(), app.game().state());
    ui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "The computer (%s) is playing %s%s",
                    std::string(name(*ss.computer(side))).c_str(), b.sides[side].name.c_str(),
                    ss.thinking() ? ": thinking..." : ".");
    ui::TextDisabled("Space: its next move without the pause. Ctrl+Z: back to your last decision.");
    return true;
  }
  if (const auto &h = ss.hint()) {
    ui::TextColored(ImVec4(0.5f, 1, 0.9f, 1), "Hint: %s", describe(b, h->action).c_str());
    ui::TextWrapped("%s", h->why.c_str());
  } else if (ss.hint_pending()) {
    ui::TextDisabled("Thinking about a hint...");
  }
  return false;
}

void decision_panel(App &app) {
  learning_panel(app);
  if (computer_panel(app)) return;
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  if (s.game_over()) {
    ui::TextWrapped("The battle is over.");
    ui::TextWrapped("%s", s.result_reason.c_str());
    return;
  }
  const auto &legal = app.view().legal();
  if (s.attack.stage != AttackStage::None) {
    if (const LastAttack &la = app.session->last_attack(); la.row >= 0)
      crt_table(app, la.row, la.column);
    ui::Text("Attack on %s: %s%s", b.units[s.attack.target].id.c_str(),
             std::string(name(s.attack.result)).c_str(), s.attack.asterisk ? "*" : "");
    int who = side_to_act(app.game().setup(), s);
    ui::Text("%s decides:", b.sides[who].name.c_str());
    for (const Action &a : legal) {
      if (a.type == ActionType::Choose || a.type == ActionType::NoAdvance) {
        if (ui::Button(describe(b, a).c_str())) app.session->play(a);
      }
    }
    switch (s.attack.stage) {
    case AttackStage::AttackerLoss:
      ui::TextWrapped("Click the attacker (orange) that takes the loss.");
      rule_link(app, "7.5");
      break;
    case AttackStage::DefenderRetreat:
    case AttackStage::AttackerRetreat:
      ui::TextWrapped("Click a retreat hex (blue).");
      rule_link(app, "7.6");
      break;
    case AttackStage::Advance:
      ui::TextWrapped("Click an attacker (blue ring) to advance, or decline.");
      rule_link(app, "7.8");
      break;
    default:
      rule_link(app, "7.5");
      break;
    }
    return;
  }
  switch (s.phase) {
  case Phase::Command:
    command_builder(app);
    return;
  case Phase::Initiative:
    ui::TextWrapped("You hold the Initiative Marker: take another turn now (the marker passes "
                    "to your opponent)?");
    rule_link(app, "11.0", false);
    for (const Action &a : legal)
      if (ui::Button(describe(b, a).c_str())) app.session->play(a);
    return;
  default:
    break;
  }
  bool mode = std::any_of(legal.begin(), legal.end(),
                          [](const Action &a) { return a.type == ActionType::CombatMode; });
  if (mode) {
    ui::TextWrapped("Bonus + Combat: two Combat Phases, or one Pitched Combat Phase at +1 CC?");
    rule_link(app, "7.7", false);
    for (const Action &a : legal)
      if (a.type == ActionType::CombatMode && ui::Button(describe(b, a).c_str()))
        app.session->play(a);
    return;
  }
  if (const LastAttack &la = app.session->last_attack();
      la.row >= 0 &&
      ui::CollapsingHeader("Last attack on the CRT", ImGuiTreeNodeFlags_DefaultOpen)) {
    ui::TextWrapped("%s", la.text.c_str());
    crt_table(app, la.row, la.column);
  }
  if (app.view().phase_moves_units()) {
    ui::TextWrapped(
        "Click a lit unit, then a yellow hex. Hover any hex to see why it is or is not allowed.");
    std::vector<int> entering;
    for (const Action &a : legal)
      if (a.type == ActionType::Move && s.units[a.unit].hex == kOffMap &&
          std::find(entering.begin(), entering.end(), a.unit) == entering.end())
        entering.push_back(a.unit);
    if (!entering.empty()) {
      ui::Text("Off the map, ready to enter:");
      for (int u : entering)
        if (ui::Selectable((b.units[u].id + " " + b.units[u].name).c_str(), app.sel().unit == u))
          app.sel().clear(), app.sel().unit = u;
    }
  } else if (app.view().phase_fires()) {
    ui::TextWrapped("Click a lit unit to fire, then an enemy in range.");
  } else if (app.view().phase_attacks()) {
    ui::TextWrapped("Click an enemy (red) to attack, then add your attackers (green).");
  }
  if (auto pending = app.view().pending_action(app.sel())) {
    ImGui::Separator();
    if (pending->type == ActionType::Attack)
      attack_preview(app, *pending);
    else
      fire_preview(app, *pending);
  }
  ImGui::Separator();
  if (ui::Button("End phase (E)")) app.session->play(Action{.type = ActionType::EndPhase});
}

void log_panel(App &app) {
  const Events &log = app.game().log();
  app.hover_log = -1;
  ImGui::BeginChild("log", ImVec2(0, 0), false);
  for (size_t i = 0; i < log.size(); ++i) {
    const Event &e = log[i];
    ImU32 col = e.kind == "attack" || e.kind == "fire" ? IM_COL32(255, 220, 140, 255)
                : e.kind == "eliminated"               ? IM_COL32(255, 130, 110, 255)
                : e.kind == "turn"                     ? IM_COL32(140, 200, 255, 255)
                : e.kind == "skip" || e.kind == "auto" ? IM_COL32(150, 150, 150, 255)
                                                       : IM_COL32(225, 225, 225, 255);
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    ImGui::PushID(static_cast<int>(i));
    rule_link(app, e.rule, false);
    ImGui::PopID();
    ImGui::SameLine();
    ui::TextWrapped("%s", e.text.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) app.hover_log = static_cast<int>(i);
    ImGui::PushID(static_cast<int>(i));
    log_context_menu(app, i);
    ImGui::PopID();
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 5) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void rules_window(App &app) {
  if (!app.show_rules) return;
  ImGui::SetNextWindowSize(ImVec2(560, 520), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f); // text over the map must stay readable
  if (!ui::Begin("Rules (F1)", &app.show_rules)) {
    ImGui::End();
    return;
  }
  ImGui::InputText("Search", app.rules_search, sizeof app.rules_search);
  std::string needle = app.rules_search;
  std::transform(needle.begin(), needle.end(), needle.begin(), ::tolower);
  ImGui::BeginChild("rules_text");
  for (const RulesSection &sec : app.rules) {
    std::string all = sec.number + " " + sec.title + " " + sec.body;
    std::transform(all.begin(), all.end(), all.begin(), ::tolower);
    if (!needle.empty() && all.find(needle) == std::string::npos) continue;
    bool open_now = sec.number == app.rules_open;
    if (open_now) {
      ImGui::SetNextItemOpen(true);
      ImGui::SetScrollHereY(0.0f);
    }
    if (ui::CollapsingHeader((sec.number + " " + sec.title).c_str()))
      ui::TextWrapped("%s", sec.body.c_str());
  }
  app.rules_open.clear();
  ImGui::EndChild();
  ImGui::End();
}

void hover_tooltip(App &app, HexId hover) {
  if (hover == kOffMap || ImGui::GetIO().WantCaptureMouse) return;
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ImGui::BeginTooltip();
  ui::Text("%s  %s, elevation %d", b.label(hover).c_str(),
           b.terrain_types[b.terrain[hover]].name.c_str(), b.elevation[hover]);
  int u = app.view().unit_at(hover);
  if (u >= 0) {
    const UnitDef &d = b.units[u];
    const UnitFace &f = visible_face(b, s, u);
    ui::Text("%s %s: %s, %s wing", d.id.c_str(), d.name.c_str(), std::string(name(d.type)).c_str(),
             b.wings[d.wing].name.c_str());
    ui::Text("CC %s%s%s, %s%s%s", cc_name(f.cc).c_str(), f.fire ? ", Fire " : "",
             f.fire ? std::to_string(f.fire).c_str() : "",
             d.back && s.units[u].steps == 1 ? "reduced" : "fresh", f.crown ? ", Crown" : "",
             s.units[u].suppressed ? ", Suppressed" : "");
    if (s.units[u].shield_wall) ui::Text("In Shield Wall (8.0)");
  }
  int side = side_to_act(app.game().setup(), s);
  if (side >= 0 && in_enemy_zoc(b, s, hover, side)) ui::Text("In an enemy zone of control (5.2)");
  std::string why = app.view().explain(app.sel(), hover);
  if (!why.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 130, 110, 255));
    ui::TextWrapped("%s", why.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::EndTooltip();
}

void die_overlay(App &app, const MapRect &map) {
  if (app.die_face <= 0) return;
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  float s = 54, x = map.x + map.w - s - 20, y = map.y + 20;
  bool rolling = app.die_frames > 0;
  int face = rolling ? 1 + (app.die_frames * 5) % 8 : app.die_face;
  ImVec2 pts[4] = {{x + s / 2, y},
                   {x + s, y + s / 2},
                   {x + s / 2, y + s},
                   {x, y + s / 2}}; // a d8 seen from above
  dl->AddConvexPolyFilled(pts, 4,
                          rolling ? IM_COL32(200, 200, 200, 230) : IM_COL32(250, 245, 230, 255));
  dl->AddPolyline(pts, 4, IM_COL32(40, 40, 40, 255), ImDrawFlags_Closed, 2);
  char t[4];
  std::snprintf(t, sizeof t, "%d", face);
  ImFont *f = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  ImVec2 ext = f->CalcTextSizeA(26, 100, 0, t);
  dl->AddText(f, 26, ImVec2(x + s / 2 - ext.x / 2, y + s / 2 - ext.y / 2),
              IM_COL32(20, 20, 20, 255), t);
  if (rolling) --app.die_frames;
}

} // namespace

void draw_panels(App &app, const MapRect &map, HexId hover) {
  ImGuiViewport *vp = ImGui::GetMainViewport();
  float top = vp->WorkPos.y, height = vp->WorkSize.y, width = vp->WorkSize.x;
  float left_w = 250 * app.ui_scale, right_w = 360 * app.ui_scale,
        log_h = map.h > 0 ? height - (map.y - top) - map.h : 0;
  ImGuiWindowFlags fixed =
      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
  ImGui::SetNextWindowPos(ImVec2(0, top));
  ImGui::SetNextWindowSize(ImVec2(left_w, height));
  ui::Begin("Battle", nullptr, fixed);
  status_panel(app);
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(width - right_w, top));
  ImGui::SetNextWindowSize(ImVec2(right_w, height));
  ui::Begin("Orders", nullptr, fixed);
  if (!app.session->message().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
    ui::TextWrapped("%s", app.session->message().c_str());
    ImGui::PopStyleColor();
    ImGui::Separator();
  }
  decision_panel(app);
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(left_w, map.y + map.h));
  ImGui::SetNextWindowSize(ImVec2(width - left_w - right_w, std::max(60.0f, log_h)));
  ui::Begin("Log", nullptr, fixed);
  log_panel(app);
  ImGui::End();
  rules_window(app);
  const LessonRun *run = app.session->lesson();
  if (run && run->step() && !run->step()->panel.empty()) {
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
  hover_tooltip(app, hover);
  die_overlay(app, map);
  if (app.game().state().game_over()) {
    ImGui::SetNextWindowPos(ImVec2(map.x + map.w / 2, map.y + map.h / 3), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ui::Begin("Victory", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse);
    const GameState &s = app.game().state();
    const Battle &b = app.game().battle();
    ui::Text("%s", s.winner == 2 ? "A draw" : (b.sides[s.winner].name + " wins").c_str());
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

namespace {

// Who plays each side: a person at this screen, or the computer at a level (docs/ai.md).
constexpr struct {
  const char *label;
  std::optional<Level> level;
} kSeats[] = {{"Human", std::nullopt},
              {"Computer (easy)", Level::Easy},
              {"Computer (normal)", Level::Normal},
              {"Computer (hard)", Level::Hard}};

// One button per side, naming who plays it; a click passes the seat to the next choice.
void seat_choices(App &app, const BattleInfo &bi) {
  ui::TextDisabled("Who plays each side (click to change):");
  for (int side = 0; side < 2; ++side) {
    int &k = app.seat_choice[side];
    std::string label = bi.sides[side] + ": " + kSeats[k].label;
    if (side) ImGui::SameLine();
    if (ui::Button(label.c_str())) k = (k + 1) % static_cast<int>(std::size(kSeats));
  }
}

// New game: the chosen battle with the ticked options and seats.
void start_chosen_battle(App &app) {
  const BattleInfo &bi = app.battles[app.chosen_battle];
  try {
    Options o;
    o.advanced_wing_integrity = bi.offers_advanced && app.advanced_wing_integrity;
    o.practice = app.practice_choice;
    app.new_game(load_battle_file(bi.path), o, app.next_seed());
    for (int side = 0; side < 2; ++side)
      app.session->set_computer(side, kSeats[app.seat_choice[side]].level);
  } catch (const std::exception &e) {
    app.session->say(e.what());
  }
}

void recent_games(App &app) {
  const auto &recent = app.session->recent();
  if (recent.empty()) return;
  ImGui::Separator();
  ui::Text("Recent games");
  for (size_t i = 0; i < recent.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    std::string name = std::filesystem::path(recent[i]).filename().string();
    if (ui::Button(name.c_str())) app.open(recent[i], 0);
    ImGui::SameLine();
    ui::TextDisabled("%s", recent[i].c_str());
    ImGui::PopID();
  }
}

} // namespace

void draw_start_screen(App &app) {
  begin_centred_window("Shields & Swords II", 760, 640);
  ui::TextWrapped("Medieval battles with Command Markers. Pick a battle; both sides are played "
                  "at this screen.");
  if (app.has_game()) {
    const char *what = app.session->mode() == Mode::Lesson ? "lesson" : "game";
    ui::Text("In progress: %s (%s)", app.game().battle().name.c_str(), what);
    ImGui::SameLine();
    if (ui::Button("Back to the game")) app.start_screen = app.lessons_screen = false;
  }
  ImGui::Separator();
  ImGui::BeginChild("battles", ImVec2(0, 260), true);
  for (size_t i = 0; i < app.battles.size(); ++i) {
    const BattleInfo &bi = app.battles[i];
    ImGui::PushID(static_cast<int>(i));
    if (ui::Selectable(bi.name.c_str(), app.chosen_battle == static_cast<int>(i)))
      app.chosen_battle = static_cast<int>(i);
    ui::TextDisabled("  %s - %dx%d hexes, %d units", bi.date.c_str(), bi.columns, bi.rows,
                     bi.units);
    ui::TextWrapped("  %s", bi.summary.c_str());
    ImGui::PopID();
  }
  ImGui::EndChild();
  bool offers = !app.battles.empty() && app.battles[app.chosen_battle].offers_advanced;
  ImGui::BeginDisabled(!offers);
  ui::Checkbox("Advanced Wing Integrity (4.2)", &app.advanced_wing_integrity);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ui::Checkbox("Practice game (take-backs, branches)", &app.practice_choice);
  if (!app.battles.empty()) seat_choices(app, app.battles[app.chosen_battle]);
  if (ui::Button("New game") && !app.battles.empty()) start_chosen_battle(app);
  ImGui::SameLine();
  if (ui::Button("Continue the autosave") && app.session->continue_autosave()) app.game_shown();
  ImGui::SameLine();
  if (ui::Button("Learn to play")) app.lessons_screen = true;
  recent_games(app);
  editor_start_buttons(app); // Edit a battle, New battle (editor_view.cpp)
  ImGui::Separator();
  ui::InputText("File", app.path_buffer, sizeof app.path_buffer);
  ImGui::SameLine();
  if (ui::Button("Load")) app.open(app.path_buffer, app.next_seed());
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

// Save as: asked when a game without a name is saved (Ctrl+S) or from the Game menu.
void save_as_dialog(App &app) {
  if (!app.save_as_open || !app.has_game()) return;
  ImGui::SetNextWindowFocus(); // over the panels while it is open
  begin_centred_window("Save as", 640, 200);
  ui::TextWrapped("Save this game as a file of its own (the autosave is the app's, rewritten "
                  "after every move).");
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("File name").x - 12);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool enter = ui::InputText("File name##file", app.save_as_buffer, sizeof app.save_as_buffer,
                             ImGuiInputTextFlags_EnterReturnsTrue);
  if (ui::Button("Save") || enter) {
    if (app.session->save_as(app.save_as_buffer) == Session::Saved::Yes) app.save_as_open = false;
  }
  ImGui::SameLine();
  if (ui::Button("Cancel")) app.save_as_open = false;
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

} // namespace sns::app
