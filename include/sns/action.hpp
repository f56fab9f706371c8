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

enum class Choice : uint8_t { Keep, EX, DR, AR };
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
const char *choice_name(Choice c); // "EX", "DR", "AR" or "keep", as in the action vocabulary

} // namespace sns
