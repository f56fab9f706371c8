// Shields & Swords II's internal interface (2.0 - 13.0, R1 - R26): the ruleset's files share
// these; its Ruleset row (ruleset.cpp) holds the entry points at the bottom.
#pragma once
#include "../engine.hpp"

namespace sns {

inline constexpr int kD8 = 8; // every S&S II roll is a d8 (R23)

bool wing_acts_in(const View &c, int wing, Phase p); // the wing's orders make it act in phase p
inline bool wing_has(const View &c, int wing, Command cmd) {
  return has(c.s.ssii().orders[wing], cmd);
}
bool shield_wall_eligible(const View &c, int u); // 8.0: non-Horse, no Fire Factor
int first_undecided_combat_wing(const View &c);  // 7.7: a Bonus + Combat wing yet to choose
// 7.7, R7: a wing given Bonus + Combat that has not yet chosen two Combat Phases or one Pitched.
inline bool combat_mode_undecided(const GameState &s, int wing) {
  const SsiiState &o = s.ssii();
  return has(o.orders[wing], Command::Combat) && has(o.orders[wing], Command::Bonus) &&
         o.combat_mode[wing] == 0;
}

// 4.0 - 4.4 Commands.
Check validate_command(const View &c, const Action &a);
// Every legal command assignment for the side to act, worked out once and kept in the setup.
const std::vector<Action> &command_choices(const View &c);
void apply_command(Ctx &c, const Action &a);

// 4.2 Wing Integrity.
void check_wing_integrity(Ctx &c);

// 5.0 - 6.0, 8.0 step, 10.0 movement.
Check validate_move(const View &c, const Action &a);
void move_actions(const View &c, ActionSink &out, int only_unit = -1);
void apply_move(Ctx &c, const Action &a);
void enter_shield_wall(Ctx &c); // start of the Shield Wall Phase (R12)

// 9.0 Fire.
Check validate_fire(const View &c, const Action &a);
void fire_actions(const View &c, ActionSink &out, int only_unit = -1);
void apply_fire(Ctx &c, const Action &a);
Check fire_preview(const View &c, const Action &a, FirePreview &out);

// 7.0 - 7.4 Attack declaration, CC and DRM; 10.0 Charges.
Check validate_attack(const View &c, const Action &a);
void attack_actions(const View &c, ActionSink &out, int only_unit = -1);
void apply_attack(Ctx &c, const Action &a);
Check attack_preview(const View &c, const Action &a, AttackPreview &out);
bool attack_in_progress(const GameState &s);

// 7.5 - 7.8 Results, choices, retreats, advances.
void resolve_result(Ctx &c);
Check validate_resolution(const View &c, const Action &a);
void resolution_actions(const View &c, ActionSink &out);
void apply_resolution(Ctx &c, const Action &a);
int resolution_side(const View &c);
std::vector<HexId> retreat_hexes(const View &c, int u, bool attacker);

// 13.0 Victory Check (victory.cpp), R2.
void victory_check(Ctx &c);

// The sequencer (3.0).
void end_phase(Ctx &c);

namespace ssii {
// The Ruleset's operations (sequence.cpp, consistency.cpp, ruleset.cpp).
void start_game(Ctx &c);
Check validate(const View &c, const Action &a);
void apply_unchecked(Ctx &c, const Action &a);
void legal(const View &c, ActionSink &out, int only_unit);
bool state_consistent(const View &c, std::string *why);
int side_to_act(const View &c);
void state_json(const Setup &setup, const GameState &s, bool spoilers, nlohmann::json &j);
void game_over(GameState &s);
// What the computer players ask (computer.cpp).
bool as_if_attacking(const Battle &b, GameState &h, const Action &a);
HexId entered_hex(const GameState &s, const Action &a);
extern const Ruleset kRuleset;
} // namespace ssii

} // namespace sns
