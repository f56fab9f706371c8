// Victory levels (DESIGN.md "Victory levels"): a battle's graded outcomes, decided once at the end
// from public facts; they never change the winner the rules name.
#pragma once
#include "sns/types.hpp"
#include "sns/vocabulary.hpp"

#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

namespace sns {

struct Battle;
struct GameState;

// A public fact of a finished game that a level's condition tests.
enum class LevelFact : uint8_t {
  Winner,    // the side the rules name the winner ("draw" for a draw)
  VpMargin,  // the side's VP less the other side's (13.0)
  UnitsLost, // the side's units eliminated
  StepsLost, // the side's steps lost, eliminated units counting all their steps (2.2)
  HitsTaken, // the hits the side's units took (D13)
  HexesHeld, // of the listed hexes, how many a unit of the side stands in
  EndTurn,   // the turn the game ended in (R26, D4)
};
inline constexpr size_t kLevelFactCount = 7;
// "fact" of a condition in battle files, and the rulesets whose battles may test it.
inline constexpr std::array<Word<LevelFact>, kLevelFactCount> kLevelFacts{{
    {LevelFact::Winner, "winner", kInBoth, "the rules' winner", "13.0"},
    {LevelFact::VpMargin, "vp_margin", kInSsii, "VP ahead of the other side", "13.0"},
    {LevelFact::UnitsLost, "units_lost", kInBoth, "units lost", ""},
    {LevelFact::StepsLost, "steps_lost", kInSsii, "steps lost", "2.2"},
    {LevelFact::HitsTaken, "hits_taken", kInD3, "hits taken", "D13"},
    {LevelFact::HexesHeld, "hexes_held", kInBoth, "hexes held", ""},
    {LevelFact::EndTurn, "end_turn", kInBoth, "the turn the game ended", "R26"},
}};
static_assert(kLevelFacts.size() == static_cast<size_t>(LevelFact::EndTurn) + 1 &&
                  rows_in_enum_order(kLevelFacts),
              "one row per level fact, in enum order");
template <> struct VocabularyOf<LevelFact> { static constexpr const auto &rows = kLevelFacts; };

// One test of a finished game: the fact of `side` lies in [at_least, at_most].
struct LevelCondition {
  LevelFact fact = LevelFact::EndTurn;
  int side = -1;              // whose fact; Winner: a side or kDraw; EndTurn: none (-1)
  int at_least = INT_MIN;     // bounds, both included
  int at_most = INT_MAX;      //
  std::vector<int16_t> hexes; // HexesHeld: the hexes counted (HexId, battle.hpp)
};

// A graded outcome: reached when every condition holds and no earlier level is reached.
struct VictoryLevel {
  std::string id;   // its name in files, `state` and `play`
  std::string name; // the words players read ("French moral victory")
  int side = -1;    // the side it favours, -1 neither
  std::string text; // optional: what it means, for the battle's page and the end screen
  std::vector<LevelCondition> when; // all must hold; none in the last level (every end reaches one)
};

// At most this many levels in a battle (the loader's limit).
inline constexpr size_t kMaxVictoryLevels = 12;

// The value of a fact of `side` in a position (a finished game's, when levels are decided).
int level_fact(const Battle &b, const GameState &s, const LevelCondition &c);
// The first of the battle's levels whose every condition holds in `s`, or -1 (no levels).
int decide_victory_level(const Battle &b, const GameState &s);

} // namespace sns
