// Actions: the vocabulary shared by the app, the CLI and the game record (DESIGN.md "Actions").
#pragma once
#include "sns/battle.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
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
  Activate, // D3 Medieval (D5)
  Shoot,    // D3 Medieval (D9)
  Melee,    // D3 Medieval (D11)
};
inline constexpr size_t kActionTypeCount = 16;
// The action vocabulary: the "type" of an action in files and the CLI, its rulesets, the words of
// a player and the section that governs it (move and end_phase serve both rulesets).
inline constexpr std::array<Word<ActionType>, kActionTypeCount> kActionTypes{{
    {ActionType::Command, "command", kInSsii, "give commands", "4.0"},
    {ActionType::Move, "move", kInBoth, "move", "5.0"},
    {ActionType::Fire, "fire", kInSsii, "fire", "9.0"},
    {ActionType::Attack, "attack", kInSsii, "attack", "7.0"},
    {ActionType::CombatMode, "combat_mode", kInSsii, "choose the combat mode", "7.7"},
    {ActionType::Choose, "choose", kInSsii, "choose a result option", "7.5"},
    {ActionType::LoseStep, "lose_step", kInSsii, "take the loss", "7.5"},
    {ActionType::Retreat, "retreat", kInSsii, "retreat", "7.6"},
    {ActionType::Advance, "advance", kInSsii, "advance", "7.8"},
    {ActionType::NoAdvance, "no_advance", kInSsii, "stay put", "7.8"},
    {ActionType::Initiative, "initiative", kInSsii, "answer the Initiative question", "11.0"},
    {ActionType::EndPhase, "end_phase", kInBoth, "end the phase", "3.0"},
    {ActionType::Special, "special", kInSsii, "use a special rule", ""},
    {ActionType::Activate, "activate", kInD3, "activate", "D5"},
    {ActionType::Shoot, "shoot", kInD3, "shoot", "D9"},
    {ActionType::Melee, "melee", kInD3, "fight a melee", "D11"},
}};
static_assert(kActionTypes.size() == static_cast<size_t>(ActionType::Melee) + 1 &&
                  rows_in_enum_order(kActionTypes),
              "one row per action type, in enum order");
template <> struct VocabularyOf<ActionType> { static constexpr const auto &rows = kActionTypes; };

// A vector with fixed room and no heap use: actions are copied by the thousand in playouts.
template <typename T, size_t N> class SmallVec {
public:
  SmallVec() = default;
  SmallVec(std::initializer_list<T> items) {
    for (const T &x : items)
      push_back(x);
  }
  template <typename It> SmallVec(It first, It last) {
    for (; first != last; ++first)
      push_back(*first);
  }
  void push_back(const T &x) {
    if (n_ == N) throw std::length_error("SmallVec is full");
    items_[n_++] = x;
  }
  void pop_back() { --n_; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  static constexpr size_t capacity() { return N; }
  const T *begin() const { return items_.data(); }
  const T *end() const { return items_.data() + n_; }
  T *begin() { return items_.data(); }
  T *end() { return items_.data() + n_; }
  const T &operator[](size_t i) const { return items_[i]; }
  T &operator[](size_t i) { return items_[i]; }
  const T &back() const { return items_[n_ - 1]; }
  friend bool operator==(const SmallVec &a, const SmallVec &b) {
    return a.n_ == b.n_ && std::equal(a.begin(), a.end(), b.begin());
  }

private:
  std::array<T, N> items_{};
  uint8_t n_ = 0;
};

using Attackers = SmallVec<int, 6>;

// A resolution option (7.5, R18): keep the result, or take it as EX, DR or AR.
enum class Choice : uint8_t { Keep, EX, DR, AR };
inline constexpr size_t kChoiceCount = 4;
inline constexpr std::array<Word<Choice>, kChoiceCount> kChoices{{
    {Choice::Keep, "keep", kInSsii, "keep the result", "7.5"},
    {Choice::EX, "EX", kInSsii, "take EX", "7.5"},
    {Choice::DR, "DR", kInSsii, "take DR", "7.5"},
    {Choice::AR, "AR", kInSsii, "take AR", "7.5"},
}};
static_assert(kChoices.size() == static_cast<size_t>(Choice::AR) + 1 &&
                  rows_in_enum_order(kChoices),
              "one row per choice, in enum order");
template <> struct VocabularyOf<Choice> { static constexpr const auto &rows = kChoices; };
enum class CombatMode : uint8_t { Undecided, TwoPhases, Pitched };
enum class SpecialVerb : uint8_t { None, Leave, Return }; // "leave" / "return" for an off-map wing

inline constexpr size_t kMaxListedCommands = 7;
inline constexpr size_t kMaxWingOrders = 8;

struct WingOrder {
  int16_t wing = 0;
  SmallVec<Command, kMaxListedCommands> commands;
  friend bool operator==(const WingOrder &, const WingOrder &) = default;
};

struct Action {
  ActionType type = ActionType::EndPhase;
  SmallVec<WingOrder, kMaxWingOrders> orders; // Command
  int unit = -1;                              // Move, Fire, LoseStep, Retreat, Advance
  int target = -1;                            // Fire, Attack
  HexId to = kOffMap;                         // Move, Retreat
  Attackers attackers;                        // Attack
  int primary = -1;                           // Attack (-1: the engine picks the single best)
  CombatMode mode = CombatMode::Undecided;
  int wing = -1; // CombatMode (-1: the first undecided wing); Special
  Choice option = Choice::Keep;
  bool declare = false;                 // Initiative
  int special = -1;                     // Special: index of the battle's special rule
  SpecialVerb verb = SpecialVerb::None; // Special: what to do
  int8_t facing = -1;                   // D3 Move: the end facing (D6)
  friend bool operator==(const Action &, const Action &) = default;
};

// Parses an action; throws LoadError naming `source` and the JSON path when it is malformed or
// names a unit, hex, wing or rule the battle does not have.
Action action_from_json(const Battle &b, const nlohmann::json &j, const std::string &source);
nlohmann::json action_to_json(const Battle &b, const Action &a);
std::string describe(const Battle &b, const Action &a);

} // namespace sns
