// The mutable game state: positions, steps, markers, phase, VP, the attack being resolved. Cheap to
// copy.
#pragma once
#include "sns/battle.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

namespace sns {

struct UnitState {
  HexId hex = kOffMap;
  uint8_t steps = 0;        // 2 fresh, 1 reduced (or a fresh one-step unit), 0 eliminated
  bool suppressed = false;  // 9.3
  bool shield_wall = false; // 8.0
  bool acted = false;       // moved, fired or attacked in the current phase
  bool targeted = false;    // already the target of an attack in the current phase (7.2)
  bool away = false;        // taken off the map by a special rule (not eliminated)
  // Member by member, as one 8-byte compare: the engine's caches compare whole states several
  // times an action, and a state holds up to a hundred units. There is no padding (asserted).
  friend bool operator==(const UnitState &a, const UnitState &b) {
    return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
  }
};
static_assert(sizeof(UnitState) == sizeof(uint64_t) && alignof(UnitState) <= alignof(uint64_t) &&
                  sizeof(HexId) + 6 == sizeof(UnitState),
              "UnitState's members fill its 8 bytes, so comparing the bytes compares the members");

// Where the resolution of the current attack stands (7.5 - 7.8); each stage is one player's
// decision.
enum class AttackStage : uint8_t {
  None,
  ChooseAsterisk,      // attacker: DR*/NE* against Shield Wall may become EX
  ChooseHorsePrimary,  // attacker: EX may become DR (Heavy Horse) or AR (Light Horse)
  ChooseHorseDefender, // defender: EX may become DR (Light Horse target)
  AttackerLoss,        // attacker's owner picks who loses a step (AL, AE, EX)
  DefenderRetreat,     // defender picks the retreat hex
  AttackerRetreat,     // attacker's owner picks a retreat hex for attackers[retreat_index]
  Advance,             // attacker may (or, charging Heavy Horse, must) advance
};
inline constexpr size_t kAttackStageCount = 8;
// "stage" of the state's pending attack; the words say who decides what.
inline constexpr std::array<Word<AttackStage>, kAttackStageCount> kAttackStages{{
    {AttackStage::None, "none", kInSsii, "no attack is being resolved", "7.0"},
    {AttackStage::ChooseAsterisk, "choose_asterisk", kInSsii,
     "the attacker may take the starred result as EX", "7.5*"},
    {AttackStage::ChooseHorsePrimary, "choose_horse_primary", kInSsii,
     "the attacker may take EX as DR or AR", "7.5"},
    {AttackStage::ChooseHorseDefender, "choose_horse_defender", kInSsii,
     "the defender may take EX as DR", "7.5"},
    {AttackStage::AttackerLoss, "attacker_loss", kInSsii, "an attacker takes the loss", "7.5"},
    {AttackStage::DefenderRetreat, "defender_retreat", kInSsii, "the defender retreats", "7.6"},
    {AttackStage::AttackerRetreat, "attacker_retreat", kInSsii, "an attacker retreats", "7.6"},
    {AttackStage::Advance, "advance", kInSsii, "an attacker may advance", "7.8"},
}};
static_assert(kAttackStages.size() == static_cast<size_t>(AttackStage::Advance) + 1 &&
                  rows_in_enum_order(kAttackStages),
              "one row per attack stage, in enum order");
template <> struct VocabularyOf<AttackStage> { static constexpr const auto &rows = kAttackStages; };

inline constexpr int kMaxAttackers = 6;

struct PendingAttack {
  AttackStage stage = AttackStage::None;
  int16_t target = -1;
  int16_t primary = -1;
  std::array<int16_t, kMaxAttackers> attackers{};
  uint8_t attacker_count = 0;
  bool charge = false;
  CombatResult result = CombatResult::NE;
  bool asterisk = false;
  bool converted = false;       // the attacker already took an optional conversion
  bool loss_eliminates = false; // AE: the chosen attacker is eliminated outright
  uint8_t retreat_index = 0;
  HexId vacated = kOffMap;
  friend bool operator==(const PendingAttack &, const PendingAttack &) = default;
};

// D3 Medieval's per-unit state (D2, D5, D11, D13).
struct D3Unit {
  uint8_t facing = 0;         // D2: the hexside faced, 0..5
  uint8_t hits = 0;           // D13: hits taken in all
  uint8_t hits_this_turn = 0; // D13: hits taken during this player turn
  bool disordered = false;    // D13: until the end of its own next player turn
  bool activated = false;     // D5: activated this movement phase
  bool moved = false;         // D9, D11: moved or pivoted this player turn
  bool charged = false;       // D11: its move this turn was a charge into contact
  friend bool operator==(const D3Unit &, const D3Unit &) = default;
};

// S&S II's own part of the state: the Initiative Marker, the commands given, the combat mode and
// the attack being resolved (4.0, 7.5 - 7.8, 11.0). A D3 Medieval state has none of it.
struct SsiiState {
  uint8_t initiative = 0;           // holder of the Initiative Marker
  std::vector<CommandSet> orders;   // per wing: commands given this turn
  std::vector<uint8_t> combat_mode; // per wing: 0 undecided, 1 two Combat Phases, 2 Pitched (7.7)
  PendingAttack attack;
  size_t heap_bytes() const { return orders.capacity() + combat_mode.capacity(); }
  friend bool operator==(const SsiiState &, const SsiiState &) = default;
};

// D3 Medieval's own part (D2, D5, D13): per unit facing, hits and marks, and the activations of
// the movement phase. An S&S II state has none of it.
struct D3State {
  std::vector<D3Unit> units; // per unit
  uint8_t activations = 0;   // D5: units activated this movement phase
  int16_t moving = -1;       // D5: the unit activated and now to make its move, or -1
  size_t heap_bytes() const { return units.capacity() * sizeof(D3Unit); }
  friend bool operator==(const D3State &, const D3State &) = default;
};

// The state: what every ruleset shares, then the ruleset's own block (one alternative per
// ruleset; the battle's ruleset makes it in Ruleset::start). Copying, comparing and hashing a
// state cost what its own block costs, nothing for the other rulesets'.
struct GameState {
  uint64_t rng = 0;         // dice generator state (R23)
  uint32_t forced_used = 0; // forced dice consumed so far
  uint32_t rolls = 0;       // dice rolled so far, forced or not: the index of the next roll
  int turn = 1;             // the ruleset's turns from 1 (R26; D4)
  uint8_t active = 0;
  Phase phase = Phase::Command;
  int8_t winner = -1; // -1 none, 0 or 1 a side, 2 draw
  std::array<int, 2> vp{};
  std::vector<UnitState> units;
  uint32_t special_flags = 0;             // per special rule: triggered / satisfied
  std::string result_reason;              // why the game ended, in words for players
  EndReason end_reason = EndReason::None; // why the game ended, for programs
  int8_t victory_level = -1; // the battle's victory level reached at the end (index), -1 none
  std::variant<SsiiState, D3State> own; // the ruleset's own part

  bool game_over() const { return phase == Phase::GameOver; }
  // The ruleset's own part; asking a state of another ruleset for it is a bug and throws.
  SsiiState &ssii() { return std::get<SsiiState>(own); }
  const SsiiState &ssii() const { return std::get<SsiiState>(own); }
  D3State &d3() { return std::get<D3State>(own); }
  const D3State &d3() const { return std::get<D3State>(own); }
  // The same, or null when the state is of another ruleset (for code that serves every ruleset).
  const SsiiState *if_ssii() const { return std::get_if<SsiiState>(&own); }
  const D3State *if_d3() const { return std::get_if<D3State>(&own); }
  // Where the resolution of an attack stands: None in a ruleset without attack stages.
  AttackStage attack_stage() const {
    const SsiiState *s = if_ssii();
    return s ? s->attack.stage : AttackStage::None;
  }
  // What a copy of the state costs in memory (the CLI's bench reports it).
  size_t bytes() const {
    return sizeof(GameState) + units.capacity() * sizeof(UnitState) +
           std::visit([](const auto &block) { return block.heap_bytes(); }, own);
  }
  // Member by member, the units as one run of bytes (a unit's own == compares its bytes): the
  // engine's caches compare whole states several times an action. A member added above must be
  // added here.
  friend bool operator==(const GameState &a, const GameState &b) {
    return a.rng == b.rng && a.forced_used == b.forced_used && a.rolls == b.rolls &&
           a.turn == b.turn && a.active == b.active && a.phase == b.phase && a.winner == b.winner &&
           a.vp == b.vp && a.units.size() == b.units.size() &&
           (a.units.empty() ||
            std::memcmp(a.units.data(), b.units.data(), a.units.size() * sizeof(UnitState)) == 0) &&
           a.special_flags == b.special_flags && a.result_reason == b.result_reason &&
           a.end_reason == b.end_reason && a.victory_level == b.victory_level && a.own == b.own;
  }
};

} // namespace sns
