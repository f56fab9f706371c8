// The app's panels: sequence of play, wings, commands, combat and fire previews, choices, log,
// rules, victory, the turn banner.
#include "app.hpp"
#include "editor_view.hpp"
#include "ui.hpp"
#include "words.hpp"

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
  return (p == Phase::Charge ? "  " : "") + phase_words(p) + " (" + phase_section(p) + ")";
}

// A shortcut key, unless the player is typing into a text field (the rules search, a file path).
bool key_pressed(ImGuiKey key) {
  return !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

// A small square of the wing's colour, in line with the text that follows.
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

// Who plays each side: a person at this screen, or the computer at a level (docs/ai.md).
constexpr struct {
  const char *label;
  std::optional<Level> level;
} kSeats[] = {{"Human", std::nullopt},
              {"Computer (easy)", Level::Easy},
              {"Computer (normal)", Level::Normal},
              {"Computer (hard)", Level::Hard}};

// A drop-down of kSeats showing `chosen`; true, with `chosen` changed, when another is picked.
bool seat_combo(const std::string &label, int &chosen) {
  bool picked = false;
  if (ui::BeginCombo(label.c_str(), kSeats[chosen].label)) {
    for (int k = 0; k < static_cast<int>(std::size(kSeats)); ++k)
      if (ui::Selectable(kSeats[k].label, k == chosen)) picked = k != chosen, chosen = k;
    ImGui::EndCombo();
  }
  return picked;
}

// Who plays a side of the game being played: changeable at any moment (the game keeps it, so a
// saved game opens again with the same seats).
void game_seat(App &app, int side) {
  Session &ss = *app.session;
  int shown = 0;
  for (int k = 0; k < static_cast<int>(std::size(kSeats)); ++k)
    if (kSeats[k].level == ss.computer(side)) shown = k;
  ImGui::Indent(8);
  const ImGuiStyle &style = ImGui::GetStyle();
  float room = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("plays it").x -
               style.ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(std::max(60.0f, room)); // "Computer (normal)" whole, the label beside
  if (seat_combo("plays it##gameseat" + std::to_string(side), shown)) {
    ss.set_computer(side, kSeats[shown].level);
    const std::string &who = app.game().battle().sides[side].name;
    const auto &level = kSeats[shown].level;
    ss.say(level ? who + " is now played by the computer (" + std::string(name(*level)) + ")."
                 : who + " is now yours to play.");
  }
  ImGui::Unindent(8);
}

void sequence_track(App &app);

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
    if (b.d3()) { // D3 Medieval: units and hits, no VP, wings or Initiative Marker
      d3_side_summary(app, side);
      continue;
    }
    ui::Text("  %d VP", s.vp[side]);
    if (sd.victory_vp) {
      ImGui::SameLine();
      ui::TextDisabled("(wins at %d)", *sd.victory_vp);
      ui::ProgressBar(std::min(1.0f, s.vp[side] / static_cast<float>(*sd.victory_vp)),
                      ImVec2(-1, 6), "");
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
  ImGui::Separator();
  if (b.d3()) {
    d3_phase_track(app);
  } else {
    sequence_track(app);
  }
  ImGui::Separator();
  if (!b.d3()) { // zones of control and Fire Factors are S&S II's
    ui::Checkbox("Enemy zones of control (Z)", &app.show_zoc);
    ui::Checkbox("Fire range of selection (R)", &app.show_range);
  }
  ui::Checkbox("Hex labels (L)", &app.show_labels);
  if (bool on = app.explain; ui::Checkbox("Explain mode (X)", &on)) app.set_explain(on);
  ui::TextDisabled("Tab hides the panels.");
  lines_panel(app);
}

// S&S II's sequence of play (3.0), the phases this turn's commands skip greyed.
void sequence_track(App &app) {
  const GameState &s = app.game().state();
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
}

// Chooses or drops a wing in the command being built: one wing a turn works like a radio button.
void toggle_wing(App &app, int wing, int wings_per_turn) {
  const Battle &b = app.game().battle();
  bool only_wing = std::count_if(b.wings.begin(), b.wings.end(), [&](const WingDef &w) {
                     return w.side == b.wings[wing].side;
                   }) == 1;
  int *chosen = std::find(std::begin(app.draft_wing), std::end(app.draft_wing), wing);
  if (chosen != std::end(app.draft_wing) && only_wing) { // nothing else to choose: start afresh
    app.draft[chosen - app.draft_wing].clear();
    return;
  }
  if (chosen != std::end(app.draft_wing)) {
    app.draft[chosen - app.draft_wing].clear();
    *chosen = -1;
    return;
  }
  if (wings_per_turn == 1) {
    for (auto &d : app.draft)
      d.clear();
    std::fill(std::begin(app.draft_wing), std::end(app.draft_wing), -1);
  }
  int *free = std::find(std::begin(app.draft_wing), std::end(app.draft_wing), -1);
  if (free != std::end(app.draft_wing)) *free = wing;
}

// The hint's colour: its words in the Orders panel, and a hinted command's wings and faces.
const ImVec4 kHintColour(0.5f, 1, 0.9f, 1);

// The hint's orders for `wing` when the hint (H) is a command, else null: the builder lights them.
const WingOrder *hinted_order(const App &app, int wing) {
  const auto &h = app.session->hint();
  if (!h || h->action.type != ActionType::Command) return nullptr;
  for (const WingOrder &o : h->action.orders)
    if (o.wing == wing) return &o;
  return nullptr;
}

// Lights a hinted wing or marker face: the hint's colour for its words and a frame round it.
struct HintLight {
  bool on;
  explicit HintLight(bool hinted) : on(hinted) {
    if (!on) return;
    ImGui::PushStyleColor(ImGuiCol_Text, kHintColour);
    ImGui::PushStyleColor(ImGuiCol_Border, kHintColour);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 1.5f);
  }
  ~HintLight() {
    if (!on) return;
    ImGui::PopStyleVar();
    ImGui::PopStyleColor(2);
  }
};

void command_builder(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &side = b.sides[s.active];
  ui::TextWrapped("%s: choose up to %s, then up to %s for each. Each marker is played once, one "
                  "face up.",
                  side.name.c_str(), counted(side.wings_per_turn, "wing", "wings").c_str(),
                  counted(side.commands_per_wing, "command", "commands").c_str());
  rule_link(app, "4.0", false);
  std::vector<int> wings;
  for (size_t w = 0; w < b.wings.size(); ++w)
    if (b.wings[w].side == s.active) wings.push_back(static_cast<int>(w));
  // A side with a single wing has nothing to choose: it is chosen already.
  if (wings.size() == 1 && app.draft_wing[0] < 0 &&
      std::all_of(std::begin(app.draft), std::end(app.draft),
                  [](const std::vector<Command> &d) { return d.empty(); }))
    app.draft_wing[0] = wings[0];
  ui::Text("Wings:");
  for (int w : wings) {
    bool on = std::find(std::begin(app.draft_wing), std::end(app.draft_wing), w) !=
              std::end(app.draft_wing);
    wing_swatch(b, w);
    std::string label = b.wings[w].name + "##wing" + std::to_string(w);
    HintLight lit(hinted_order(app, w) != nullptr);
    if (ui::Selectable(label.c_str(), on)) toggle_wing(app, w, side.wings_per_turn);
  }
  for (int k = 0; k < 8; ++k) {
    if (app.draft_wing[k] < 0) continue;
    ImGui::PushID(k);
    ImGui::Separator();
    wing_swatch(b, app.draft_wing[k]);
    ui::Text("%s: click marker faces", b.wings[app.draft_wing[k]].name.c_str());
    const WingOrder *hint = hinted_order(app, app.draft_wing[k]);
    for (size_t m = 0; m < side.markers.size(); ++m) {
      const Marker &mk = side.markers[m];
      for (int f = 0; f < mk.count; ++f) {
        Command cmd = mk.faces[f];
        bool on = std::find(app.draft[k].begin(), app.draft[k].end(), cmd) != app.draft[k].end();
        std::string label = command_words(cmd) + "##" + std::to_string(m) + "_" + std::to_string(f);
        if (f) ImGui::SameLine(0, 2), ui::TextDisabled("|"), ImGui::SameLine(0, 2);
        HintLight lit(hint && std::find(hint->commands.begin(), hint->commands.end(), cmd) !=
                                  hint->commands.end());
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 60, 255));
        if (ui::Button(label.c_str())) {
          if (on)
            std::erase(app.draft[k], cmd);
          else
            app.draft[k].push_back(cmd);
        }
        if (on) ImGui::PopStyleColor();
      }
    }
    ImGui::PopID();
  }
  Action a{.type = ActionType::Command};
  for (int k = 0; k < 8; ++k)
    if (app.draft_wing[k] >= 0 && !app.draft[k].empty() && a.orders.size() < kMaxWingOrders) {
      WingOrder o{static_cast<int16_t>(app.draft_wing[k]), {}};
      for (Command c : app.draft[k])
        if (o.commands.size() < kMaxListedCommands) o.commands.push_back(c);
      a.orders.push_back(o);
    }
  auto refusal = check(app.game().setup(), s, a);
  ImGui::Separator();
  if (refusal) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 120, 100, 255));
    ui::TextWrapped("%s: %s", refusal->rule.c_str(), refusal->reason.c_str());
    ImGui::PopStyleColor();
    rule_link(app, refusal->rule, false);
  } else if (a.orders.empty()) {
    ui::TextWrapped("Nothing set yet: pick a wing, then click its marker faces.");
  } else {
    ui::TextWrapped("Ready: %s.", action_words(b, a).c_str());
  }
  // The default gives the commands set; with none set yet it asks for them, so a new player is
  // not invited to skip the phase. Giving no commands is the smaller button under it.
  Action none{.type = ActionType::Command};
  if (!check(app.game().setup(), s, none)) {
    footer.secondary_label = "Give no commands";
    footer.secondary = none;
  }
  footer.action = a;
  if (!a.orders.empty()) {
    footer.label = "Give these commands (Enter)";
    if (refusal) footer.disabled_why = refusal->reason;
  } else {
    bool wing_chosen = std::any_of(std::begin(app.draft_wing), std::end(app.draft_wing),
                                   [](int w) { return w >= 0; });
    footer.label = wing_chosen ? "Click marker faces to command" : "Pick a wing to command";
    footer.disabled_why = "nothing set yet";
  }
  std::optional<Action> chosen; // played after the loop: playing rebuilds the legal list
  for (const Action &sa : app.view().legal())
    if (sa.type == ActionType::Special) {
      const Special &sp = b.special[sa.special];
      std::string label =
          (sa.verb == SpecialVerb::Leave ? "Send away: " : "Call back: ") + b.wings[sp.wing].name;
      if (ui::Button(label.c_str())) chosen = sa;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sp.text.c_str());
      rule_link(app, sp.id); // the battle's rule, in the rules window
    }
  if (chosen) app.session->play(*chosen);
}

// The CRT (2.6, 7.5), turned on its side so that it fits the panel: a row for each column of
// roll + DRM, a column for each CC. The CC in use is lit, and the cell of the last roll.
void crt_table(App &app, CombatClass cc_used, int column) {
  const Tables &t = *app.game().setup().tables;
  if (!ImGui::BeginTable("crt", 1 + kWorstCC - kBestCC + 1,
                         ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
    return;
  ImGui::TableSetupColumn("roll", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("<=-2").x);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableSetColumnIndex(0);
  ui::TextDisabled("roll");
  for (CombatClass cc = kBestCC; cc <= kWorstCC; ++cc) {
    ImGui::TableSetColumnIndex(cc - kBestCC + 1);
    if (cc == cc_used) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(90, 80, 20, 255));
    ui::Text("%s", cc_name(cc).c_str());
  }
  for (int c = Tables::kMinColumn; c <= Tables::kMaxColumn; ++c) {
    ImGui::TableNextRow();
    if (c == column) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(70, 40, 40, 255));
    ImGui::TableSetColumnIndex(0);
    ui::TextDisabled(c == Tables::kMinColumn ? "<=-2" : c == Tables::kMaxColumn ? "8+" : "%d", c);
    for (CombatClass cc = kBestCC; cc <= kWorstCC; ++cc) {
      ImGui::TableSetColumnIndex(cc - kBestCC + 1);
      if (cc == cc_used && c == column)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(200, 60, 40, 255));
      else if (cc == cc_used)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(90, 80, 20, 255));
      const CrtCell &cell = t.cell(cc, c);
      ui::Text("%s%s", std::string(name(cell.result)).c_str(), cell.asterisk ? "*" : "");
    }
  }
  ImGui::EndTable();
  ImGui::PushTextWrapPos(0.0f);
  // The log, the lessons and TABLES.md keep the rulebook's words ("column 3 of row A"), so the
  // caption says which way they run here.
  ui::TextDisabled("The rulebook's table turned on its side: its columns (the die roll plus the "
                   "DRM) run down, its rows (the Primary's CC) across.");
  ImGui::PopTextWrapPos();
}

void attack_preview(App &app, const Action &a, Footer &footer) {
  const Battle &b = app.game().battle();
  AttackPreview p;
  auto r = preview_attack(app.game().setup(), app.game().state(), a, p);
  if (r) {
    // A tie for Primary: offer the choice.
    if (r->kind == RefusalKind::PrimaryTie) {
      ui::Text("Choose the Primary (7.2):");
      for (int u : a.attackers)
        if (ui::RadioButton(unit_words(b, u).c_str(), app.sel().primary == u))
          app.sel().primary = u;
    } else {
      ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
      rule_link(app, r->rule);
    }
    return;
  }
  ui::TextWrapped("%s attacks %s", unit_words(b, p.primary).c_str(),
                  unit_words(b, a.target).c_str());
  if (a.attackers.size() > 1) ui::TextDisabled("(Primary, with %zu more)", a.attackers.size() - 1);
  ui::Text("CC %s", cc_name(p.base_cc).c_str());
  for (const Term &t : p.cc_shifts) {
    ui::BulletText("%s%s: %s", t.value < 0 ? "-" : "+",
                   counted(std::abs(t.value), "level", "levels").c_str(), t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Modified CC: %s", cc_name(p.cc).c_str());
  ui::Text("DRM %+d", p.drm);
  for (const Term &t : p.drm_terms) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Result by die roll (CC %s):", cc_name(p.cc).c_str());
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
  footer.label = "Attack: roll the die (Enter)";
  footer.action = a;
}

void fire_preview(App &app, const Action &a, Footer &footer) {
  FirePreview p;
  if (auto r = preview_fire(app.game().setup(), app.game().state(), a, p)) {
    ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
    return;
  }
  const Battle &b = app.game().battle();
  ui::TextWrapped("%s fires at %s", unit_words(b, a.unit).c_str(), unit_words(b, a.target).c_str());
  ui::Text("Fire Factor %d", visible_face(b, app.game().state(), a.unit).fire);
  for (const Term &t : p.modifiers) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Suppresses on a roll of %d or more", p.needed);
  char label[32];
  std::snprintf(label, sizeof label, "%.1f%%", p.chance * 100);
  ui::ProgressBar(static_cast<float>(p.chance), ImVec2(-1, 0), label);
  footer.label = "Fire: roll the die (Enter)";
  footer.action = a;
}

// The search's own account of a choice (candidates, playouts, odds): in Explain mode only, else a
// pointer to it.
void search_account(const App &app, const std::string &account) {
  if (account.empty()) return;
  if (app.explain)
    ui::TextWrapped("The search's account: %s", account.c_str());
  else
    ui::TextDisabled("Explain mode (X) shows the search's own account.");
}

// A computer seat at work, its last move and why, and the hint asked for (H).
bool computer_panel(App &app) {
  const Session &ss = *app.session;
  const Battle &b = app.game().battle();
  if (!ss.computer_said().empty()) ui::TextWrapped("%s", ss.computer_said().c_str());
  if (const auto &lit = ss.computer_last()) {
    // Only an action on the map is ringed: after a command, an Initiative or the end of a phase,
    // the ring is on an earlier one, and saying "its last action" would point at the wrong thing.
    const auto &actions = app.game().actions();
    if (!actions.empty() && lit->action == actions.back())
      ui::TextDisabled("Its last action is ringed in gold on the map (a thin ring: where it came "
                       "from).");
    else
      ui::TextDisabled("Its last action on the map is ringed in gold (a thin ring: where it came "
                       "from).");
  }
  if (ss.computer_to_act()) {
    int side = side_to_act(app.game().setup(), app.game().state());
    ui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "The computer (%s) is playing %s%s",
                    std::string(name(*ss.computer(side))).c_str(), b.sides[side].name.c_str(),
                    ss.thinking() ? ": thinking..." : ".");
    ui::TextDisabled("Space: its next move without the pause. Ctrl+Z: back to your last decision.");
    return true;
  }
  if (const auto &h = ss.hint()) {
    ui::TextColored(kHintColour, "Hint: %s", advice_words(b, h->action).c_str());
    // The odds of a hinted attack, fire, shot or melee, as its preview would show them.
    if (std::string odds = odds_words(app.game().setup(), app.game().state(), h->action);
        !odds.empty())
      ui::TextWrapped("%s", odds.c_str());
    ui::TextWrapped("%s", suggestion_words(Session::kHintLevel, *h).c_str());
    if (h->action.type == ActionType::Command && !h->action.orders.empty())
      ui::TextDisabled("Its wings and marker faces are framed in this colour below.");
  } else if (ss.hint_pending()) {
    ui::TextDisabled("Thinking about a hint...");
  }
  return false;
}

// An attack waiting for its result to be taken: what came up, who decides, the choice, then the
// CRT with the roll lit. The table comes last so that at 1280x800, under a lesson or Explain box,
// the buttons and the prompt stay above the panel's fold (new-player trial).
void attack_decision(App &app, const std::vector<Action> &legal) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ui::Text("Attack on %s: %s%s", b.units[s.ssii().attack.target].id.c_str(),
           std::string(name(s.ssii().attack.result)).c_str(), s.ssii().attack.asterisk ? "*" : "");
  int who = side_to_act(app.game().setup(), s);
  ui::Text("%s decides:", b.sides[who].name.c_str());
  std::optional<Action> chosen; // played after the loop: playing rebuilds the legal list
  for (const Action &a : legal)
    if ((a.type == ActionType::Choose || a.type == ActionType::NoAdvance) &&
        ui::Button(button_words(b, a).c_str()))
      chosen = a;
  if (chosen) {
    app.session->play(*chosen);
    return;
  }
  switch (s.attack_stage()) {
  case AttackStage::AttackerLoss:
    ui::TextWrapped("Click the attacker ringed in orange that takes the loss.");
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
  if (const LastAttack &la = app.session->last_attack(); la.row >= 0)
    crt_table(app, la.row, la.column);
}

// The search's account of the hint shown, else of the computer's last move. Once a hint is shown,
// its account is the one asked for: the computer's last one would stand twice over it (two
// "search's account" paragraphs, or the Explain pointer said twice).
void search_accounts(const App &app) {
  const Session &ss = *app.session;
  if (const auto &h = ss.hint(); h && !ss.computer_to_act())
    search_account(app, account_words(app.game().battle(), *h));
  else if (!h)
    search_account(app, ss.computer_detail());
}

// What the side to act may do now, and the controls to do it.
void decision_controls(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  if (s.game_over()) {
    ui::TextWrapped("The battle is over.");
    ui::TextWrapped("%s", s.result_reason.c_str());
    return;
  }
  if (b.d3()) { // activation, moves, shots and melee (d3_view.cpp)
    d3_decision_panel(app, footer);
    return;
  }
  const auto &legal = app.view().legal();
  if (s.attack_stage() != AttackStage::None) {
    attack_decision(app, legal);
    return;
  }
  switch (s.phase) {
  case Phase::Command:
    command_builder(app, footer);
    return;
  case Phase::Initiative: {
    ui::TextWrapped("You hold the Initiative Marker: take another turn now (the marker passes "
                    "to your opponent)?");
    rule_link(app, "11.0", false);
    std::optional<Action> chosen; // played after the loop: playing rebuilds the legal list
    for (const Action &a : legal)
      if (ui::Button(button_words(b, a).c_str())) chosen = a;
    if (chosen) app.session->play(*chosen);
    return;
  }
  default:
    break;
  }
  bool mode = std::any_of(legal.begin(), legal.end(),
                          [](const Action &a) { return a.type == ActionType::CombatMode; });
  if (mode) {
    ui::TextWrapped("Bonus + Combat: two Combat Phases, or one Pitched Combat Phase at +1 CC?");
    rule_link(app, "7.7", false);
    std::optional<Action> chosen; // played after the loop: playing rebuilds the legal list
    for (const Action &a : legal)
      if (a.type == ActionType::CombatMode && ui::Button(button_words(b, a).c_str())) chosen = a;
    if (chosen) app.session->play(*chosen);
    return;
  }
  footer.end_phase = true;
  if (app.view().phase_moves_units()) {
    ui::TextWrapped(
        "Click a lit unit (those that cannot move are dimmed), then a yellow hex. Hover any hex "
        "to see why it is or is not allowed.");
    std::vector<int> entering;
    for (const Action &a : legal)
      if (a.type == ActionType::Move && s.units[a.unit].hex == kOffMap &&
          std::find(entering.begin(), entering.end(), a.unit) == entering.end())
        entering.push_back(a.unit);
    if (!entering.empty()) {
      ui::Text("Off the map, ready to enter:");
      for (int u : entering)
        if (ui::Selectable(unit_words(b, u).c_str(), app.sel().unit == u))
          app.sel().clear(), app.sel().unit = u;
    }
  } else if (app.view().phase_fires()) {
    ui::TextWrapped(
        "Click a lit unit to fire (those that cannot are dimmed), then an enemy in range (or "
        "the enemy first).");
  } else if (app.view().phase_attacks()) {
    ui::TextWrapped(
        "Click an enemy ringed in red to attack, then add your attackers (ringed in green).");
  }
  if (auto pending = app.view().pending_action(app.sel())) {
    ImGui::Separator();
    if (pending->type == ActionType::Attack)
      attack_preview(app, *pending, footer);
    else
      fire_preview(app, *pending, footer);
  }
  // What to do now comes first; the last attack's table below it (above, it pushed the phase's
  // prompt under the fold).
  if (const LastAttack &la = app.session->last_attack();
      la.row >= 0 &&
      ui::CollapsingHeader("Last attack on the CRT", ImGuiTreeNodeFlags_DefaultOpen)) {
    ui::TextWrapped("%s", la.text.c_str());
    crt_table(app, la.row, la.column);
  }
}

void decision_panel(App &app, Footer &footer) {
  learning_panel(app);
  ImGui::PushTextWrapPos(0.0f); // the computer's and the hint's lines wrap in a narrow panel
  bool computer = computer_panel(app);
  ImGui::PopTextWrapPos();
  if (!computer) decision_controls(app, footer);
  // The search's account is long and for Explain mode: it comes after the orders, which it had
  // pushed below the fold at 1280x800 (the marker faces a hint frames, new-player trial).
  ImGui::PushTextWrapPos(0.0f);
  search_accounts(app);
  ImGui::PopTextWrapPos();
}

// The footer: always on screen, whatever the panel above holds.
void footer_buttons(App &app, const Footer &footer) {
  float width = ImGui::GetContentRegionAvail().x;
  if (footer.action) {
    bool refused = !footer.disabled_why.empty();
    ImGui::BeginDisabled(refused);
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(50, 120, 60, 255));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, IM_COL32(70, 150, 80, 255));
    bool pressed = ui::Button(footer.label.c_str(), ImVec2(width, 0));
    ImGui::PopStyleColor(2);
    ImGui::EndDisabled();
    if (pressed || (!refused && key_pressed(ImGuiKey_Enter))) {
      if (footer.action->type ==
          ActionType::Command) { // given or refused: the choice starts afresh
        for (auto &d : app.draft)
          d.clear();
        std::fill(std::begin(app.draft_wing), std::end(app.draft_wing), -1);
      }
      app.session->play(*footer.action);
    }
  }
  if (footer.secondary && ui::SmallButton(footer.secondary_label.c_str())) {
    for (auto &d : app.draft)
      d.clear();
    std::fill(std::begin(app.draft_wing), std::end(app.draft_wing), -1);
    app.session->play(*footer.secondary);
  }
  if (footer.end_phase && ui::Button("End phase (E)", ImVec2(width, 0)))
    app.session->play(Action{.type = ActionType::EndPhase});
}

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

void log_panel(App &app) {
  const Game &game = app.game();
  const Events &log = game.log();
  app.hover_log = -1;
  ImGui::BeginChild("log", ImVec2(0, 0), false);
  for (size_t i = 0; i < log.size(); ++i) {
    log_notes_at(game, i, false);
    const Event &e = log[i];
    if (e.kind == "turn" && i > 0) ImGui::Separator();
    ImU32 col = e.kind == "attack" || e.kind == "fire" ? IM_COL32(255, 220, 140, 255)
                : e.kind == "eliminated"               ? IM_COL32(255, 130, 110, 255)
                : e.kind == "turn"                     ? IM_COL32(140, 200, 255, 255)
                : e.kind == "skip" || e.kind == "auto" ? IM_COL32(150, 150, 150, 255)
                                                       : IM_COL32(225, 225, 225, 255);
    ImGui::PushID(static_cast<int>(i));
    rule_link(app, e.rule, false);
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, col);
    ui::TextWrapped("%s", e.text.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) app.hover_log = static_cast<int>(i);
    ImGui::PushID(static_cast<int>(i));
    log_context_menu(app, i);
    ImGui::PopID();
  }
  log_notes_at(game, log.size(), true);
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 5) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

// The rules text, then the battle's own special rules (their ids are log tags too).
std::vector<RulesSection> rules_with_battle(const App &app) {
  if (!app.has_game()) return app.rules;
  const Battle &b = app.game().battle();
  std::vector<RulesSection> all = b.d3() ? app.rules_d3 : app.rules;
  for (const Special &sp : b.special)
    all.push_back(
        {sp.id, "(" + b.name + ")", sp.text.empty() ? "A special rule of this battle." : sp.text});
  return all;
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
  bool rulings_shown = false, specials_shown = false;
  for (const RulesSection &sec : rules_with_battle(app)) {
    std::string all = sec.number + " " + sec.title + " " + sec.body;
    std::transform(all.begin(), all.end(), all.begin(), ::tolower);
    if (!needle.empty() && all.find(needle) == std::string::npos) continue;
    auto numbered = [&](char letter) {
      return sec.number.size() > 1 && sec.number[0] == letter &&
             std::isdigit(static_cast<unsigned char>(sec.number[1]));
    };
    bool ruling = numbered('R'), d3_ruling = numbered('D'); // D3 Medieval's D1-D14
    bool special =
        !ruling && !d3_ruling && !std::isdigit(static_cast<unsigned char>(sec.number[0]));
    if (ruling && !rulings_shown)
      rulings_shown = true, ImGui::Separator(), ui::Text("Project rulings (R1-R26)");
    if (d3_ruling && !rulings_shown)
      rulings_shown = true, ui::Text("D3 Medieval on hexes: our rulings D1-D14");
    if (special && !specials_shown)
      specials_shown = true, ImGui::Separator(), ui::Text("This battle's special rules");
    bool open_now = sec.number == app.rules_open;
    if (open_now) {
      ImGui::SetNextItemOpen(true);
      ImGui::SetScrollHereY(0.0f);
    }
    if (ui::CollapsingHeader(("\xC2\xA7" + sec.number + " " + sec.title).c_str()))
      ui::TextWrapped("%s", sec.body.c_str());
  }
  app.rules_open.clear();
  ImGui::EndChild();
  ImGui::End();
}

// Zones of control as the hovered unit's owner sees them (5.2): whose zone it stands in; on an
// empty hex, whose zones cover it.
std::string zoc_words(const Battle &b, const GameState &s, HexId hex, int unit) {
  if (unit >= 0) {
    int owner = b.units[unit].side;
    if (!in_enemy_zoc(b, s, hex, owner)) return "";
    return b.units[unit].id + " stands in the zone of control of the " + b.sides[1 - owner].name +
           " (5.2)";
  }
  bool of[2] = {in_enemy_zoc(b, s, hex, 1), in_enemy_zoc(b, s, hex, 0)}; // zone exerted by side i
  if (of[0] && of[1]) return "In the zones of control of both sides (5.2)";
  for (int side = 0; side < 2; ++side)
    if (of[side]) return "In the zone of control of the " + b.sides[side].name + " (5.2)";
  return "";
}

void hover_tooltip(App &app, const MapRect &map, HexId hover) {
  if (hover == kOffMap || ImGui::GetIO().WantCaptureMouse) return;
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ImVec2 mouse = ImGui::GetIO().MousePos;
  TooltipPlace at = tooltip_place(mouse.x, mouse.y, map.x, map.y, map.w, map.h, app.tooltip_size[0],
                                  app.tooltip_size[1]);
  ImGui::SetNextWindowPos(ImVec2(at.x, at.y), ImGuiCond_Always, ImVec2(at.pivot_x, at.pivot_y));
  ImGui::BeginTooltip();
  ui::Text("Hex %s: %s, elevation %d", b.label(hover).c_str(),
           terrain_words(b.terrain_types[b.terrain[hover]].name).c_str(), b.elevation[hover]);
  int u = app.view().unit_at(hover);
  if (u >= 0) {
    // The unit card: the counter drawn large enough to read on any map, and its values in words.
    const UnitDef &d = b.units[u];
    const UnitFace &f = visible_face(b, s, u);
    float card = 88 * app.ui_scale;
    ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(card + 8, card + 8));
    draw_counter(app, ImGui::GetWindowDrawList(), at.x + 4 + card / 2, at.y + 4 + card / 2, card, u,
                 false);
    if (b.d3()) // facing, hits, disorder over the face (d3_view.cpp)
      draw_d3_markers(app, ImGui::GetWindowDrawList(), at.x + 4 + card / 2, at.y + 4 + card / 2,
                      card, u);
    ImGui::SameLine();
    ImGui::BeginGroup();
    if (b.d3()) {
      d3_unit_card(app, u);
    } else {
      ui::Text("%s %s", d.id.c_str(), d.name.c_str());
      ui::Text("%s (%s), %s", type_words(d.type).c_str(), std::string(name(d.type)).c_str(),
               b.wings[d.wing].name.c_str());
      ui::Text("CC %s%s%s", cc_name(f.cc).c_str(), f.fire ? ", Fire Factor " : "",
               f.fire ? std::to_string(f.fire).c_str() : "");
      ui::Text("%s%s%s", d.back && s.units[u].steps == 1 ? "Reduced" : "Fresh",
               f.crown ? ", Crown" : "", s.units[u].suppressed ? ", Suppressed (9.3)" : "");
      if (s.units[u].shield_wall) ui::Text("In Shield Wall (8.0)");
    }
    ImGui::EndGroup();
  }
  if (std::string zoc = b.d3() ? "" : zoc_words(b, s, hover, u); !zoc.empty())
    ui::Text("%s", zoc.c_str());
  std::string why = app.view().explain(app.sel(), hover);
  if (!why.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 130, 110, 255));
    ui::TextWrapped("%s", why.c_str());
    ImGui::PopStyleColor();
  }
  app.tooltip_size[0] = ImGui::GetWindowSize().x, app.tooltip_size[1] = ImGui::GetWindowSize().y;
  ImGui::EndTooltip();
}

// One die at (x, y), s wide: a d8 seen from above, or a d6 (a square), its face in the middle.
void draw_die(App &app, float x, float y, float s, int faces, int face, bool rolling) {
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  ImVec2 pts[4] = {{x + s / 2, y}, {x + s, y + s / 2}, {x + s / 2, y + s}, {x, y + s / 2}};
  if (faces == 6)
    pts[0] = {x + 4, y + 4}, pts[1] = {x + s - 4, y + 4}, pts[2] = {x + s - 4, y + s - 4},
    pts[3] = {x + 4, y + s - 4};
  dl->AddConvexPolyFilled(pts, 4,
                          rolling ? IM_COL32(200, 200, 200, 230) : IM_COL32(250, 245, 230, 255));
  dl->AddPolyline(pts, 4, IM_COL32(40, 40, 40, 255), ImDrawFlags_Closed, 2);
  std::string t = std::to_string(face);
  ImFont *f = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  float fs = s * 0.48f;
  ImVec2 ext = f->CalcTextSizeA(fs, 100, 0, t.c_str());
  dl->AddText(f, fs, ImVec2(x + s / 2 - ext.x / 2, y + s / 2 - ext.y / 2),
              IM_COL32(20, 20, 20, 255), t.c_str());
}

// The last roll's dice at the right end of the map's top band (view.hpp), clear of the counters:
// one die, or both of D13's 2D6 side by side.
void die_overlay(App &app, const MapRect &map) {
  // A take-back past the roll takes its dice away too: the faces shown are always a roll of the
  // game as it stands.
  if (app.game().actions().size() < app.die_rolled_by) app.dice_shown.clear();
  if (app.dice_shown.empty()) return;
  const float s = top_band_height(app.ui_scale) - 4, gap = 8;
  const int count = static_cast<int>(app.dice_shown.size());
  float x = map.x + map.w - 20 - count * s - (count - 1) * gap, y = map.y + 2;
  bool rolling = app.die_frames > 0;
  int faces = die_faces(app.game().battle()); // a d8 (R23), or a d6 in D3 Medieval (D14)
  std::string said;
  for (int i = 0; i < count; ++i) {
    int face = rolling ? 1 + (app.die_frames * 5 + i * 3) % faces : app.dice_shown[i];
    draw_die(app, x + i * (s + gap), y, s, faces, face, rolling);
    said += (i ? " + " : "") + std::to_string(face);
  }
  if (!rolling) ui::note_text((count == 1 ? "Die: " : "Dice: ") + said);
  if (rolling) --app.die_frames;
}

} // namespace

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

void turn_banner(App &app, const MapRect &map) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  App::Banner &bn = app.banner;
  double now = ImGui::GetTime();
  std::string turn = (b.d3() ? "Turn " : "Player Turn ") + std::to_string(s.turn) + ": " +
                     b.sides[s.active].name; // D3 Medieval counts game turns (D4)
  std::string phase = s.game_over() ? "The battle is over" : phase_words(s.phase) + " Phase";
  bool same_game = bn.game == &app.game();
  bool new_turn = !same_game || s.turn != bn.turn || s.active != bn.active;
  if (new_turn || s.phase != bn.phase) {
    // A new Player Turn: the last turn's die goes (unless it is the roll that ended that turn,
    // still rolling); the Last attack panel is the session's and goes by itself.
    if (new_turn && same_game && app.die_frames <= 0) app.dice_shown.clear();
    bn.text = new_turn ? turn + "  -  " + phase : phase; // one line: a strip, not a card
    bn.since = same_game ? now : -1; // a game just opened has the strip; the banner marks changes
    bn.turn = s.turn, bn.active = s.active, bn.phase = s.phase, bn.game = &app.game();
  }
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  ImFont *font = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  // The strip along the top of the map says where the turn stands, always.
  int first_wing = 0;
  for (size_t w = 0; w < b.wings.size(); ++w)
    if (b.wings[w].side == s.active) {
      first_wing = static_cast<int>(w);
      break;
    }
  std::string strip = turn + "  -  " + phase;
  float fs = kStripFontSize * app.ui_scale;
  ImVec2 ext = font->CalcTextSizeA(fs, 1e9f, 0, strip.c_str());
  ImVec2 a(map.x + map.w / 2 - ext.x / 2 - 14, map.y + 4);
  ImVec2 z(map.x + map.w / 2 + ext.x / 2 + 10, map.y + 10 + ext.y);
  // The banner lies over the strip for a moment, then fades as the strip comes back (view.hpp): a
  // cross-fade, so their two texts are never seen over each other.
  float alpha = bn.since < 0 ? 0.0f : banner_alpha(now - bn.since);
  auto faded = [&](ImU32 col) {
    float a0 = static_cast<float>((col >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
    return (col & ~IM_COL32_A_MASK) |
           (static_cast<ImU32>(255 * a0 * (1 - alpha)) << IM_COL32_A_SHIFT);
  };
  dl->AddRectFilled(a, z, faded(IM_COL32(20, 20, 24, 215)), 5);
  dl->AddRectFilled(a, ImVec2(a.x + 8, z.y), faded(wing_colour(b.wings[first_wing].color)), 5);
  dl->AddText(font, fs, ImVec2(a.x + 16, a.y + 3), faded(IM_COL32(240, 235, 210, 255)),
              strip.c_str());
  ui::note_text(strip);
  if (alpha <= 0) return;
  float fs_banner = kBannerFontSize * app.ui_scale;
  ImVec2 text_ext = font->CalcTextSizeA(fs_banner, 1e9f, 0, bn.text.c_str());
  BannerBox box = banner_box(map.x, map.w, map.y, text_ext.x, text_ext.y, z.x - a.x);
  ImVec2 ba(box.x0, box.y0), bz(box.x1, box.y1);
  dl->AddRectFilled(ba, bz, IM_COL32(15, 15, 20, static_cast<int>(250 * alpha)), 5);
  dl->AddRect(ba, bz,
              (wing_colour(b.wings[first_wing].color) & 0x00FFFFFF) |
                  (static_cast<ImU32>(255 * alpha) << 24),
              5, 0, 2);
  dl->AddText(font, fs_banner,
              ImVec2((ba.x + bz.x - text_ext.x) / 2, (ba.y + bz.y - text_ext.y) / 2),
              IM_COL32(255, 240, 200, static_cast<int>(255 * alpha)), bn.text.c_str());
  ui::note_text("Banner: " + bn.text);
}

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
    const ImGuiStyle &st = ImGui::GetStyle();
    float footer_h = 2 * ImGui::GetFrameHeightWithSpacing() + st.ItemSpacing.y + 2;
    ImGui::BeginChild("orders_body", ImVec2(0, -footer_h));
    if (!app.session->message().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 200, 120, 255));
      ui::TextWrapped("%s", app.session->message().c_str());
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
  const LessonRun *run = app.session->lesson();
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

namespace {

// One drop-down per side, labelled with the side's name, listing every choice of who plays it.
void seat_choices(App &app, const BattleInfo &bi) {
  ui::TextDisabled("Who plays each side:");
  for (int side = 0; side < 2; ++side) {
    int &chosen = app.seat_choice[side];
    if (side) ImGui::SameLine(0, 24 * app.ui_scale);
    ImGui::SetNextItemWidth(170 * app.ui_scale);
    seat_combo(bi.sides[side] + "##seat" + std::to_string(side), chosen);
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

// The height of the rows the start screen draws under its battle list (draw_start_screen), worked
// out before drawing them: a list sized from the last frame's layout jumped for one frame whenever
// a row came or went, and a click in that frame landed on another widget.
float height_below_battle_list(App &app) {
  const ImGuiStyle &st = ImGui::GetStyle();
  const float row = ImGui::GetFrameHeightWithSpacing(),
              line = ImGui::GetTextLineHeightWithSpacing();
  const float separator = st.ItemSpacing.y + 1;
  float h = 4 * row + separator;             // options, New game, the editor's buttons, File
  if (!app.battles.empty()) h += line + row; // who plays each side
  if (app.session->autosave_loads()) h += line;
  if (size_t n = app.session->recent().size()) h += separator + line + n * row;
  if (const std::string &m = app.session->message(); !m.empty())
    h += ui::wrapped_height(m) + st.ItemSpacing.y;
  return h;
}

void recent_games(App &app) {
  const std::vector<std::string> recent = app.session->recent();
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
  ui::TextWrapped("Medieval battles on a hex map. Pick a battle, then who plays each side: "
                  "people taking turns at this screen, or the computer.");
  if (app.has_game()) {
    const char *what = app.session->mode() == Mode::Lesson ? "lesson" : "game";
    ui::Text("In progress: %s (%s)", app.game().battle().name.c_str(), what);
    ImGui::SameLine();
    bool lesson = app.session->mode() == Mode::Lesson;
    if (ui::Button(lesson ? "Back to the lesson" : "Back to the game"))
      app.start_screen = app.lessons_screen = false;
  }
  ImGui::Separator();
  // The list takes the height the window leaves it, so a newcomer sees most battles at once
  // instead of three and a half over empty space under the buttons.
  const float list_h =
      std::max(260.0f, ImGui::GetContentRegionAvail().y - height_below_battle_list(app));
  ImGui::BeginChild("battles", ImVec2(0, list_h), true);
  for (size_t i = 0; i < app.battles.size(); ++i) {
    const BattleInfo &bi = app.battles[i];
    ImGui::PushID(static_cast<int>(i));
    if (ui::Selectable(bi.name.c_str(), app.chosen_battle == static_cast<int>(i)) &&
        app.chosen_battle != static_cast<int>(i)) {
      app.chosen_battle = static_cast<int>(i);
      // Seats belong to the sides of the battle they were chosen for: another battle's first side
      // is not the Royal Army, so both start as people again.
      app.seat_choice[0] = app.seat_choice[1] = 0;
    }
    if (app.show_chosen && app.chosen_battle == static_cast<int>(i)) ImGui::SetScrollHereY(0.3f);
    const char *rules = bi.d3 ? "D3 Medieval rules" : "Shields & Swords II rules";
    std::string date = bi.date.empty() ? "" : bi.date + " - "; // a made-up battle has no date
    if (bi.draft)
      ui::TextDisabled("  %s%s - your draft: Edit a battle to finish it", date.c_str(), rules);
    else
      ui::TextDisabled("  %s%dx%d hexes, %s - %s%s", date.c_str(), bi.columns, bi.rows,
                       counted(bi.units, "unit", "units").c_str(), rules,
                       bi.own ? " - your battle" : "");
    if (bi.own) ui::TextDisabled("  %s", bi.path.c_str());
    ui::TextWrapped("  %s", bi.summary.c_str());
    ImGui::PopID();
  }
  ImGui::EndChild();
  app.show_chosen = false;
  bool offers = !app.battles.empty() && app.battles[app.chosen_battle].offers_advanced;
  ImGui::BeginDisabled(!offers);
  ui::Checkbox("Advanced Wing Integrity (4.2)", &app.advanced_wing_integrity);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ui::Checkbox("Practice game (take-backs, branches)", &app.practice_choice);
  if (!app.battles.empty()) seat_choices(app, app.battles[app.chosen_battle]);
  bool draft = !app.battles.empty() && app.battles[app.chosen_battle].draft;
  ImGui::BeginDisabled(draft);
  if (ui::Button("New game") && !app.battles.empty()) start_chosen_battle(app);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (app.session->autosave_loads()) { // offered only when there is a game to continue
    if (ui::Button("Continue the autosave") && app.session->continue_autosave()) app.game_shown();
    ImGui::SameLine();
  }
  if (ui::Button("Learn to play")) app.lessons_screen = true;
  if (app.session->autosave_loads()) // which game Continue opens: not the battle picked above
    ui::TextDisabled("The autosave: %s.", app.session->autosave_summary().c_str());
  recent_games(app);
  editor_start_buttons(app); // Edit a battle, New battle (editor_view.cpp)
  ImGui::Separator();
  ui::InputText("File", app.path_buffer, sizeof app.path_buffer);
  ImGui::SameLine();
  if (ui::Button("Load")) app.open(app.path_buffer, app.next_seed());
  ImGui::SameLine();
  if (ui::Button("Browse...")) open_browser(app);
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
  auto saved = [&](Session::Saved result) {
    app.save_as_exists = result == Session::Saved::Exists; // ask before replacing another file
    if (result == Session::Saved::Yes) app.save_as_open = false;
  };
  if (ui::Button("Save") || enter) saved(app.session->save_as(app.save_as_buffer));
  if (app.save_as_exists) {
    ImGui::SameLine();
    if (ui::Button("Replace")) saved(app.session->save_as(app.save_as_buffer, true));
  }
  ImGui::SameLine();
  if (ui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    app.save_as_open = app.save_as_exists = false;
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

} // namespace sns::app
