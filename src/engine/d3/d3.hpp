// D3 Medieval's internal interface (D1-D14): the ruleset's files share these; its Ruleset row
// (ruleset.cpp) holds the entry points at the bottom.
#pragma once
#include "../engine.hpp"

#include <algorithm>
#include <array>

namespace sns::d3 {

// --- D1 scale, unit types -------------------------------------------------------------------
struct TypeInfo {
  int move = 0;       // hexes (D1)
  int road_move = 0;  // hexes when the whole move is along a road (D1)
  int range = 0;      // shooting range in hexes, 0 when it cannot shoot (D1, D9)
  int shoot_hits = 0; // added to the D3 when shooting (D10)
  int melee_hits = 0; // added to the D3 in melee (D12)
};
const TypeInfo &info(UnitType t);
inline constexpr int kMaxHits = 8;        // D13: more than this eliminates
inline constexpr int kMaxActivations = 5; // D5

// --- D2 facing and sides ------------------------------------------------------------------------
enum class Side : uint8_t { Front, LeftFlank, RightFlank, Rear };
const char *side_name(Side s);
inline int turn(int facing, int by) { return ((facing + by) % 6 + 6) % 6; }
Side side_of(int facing, int hexside); // which side of a unit facing `facing` hexside lies on
bool ahead(const Battle &b, HexId from, int facing, HexId to);

// --- D3 contact ---------------------------------------------------------------------------------
bool contact_across(const Battle &b, HexId h, int dir); // adjacent, no river without ford/bridge
bool alive(const GameState &s, int u);
// D4: the units a side has left, which decide the battle at the last turn.
int units_left(const View &c, int side);
int facing(const GameState &s, int u);
// The enemy of unit u in contact with it across hexside dir of its hex, or -1.
int enemy_in_contact(const View &c, const Board &board, int u, int dir);
bool in_contact(const View &c, const Board &board, int u);
// Does another enemy than `except` already contact `target` through `side`?
bool side_held(const View &c, const Board &board, int target, Side side, int except);
bool adjacent_enemy(const View &c, const Board &board, HexId h, int side, int except);

// --- D14 dice -----------------------------------------------------------------------------------
int d6(Ctx &c);
inline int d3_of(int d6_face) { return (d6_face + 1) / 2; }
// The mean hits of one roll: D3 + modifier, never below 0 (D10, D12), over the six faces of the d6.
inline double mean_hits(int modifier) {
  int sum = 0;
  for (int face = 1; face <= 6; ++face)
    sum += std::max(0, d3_of(face) + modifier);
  return sum / 6.0;
}

// --- D5 - D8 movement ---------------------------------------------------------------------------
Check validate_activate(const View &c, const Action &a, bool explain = true);
void apply_activate(Ctx &c, const Action &a);
Check validate_move(const View &c, const Action &a);
void move_actions(const View &c, ActionSink &out, int only_unit);
void apply_move(Ctx &c, const Action &a);
// The charges (D7) u could make if activated now, at most one a direction: where it would stop,
// and whom it would charge.
struct Charge {
  HexId stop = kOffMap;
  int target = -1;
};
int charges_from_here(const View &c, const Board &board, int u, std::array<Charge, 6> &out);

// --- D9 - D10 shooting --------------------------------------------------------------------------
Check validate_shoot(const View &c, const Action &a, bool explain = true);
void shoot_actions(const View &c, ActionSink &out, int only_unit);
void apply_shoot(Ctx &c, const Action &a);
Check shoot_preview(const View &c, const Action &a, HitsPreview &out);

// --- D11 - D12 melee ----------------------------------------------------------------------------
Check validate_melee(const View &c, const Action &a, bool explain = true);
void melee_actions(const View &c, ActionSink &out, int only_unit);
void apply_melee(Ctx &c, const Action &a);
Check melee_preview(const View &c, const Action &a, HitsPreview &out);
int unfought_unit(const View &c); // D11: an active unit that must still fight, or -1
// The mean hits u inflicts on t in one melee from where both stand (D12), or -1 when u may not
// fight t (not in contact, or a battle special rule forbids it).
double mean_melee_hits(const View &c, const Board &board, int u, int t);
// The same after u charged t from hex `from` (D7, D8).
double mean_charge_hits(const View &c, const Board &board, int u, int t, HexId from);

// Shared by shooting and melee: D3 + modifiers, never below 0 (D10, D12). roll_hits rolls the
// d6 (D14), marks the unit as having acted, logs the roll under `rule` and adds the hits.
void roll_hits(Ctx &c, const Action &a, int modifier, EventKind kind, const char *rule,
               const char *verb);
void add_hits(Ctx &c, int target, int hits);
void fill_chances(HitsPreview &out);

// --- D4, D13, victory: the sequencer (sequence.cpp) -------------------------------------------
void start_game(Ctx &c);
Check validate(const View &c, const Action &a);
void apply_unchecked(Ctx &c, const Action &a);
void legal(const View &c, ActionSink &out, int only_unit);
void end_phase(Ctx &c);
bool state_consistent(const View &c, std::string *why);
void state_json(const Setup &setup, const GameState &s, bool spoilers, nlohmann::json &j);
// What the computer players ask (computer.cpp).
bool as_if_attacking(const Battle &b, GameState &h, const Action &a);
// The share of each unit its fights in contact will still wear away (Ruleset::fights_ahead): the
// mean hits a game turn of the enemies it may fight (D11, D12), over the turns left or until the
// last of them falls, never past elimination (D13), with the charges free units could join them
// with next turn at kJoiningWeight (D7); shooting is left to the search.
inline constexpr double kOutlookTurns = 15;   // at most this many game turns ahead
inline constexpr double kJoiningWeight = 0.5; // a charge that could join a fight next turn (D5)
void fights_ahead(const View &c, std::span<double> ahead);
HexId entered_hex(const GameState &s, const Action &a);
void wear(const GameState &s, int unit, double worth, double &material);
extern const Ruleset kRuleset; // ruleset.cpp

} // namespace sns::d3
