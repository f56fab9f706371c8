// The phase sequencer (3.0, R1-R4, R25, R26): turns, phases, skips, legal_actions and apply.
#include "engine.hpp"

#include <algorithm>
#include <stdexcept>

namespace sns {

namespace {

constexpr Phase kActionPhases[] = {
    Phase::Fire, Phase::Horse,      Phase::Charge, Phase::Withdraw,     Phase::ShieldWall,
    Phase::Move, Phase::SecondMove, Phase::Combat, Phase::SecondCombat, Phase::PitchedCombat};

} // namespace

const char *phase_section(Phase p) {
  switch (p) {
  case Phase::Command:
    return "4.0";
  case Phase::Fire:
    return "9.0";
  case Phase::Horse:
    return "10.0";
  case Phase::Charge:
    return "10.0";
  case Phase::Withdraw:
    return "6.0";
  case Phase::ShieldWall:
    return "8.0";
  case Phase::Move:
    return "5.0";
  case Phase::SecondMove:
    return "5.6";
  case Phase::Combat:
    return "7.0";
  case Phase::SecondCombat:
    return "7.7";
  case Phase::PitchedCombat:
    return "7.7";
  case Phase::VictoryCheck:
    return "13.0";
  case Phase::Initiative:
    return "11.0";
  case Phase::GameOver:
    return "13.0";
  }
  return "3.0";
}

namespace {

bool is_attack_phase(Phase p) {
  return p == Phase::Charge || p == Phase::Combat || p == Phase::SecondCombat ||
         p == Phase::PitchedCombat;
}
bool is_move_phase(Phase p) {
  return p == Phase::Horse || p == Phase::Withdraw || p == Phase::ShieldWall || p == Phase::Move ||
         p == Phase::SecondMove;
}

bool phase_performed(const Ctx &c, Phase p) {
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active && wing_acts_in(c, static_cast<int>(w), p)) return true;
  return false;
}

int first_undecided_combat_wing(const Ctx &c) {
  for (size_t w = 0; w < c.b.wings.size(); ++w) {
    CommandSet o = c.s.orders[w];
    if (c.b.wings[w].side == c.s.active && has(o, Command::Combat) && has(o, Command::Bonus) &&
        c.s.combat_mode[w] == static_cast<uint8_t>(CombatMode::Undecided))
      return static_cast<int>(w);
  }
  return -1;
}

void clear_phase_marks(Ctx &c) {
  for (auto &u : c.s.units)
    u.acted = u.targeted = false;
}

void start_phase(Ctx &c, Phase p) {
  c.s.phase = p;
  clear_phase_marks(c);
  c.say("phase", phase_section(p), [&] { return std::string(title(p)) + " Phase begins"; });
  // The Charge step belongs to the Horse Phase that was just checked (R13).
  if (p != Phase::Charge) check_wing_integrity(c);
  if (p == Phase::ShieldWall) enter_shield_wall(c);
}

void enter_phases_from(Ctx &c, Phase from) {
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), from);
  for (; it != std::end(kActionPhases) && !c.s.game_over(); ++it) {
    Phase p = *it;
    if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
      c.s.phase = Phase::Combat;
      clear_phase_marks(c);
      c.say("decide", "7.7", [] {
        return std::string("Bonus + Combat: choose two Combat Phases or one Pitched Combat Phase");
      });
      return;
    }
    if (phase_performed(c, p)) {
      start_phase(c, p);
      return;
    }
    if (p != Phase::Charge)
      c.say("skip", "R1",
            [&] { return std::string(title(p)) + " Phase skipped: no wing holds its command"; });
  }
  if (c.s.game_over()) return;
  c.s.phase = Phase::VictoryCheck;
  victory_check(c);
  if (!c.s.game_over()) c.s.phase = Phase::Initiative;
}

void begin_turn(Ctx &c) {
  c.s.phase = Phase::Command;
  std::fill(c.s.orders.begin(), c.s.orders.end(), 0);
  std::fill(c.s.combat_mode.begin(), c.s.combat_mode.end(), 0);
  clear_phase_marks(c);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.s.units[u].shield_wall = false; // R4: lasts until now
  special_on_turn_start(c);
  c.say("turn", "3.0", [&] {
    return "Player Turn " + std::to_string(c.s.turn) + ": " + c.b.sides[c.s.active].name;
  });
  check_wing_integrity(c);
}

void finish_turn(Ctx &c, bool declared) {
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.s.units[u].suppressed = false; // 9.3, R4
  if (declared) {
    c.s.initiative = static_cast<uint8_t>(c.other(c.s.active));
    c.say("initiative", "11.0", [&] {
      return c.b.sides[c.s.active].name +
             " declares Initiative and takes another turn; the marker passes to " +
             c.b.sides[c.other(c.s.active)].name;
    });
  } else {
    c.s.active = static_cast<uint8_t>(c.other(c.s.active));
  }
  ++c.s.turn;
  begin_turn(c);
}

Check validate_phase_end(Ctx &c) {
  if (c.s.phase == Phase::Command)
    return refuse("4.0",
                  "the Command Phase ends when commands are given (an empty list gives none)");
  if (c.s.phase == Phase::Initiative)
    return refuse("11.0", "answer the Initiative question instead");
  if (c.s.phase == Phase::Combat && first_undecided_combat_wing(c) >= 0)
    return refuse("7.7", "first choose two Combat Phases or one Pitched Combat Phase");
  return std::nullopt;
}

Check validate(Ctx &c, const Action &a) {
  if (c.s.game_over()) return refuse("13.0", "the game is over: " + c.s.result_reason);
  if (attack_in_progress(c.s)) {
    switch (a.type) {
    case ActionType::Choose:
    case ActionType::LoseStep:
    case ActionType::Retreat:
    case ActionType::Advance:
    case ActionType::NoAdvance:
      return validate_resolution(c, a);
    default:
      return refuse("7.1", "finish resolving the current attack first");
    }
  }
  switch (a.type) {
  case ActionType::Command:
    return validate_command(c, a);
  case ActionType::Special:
    return validate_special(c, a);
  case ActionType::Move:
    return validate_move(c, a);
  case ActionType::Fire:
    return validate_fire(c, a);
  case ActionType::Attack:
    return validate_attack(c, a);
  case ActionType::CombatMode: {
    int w = first_undecided_combat_wing(c);
    if (c.s.phase != Phase::Combat || w < 0)
      return refuse(
          "7.7",
          "no wing is waiting to choose between two Combat Phases and a Pitched Combat Phase");
    if (a.wing >= 0 && a.wing != w) return refuse("7.7", c.b.wings[w].name + " chooses first");
    if (a.mode == CombatMode::Undecided) return refuse("7.7", "choose two_phases or pitched");
    return std::nullopt;
  }
  case ActionType::Initiative:
    if (c.s.phase != Phase::Initiative)
      return refuse("11.0", "Initiative is declared only in the Initiative Phase");
    if (a.declare && c.s.initiative != c.s.active)
      return refuse("11.0", c.b.sides[c.s.active].name + " does not hold the Initiative Marker");
    return std::nullopt;
  case ActionType::EndPhase:
    return validate_phase_end(c);
  default:
    return refuse("7.5", "no attack result is waiting for this decision");
  }
}

void apply_unchecked(Ctx &c, const Action &a) {
  switch (a.type) {
  case ActionType::Command:
    apply_command(c, a);
    enter_phases_from(c, Phase::Fire);
    break;
  case ActionType::Special:
    apply_special(c, a);
    break;
  case ActionType::Move:
    apply_move(c, a);
    break;
  case ActionType::Fire:
    apply_fire(c, a);
    break;
  case ActionType::Attack:
    apply_attack(c, a);
    break;
  case ActionType::CombatMode: {
    int w = first_undecided_combat_wing(c);
    c.s.combat_mode[w] = static_cast<uint8_t>(a.mode);
    c.say("combat_mode", "7.7", [&] {
      return c.b.wings[w].name + (a.mode == CombatMode::Pitched
                                      ? " will fight one Pitched Combat Phase"
                                      : " will fight two Combat Phases");
    });
    if (first_undecided_combat_wing(c) < 0) enter_phases_from(c, Phase::Combat);
    break;
  }
  case ActionType::Initiative:
    finish_turn(c, a.declare);
    break;
  case ActionType::EndPhase:
    end_phase(c);
    break;
  default:
    apply_resolution(c, a);
    break;
  }
}

// Every legal action, or (with a limit) stop once `limit` are found: R25 only needs to know
// whether there is more than one choice.
std::vector<Action> legal(Ctx &c, size_t limit = SIZE_MAX) {
  std::vector<Action> out;
  out.reserve(limit == SIZE_MAX ? 128 : limit);
  if (c.s.game_over()) return out;
  if (attack_in_progress(c.s)) {
    resolution_actions(c, out);
    return out;
  }
  Phase p = c.s.phase;
  if (p == Phase::Command) {
    special_actions(c, out);
    command_actions(c, out);
    return out;
  }
  if (p == Phase::Initiative) {
    if (c.s.initiative == c.s.active)
      out.push_back(Action{.type = ActionType::Initiative, .declare = true});
    out.push_back(Action{.type = ActionType::Initiative, .declare = false});
    return out;
  }
  if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
    out.push_back(Action{.type = ActionType::CombatMode, .mode = CombatMode::TwoPhases});
    out.push_back(Action{.type = ActionType::CombatMode, .mode = CombatMode::Pitched});
    return out;
  }
  size_t room = limit == SIZE_MAX ? limit : limit - 1; // end_phase is always one of them
  if (p == Phase::Fire)
    fire_actions(c, out, room);
  else if (is_move_phase(p))
    move_actions(c, out, room);
  else if (is_attack_phase(p))
    attack_actions(c, out, room);
  out.push_back(Action{.type = ActionType::EndPhase});
  return out;
}

// R25: a decision with exactly one legal choice is taken at once, and logged.
void settle(Ctx &c) {
  for (int guard = 0; guard < 1000000; ++guard) {
    if (c.s.game_over()) return;
    std::vector<Action> acts = legal(c, 2);
    if (acts.empty())
      throw std::logic_error("engine reached a decision point with no legal action");
    if (acts.size() > 1) return;
    c.say("auto", "R25", [&] { return "only one choice: " + describe(c.b, acts[0]); });
    apply_unchecked(c, acts[0]);
  }
  throw std::logic_error("engine did not settle");
}

} // namespace

void end_phase(Ctx &c) {
  Phase p = c.s.phase;
  c.say("phase_end", phase_section(p), [&] { return std::string(title(p)) + " Phase ends"; });
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), p);
  if (it == std::end(kActionPhases) || ++it == std::end(kActionPhases)) {
    enter_phases_from(c, Phase::VictoryCheck);
    return;
  }
  enter_phases_from(c, *it);
}

bool wing_acts_in(const Ctx &c, int wing, Phase p) {
  CommandSet o = c.s.orders[wing];
  bool bonus = has(o, Command::Bonus);
  auto mode = static_cast<CombatMode>(c.s.combat_mode[wing]);
  switch (p) {
  case Phase::Fire:
    return has(o, Command::Fire);
  case Phase::Horse:
  case Phase::Charge:
    return has(o, Command::Horse);
  case Phase::Withdraw:
    return has(o, Command::Withdraw);
  case Phase::ShieldWall:
    return has(o, Command::ShieldWall);
  case Phase::Move:
    return has(o, Command::Move);
  case Phase::SecondMove:
    return has(o, Command::Move) && bonus;
  case Phase::Combat:
    return has(o, Command::Combat) && (!bonus || mode == CombatMode::TwoPhases);
  case Phase::SecondCombat:
    return has(o, Command::Combat) && bonus && mode == CombatMode::TwoPhases;
  case Phase::PitchedCombat:
    return has(o, Command::Combat) && bonus && mode == CombatMode::Pitched;
  default:
    return false;
  }
}

WingIntegrityRule Setup::wing_integrity() const {
  if (battle->wing_integrity == WingIntegrityRule::StandardOrAdvanced)
    return options.advanced_wing_integrity ? WingIntegrityRule::Advanced
                                           : WingIntegrityRule::Standard;
  return battle->wing_integrity;
}

int roll_d8(const Setup &setup, GameState &s) {
  int face;
  if (s.forced_used < setup.forced_dice.size()) {
    face = setup.forced_dice[s.forced_used++];
  } else { // splitmix64: the same sequence on every platform and compiler (R23).
    uint64_t z = (s.rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    face = static_cast<int>(z >> 61) + 1;
  }
  if (auto it = setup.replaced_dice.find(s.rolls); it != setup.replaced_dice.end())
    face = it->second;
  ++s.rolls;
  return face;
}

GameState new_game(const Setup &setup, uint64_t seed, Events *events) {
  const Battle &b = *setup.battle;
  GameState s;
  s.rng = seed;
  s.active = static_cast<uint8_t>(b.first_player);
  s.initiative = static_cast<uint8_t>(b.initiative);
  s.vp = {b.sides[0].start_vp, b.sides[1].start_vp};
  s.orders.assign(b.wings.size(), 0);
  s.combat_mode.assign(b.wings.size(), 0);
  s.units.resize(b.units.size());
  for (size_t u = 0; u < b.units.size(); ++u) {
    s.units[u].hex = b.units[u].start;
    s.units[u].steps = static_cast<uint8_t>(b.units[u].max_steps());
  }
  Ctx c{setup, b, s, events};
  begin_turn(c);
  settle(c);
  return s;
}

std::vector<Action> legal_actions(const Setup &setup, const GameState &state) {
  GameState &s = const_cast<GameState &>(state); // legal() only reads
  Ctx c{setup, *setup.battle, s, nullptr};
  return legal(c);
}

std::optional<Refusal> check(const Setup &setup, const GameState &state, const Action &action) {
  GameState &s = const_cast<GameState &>(state); // validate() only reads
  Ctx c{setup, *setup.battle, s, nullptr};
  return validate(c, action);
}

std::optional<Refusal> apply(const Setup &setup, GameState &state, const Action &action,
                             Events *events) {
  Ctx c{setup, *setup.battle, state, events};
  if (auto r = validate(c, action)) return r;
  apply_unchecked(c, action);
  settle(c);
  return std::nullopt;
}

int side_to_act(const Setup &setup, const GameState &state) {
  if (state.game_over()) return -1;
  if (attack_in_progress(state)) {
    GameState &s = const_cast<GameState &>(state);
    Ctx c{setup, *setup.battle, s, nullptr};
    return resolution_side(c);
  }
  return state.active;
}

const UnitFace &visible_face(const Battle &b, const GameState &s, int u) {
  const UnitDef &d = b.units[u];
  return d.back && s.units[u].steps == 1 ? *d.back : d.front;
}

bool on_map(const GameState &s, int u) { return s.units[u].hex != kOffMap; }

Board::Board(const Battle &battle, const GameState &state)
    : b(battle), s(state), occ(battle.hex_count(), -1) {
  zoc_of[0].assign(battle.hex_count(), 0);
  zoc_of[1].assign(battle.hex_count(), 0);
  for (size_t u = 0; u < s.units.size(); ++u) {
    HexId h = s.units[u].hex;
    if (h == kOffMap) continue;
    occ[h] = static_cast<int16_t>(u);
    auto &zoc = zoc_of[b.units[u].side];
    for (int d = 0; d < 6; ++d) // six neighbours, never across a river (5.2, 12.2, R10)
      if (b.adjacent[h][d] != kOffMap && !b.hexside_impassable(h, d)) zoc[b.adjacent[h][d]] = 1;
  }
}

bool Board::adjacent_to_enemy(HexId h, int side) const {
  for (HexId n : b.adjacent[h])
    if (n != kOffMap && occ[n] >= 0 && b.units[occ[n]].side != side) return true;
  return false;
}

bool Board::adjacent_to_enemy_hh(HexId h, int side) const {
  for (int d = 0; d < 6; ++d) {
    HexId n = b.adjacent[h][d];
    if (n == kOffMap || occ[n] < 0) continue;
    const UnitDef &u = b.units[occ[n]];
    if (u.side != side && u.type == UnitType::HH && !b.hexside_impassable(h, d)) return true;
  }
  return false;
}

bool in_enemy_zoc(const Battle &b, const GameState &s, HexId hex, int side) {
  return Board(b, s).ezoc(hex, side);
}

bool shield_wall_eligible(const Ctx &c, int u) {
  return !is_horse(c.def(u).type) && c.face(u).fire == 0;
}

} // namespace sns

namespace sns {

bool phase_commanded(const Setup &setup, const GameState &state, Phase p) {
  if (p == Phase::Command || p == Phase::VictoryCheck || p == Phase::Initiative) return true;
  GameState &s = const_cast<GameState &>(state); // only read
  Ctx c{setup, *setup.battle, s, nullptr};
  for (size_t w = 0; w < c.b.wings.size(); ++w) {
    if (c.b.wings[w].side != s.active) continue;
    CommandSet o = s.orders[w];
    // Before Bonus + Combat is decided (R7) all three combat phases are still possible.
    if ((p == Phase::Combat || p == Phase::SecondCombat || p == Phase::PitchedCombat) &&
        has(o, Command::Combat) && has(o, Command::Bonus) && s.combat_mode[w] == 0)
      return true;
    if (wing_acts_in(c, static_cast<int>(w), p)) return true;
  }
  return false;
}

std::vector<int> wings_acting(const Setup &setup, const GameState &state, Phase p) {
  GameState &s = const_cast<GameState &>(state); // only read
  Ctx c{setup, *setup.battle, s, nullptr};
  std::vector<int> out;
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == s.active && wing_acts_in(c, static_cast<int>(w), p))
      out.push_back(static_cast<int>(w));
  return out;
}

std::optional<Refusal> preview_attack(const Setup &setup, const GameState &state, const Action &a,
                                      AttackPreview &out) {
  GameState &s = const_cast<GameState &>(state); // previews only read
  Ctx c{setup, *setup.battle, s, nullptr};
  if (a.type != ActionType::Attack)
    return refuse("7.2", "only an attack can be previewed as an attack");
  if (attack_in_progress(s)) return refuse("7.1", "finish resolving the current attack first");
  return attack_preview(c, a, out);
}

std::optional<Refusal> preview_fire(const Setup &setup, const GameState &state, const Action &a,
                                    FirePreview &out) {
  GameState &s = const_cast<GameState &>(state); // previews only read
  Ctx c{setup, *setup.battle, s, nullptr};
  if (a.type != ActionType::Fire)
    return refuse("9.1", "only a fire action can be previewed as fire");
  if (attack_in_progress(s)) return refuse("7.1", "finish resolving the current attack first");
  return fire_preview(c, a, out);
}

} // namespace sns
