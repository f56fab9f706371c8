// The app's view logic, free of SDL and ImGui so it can be tested: camera, hex picking, what is
// lit, what a click turns into, and the engine's reason for anything refused.
#pragma once
#include "sns/game.hpp"

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sns::app {

// How much of the area the fitted map fills, the rest an even margin around it.
inline constexpr double kFitMargin = 0.96;

// The mapsheet's paper reaches this far beyond the outermost hex corners (half a hex and a few
// pixels, for its ruled frame) and casts a shadow this many pixels down and to the right. The
// fitted view keeps both in the map area, so no panel covers the sheet's edge.
inline constexpr double kSheetMarginHexes = 0.5, kSheetMarginPx = 8, kSheetShadowPx = 6;
inline double sheet_margin(double hex_size) {
  return hex_size * kSheetMarginHexes + kSheetMarginPx;
}

// Screen placement of the map: hex 0101's centre sits at (origin_x, origin_y); hexes have radius
// `size`.
struct Camera {
  double size = 32.0;
  double origin_x = 60.0;
  double origin_y = 60.0;

  PointF centre(const Battle &b, HexId h) const;
  HexId pick(const Battle &b, PointF screen) const; // kOffMap when the point is off the map
  void fit(const Battle &b, double x, double y, double w, double h);
  void zoom_at(PointF screen, double factor);
  void pan(double dx, double dy);
};

// What the player has chosen so far on the map.
struct Selection {
  int unit = -1;              // the unit to move, or the firer
  int target = -1;            // the enemy to fire at or attack
  std::vector<int> attackers; // attackers added to the attack being built
  int primary = -1;           // chosen among tied best CCs
  HexId to = kOffMap;         // D3 Medieval: the destination chosen, its end facing still open (D6)
  // The Command Phase's command being built (4.0): up to 8 wings picked, each with the marker
  // faces clicked for it. Part of the selection so that every change of the game shown (an
  // action, an undo, a replay step, Play from here) starts it afresh (issue 33).
  std::array<int, 8> draft_wing{-1, -1, -1, -1, -1, -1, -1, -1};
  std::array<std::vector<Command>, 8> draft;
  // Faces put aside when the side may command fewer wings than were clicked: by wing, so picking
  // that wing again brings them back, and the panel says they were put aside.
  std::vector<std::pair<int, std::vector<Command>>> put_aside;
  void clear() { *this = Selection{}; }
  void clear_draft() {
    draft_wing.fill(-1);
    for (auto &d : draft)
      d.clear();
    put_aside.clear();
  }
};

enum Mark : uint16_t {
  kMarkNone = 0,
  kMarkDestination = 1 << 0, // a legal move for the selected unit
  kMarkTarget = 1 << 1,      // an enemy that can be fired at or attacked
  kMarkAttacker = 1 << 2,    // a unit that may join the attack on the chosen target
  kMarkChosen = 1 << 3,      // a unit in the attack being built
  kMarkSelected = 1 << 4,
  kMarkRetreat = 1 << 5,    // a legal retreat hex
  kMarkAdvance = 1 << 6,    // a unit that may advance
  kMarkLoss = 1 << 7,       // an attacker that may take the loss
  kMarkMovable = 1 << 8,    // a unit that can act in this phase
  kMarkEnemyZoc = 1 << 9,   // (toggle) enemy zone of control
  kMarkFireRange = 1 << 10, // (toggle) within the selected firer's range
  kMarkLesson = 1 << 11,    // pointed at by the current lesson step
  kMarkFacing = 1 << 12,    // D3: a hex the moving unit may end facing, from its chosen destination
  kMarkCharge = 1 << 13,    // D3: a destination that is a charge into contact (D7)
  kMarkComputer = 1 << 14,  // the computer's last action: its unit, target or destination
  kMarkComputerFrom = 1 << 15, // the hex the computer's last move started from
};

struct ClickOutcome {
  std::optional<Action> action; // an action to send to the engine at once
  std::string message;          // what to tell the player (a reason with its rule, or a hint)
};

// Everything the view needs about the current decision, worked out once per engine change.
class Interaction {
public:
  Interaction(const Setup &setup, const GameState &state);

  const std::vector<Action> &legal() const { return legal_; }
  std::vector<uint16_t> marks(const Selection &sel, bool show_zoc, bool show_fire_range) const;
  ClickOutcome click(Selection &sel, HexId hex) const;
  // Why moving / firing / attacking onto this hex would be refused, in the engine's words.
  std::string explain(const Selection &sel, HexId hex) const;
  // The attack or fire the selection describes, if it is complete.
  std::optional<Action> pending_action(const Selection &sel) const;
  int unit_at(HexId h) const;
  bool phase_moves_units() const;
  // The phase's actions start from a unit of the side to act (a move, an activation, a shot, a
  // melee): the map lights the units that can act and dims the side's others.
  bool lights_acting_units() const;
  bool phase_fires() const;
  bool phase_attacks() const;

  // D3 Medieval (d3/clicks.cpp), read from the legal actions only.
  // The unit whose decision it is: the activated unit making its move (D5), else the selection.
  int d3_acting(const Selection &sel) const;
  // The end facings the engine allows for `unit` moving to `to` (one for a charge, D7).
  std::vector<int> d3_facings(int unit, HexId to) const;
  // The move, shot or melee the selection describes, once it is complete.
  std::optional<Action> d3_pending(const Selection &sel) const;

private:
  const Setup &setup_;
  const GameState &state_;
  std::vector<Action> legal_;
  std::vector<int16_t> occupant_;

  std::vector<uint16_t> d3_marks(const Selection &sel, bool, bool) const;
  ClickOutcome d3_click(Selection &sel, HexId hex) const;
  std::string d3_explain(const Selection &sel, HexId hex) const;
  std::string d3_unit_idle(int unit, ActionType type) const;
  // Shields & Swords II (view.cpp).
  std::vector<uint16_t> ssii_marks(const Selection &sel, bool show_zoc, bool show_fire) const;
  ClickOutcome ssii_click(Selection &sel, HexId hex) const;
  std::optional<Action> ssii_pending(const Selection &sel) const;
  std::string ssii_explain(const Selection &sel, HexId hex) const;

  // The map's clicks under each ruleset (issue 30): one row per ruleset, in RulesetId order, so
  // marks, click, pending_action and explain call the battle's row, never ask which ruleset.
  struct Clicks {
    RulesetId id;
    std::vector<uint16_t> (Interaction::*marks)(const Selection &, bool, bool) const;
    ClickOutcome (Interaction::*click)(Selection &, HexId) const;
    std::optional<Action> (Interaction::*pending)(const Selection &) const;
    std::string (Interaction::*explain)(const Selection &, HexId) const;
  };
  static const std::array<Clicks, kRulesetCount> kClicks;
  const Clicks &clicks() const { return kClicks[static_cast<size_t>(setup_.battle->ruleset)]; }
};

// A command as players read it on its marker face ("Shield Wall").
std::string command_label(Command c);

// The rules text (assets/rules.md) split into sections by their numbers.
struct RulesSection {
  std::string number; // "7.5"
  std::string title;
  std::string body;
};
std::vector<RulesSection> parse_rules_text(const std::string &markdown);
// The rules window's search: the words looked for in each section's number, title and body, in
// lower case: the query itself, then the rulebook's words for it from a small table of synonyms
// ("ditch" finds "trench", as a battle's blurb says ditch where the rules say trench).
std::vector<std::string> rules_search_terms(const std::string &query);
// Whether a section holds any of those terms; every section when there are none.
bool rules_section_matches(const RulesSection &section, const std::vector<std::string> &terms);
// The rules window's section for a log or refusal tag: "4" is "4.0"; rulings ("R12") and a
// battle's special rule ids are their own sections.
std::string section_for_tag(const std::string &tag);
// The section a phase belongs to (F1 opens it).
std::string section_for_phase(Phase p);

// A side's losses over a game, read from its log (the result screen, issue 33): units eliminated
// (13.1, D13) and step losses that flipped a unit to its reduced side (2.2).
struct SideLosses {
  int eliminated = 0;
  int reduced = 0;
};
std::array<SideLosses, 2> side_losses(const Battle &b, const Events &log);

// Explain mode: what this phase does (two lines, our words), and what can be done right now.
std::string phase_explanation(Phase p);
// The legal actions counted by type, in the order they are first listed.
std::vector<std::pair<ActionType, int>> action_counts(const std::vector<Action> &legal);
// What the app knows of each action type, one table for every type: how one is called when
// counted ("move", "moves"), whether it moves a unit (a phase that offers one lights where units
// may go), and whether a unit acts in it (a phase that offers one lights the units that may act).
struct ActionTypeInfo {
  const char *one, *many;
  bool moves_a_unit = false, a_unit_acts = false;
  // The kind of the log entry that resolves an action of this type with its roll and names its
  // units ("Attack: R2 (Primary) on B7 ...", "BX shoots at RB: ..."), if there is one.
  std::optional<EventKind> resolved_in_log;
};
const ActionTypeInfo &action_type_info(ActionType t);
// Whether the log from log[from] on resolves `a` in a sentence of its own (ActionTypeInfo): said
// with its roll, the action need not be said again before it.
bool log_resolves(const Events &log, size_t from, const Action &a);
std::string action_count_words(ActionType t, int n); // "1 move", "7 moves"
// Whether an automatic step (R25: the only choice, taken by the engine) or a failed D3
// activation (D5: the movement phase ends at once) began a new phase or turn among the events
// logged from log[from] on: a phase the player did not end and may not have seen start.
bool phase_changed_by_itself(const Events &log, size_t from);
// The faces of the last roll logged from log[from] on, for the die box: one die, or both of
// D13's 2D6 disorder test (the engine logs its first d6 as "disorder_die", the second with the
// "disorder" result). Empty when nothing was rolled.
std::vector<int> last_roll_faces(const Events &log, size_t from);
// The logged sentences of the rolls from log[from] on, joined by ". " (their outcomes: "RL
// activation: needs 3+, rolls 1: failed, ...", "RB shoots at BX: d6 4 (D3 2) = 2 hits", an attack's
// CRT result; a 2D6 disorder test once, by its second die), or "" when nothing was rolled: said
// with a computer's action, whose dice the player did not throw.
std::string roll_words(const Events &log, size_t from);
// A die roll in words: the attack's CRT row and column, or the fire roll against its factor.
std::string narrate_roll(const Battle &b, const Event &e);
// The log entry of the roll Explain mode calls the last one, or -1: the last roll of this Player
// Turn, or of the last action (its entries start at `last_action_from`) when that action ended a
// turn (a D3 disorder roll). A roll of an earlier turn, said again over the next player's orders,
// read as if it had just been made (new-player trial).
int last_roll_entry(const Events &log, size_t last_action_from);
// The heading of the turn log entry `entry` was made in ("Turn 1: Red") when a newer turn has
// begun since, else "": such a roll is said with its turn, or it read as this turn's (trial).
std::string earlier_turn_of(const Events &log, int entry);

// The units an action names: its unit, its target and its attackers, each once.
std::vector<int> action_units(const Action &a);
// Which of the units the words on screen name by id (a hint, the computer's last action, the log
// entry under the mouse) the map tags with that id: each one on the map whose counter does not
// print it (an S&S II counter shows its type code, 2.2, so "attack R3 with A1" named counters a
// player could not find), once.
std::vector<int> units_to_tag(const Battle &b, const GameState &s, const std::vector<int> &named);

// The turn strip and the banner shown as a phase or a turn begins (panels.cpp) share a band along
// the top of the map: the strip says where the turn stands, always; the banner lies over it for a
// moment, larger, then fades, and only then the strip comes back. The map is fitted below the band
// (fit_below_top_band), so neither ever hides a counter on the top row of the fitted map. Both are
// only drawn, never windows: clicks pass through them.
// Shown this long in all; over the last 0.5 s the banner fades out, then the strip fades in.
inline constexpr double kBannerSeconds = 1.2;
// Where a hex's tooltip (tip_w x tip_h, as drawn the frame before) goes: right of and below the
// pointer where it fits on the map, else left of or above it, so that it stays over the map and
// does not cover the Orders panel's hint or lesson step (new-player trial).
struct TooltipPlace {
  float x, y;             // the corner of the tooltip at the pointer
  float pivot_x, pivot_y; // 0: the tooltip extends right (down) from there, 1: left (up)
};
TooltipPlace tooltip_place(float mouse_x, float mouse_y, float map_x, float map_y, float map_w,
                           float map_h, float tip_w, float tip_h);
float banner_alpha(double age); // 1, then fading to 0 at kBannerSeconds; 0 outside
// The banner's opening (issue 33: a new Player Turn or phase is a transition, not only new text):
// 0 when it appears, easing to 1 at kBannerOpenSeconds and after; the banner widens out of the
// strip and its text comes up with it.
inline constexpr double kBannerOpenSeconds = 0.25;
float banner_opening(double age);
inline constexpr float kStripFontSize = 17, kBannerFontSize = 22; // at ui scale 1
float top_band_height(float ui_scale); // the band's height: the banner's with a gap either side
// The top of the result screen `box_h` high (down to its buttons) on a map `map_y`..`map_y +
// map_h`: centred, but never above the top band, whose strip is drawn over every window (on a short
// map, a replay at 1024x600, it had covered the window's title).
float result_box_top(float map_y, float map_h, float box_h, float ui_scale);
// The font size for a line `text_w` wide at `size` that must fit in `room` (the turn strip and the
// banner over a narrow map, a replay at 1024x600: drawn over every window, at full size they ran
// over both side panels): `size`, or smaller in proportion.
float fitted_font_size(float size, float text_w, float room);
// A file's path cut into lines no wider than `room` by `width`, each line ending at a '/': a path
// wrapped as words broke mid-name (the battle report's, on the result screen). A folder name wider
// than the room has a line of its own.
std::vector<std::string> path_lines(const std::string &path, float room,
                                    const std::function<float(const std::string &)> &width);
struct BannerBox {
  float x0, y0, x1, y1;
};
// The banner's box for text `text_w` x `text_h` over a map `map_x`..`map_x + map_w` wide whose
// top edge is `map_top`: centred, and at least `strip_w` wide so that it covers the whole strip.
BannerBox banner_box(float map_x, float map_w, float map_top, float text_w, float text_h,
                     float strip_w);
// One frame of the banner, `age` seconds after it appeared: its box opening out of the turn
// strip's box (`strip`) into its own (`full`, banner_box) as banner_opening says, and its text
// (`text_w` x `text_h` at `text_px` pixels): where its top left is, at what size and opacity; and
// how much of the strip under it is seen.
struct BannerFrame {
  BannerBox box;
  float box_alpha = 0;
  float text_x = 0, text_y = 0, text_px = 0, text_w = 0, text_h = 0, text_alpha = 0;
  float strip_alpha = 1; // the strip under it, box and text: shown whole when no banner is
};
BannerFrame banner_frame(double age, BannerBox strip, BannerBox full, float text_w, float text_h,
                         float text_px);
// Fits the whole map into the area x, y, w, h: the hexes below its top band, the sheet's paper
// and shadow inside the area (its top edge may pass under the band).
void fit_below_top_band(Camera &cam, const Battle &b, double x, double y, double w, double h,
                        float ui_scale);

// The lesson's and Explain mode's boxes at the top of the Orders panel take the height their text
// needs (measured the frame before): fixed heights cut off a long lesson step's "Asked:" line and
// Explain mode's last roll while the panel had room under them. The lesson's box comes first, as it
// says what to do now; Explain mode's takes what is left; the decision under them keeps
// kDecisionShare of the room. Each keeps at least `least` (a few lines) when it has anything to
// show, and a box given less than it needs scrolls. A need of 0: the box is not shown.
inline constexpr float kDecisionShare = 0.3f;
struct LearningBoxes {
  float lesson = 0, explain = 0;
};
LearningBoxes learning_boxes(float lesson_needs, float explain_needs, float room, float least);

} // namespace sns::app
