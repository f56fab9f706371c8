// Actions: the vocabulary shared by the app, the CLI and the game record (DESIGN.md "Actions").
#pragma once
#include "sns/battle.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sns {

enum class ActionType : uint8_t {
  Command,
  Move,
  Fire,
  Attack,
  CombatMode,
  Choose,
  LoseStep,
  Retreat,
  Advance,
  NoAdvance,
  Initiative,
  EndPhase,
  Special,
};

enum class Choice : uint8_t { Keep, EX, DR, AR };
enum class CombatMode : uint8_t { Undecided, TwoPhases, Pitched };

struct WingOrder {
  int wing = 0;
  std::vector<Command> commands;
  friend bool operator==(const WingOrder &, const WingOrder &) = default;
};

struct Action {
  ActionType type = ActionType::EndPhase;
  std::vector<WingOrder> orders; // Command
  int unit = -1;                 // Move, Fire, LoseStep, Retreat, Advance
  int target = -1;               // Fire, Attack
  HexId to = kOffMap;            // Move, Retreat
  std::vector<int> attackers;    // Attack
  int primary = -1;              // Attack (-1: the engine picks the single best)
  CombatMode mode = CombatMode::Undecided;
  int wing = -1;        // CombatMode (-1: the first undecided wing); Special
  Choice option = Choice::Keep;
  bool declare = false; // Initiative
  int special = -1;     // Special: index of the battle's special rule
  std::string verb;     // Special: what to do ("leave", "return")
  friend bool operator==(const Action &, const Action &) = default;
};

// Parses an action; throws LoadError naming `source` and the JSON path when it is malformed or
// names a unit, hex, wing or rule the battle does not have.
Action action_from_json(const Battle &b, const nlohmann::json &j, const std::string &source);
nlohmann::json action_to_json(const Battle &b, const Action &a);
std::string describe(const Battle &b, const Action &a);

} // namespace sns
