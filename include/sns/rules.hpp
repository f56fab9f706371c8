// The engine's one source of legality: legal_actions, apply (with refusals citing the rulebook),
// previews.
#pragma once
#include "sns/action.hpp"
#include "sns/battle.hpp"
#include "sns/state.hpp"
#include "sns/tables.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sns {

// What kind of refusal it is, for programs (the app, bots) that react to some kinds: they test the
// kind, never the words of the reason.
enum class RefusalKind : uint8_t {
  Other,         // none of the below (no refusal of the engine is left with this kind)
  GameOver,      // the game has ended (13.0)
  AttackPending, // an attack result must be resolved first (7.1)
  WrongPhase,    // this kind of action is not taken now (the phase, or a step of it, is another)
  NotYours,      // the unit, wing or Initiative Marker belongs to the other player
  NoCommand,     // the unit's wing holds no command for this phase (4.1)
  AlreadyActed,  // the unit has already moved, fired or attacked this phase
  Blocked,       // the unit may not act at all now (EZOC, Shield Wall, river, eliminated, ...)
  Unreachable,   // the destination is not reachable (5.0 - 6.0)
  OutOfRange,    // fire beyond range or line of sight (9.1, R21); an attack on a unit not adjacent
  PrimaryTie,    // several attackers share the best CC: the Primary must be named (7.2)
  Malformed,     // the action names no such unit, rule or option
  CommandLimit,  // the commands break the limits of 2.3 and 4.0 - 4.4 (wings, markers, Bonus)
  BadTarget,     // the target is no enemy on the map, or fire would have no effect (7.2, 9.1, 9.2)
  BadAttackers,  // these attackers may not attack together, or the named Primary is not theirs
  BadChoice,     // a resolution answer the result does not allow (7.5 - 7.8, R18), or out of turn
  SpecialRule,   // a battle's special rule forbids it, or its conditions are not met
  Dice,          // a die cannot be taken from the seed or changed (R23)
};
inline constexpr int kRefusalKindCount = 18;
std::string_view name(RefusalKind k);

struct Refusal {
  std::string
      rule; // rulebook section, ruling or special rule id, e.g. "5.2", "R18", "morlaix-waves"
  std::string reason; // in words, for players
  RefusalKind kind = RefusalKind::Other;
};

struct Event {
  EventKind kind = EventKind::Turn; // its row in kEventKinds says what `units` holds
  std::string rule;
  std::string text;
  int roll = 0;
  std::string result;
  std::vector<int> units;
  int cc = -1;    // attacks: the CRT row (modified CC) read
  int column = 0; // attacks: the CRT column read (roll + DRM, clamped)
};
using Events = std::vector<Event>;

struct Options {
  bool advanced_wing_integrity = false; // only where the battle says standard_or_advanced
  bool practice = false;                // a practice game: take-backs past die rolls and branches
};

// Everything fixed for one game: the battle, the tables, the options and the forced dice (R23).
struct Setup {
  std::shared_ptr<const Battle> battle;
  const Tables *tables = &default_tables();
  Options options;
  std::vector<int> forced_dice;
  // Faces that replace what the dice would have rolled, by roll index (GameState::rolls): a
  // practice take-back that rolls again, and the dice a format-2 record kept for each action. The
  // generator and the forced queue still advance as usual, so a replaced roll changes nothing else.
  std::map<uint32_t, int> replaced_dice;
  WingIntegrityRule wing_integrity() const;
  // The legal command assignments depend only on the side and the special-rule flags, so they
  // are worked out once per (side, flags) and kept here (a cache, not a second rule source).
  mutable std::map<std::pair<int, uint32_t>, std::vector<Action>> command_cache;
};

GameState new_game(const Setup &setup, uint64_t seed, Events *events = nullptr);
std::vector<Action> legal_actions(const Setup &setup, const GameState &state);
// The legal actions in which `unit` moves, fires or attacks (in legal_actions' order): what a
// selected unit can do, without generating every other unit's moves.
std::vector<Action> legal_actions_for_unit(const Setup &setup, const GameState &state, int unit);
// How many legal actions there are, and the one at `index` in legal_actions' order, without
// building the others (random playouts: count, then pick).
size_t legal_count(const Setup &setup, const GameState &state);
Action legal_action_at(const Setup &setup, const GameState &state, size_t index);
// Stockfish's pos_is_ok: does the state hang together (one unit per hex, steps in range, markers
// only where they may stand, phase, orders and pending attack coherent)? Run after every action in
// debug builds and by the random-game tests; `why` gets the first breach.
bool state_is_consistent(const Setup &setup, const GameState &state, std::string *why = nullptr);
// Applies a legal action (and every forced follow-up, R25) or refuses it, leaving the state as it
// was.
std::optional<Refusal> apply(const Setup &setup, GameState &state, const Action &action,
                             Events *events = nullptr);
// The same judgement as apply, without changing anything.
std::optional<Refusal> check(const Setup &setup, const GameState &state, const Action &action);
// The side that must decide now, or -1 when the game is over.
int side_to_act(const Setup &setup, const GameState &state);
// The face now up (R24): back once reduced.
const UnitFace &visible_face(const Battle &b, const GameState &s, int unit);
bool in_enemy_zoc(const Battle &b, const GameState &s, HexId hex, int side);

struct Term {
  std::string rule;
  int value = 0;
  std::string reason;
};

struct AttackPreview {
  int primary = -1;
  CombatClass base_cc = 0;
  CombatClass cc = 0;
  std::vector<Term> cc_shifts;
  int drm = 0;
  std::vector<Term> drm_terms;
  std::array<double, kCombatResultCount> outcomes{}; // raw CRT result over the eight faces
  std::array<CrtCell, 8> by_roll{};                  // the cell for each die face 1..8
};
struct FirePreview {
  std::vector<Term> modifiers;
  int needed = 0; // lowest die face that suppresses (9 when none does)
  double chance = 0;
};
// Previews an attack or fire action; refuses it exactly as apply would.
std::optional<Refusal> preview_attack(const Setup &setup, const GameState &state,
                                      const Action &attack, AttackPreview &out);
std::optional<Refusal> preview_fire(const Setup &setup, const GameState &state, const Action &fire,
                                    FirePreview &out);

// Compatibility for src/app: section(p) (the phase table) is the one name.
inline const char *phase_section(Phase p) { return section(p); }

// Will this phase be played this turn, given the active side's orders? (3.0, R1; for display)
bool phase_commanded(const Setup &setup, const GameState &state, Phase p);
// The active side's wings that act in this phase (4.1), in battle order.
std::vector<int> wings_acting(const Setup &setup, const GameState &state, Phase p);

// Every hex the unit could fire into now, by range and line of sight (9.1, 12.1, R21): for showing
// fire ranges; whether a unit there may be fired at is still apply's decision.
std::vector<HexId> fire_reach(const Setup &setup, const GameState &state, int unit);

// Where each battle special rule stands now (Battle::special order), for display and for bots.
struct SpecialRuleStatus {
  bool triggered = false; // precondition met, VP forfeit paid, or off-map wing away
  bool used = false;      // off-map wing: has left once (it may leave only once)
  bool this_turn = false; // off-map wing: left this turn (it may return from the next turn on)
  int open_waves = 0;     // attack waves: how many waves, from the first, may attack now
};
std::vector<SpecialRuleStatus> special_status(const Setup &setup, const GameState &state);

// Dice (R23): splitmix64, d8 = top three bits + 1. Forced dice are consumed first; a replaced
// roll (Setup::replaced_dice) shows its replacement face.
int roll_d8(const Setup &setup, GameState &state);
// A die of `faces` faces from the same generator, forced queue and replacements (a d6 in D3
// Medieval, D14); roll_d8 is roll_die(setup, state, 8).
int roll_die(const Setup &setup, GameState &state, int faces);
// The faces of the battle's die: 8 in S&S II (R23), 6 in D3 Medieval (D14).
int die_faces(const Battle &b);

// D3 Medieval previews (D10 shooting, D12 melee): the hits are a D3 (one d6 read 1-2, 3-4, 5-6)
// plus the modifiers, never below 0; `chance[n]` is the exact chance of n hits.
struct HitsPreview {
  std::string rule;            // "D10" or "D12"
  std::vector<Term> modifiers; // the unit type's own and every other, each with its ruling
  int modifier = 0;            // their sum, added to the D3
  std::array<double, 8> chance{};
  double expected = 0;
};
// Previews a shoot or melee action; refuses it exactly as apply would.
std::optional<Refusal> preview_hits(const Setup &setup, const GameState &state,
                                    const Action &action, HitsPreview &out);

// D2: the name of a facing, "north" (0) and clockwise to "north-west" (5), as the log and the app
// say it.
const char *facing_name(int facing);
// D5: the D6 score the next activation needs this movement phase (2 .. 6), or 0 when no more
// unit may be activated.
int d3_activation_needed(const GameState &state);
// D3: is the unit in contact with an enemy?
bool d3_in_contact(const Setup &setup, const GameState &state, int unit);

} // namespace sns
