// The Orders panel: the command builder (4.0), the computer seats and hints, attack decisions,
// what the side to act may do now, and the footer buttons.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <imgui.h>

namespace sns::app {

namespace {

// A shortcut key, unless the player is typing into a text field (the rules search, a file path).
bool key_pressed(ImGuiKey key) {
  return !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

// Faces put aside for `wing` (a wing dropped for another when one wing a turn is allowed): taken
// back out of the list to be the wing's faces again.
std::vector<Command> take_put_aside(Selection &sel, int wing) {
  auto it = std::find_if(sel.put_aside.begin(), sel.put_aside.end(),
                         [&](const auto &kept) { return kept.first == wing; });
  if (it == sel.put_aside.end()) return {};
  std::vector<Command> faces = std::move(it->second);
  sel.put_aside.erase(it);
  return faces;
}

// Chooses or drops a wing in the command being built: one wing a turn works like a radio button,
// and the faces of the wing it replaces are put aside (said in the panel), never lost.
void toggle_wing(App &app, int wing, int wings_per_turn) {
  const Battle &b = app.game().battle();
  Selection &sel = app.sel();
  bool only_wing = std::count_if(b.wings.begin(), b.wings.end(), [&](const WingDef &w) {
                     return w.side == b.wings[wing].side;
                   }) == 1;
  auto chosen = std::find(sel.draft_wing.begin(), sel.draft_wing.end(), wing);
  if (chosen != sel.draft_wing.end()) { // picked again: start it afresh, or drop it
    sel.draft[chosen - sel.draft_wing.begin()].clear();
    if (!only_wing) *chosen = -1;
    return;
  }
  if (wings_per_turn == 1)
    for (size_t k = 0; k < sel.draft_wing.size(); ++k) {
      if (sel.draft_wing[k] < 0) continue;
      if (!sel.draft[k].empty()) sel.put_aside.emplace_back(sel.draft_wing[k], sel.draft[k]);
      sel.draft[k].clear();
      sel.draft_wing[k] = -1;
    }
  auto free = std::find(sel.draft_wing.begin(), sel.draft_wing.end(), -1);
  if (free == sel.draft_wing.end()) return;
  *free = wing;
  sel.draft[free - sel.draft_wing.begin()] = take_put_aside(sel, wing);
}

// The wings whose faces were put aside for another, said so the player knows they are kept.
void put_aside_note(App &app) {
  const Battle &b = app.game().battle();
  for (const auto &[wing, faces] : app.sel().put_aside) {
    std::string words;
    for (Command c : faces)
      words += (words.empty() ? "" : ", ") + command_words(c);
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(230, 200, 120, 255));
    ui::TextWrapped("%s's faces (%s) are put aside: one wing a turn. Pick %s again to bring them "
                    "back.",
                    b.wings[wing].name.c_str(), words.c_str(), b.wings[wing].name.c_str());
    ImGui::PopStyleColor();
  }
}

// The hint's colour: its words in the Orders panel, and a hinted command's wings and faces.
const ImVec4 kHintColour(0.5f, 1, 0.9f, 1);

// The hint's orders for `wing` when the hint (H) is a command, else null: the builder lights them.
const WingOrder *hinted_order(const App &app, int wing) {
  const auto &h = app.session->seat().hint();
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

// The wings of the side to act, each a line to pick it (one wing a turn works like a radio button).
void wing_choices(App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &side = b.sides[s.active];
  std::vector<int> wings;
  for (size_t w = 0; w < b.wings.size(); ++w)
    if (b.wings[w].side == s.active) wings.push_back(static_cast<int>(w));
  // A side with a single wing has nothing to choose: it is chosen already.
  Selection &sel = app.sel();
  if (wings.size() == 1 && sel.draft_wing[0] < 0 &&
      std::all_of(sel.draft.begin(), sel.draft.end(),
                  [](const std::vector<Command> &d) { return d.empty(); }))
    sel.draft_wing[0] = wings[0];
  ui::Text("Wings:");
  for (int w : wings) {
    bool on = std::find(sel.draft_wing.begin(), sel.draft_wing.end(), w) != sel.draft_wing.end();
    wing_swatch(b, w);
    std::string label = b.wings[w].name + "##wing" + std::to_string(w);
    HintLight lit(hinted_order(app, w) != nullptr);
    if (ui::Selectable(label.c_str(), on)) toggle_wing(app, w, side.wings_per_turn);
  }
}

// For each wing picked, its marker faces: a click sets or clears one command.
void marker_faces(App &app) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &side = b.sides[s.active];
  Selection &sel = app.sel();
  put_aside_note(app);
  for (int k = 0; k < 8; ++k) {
    if (sel.draft_wing[k] < 0) continue;
    ImGui::PushID(k);
    ImGui::Separator();
    wing_swatch(b, sel.draft_wing[k]);
    ui::Text("%s: click marker faces", b.wings[sel.draft_wing[k]].name.c_str());
    const WingOrder *hint = hinted_order(app, sel.draft_wing[k]);
    for (size_t m = 0; m < side.markers.size(); ++m) {
      const Marker &mk = side.markers[m];
      for (int f = 0; f < mk.count; ++f) {
        Command cmd = mk.faces[f];
        std::vector<Command> &faces = sel.draft[k];
        bool on = std::find(faces.begin(), faces.end(), cmd) != faces.end();
        std::string label = command_words(cmd) + "##" + std::to_string(m) + "_" + std::to_string(f);
        if (f) ImGui::SameLine(0, 2), ui::TextDisabled("|"), ImGui::SameLine(0, 2);
        HintLight lit(hint && std::find(hint->commands.begin(), hint->commands.end(), cmd) !=
                                  hint->commands.end());
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(60, 140, 60, 255));
        if (ui::Button(label.c_str())) {
          if (on)
            std::erase(faces, cmd);
          else
            faces.push_back(cmd);
        }
        if (on) ImGui::PopStyleColor();
      }
    }
    ImGui::PopID();
  }
}

// The command being built: the wings picked with their faces, as the engine's action.
Action drafted_command(App &app) {
  const Selection &sel = app.sel();
  Action a{.type = ActionType::Command};
  for (int k = 0; k < 8; ++k)
    if (sel.draft_wing[k] >= 0 && !sel.draft[k].empty() && a.orders.size() < kMaxWingOrders) {
      WingOrder o{static_cast<int16_t>(sel.draft_wing[k]), {}};
      for (Command c : sel.draft[k])
        if (o.commands.size() < kMaxListedCommands) o.commands.push_back(c);
      a.orders.push_back(o);
    }
  return a;
}

// Whether the engine accepts the command built, and the footer's buttons for it.
void command_status(App &app, const Action &a, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
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
    bool wing_chosen = std::any_of(app.sel().draft_wing.begin(), app.sel().draft_wing.end(),
                                   [](int w) { return w >= 0; });
    footer.label = wing_chosen ? "Click marker faces to command" : "Pick a wing to command";
    footer.disabled_why = "nothing set yet";
  }
}

// The battle's special rules that act in this phase (send a wing away, call it back).
void special_rule_buttons(App &app) {
  const Battle &b = app.game().battle();
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

void command_builder(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const SideDef &side = b.sides[s.active];
  ui::TextWrapped("%s: choose up to %s, then up to %s for each. Each marker is played once, one "
                  "face up.",
                  side.name.c_str(), counted(side.wings_per_turn, "wing", "wings").c_str(),
                  counted(side.commands_per_wing, "command", "commands").c_str());
  rule_link(app, "4.0", false);
  wing_choices(app);
  marker_faces(app);
  Action a = drafted_command(app);
  command_status(app, a, footer);
  special_rule_buttons(app);
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

// A computer seat at work, its last move and why.
bool computer_panel(App &app) {
  const Session &ss = *app.session;
  const Battle &b = app.game().battle();
  if (!ss.seat().computer_said().empty()) ui::TextWrapped("%s", ss.seat().computer_said().c_str());
  if (const auto &lit = ss.seat().computer_last()) {
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
  if (ss.seat().computer_to_act()) {
    int side = side_to_act(app.game().setup(), app.game().state());
    ui::TextColored(ImVec4(0.6f, 0.85f, 1, 1), "The computer (%s) is playing %s%s",
                    std::string(name(*ss.seat().computer(side))).c_str(),
                    b.sides[side].name.c_str(), ss.seat().thinking() ? ": thinking..." : ".");
    ui::TextDisabled("Space: its next move without the pause. Ctrl+Z: back to your last decision.");
    return true;
  }
  return false;
}

// The frames a new hint is brought into sight for: the first one, and two more while the panel's
// scroll bar, which the hint's lines may bring, narrows the panel and rewraps them.
constexpr int kHintSightFrames = 3;

// Scrolls the panel (the current window) as little as brings the last item, the hint's lines, into
// sight below the fold of a small window (1024x600, new-player trial), their top first when they
// are taller than the panel. Only for a new hint's first frames: on every frame it would pull the
// panel back from under a player scrolling up to the command builder.
void bring_hint_into_sight(App &app) {
  if (app.hint_frames++ >= kHintSightFrames) return;
  const float scroll = ImGui::GetScrollY(), view = ImGui::GetWindowHeight();
  const float top = ImGui::GetItemRectMin().y - ImGui::GetWindowPos().y + scroll;
  const float bottom = ImGui::GetItemRectMax().y - ImGui::GetWindowPos().y + scroll;
  const float wanted = std::min(std::max(scroll, bottom - view), top);
  if (wanted != scroll) ImGui::SetScrollY(wanted);
}

// The hint asked for (H), under the orders it is about: above them, its lines arriving pushed the
// command builder down under the pointer. Brought into sight when it comes.
void hint_lines(App &app) {
  const Session &ss = *app.session;
  if (const auto &h = ss.seat().hint()) {
    ImGui::Separator();
    ImGui::BeginGroup();
    ui::TextColored(kHintColour, "Hint: %s", advice_words(app.game().battle(), h->action).c_str());
    // The odds of a hinted attack, fire, shot or melee, as its preview would show them.
    if (std::string odds = odds_words(app.game().setup(), app.game().state(), h->action);
        !odds.empty())
      ui::TextWrapped("%s", odds.c_str());
    ui::TextWrapped("%s", suggestion_words(ComputerSeat::kHintLevel, *h).c_str());
    if (h->action.type == ActionType::Command && !h->action.orders.empty())
      ui::TextDisabled("Its wings and marker faces are framed in this colour above.");
    ImGui::EndGroup();
    bring_hint_into_sight(app);
  } else if (ss.seat().hint_pending()) {
    ImGui::Separator();
    ui::TextDisabled("Thinking about a hint...");
  }
}

// An attack waiting for its result to be taken: what came up, who decides, the choice, then the
// CRT with the roll lit. The table comes last so that at 1280x800, under a lesson or Explain box,
// the buttons and the prompt stay above the panel's fold (new-player trial).
void attack_decision(App &app, const std::vector<Action> &legal) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const PendingAttack &attack = s.ssii().attack; // this panel is S&S II's row of kViews
  ui::Text("Attack on %s: %s%s", b.units[attack.target].id.c_str(),
           std::string(name(attack.result)).c_str(), attack.asterisk ? "*" : "");
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
  if (const auto &h = ss.seat().hint(); h && !ss.seat().computer_to_act())
    search_account(app, account_words(app.game().battle(), *h));
  else if (!h)
    search_account(app, ss.seat().computer_detail());
}

// An enemy chosen and none of the player's units yet: the footer names the action it waits for,
// refused with why, so Enter says what is missing instead of doing nothing.
void target_without_unit(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  bool attack = app.view().phase_attacks();
  ImGui::Separator();
  ui::TextWrapped("%s %s: now click %s.", attack ? "Attacking" : "Firing at",
                  unit_words(b, app.sel().target).c_str(),
                  attack ? "the units to attack with (ringed in green)"
                         : "the unit to fire with (ringed in green)");
  footer.action =
      Action{.type = attack ? ActionType::Attack : ActionType::Fire, .target = app.sel().target};
  footer.label = attack ? "Attack (Enter)" : "Fire (Enter)";
  footer.disabled_why = attack ? "choose an attacker first (click a unit ringed in green)"
                               : "choose the unit to fire first (click a unit ringed in green)";
}

// A phase that moves, fires or attacks: the prompt, units ready to enter, the preview of the
// action being built, and the last attack's table.
void unit_phase_controls(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const auto &legal = app.view().legal();
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
  } else if (app.sel().target >= 0 && (app.view().phase_attacks() || app.view().phase_fires())) {
    target_without_unit(app, footer);
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

// What the side to act may do now, and the controls to do it.
void decision_controls(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  if (s.game_over()) {
    ui::TextWrapped("The battle is over.");
    ui::TextWrapped("%s", sentence_words(s.result_reason).c_str());
    if (std::string level = victory_level_words(b, s); !level.empty())
      ui::TextWrapped("%s", level.c_str());
    return;
  }
  views_of(b).decision(app, footer); // S&S II's below, D3 Medieval's in d3/panels.cpp
}

} // namespace

// S&S II's decisions: an attack's stages, the commands, the Initiative, the combat mode, and the
// phases where units act.
void ssii_decision_panel(App &app, Footer &footer) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
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
  unit_phase_controls(app, footer);
}

void decision_panel(App &app, Footer &footer) {
  if (!app.session->seat().hint()) app.hint_frames = 0; // the next hint is a new one
  learning_panel(app);
  // A network game not this player's to move (the opponent's move, stopped, over): why, instead
  // of orders that would be refused.
  if (std::string wait = app.session->network_wait(); !wait.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ui::TextColored(ImVec4(0.95f, 0.8f, 0.5f, 1), "%s", wait.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::PushTextWrapPos(0.0f); // the computer's and the hint's lines wrap in a narrow panel
  bool computer = computer_panel(app);
  ImGui::PopTextWrapPos();
  if (!computer) {
    decision_controls(app, footer);
    ImGui::PushTextWrapPos(0.0f);
    hint_lines(app);
    ImGui::PopTextWrapPos();
  }
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
    bool enter = key_pressed(ImGuiKey_Enter);
    if (refused && enter) // Enter on a refused default says why rather than nothing
      app.session->say("Enter: " + footer.disabled_why + ".");
    if (pressed || (!refused && enter)) {
      // Given or refused, a command's choice starts afresh.
      if (footer.action->type == ActionType::Command) app.sel().clear_draft();
      app.session->play(*footer.action);
    }
  }
  if (footer.secondary && ui::SmallButton(footer.secondary_label.c_str())) {
    app.sel().clear_draft();
    app.session->play(*footer.secondary);
  }
  if (footer.end_phase && ui::Button("End phase (E)", ImVec2(width, 0)))
    app.session->play(Action{.type = ActionType::EndPhase});
}

} // namespace sns::app
