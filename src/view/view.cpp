// The app's view logic (no SDL, no ImGui): camera, picking, lit hexes, clicks into actions,
// reasons.
#include "view.hpp"

#include "words.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace sns::app {

PointF Camera::centre(const Battle &b, HexId h) const {
  PointF p = hex_to_pixel(b.axial(h), size);
  return {p.x + origin_x, p.y + origin_y};
}

HexId Camera::pick(const Battle &b, PointF screen) const {
  Hex h = pixel_to_hex({screen.x - origin_x, screen.y - origin_y}, size);
  return b.hex_id(h);
}

void Camera::fit(const Battle &b, double x, double y, double w, double h) {
  double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;
  for (HexId id = 0; id < b.hex_count(); ++id)
    for (PointF c : hex_corners(b.axial(id), 1.0)) {
      min_x = std::min(min_x, c.x), max_x = std::max(max_x, c.x);
      min_y = std::min(min_y, c.y), max_y = std::max(max_y, c.y);
    }
  size = std::max(4.0, std::min(w / (max_x - min_x), h / (max_y - min_y)) * kFitMargin);
  origin_x = x + (w - (max_x - min_x) * size) / 2 - min_x * size;
  origin_y = y + (h - (max_y - min_y) * size) / 2 - min_y * size;
}

void Camera::zoom_at(PointF screen, double factor) {
  double new_size = std::clamp(size * factor, 6.0, 160.0);
  double f = new_size / size;
  origin_x = screen.x - (screen.x - origin_x) * f;
  origin_y = screen.y - (screen.y - origin_y) * f;
  size = new_size;
}

void Camera::pan(double dx, double dy) {
  origin_x += dx;
  origin_y += dy;
}

Interaction::Interaction(const Setup &setup, const GameState &state)
    : setup_(setup), state_(state), legal_(legal_actions(setup, state)),
      occupant_(setup.battle->hex_count(), -1) {
  for (size_t u = 0; u < state.units.size(); ++u)
    if (state.units[u].hex != kOffMap) occupant_[state.units[u].hex] = static_cast<int16_t>(u);
}

int Interaction::unit_at(HexId h) const { return h == kOffMap ? -1 : occupant_[h]; }

bool Interaction::phase_moves_units() const {
  return std::any_of(legal_.begin(), legal_.end(),
                     [](const Action &a) { return action_type_info(a.type).moves_a_unit; });
}
bool Interaction::lights_acting_units() const {
  return std::any_of(legal_.begin(), legal_.end(),
                     [](const Action &a) { return action_type_info(a.type).a_unit_acts; });
}
bool Interaction::phase_fires() const {
  return state_.phase == Phase::Fire && state_.attack_stage() == AttackStage::None;
}
bool Interaction::phase_attacks() const {
  Phase p = state_.phase;
  return state_.attack_stage() == AttackStage::None &&
         (p == Phase::Charge || p == Phase::Combat || p == Phase::SecondCombat ||
          p == Phase::PitchedCombat);
}

const std::array<Interaction::Clicks, kRulesetCount> Interaction::kClicks{{
    {RulesetId::SSII, &Interaction::ssii_marks, &Interaction::ssii_click,
     &Interaction::ssii_pending, &Interaction::ssii_explain},
    {RulesetId::D3, &Interaction::d3_marks, &Interaction::d3_click, &Interaction::d3_pending,
     &Interaction::d3_explain},
}};

std::vector<uint16_t> Interaction::marks(const Selection &sel, bool show_zoc,
                                         bool show_fire_range) const {
  return (this->*clicks().marks)(sel, show_zoc, show_fire_range);
}

ClickOutcome Interaction::click(Selection &sel, HexId hex) const {
  if (hex == kOffMap) return {};
  return (this->*clicks().click)(sel, hex);
}

std::optional<Action> Interaction::pending_action(const Selection &sel) const {
  return (this->*clicks().pending)(sel);
}

std::string Interaction::explain(const Selection &sel, HexId hex) const {
  if (hex == kOffMap) return "";
  return (this->*clicks().explain)(sel, hex);
}

// S&S II: zones of control and fire range on request (5.2, 9.0).
std::vector<uint16_t> Interaction::ssii_marks(const Selection &sel, bool show_zoc,
                                              bool show_fire_range) const {
  const Battle &b = *setup_.battle;
  std::vector<uint16_t> m(b.hex_count(), kMarkNone);
  auto mark_unit = [&](int u, uint16_t flag) {
    if (u >= 0 && state_.units[u].hex != kOffMap) m[state_.units[u].hex] |= flag;
  };
  for (const Action &a : legal_) {
    switch (a.type) {
    case ActionType::Move:
      mark_unit(a.unit, kMarkMovable);
      if (a.unit == sel.unit) m[a.to] |= kMarkDestination;
      break;
    case ActionType::Fire:
      mark_unit(a.unit, kMarkMovable);
      if (a.unit == sel.unit) mark_unit(a.target, kMarkTarget);
      if (sel.unit < 0 && a.target == sel.target)
        mark_unit(a.unit, kMarkAttacker); // who can fire at it
      break;
    case ActionType::Attack:
      mark_unit(a.target, kMarkTarget);
      // Ringed: the units that may join the attack being built, as the engine judges the
      // attack with them added (a horse unit may not join foot, 7.1), not every possible one.
      if (a.target == sel.target)
        for (int u : a.attackers)
          if (sel.attackers.empty() || ssii_explain(sel, state_.units[u].hex).empty())
            mark_unit(u, kMarkAttacker);
      break;
    case ActionType::Retreat:
      m[a.to] |= kMarkRetreat;
      break;
    case ActionType::Advance:
      mark_unit(a.unit, kMarkAdvance);
      break;
    case ActionType::LoseStep:
      mark_unit(a.unit, kMarkLoss);
      break;
    default:
      break;
    }
  }
  mark_unit(sel.unit, kMarkSelected);
  mark_unit(sel.target, kMarkSelected);
  for (int u : sel.attackers)
    mark_unit(u, kMarkChosen);
  if (show_zoc) {
    int side = side_to_act(setup_, state_);
    if (side >= 0)
      for (HexId h = 0; h < b.hex_count(); ++h)
        if (in_enemy_zoc(b, state_, h, side)) m[h] |= kMarkEnemyZoc;
  }
  if (show_fire_range && sel.unit >= 0)
    for (HexId h : fire_reach(setup_, state_, sel.unit))
      m[h] |= kMarkFireRange;
  return m;
}

namespace {
std::string reason(const std::optional<Refusal> &r) {
  return r ? r->rule + ": " + r->reason : std::string();
}
bool has_move(const std::vector<Action> &legal, int unit) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action &a) {
    return (a.type == ActionType::Move || a.type == ActionType::Fire) && a.unit == unit;
  });
}
} // namespace

namespace {
// The one unit that appears in the legal actions of this type on this target, or -1 when there
// are none or several.
int only_unit_against(const std::vector<Action> &legal, ActionType type, int target) {
  int only = -1;
  for (const Action &a : legal) {
    if (a.type != type || a.target != target) continue;
    auto units = type == ActionType::Fire
                     ? std::vector<int>{a.unit}
                     : std::vector<int>(a.attackers.begin(), a.attackers.end());
    for (int u : units) {
      if (only >= 0 && only != u) return -1;
      only = u;
    }
  }
  return only;
}
int only_attacker(const std::vector<Action> &legal, int target) {
  return only_unit_against(legal, ActionType::Attack, target);
}
int only_firer(const std::vector<Action> &legal, int target) {
  return only_unit_against(legal, ActionType::Fire, target);
}
} // namespace

namespace {

// A click in a phase that moves units (5.0): the selected unit's move there, else a unit to select.
ClickOutcome move_click(const Interaction &ix, Selection &sel, HexId hex, int here) {
  ClickOutcome out;
  const std::vector<Action> &legal = ix.legal();
  if (sel.unit >= 0)
    for (const Action &a : legal)
      if (a.type == ActionType::Move && a.unit == sel.unit && a.to == hex) {
        out.action = a;
        sel.clear();
        return out;
      }
  if (here >= 0 && has_move(legal, here)) {
    sel.clear();
    sel.unit = here;
    return out;
  }
  out.message = sel.unit >= 0 ? ix.explain(sel, hex) : "Choose one of your lit units to move.";
  return out;
}

// A click in a Fire Phase (9.0): the firer, then its target, or the target first.
ClickOutcome fire_click(const Interaction &ix, const Battle &b, const GameState &state,
                        Selection &sel, HexId hex, int here) {
  ClickOutcome out;
  const std::vector<Action> &legal = ix.legal();
  if (here >= 0 && has_move(legal, here)) {
    int keep_target = sel.unit < 0 || sel.unit == here ? sel.target : -1; // target first
    sel.clear();
    sel.unit = here;
    if (keep_target >= 0 && ix.explain(sel, state.units[keep_target].hex).empty())
      sel.target = keep_target;
    return out;
  }
  if (sel.unit < 0 && here >= 0 && b.units[here].side != state.active) {
    sel.target = here; // light the units that can fire at it
    // One possible firer: pick it, so the preview shows at once.
    if (int only = only_firer(legal, here); only >= 0) sel.unit = only;
    return out;
  }
  if (sel.unit >= 0 && here >= 0 && b.units[here].side != b.units[sel.unit].side) {
    std::string why = ix.explain(sel, hex);
    if (why.empty()) sel.target = here;
    out.message = why.empty() ? "Press Fire in the panel to roll." : why;
    return out;
  }
  out.message = sel.unit >= 0 ? "Choose an enemy in range to fire at."
                              : "Choose one of your lit units to fire.";
  return out;
}

// A click in a Combat Phase (7.0): the enemy to attack, then the attackers to add or take out.
ClickOutcome attack_click(const Interaction &ix, const Battle &b, const GameState &state,
                          Selection &sel, HexId hex, int here) {
  ClickOutcome out;
  const std::vector<Action> &legal = ix.legal();
  if (here >= 0 && b.units[here].side != state.active) {
    bool target = std::any_of(legal.begin(), legal.end(), [&](const Action &a) {
      return a.type == ActionType::Attack && a.target == here;
    });
    if (target) {
      sel.clear();
      sel.target = here;
      // One possible attacker: pick it, so the preview shows at once.
      if (int only = only_attacker(legal, here); only >= 0) sel.attackers.push_back(only);
      return out;
    }
    out.message = "No attack on this unit is possible now.";
    return out;
  }
  if (here >= 0 && sel.target >= 0) {
    auto it = std::find(sel.attackers.begin(), sel.attackers.end(), here);
    if (it != sel.attackers.end() && only_attacker(legal, sel.target) == here)
      return out; // the only possible attacker stays picked
    if (it != sel.attackers.end()) {
      sel.attackers.erase(it);
    } else {
      std::string why = ix.explain(sel, hex);
      if (!why.empty()) {
        out.message = why;
        return out;
      }
      sel.attackers.push_back(here);
    }
    sel.primary = -1;
    return out;
  }
  out.message = "Choose an enemy unit to attack (lit in red).";
  return out;
}

} // namespace

ClickOutcome Interaction::ssii_click(Selection &sel, HexId hex) const {
  ClickOutcome out;
  int here = unit_at(hex);
  const Battle &b = *setup_.battle;
  if (state_.attack_stage() != AttackStage::None) {
    for (const Action &a : legal_) {
      bool hit =
          (a.type == ActionType::Retreat && a.to == hex) ||
          ((a.type == ActionType::Advance || a.type == ActionType::LoseStep) && a.unit == here);
      if (hit) {
        out.action = a;
        return out;
      }
    }
    out.message =
        "Finish the attack first: choose one of the lit hexes or answer in the panel (7.1).";
    return out;
  }
  if (phase_moves_units()) return move_click(*this, sel, hex, here);
  if (phase_fires()) return fire_click(*this, b, state_, sel, hex, here);
  if (phase_attacks()) return attack_click(*this, b, state_, sel, hex, here);
  return out;
}

std::optional<Action> Interaction::ssii_pending(const Selection &sel) const {
  if (phase_fires() && sel.unit >= 0 && sel.target >= 0)
    return Action{.type = ActionType::Fire, .unit = sel.unit, .target = sel.target};
  if (phase_attacks() && sel.target >= 0 && !sel.attackers.empty()) {
    Action a{.type = ActionType::Attack, .target = sel.target};
    for (int u : sel.attackers)
      a.attackers.push_back(u);
    if (std::find(sel.attackers.begin(), sel.attackers.end(), sel.primary) != sel.attackers.end())
      a.primary = sel.primary;
    return a;
  }
  return std::nullopt;
}

std::string Interaction::ssii_explain(const Selection &sel, HexId hex) const {
  int here = unit_at(hex);
  // The selected unit's own hex is where it stands, not a move refused.
  if (phase_moves_units() && sel.unit >= 0 && hex != state_.units[sel.unit].hex)
    return reason(
        check(setup_, state_, Action{.type = ActionType::Move, .unit = sel.unit, .to = hex}));
  if (phase_fires() && sel.unit >= 0 && here >= 0)
    return reason(
        check(setup_, state_, Action{.type = ActionType::Fire, .unit = sel.unit, .target = here}));
  if (phase_attacks() && sel.target >= 0 && here >= 0 && here != sel.target) {
    Action a{.type = ActionType::Attack, .target = sel.target};
    for (int u : sel.attackers)
      if (u != here) a.attackers.push_back(u);
    a.attackers.push_back(here);
    auto r = check(setup_, state_, a);
    // A tie for Primary is not a reason to refuse a unit: the player names the Primary later.
    if (r && r->kind == RefusalKind::PrimaryTie) return "";
    return reason(r);
  }
  return "";
}

std::string section_for_tag(const std::string &tag) {
  bool number = !tag.empty() && std::all_of(tag.begin(), tag.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) || c == '.';
  });
  if (number && tag.find('.') == std::string::npos) return tag + ".0";
  return tag;
}

std::string section_for_phase(Phase p) { return phase_section(p); }

std::string phase_explanation(Phase p) {
  switch (p) {
  // D3 Medieval (docs/rules-d3.md)
  case Phase::Movement:
    return "Activate units one at a time with a D6 (D5); each activated unit moves straight ahead "
           "or pivots.\nA failed roll ends the phase.";
  case Phase::Shooting:
    return "Bowmen that did not move may shoot once at an enemy ahead and in range (D9, D10).";
  case Phase::Melee:
    return "Units in contact must fight; only the active side inflicts hits (D11, D12).";
  case Phase::Disorder:
    return "Units that took hits this turn test with 2D6 and may fall into disorder (D13).";
  case Phase::Command:
    return "Choose which wing acts this turn and give it up to its commands.\nThe commands decide "
           "which action phases follow, and for whom.";
  case Phase::Fire:
    return "Units with a Fire Factor may shoot once each at an enemy in range.\nA roll at or above "
           "the Fire Factor Suppresses the target.";
  case Phase::Horse:
    return "The wing's horse may move up to three hexes, even out of enemy zones.\nAfterwards, "
           "horse next to an enemy may Charge.";
  case Phase::Charge:
    return "Commanded horse next to an enemy may attack it now (a Charge).\nBonus + Horse makes "
           "Heavy Horse two classes better, Light Horse one.";
  case Phase::Withdraw:
    return "Units that start next to the enemy may step away, one hex (two with Bonus).\nThey must "
           "end free of every enemy zone of control.";
  case Phase::ShieldWall:
    return "The wing's foot without a Fire Factor form Shield Wall until your next turn.\nEach may "
           "also step one hex if it did not start next to the enemy.";
  case Phase::Move:
    return "Each unit of the wing may move up to three hexes, one unit at a time.\nEntering an "
           "enemy zone of control ends a unit's move.";
  case Phase::SecondMove:
    return "Bonus + Move: the wing moves a second time.\nEvery unit may move again, under the same "
           "rules.";
  case Phase::Combat:
    return "Units of the wing may attack adjacent enemies, one attack at a time.\nEach unit "
           "attacks once and each enemy is attacked once.";
  case Phase::SecondCombat:
    return "Bonus + Combat: a second Combat Phase.\nUnits that attacked before may attack again.";
  case Phase::PitchedCombat:
    return "Bonus + Combat as a Pitched Combat Phase.\nEvery Primary fights one class better.";
  case Phase::VictoryCheck:
    return "Your opponent checks whether they have won.\nVP come from eliminated enemy units.";
  case Phase::Initiative:
    return "If you hold the Initiative Marker you may take another turn at once.\nThe marker then "
           "passes to your opponent.";
  case Phase::GameOver:
    return "The battle is over.\n";
  }
  return "";
}

namespace {
// What the app knows of each action type (ActionTypeInfo), by ActionType.
constexpr ActionTypeInfo kActionTypes[] = {
    {"command choice", "command choices"},
    {"move", "moves", true, true},
    {"way to fire", "ways to fire", false, true, EventKind::Fire},
    {"attack", "attacks", false, false, EventKind::Attack},
    {"combat mode", "combat modes"},
    {"result option", "result options"},
    {"unit that may take the loss", "units that may take the loss"},
    {"retreat hex", "retreat hexes"},
    {"unit that may advance", "units that may advance"},
    {"way to stay put", "ways to stay put"},
    {"initiative answer", "initiative answers"},
    {"way to end the phase", "ways to end the phase"},
    {"special rule action", "special rule actions"},
    {"unit that may be activated", "units that may be activated", true, true}, // D3 (D5)
    {"shot", "shots", false, true, EventKind::Shoot},                          // D3 (D9)
    {"melee", "melees", false, true, EventKind::Melee},                        // D3 (D11)
};
static_assert(std::size(kActionTypes) == static_cast<size_t>(ActionType::Melee) + 1,
              "one entry for every action type");
} // namespace

const ActionTypeInfo &action_type_info(ActionType t) {
  return kActionTypes[static_cast<size_t>(t)];
}

bool log_resolves(const Events &log, size_t from, const Action &a) {
  std::optional<EventKind> kind = action_type_info(a.type).resolved_in_log;
  return kind && std::any_of(log.begin() + static_cast<long>(std::min(from, log.size())), log.end(),
                             [&](const Event &e) { return e.kind == *kind; });
}

std::string action_count_words(ActionType t, int n) {
  return counted(n, action_type_info(t).one, action_type_info(t).many);
}

std::vector<std::pair<ActionType, int>> action_counts(const std::vector<Action> &legal) {
  std::vector<std::pair<ActionType, int>> out;
  for (const Action &a : legal) {
    auto it =
        std::find_if(out.begin(), out.end(), [&](const auto &o) { return o.first == a.type; });
    if (it == out.end())
      out.push_back({a.type, 1});
    else
      ++it->second;
  }
  return out;
}

namespace {
// An event after which the engine moves on without the player ending the phase: the only choice
// taken by itself (R25), or a D3 activation roll that failed and so ended the movement phase (D5).
bool ends_phase_by_itself(const Event &e) {
  return e.kind == EventKind::Auto || (e.kind == EventKind::Activate && e.result == "failed");
}
} // namespace

bool phase_changed_by_itself(const Events &log, size_t from) {
  bool automatic = false;
  for (size_t i = from; i < log.size(); ++i) {
    if (ends_phase_by_itself(log[i])) automatic = true;
    if (automatic && (log[i].kind == EventKind::Phase || log[i].kind == EventKind::Turn))
      return true;
  }
  return false;
}

std::vector<int> last_roll_faces(const Events &log, size_t from) {
  for (size_t i = log.size(); i-- > from;) {
    if (!log[i].roll) continue;
    bool second_of_two =
        log[i].kind == EventKind::Disorder && i > 0 && log[i - 1].kind == EventKind::DisorderDie;
    if (second_of_two) return {log[i - 1].roll, log[i].roll}; // D13: 2D6
    return {log[i].roll};
  }
  return {};
}

std::string roll_words(const Events &log, size_t from) {
  std::string words;
  for (size_t i = from; i < log.size(); ++i) {
    if (!log[i].roll || log[i].kind == EventKind::DisorderDie) continue; // its 2D6 sentence follows
    words += (words.empty() ? "" : ". ") + log[i].text;
  }
  return words;
}

std::vector<int> action_units(const Action &a) {
  std::vector<int> units;
  auto add = [&](int u) {
    if (u >= 0 && std::find(units.begin(), units.end(), u) == units.end()) units.push_back(u);
  };
  add(a.unit);
  add(a.target);
  for (int u : a.attackers)
    add(u);
  return units;
}

std::vector<int> units_to_tag(const Battle &b, const GameState &s, const std::vector<int> &named) {
  std::vector<int> tags;
  for (int u : named)
    if (s.units[u].hex != kOffMap && counter_label(b, u) != b.units[u].id &&
        std::find(tags.begin(), tags.end(), u) == tags.end())
      tags.push_back(u);
  return tags;
}

int last_roll_entry(const Events &log, size_t last_action_from) {
  bool turn_began = false;
  for (size_t i = log.size(); i-- > 0 && !(turn_began && i < last_action_from);) {
    if (log[i].roll) return static_cast<int>(i);
    turn_began = turn_began || log[i].kind == EventKind::Turn;
  }
  return -1;
}

std::string earlier_turn_of(const Events &log, int entry) {
  auto is_turn = [](const Event &e) { return e.kind == EventKind::Turn; };
  if (std::none_of(log.begin() + entry + 1, log.end(), is_turn)) return "";
  for (int i = entry; i >= 0; --i)
    if (is_turn(log[i])) // D3's heading names the phase the turn opened with: the turn alone
      return log[i].text.substr(0, log[i].text.find(';'));
  return "";
}

std::string narrate_roll(const Battle &b, const Event &e) {
  (void)b;
  if (e.kind == EventKind::Attack && e.cc >= 0)
    // Where the roll lands on the table; the attack's terms are in the log line beside it, which
    // the Orders panel also shows with the computer's move: said a third time here, one roll
    // filled the panel (new-player trial).
    return "Rolled " + std::to_string(e.roll) + ": with the DRM that reads column " +
           std::to_string(e.column) + " of row " + cc_name(e.cc) +
           " on the Combat Results Table: " + e.result + ".";
  if (e.kind == EventKind::Fire) return "Rolled " + std::to_string(e.roll) + ": " + e.text;
  return e.text;
}

std::string command_label(Command c) {
  return std::string(title(c)); // the engine's one table of command titles
}

TooltipPlace tooltip_place(float mouse_x, float mouse_y, float map_x, float map_y, float map_w,
                           float map_h, float tip_w, float tip_h) {
  constexpr float gap = 18; // clear of the pointer
  // Right of (below) the pointer where it fits, else on the side with more room: a tooltip wider
  // than the room on both sides, opened left of a pointer near the map's left edge, ran off the
  // window's edge where the other way it only runs over the panel.
  auto flip = [](float before, float after, float size) { return after < size && before > after; };
  bool left = flip(mouse_x - gap - map_x, map_x + map_w - mouse_x - gap, tip_w),
       up = flip(mouse_y - gap - map_y, map_y + map_h - mouse_y - gap, tip_h);
  return {mouse_x + (left ? -gap : gap), mouse_y + (up ? -gap : gap), left ? 1.0f : 0.0f,
          up ? 1.0f : 0.0f};
}

float banner_alpha(double age) {
  constexpr double fade = 0.5;
  if (age < 0 || age >= kBannerSeconds) return 0.0f;
  if (age < kBannerSeconds - fade) return 1.0f;
  return static_cast<float>((kBannerSeconds - age) / fade);
}

float banner_opening(double age) {
  if (age <= 0) return 0.0f;
  if (age >= kBannerOpenSeconds) return 1.0f;
  double t = age / kBannerOpenSeconds;
  return static_cast<float>(1 - (1 - t) * (1 - t)); // eased out: fast, then settling
}

namespace {
constexpr float kBannerPadX = 14, kBannerPadY = 5, kBandGap = 4;
}

float top_band_height(float ui_scale) {
  return kBandGap + kBannerFontSize * ui_scale + 2 * kBannerPadY + kBandGap;
}

float result_box_top(float map_y, float map_h, float box_h, float ui_scale) {
  return std::max(map_y + map_h / 2 - box_h / 2, map_y + top_band_height(ui_scale));
}

std::vector<std::string> path_lines(const std::string &path, float room,
                                    const std::function<float(const std::string &)> &width) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t from = 0; from < path.size();) {
    size_t slash = path.find('/', from);
    size_t end = slash == std::string::npos ? path.size() : slash + 1;
    std::string part = path.substr(from, end - from);
    if (!line.empty() && width(line + part) > room) lines.push_back(std::move(line)), line.clear();
    line += part;
    from = end;
  }
  if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

float fitted_font_size(float size, float text_w, float room) {
  return text_w > room && text_w > 0 ? size * std::max(room, 0.0f) / text_w : size;
}

BannerBox banner_box(float map_x, float map_w, float map_top, float text_w, float text_h,
                     float strip_w) {
  float cx = map_x + map_w / 2, half = std::max(text_w / 2 + kBannerPadX, strip_w / 2 + 2);
  return {cx - half, map_top + kBandGap, cx + half, map_top + kBandGap + text_h + 2 * kBannerPadY};
}

BannerFrame banner_frame(double age, BannerBox strip, BannerBox full, float text_w, float text_h,
                         float text_px) {
  BannerFrame f;
  // A hand-over, not a cross-fade: the banner fades out over the first half of the fade and the
  // strip comes back over the second, so their two texts (one over the other, at two sizes) are
  // never seen together; mixed they read as garbled doubled words (issue 33).
  const float fade = banner_alpha(age);
  f.box_alpha = std::clamp(2 * fade - 1, 0.0f, 1.0f);
  f.strip_alpha = std::clamp(1 - 2 * fade, 0.0f, 1.0f);
  const float open = banner_opening(age);
  auto towards = [open](float from, float to) { return from + (to - from) * open; };
  f.box = {towards(strip.x0, full.x0), towards(strip.y0, full.y0), towards(strip.x1, full.x1),
           towards(strip.y1, full.y1)};
  // The text grows with the box, inside its padding: a box narrower than the text (a new turn's
  // line is wider than the strip) holds it smaller, never cut off or left out (an empty box was
  // seen mid-slide).
  const float room_w = f.box.x1 - f.box.x0 - 2 * kBannerPadX,
              room_h = f.box.y1 - f.box.y0 - 2 * kBannerPadY * open;
  const float scale = std::clamp(std::min(room_w / text_w, room_h / text_h), 0.0f, 1.0f);
  f.text_px = text_px * scale, f.text_w = text_w * scale, f.text_h = text_h * scale;
  // Centred, rising from the box's lower half into the middle as it opens.
  const float rise = (1 - open) * (f.box.y1 - f.box.y0 - f.text_h) / 2;
  f.text_x = (f.box.x0 + f.box.x1 - f.text_w) / 2;
  f.text_y = (f.box.y0 + f.box.y1 - f.text_h) / 2 + rise;
  // Seen from the first frame the box is, fading in with the opening.
  f.text_alpha = f.box_alpha * (0.5f + 0.5f * open);
  return f;
}

void fit_below_top_band(Camera &cam, const Battle &b, double x, double y, double w, double h,
                        float ui_scale) {
  double band = std::min<double>(top_band_height(ui_scale), h / 4); // a tiny window keeps its map
  double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;      // the hexes at size 1
  for (HexId id = 0; id < b.hex_count(); ++id)
    for (PointF c : hex_corners(b.axial(id), 1.0)) {
      min_x = std::min(min_x, c.x), max_x = std::max(max_x, c.x);
      min_y = std::min(min_y, c.y), max_y = std::max(max_y, c.y);
    }
  // The paper grows with the hexes: across, both its sides and the shadow; down, the hexes start
  // at the band and the paper's lower edge and shadow end at the area's bottom (over the log
  // panel, a covered edge read as a map cut short).
  double by_width =
      (w - 2 * kSheetMarginPx - kSheetShadowPx) / (max_x - min_x + 2 * kSheetMarginHexes);
  double by_height =
      (h - band - kSheetMarginPx - kSheetShadowPx) / (max_y - min_y + kSheetMarginHexes);
  cam.size = std::max(4.0, std::min(by_width, by_height));
  double margin = sheet_margin(cam.size);
  double sheet_w = (max_x - min_x) * cam.size + 2 * margin + kSheetShadowPx;
  double sheet_h = (max_y - min_y) * cam.size + 2 * margin + kSheetShadowPx;
  // Room to spare (a map fitted by its width) centres the sheet below the band; too little puts
  // its lower edge on the area's bottom and its top edge under the band (never the hexes: the
  // size above leaves at least the paper's margin).
  double spare = h - band - sheet_h;
  double sheet_top = y + band + (spare >= 0 ? spare / 2 : spare);
  cam.origin_x = x + (w - sheet_w) / 2 + margin - min_x * cam.size;
  cam.origin_y = sheet_top + margin - min_y * cam.size;
}

LearningBoxes learning_boxes(float lesson_needs, float explain_needs, float room, float least) {
  const float boxes = room * (1 - kDecisionShare);
  LearningBoxes out;
  // The lesson leaves the explain box its few lines; the explain box has the rest.
  out.lesson = std::min(lesson_needs, std::max(least, boxes - std::min(explain_needs, least)));
  out.explain = std::min(explain_needs, std::max(least, boxes - out.lesson));
  return out;
}

std::array<SideLosses, 2> side_losses(const Battle &b, const Events &log) {
  std::array<SideLosses, 2> out{};
  for (const Event &e : log) {
    if (e.units.empty()) continue;
    int side = b.units[static_cast<size_t>(e.units[0])].side;
    if (e.kind == EventKind::Eliminated) ++out[side].eliminated;
    if (e.kind == EventKind::StepLoss) ++out[side].reduced;
  }
  return out;
}

} // namespace sns::app
