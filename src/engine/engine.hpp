// Internal engine interface shared by the rules files: the context of one decision and the helpers.
#pragma once
#include "sns/rules.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sns {

struct Ctx {
  const Setup &setup;
  const Battle &b;
  GameState &s;
  Events *ev;

  // Log an event; the text is only built when someone is listening (bots and benchmarks are not).
  template <typename TextFn>
  void say(const char *kind, const char *rule, TextFn &&text, std::vector<int> units = {}) {
    if (ev) ev->push_back(Event{kind, rule, text(), 0, "", std::move(units)});
  }
  int other(int side) const { return 1 - side; }
  const UnitDef &def(int u) const { return b.units[u]; }
  UnitState &unit(int u) { return s.units[u]; }
  const UnitFace &face(int u) const { return visible_face(b, s, u); }
  std::string name(int u) const { return b.units[u].id; }
  std::string hex(HexId h) const { return b.label(h); }
  bool wing_has(int wing, Command c) const { return has(s.orders[wing], c); }
};

using Check = std::optional<Refusal>;
inline Refusal refuse(std::string rule, std::string reason) {
  return {std::move(rule), std::move(reason)};
}

// Who stands where: one unit per hex (5.1).
struct Board {
  explicit Board(const Battle &b, const GameState &s);
  int unit_at(HexId h) const { return occ[h]; }
  bool ezoc(HexId h, int side) const {
    return zoc_of[1 - side][h];
  } // an enemy of `side` projects ZOC into h (5.2, R10)
  bool adjacent_to_enemy(HexId h, int side) const;
  bool adjacent_to_enemy_hh(HexId h, int side) const; // 10.0: Heavy Horse EZOC freezes horse
  const Battle &b;
  const GameState &s;
  std::vector<int16_t> occ;
  std::array<std::vector<uint8_t>, 2> zoc_of; // per side: hexes into which that side projects ZOC
};

bool on_map(const GameState &s, int u);
bool wing_acts_in(const Ctx &c, int wing, Phase p); // the wing's orders make it act in phase p
bool shield_wall_eligible(const Ctx &c, int u);     // 8.0: non-Horse, no Fire Factor

// 4.0 - 4.4 Commands.
Check validate_command(Ctx &c, const Action &a);
void command_actions(Ctx &c, std::vector<Action> &out);
void apply_command(Ctx &c, const Action &a);

// 4.2 Wing Integrity.
void check_wing_integrity(Ctx &c);

// 5.0 - 6.0, 8.0 step, 10.0 movement.
std::vector<HexId> reachable(Ctx &c, const Board &board, int u);
Check validate_move(Ctx &c, const Action &a);
void move_actions(Ctx &c, std::vector<Action> &out, size_t limit = SIZE_MAX);
void apply_move(Ctx &c, const Action &a);
void enter_shield_wall(Ctx &c); // start of the Shield Wall Phase (R12)

// 9.0 Fire.
Check validate_fire(Ctx &c, const Action &a);
void fire_actions(Ctx &c, std::vector<Action> &out, size_t limit = SIZE_MAX);
void apply_fire(Ctx &c, const Action &a);
Check fire_preview(Ctx &c, const Action &a, FirePreview &out);

// 7.0 - 7.4 Attack declaration, CC and DRM; 10.0 Charges.
Check validate_attack(Ctx &c, const Action &a);
void attack_actions(Ctx &c, std::vector<Action> &out, size_t limit = SIZE_MAX);
void apply_attack(Ctx &c, const Action &a);
Check attack_preview(Ctx &c, const Action &a, AttackPreview &out);
bool attack_in_progress(const GameState &s);

// 7.5 - 7.8 Results, choices, retreats, advances.
void resolve_result(Ctx &c);
Check validate_resolution(Ctx &c, const Action &a);
void resolution_actions(Ctx &c, std::vector<Action> &out);
void apply_resolution(Ctx &c, const Action &a);
int resolution_side(const Ctx &c);
std::vector<HexId> retreat_hexes(Ctx &c, int u, bool attacker);

// 13.0 - 13.1 Victory, 11.0 Initiative, losses.
void lose_step(Ctx &c, int u, const char *rule, const std::string &why);
void eliminate(Ctx &c, int u, const char *rule, const std::string &why);
void victory_check(Ctx &c);
void end_game(Ctx &c, int winner, const std::string &reason);

// Battle special rules.
Check special_attack_restriction(Ctx &c, int attacker_side, const Attackers &attackers, int target);
void special_on_attack_declared(Ctx &c, const Attackers &attackers, int target);
void special_on_command(Ctx &c, const Action &a);
void special_on_entry(Ctx &c, int u);
int special_drm(Ctx &c, int primary, int target, std::vector<Term> &terms);
Check special_command_restriction(Ctx &c, int wing);
Check validate_special(Ctx &c, const Action &a);
void special_actions(Ctx &c, std::vector<Action> &out);
void apply_special(Ctx &c, const Action &a);
bool special_reinforcement_entry(Ctx &c, int u, std::vector<HexId> &entry);
const Special *special_immobile(const Ctx &c, int u);
void special_on_turn_start(Ctx &c);

// The sequencer (3.0).
void end_phase(Ctx &c);

} // namespace sns
