// The phase sequencer (3.0, R1-R4, R25, R26): turns, phases, skips, legal_actions and apply.
#include "d3/d3.hpp"
#include "engine.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace sns {

namespace {

constexpr Phase kActionPhases[] = {
    Phase::Fire, Phase::Horse,      Phase::Charge, Phase::Withdraw,     Phase::ShieldWall,
    Phase::Move, Phase::SecondMove, Phase::Combat, Phase::SecondCombat, Phase::PitchedCombat};

} // namespace

std::string_view name(RefusalKind k) {
  static constexpr std::array<std::string_view, kRefusalKindCount> kNames{
      "other",         "game_over",  "attack_pending", "wrong_phase",  "not_yours",    "no_command",
      "already_acted", "blocked",    "unreachable",    "out_of_range", "primary_tie",  "malformed",
      "command_limit", "bad_target", "bad_attackers",  "bad_choice",   "special_rule", "dice"};
  return kNames[static_cast<int>(k)];
}

namespace {

bool phase_performed(const View &c, Phase p) {
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active && wing_acts_in(c, static_cast<int>(w), p)) return true;
  return false;
}

void clear_phase_marks(Ctx &c) {
  for (auto &u : c.w.units)
    u.acted = u.targeted = false;
}

void start_phase(Ctx &c, Phase p) {
  c.w.phase = p;
  clear_phase_marks(c);
  c.say(EventKind::Phase, section(p), [&] { return std::string(title(p)) + " Phase begins"; });
  // The Charge step belongs to the Horse Phase that was just checked (R13).
  if (p != Phase::Charge) check_wing_integrity(c);
  if (p == Phase::ShieldWall) enter_shield_wall(c);
}

void enter_phases_from(Ctx &c, Phase from) {
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), from);
  for (; it != std::end(kActionPhases) && !c.s.game_over(); ++it) {
    Phase p = *it;
    if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
      c.w.phase = Phase::Combat;
      clear_phase_marks(c);
      c.say(EventKind::Decide, "7.7", [] {
        return std::string("Bonus + Combat: choose two Combat Phases or one Pitched Combat Phase");
      });
      return;
    }
    if (phase_performed(c, p)) {
      start_phase(c, p);
      return;
    }
    if (p != Phase::Charge)
      c.say(EventKind::Skip, "R1",
            [&] { return std::string(title(p)) + " Phase skipped: no wing holds its command"; });
  }
  if (c.s.game_over()) return;
  c.w.phase = Phase::VictoryCheck;
  victory_check(c);
  if (!c.s.game_over()) c.w.phase = Phase::Initiative;
}

void begin_turn(Ctx &c) {
  c.w.phase = Phase::Command;
  std::fill(c.w.orders.begin(), c.w.orders.end(), 0);
  std::fill(c.w.combat_mode.begin(), c.w.combat_mode.end(), 0);
  clear_phase_marks(c);
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.w.units[u].shield_wall = false; // R4: lasts until now
  special_on_turn_start(c);
  c.say(EventKind::Turn, "3.0", [&] {
    return "Player Turn " + std::to_string(c.s.turn) + ": " + c.b.sides[c.s.active].name;
  });
  check_wing_integrity(c);
}

void finish_turn(Ctx &c, bool declared) {
  for (size_t u = 0; u < c.s.units.size(); ++u)
    if (c.b.units[u].side == c.s.active) c.w.units[u].suppressed = false; // 9.3, R4
  if (declared) {
    c.w.initiative = static_cast<uint8_t>(c.other(c.s.active));
    c.say(EventKind::Initiative, "11.0", [&] {
      return c.b.sides[c.s.active].name +
             " declares Initiative and takes another turn; the marker passes to " +
             c.b.sides[c.other(c.s.active)].name;
    });
  } else {
    c.w.active = static_cast<uint8_t>(c.other(c.s.active));
  }
  ++c.w.turn;
  begin_turn(c);
}

Check validate_phase_end(const View &c) {
  if (c.s.phase == Phase::Command)
    return refuse(RefusalKind::WrongPhase, "4.0",
                  "the Command Phase ends when commands are given (an empty list gives none)");
  if (c.s.phase == Phase::Initiative)
    return refuse(RefusalKind::WrongPhase, "11.0", "answer the Initiative question instead");
  if (c.s.phase == Phase::Combat && first_undecided_combat_wing(c) >= 0)
    return refuse(RefusalKind::WrongPhase, "7.7",
                  "first choose two Combat Phases or one Pitched Combat Phase");
  return std::nullopt;
}

Check validate(const View &c, const Action &a) {
  if (c.b.d3()) return d3::validate(c, a); // the ruleset seam
  if (c.s.game_over())
    return refuse(RefusalKind::GameOver, "13.0", "the game is over: " + c.s.result_reason);
  if (attack_in_progress(c.s)) {
    switch (a.type) {
    case ActionType::Choose:
    case ActionType::LoseStep:
    case ActionType::Retreat:
    case ActionType::Advance:
    case ActionType::NoAdvance:
      return validate_resolution(c, a);
    default:
      return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
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
          RefusalKind::WrongPhase, "7.7",
          "no wing is waiting to choose between two Combat Phases and a Pitched Combat Phase");
    if (a.wing >= 0 && a.wing != w)
      return refuse(RefusalKind::BadChoice, "7.7", c.b.wings[w].name + " chooses first");
    if (a.mode == CombatMode::Undecided)
      return refuse(RefusalKind::Malformed, "7.7", "choose two_phases or pitched");
    return std::nullopt;
  }
  case ActionType::Initiative:
    if (c.s.phase != Phase::Initiative)
      return refuse(RefusalKind::WrongPhase, "11.0",
                    "Initiative is declared only in the Initiative Phase");
    if (a.declare && c.s.initiative != c.s.active)
      return refuse(RefusalKind::NotYours, "11.0",
                    c.b.sides[c.s.active].name + " does not hold the Initiative Marker");
    return std::nullopt;
  case ActionType::EndPhase:
    return validate_phase_end(c);
  default:
    return refuse(RefusalKind::WrongPhase, "7.5", "no attack result is waiting for this decision");
  }
}

void apply_unchecked(Ctx &c, const Action &a) {
  if (c.b.d3()) return d3::apply_unchecked(c, a); // the ruleset seam
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
    c.w.combat_mode[w] = static_cast<uint8_t>(a.mode);
    c.say(EventKind::CombatMode, "7.7", [&] {
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

// Every legal action into the sink, in one fixed order; with `only_unit`, only the moves, fire and
// attacks of that unit.
void legal(const View &c, ActionSink &out, int only_unit = -1) {
  if (c.b.d3()) return d3::legal(c, out, only_unit); // the ruleset seam
  if (c.s.game_over()) return;
  if (attack_in_progress(c.s)) {
    if (only_unit < 0) resolution_actions(c, out);
    return;
  }
  Phase p = c.s.phase;
  if (only_unit >= 0) {
    if (p == Phase::Fire)
      fire_actions(c, out, only_unit);
    else if (is_move_phase(p))
      move_actions(c, out, only_unit);
    else if (is_attack_phase(p) && first_undecided_combat_wing(c) < 0)
      attack_actions(c, out, only_unit);
    return;
  }
  if (p == Phase::Command) {
    special_actions(c, out);
    const std::vector<Action> &choices = command_choices(c);
    out.add_many(choices.size(), [&](size_t i) { return choices[i]; });
    return;
  }
  if (p == Phase::Initiative) {
    if (c.s.initiative == c.s.active)
      out.add(Action{.type = ActionType::Initiative, .declare = true});
    out.add(Action{.type = ActionType::Initiative, .declare = false});
    return;
  }
  if (p == Phase::Combat && first_undecided_combat_wing(c) >= 0) {
    out.add(Action{.type = ActionType::CombatMode, .mode = CombatMode::TwoPhases});
    out.add(Action{.type = ActionType::CombatMode, .mode = CombatMode::Pitched});
    return;
  }
  if (p == Phase::Fire)
    fire_actions(c, out);
  else if (is_move_phase(p))
    move_actions(c, out);
  else if (is_attack_phase(p))
    attack_actions(c, out);
  out.add(Action{.type = ActionType::EndPhase}); // ending the phase is always one of them
}

// In debug builds every settled state is checked (pos_is_ok): a breach is an engine bug.
void assert_consistent([[maybe_unused]] const Ctx &c) {
#ifndef NDEBUG
  std::string why;
  if (!state_is_consistent(c.setup, c.s, &why))
    throw std::logic_error("engine produced an inconsistent state: " + why);
#endif
}

// R25: a decision with exactly one legal choice is taken at once, and logged. Counting up to two
// builds no action; the one is built only when it is the only one.
void settle(Ctx &c) {
  for (int guard = 0; guard < 1000000; ++guard) {
    if (c.s.game_over()) return;
    ActionSink probe = ActionSink::counting(2);
    legal(c, probe);
    if (probe.count() == 0)
      throw std::logic_error("engine reached a decision point with no legal action");
    if (probe.count() > 1) return;
    ActionSink first = ActionSink::picking(0);
    legal(c, first);
    const Action only = first.pick();
    c.say(EventKind::Auto, "R25", [&] { return "only one choice: " + describe(c.b, only); });
    apply_unchecked(c, only);
  }
  throw std::logic_error("engine did not settle");
}

} // namespace

int first_undecided_combat_wing(const View &c) {
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active && combat_mode_undecided(c.s, static_cast<int>(w)))
      return static_cast<int>(w);
  return -1;
}

void end_phase(Ctx &c) {
  Phase p = c.s.phase;
  c.say(EventKind::PhaseEnd, section(p), [&] { return std::string(title(p)) + " Phase ends"; });
  auto it = std::find(std::begin(kActionPhases), std::end(kActionPhases), p);
  if (it == std::end(kActionPhases) || ++it == std::end(kActionPhases)) {
    enter_phases_from(c, Phase::VictoryCheck);
    return;
  }
  enter_phases_from(c, *it);
}

bool wing_acts_in(const View &c, int wing, Phase p) {
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

int roll_d8(const Setup &setup, GameState &s) { return roll_die(setup, s, kDieFaces); }

int roll_die(const Setup &setup, GameState &s, int faces) {
  int face;
  if (s.forced_used < setup.forced_dice.size()) {
    face = setup.forced_dice[s.forced_used++];
  } else { // splitmix64: the same sequence on every platform and compiler (R23).
    uint64_t z = (s.rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    // The top 32 bits scaled to the faces: for a d8 exactly the top three bits.
    face = static_cast<int>(((z >> 32) * static_cast<uint64_t>(faces)) >> 32) + 1;
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
  Ctx c(setup, s, events);
  if (b.d3())
    d3::start_game(c);
  else
    begin_turn(c);
  settle(c);
  assert_consistent(c);
  return s;
}

std::vector<Action> legal_actions(const Setup &setup, const GameState &state) {
  std::vector<Action> out;
  out.reserve(128);
  ActionSink sink = ActionSink::into(out);
  legal(View(setup, state), sink);
  return out;
}

std::vector<Action> legal_actions_for_unit(const Setup &setup, const GameState &state, int unit) {
  std::vector<Action> out;
  if (unit < 0 || unit >= static_cast<int>(state.units.size())) return out;
  ActionSink sink = ActionSink::into(out);
  legal(View(setup, state), sink, unit);
  return out;
}

size_t legal_count(const Setup &setup, const GameState &state) {
  ActionSink sink = ActionSink::counting();
  legal(View(setup, state), sink);
  return sink.count();
}

Action legal_action_at(const Setup &setup, const GameState &state, size_t index) {
  ActionSink sink = ActionSink::picking(index);
  legal(View(setup, state), sink);
  if (!sink.picked()) throw std::out_of_range("legal_action_at: no legal action at that index");
  return sink.pick();
}

std::optional<Refusal> check(const Setup &setup, const GameState &state, const Action &action) {
  return validate(View(setup, state), action);
}

std::optional<Refusal> apply(const Setup &setup, GameState &state, const Action &action,
                             Events *events) {
  Ctx c(setup, state, events);
  if (auto r = validate(c, action)) return r;
  apply_unchecked(c, action);
  settle(c);
  assert_consistent(c);
  return std::nullopt;
}

int side_to_act(const Setup &setup, const GameState &state) {
  if (state.game_over()) return -1;
  if (attack_in_progress(state)) return resolution_side(View(setup, state));
  return state.active;
}

const UnitFace &visible_face(const Battle &b, const GameState &s, int u) {
  const UnitDef &d = b.units[u];
  return d.back && s.units[u].steps == 1 ? *d.back : d.front;
}

bool on_map(const GameState &s, int u) { return s.units[u].hex != kOffMap; }

namespace {
// Boards nest (a retreat check inside an apply that holds one), so each live board takes the next
// buffer of a per-thread stack; buffers are kept, so after warm-up no board allocates.
struct BoardPool {
  std::vector<std::unique_ptr<Board::Buffers>> buffers;
  size_t live = 0;
};
thread_local BoardPool board_pool;
} // namespace

namespace {
Board::Buffers *take_buffers() {
  BoardPool &pool = board_pool;
  if (pool.live == pool.buffers.size()) pool.buffers.push_back(std::make_unique<Board::Buffers>());
  return pool.buffers[pool.live++].get();
}
} // namespace

// Puts unit u on (delta +1) or takes it off (delta -1) hex h: occupancy and the ZOC it projects
// into its six neighbours, never across a river (5.2, 12.2, R10).
void Board::place(int u, HexId h, int delta) {
  if (h == kOffMap) return;
  if (delta > 0)
    buf_->occ[h] = static_cast<int16_t>(u);
  else if (buf_->occ[h] == u)
    buf_->occ[h] = -1;
  const int occupant = buf_->occ[h];
  uint8_t &here = buf_->flags[h];
  here = static_cast<uint8_t>((here & ~(occupied_by(0) | occupied_by(1))) |
                              (occupant >= 0 ? occupied_by(b.units[occupant].side) : 0));
  const int side = b.units[u].side;
  auto &zoc = buf_->zoc[side];
  for (HexId n : buf_->steps[h]) {
    if (n == kOffMap) continue;
    zoc[n] = static_cast<uint8_t>(zoc[n] + delta);
    uint8_t &there = buf_->flags[n];
    there = static_cast<uint8_t>(zoc[n] ? there | zoc_of(side) : there & ~zoc_of(side));
  }
}

void Board::build() {
  const size_t n = static_cast<size_t>(b.hex_count());
  buf_->occ.assign(n, -1);
  buf_->zoc[0].assign(n, 0);
  buf_->zoc[1].assign(n, 0);
  buf_->flags.assign(n, 0);
  buf_->steps.resize(n);
  for (HexId h = 0; h < static_cast<HexId>(n); ++h) {
    if (b.terrain_impassable(h)) buf_->flags[h] = kImpassable;
    for (int d = 0; d < 6; ++d)
      buf_->steps[h][d] = b.hexside_impassable(h, d) ? kOffMap : b.adjacent[h][d];
  }
  buf_->hexes.resize(s.units.size());
  for (size_t u = 0; u < s.units.size(); ++u) {
    buf_->hexes[u] = s.units[u].hex;
    place(static_cast<int>(u), s.units[u].hex, +1);
  }
}

Board::Board(const Battle &battle, const GameState &state) : b(battle), s(state) {
  buf_ = take_buffers();
  buf_->battle.reset();
  build();
}

Board::Board(const View &c) : b(c.b), s(c.s) {
  buf_ = take_buffers();
  if (buf_->battle != c.setup.battle || buf_->hexes.size() != s.units.size()) {
    buf_->battle = c.setup.battle;
    build();
    return;
  }
  // The same battle: move only the units that moved (all off first, so two may swap hexes).
  const size_t units = s.units.size();
  bool moved = false;
  for (size_t u = 0; u < units; ++u)
    if (buf_->hexes[u] != s.units[u].hex) {
      place(static_cast<int>(u), buf_->hexes[u], -1);
      moved = true;
    }
  if (!moved) return;
  for (size_t u = 0; u < units; ++u)
    if (buf_->hexes[u] != s.units[u].hex) {
      buf_->hexes[u] = s.units[u].hex;
      place(static_cast<int>(u), s.units[u].hex, +1);
    }
}

Board::~Board() { --board_pool.live; }

bool Board::adjacent_to_enemy(HexId h, int side) const {
  for (HexId n : b.adjacent[h])
    if (n != kOffMap && unit_at(n) >= 0 && b.units[unit_at(n)].side != side) return true;
  return false;
}

bool Board::adjacent_to_enemy_hh(HexId h, int side) const {
  for (int d = 0; d < 6; ++d) {
    HexId n = b.adjacent[h][d];
    if (n == kOffMap || unit_at(n) < 0) continue;
    const UnitDef &u = b.units[unit_at(n)];
    if (u.side != side && u.type == UnitType::HH && !b.hexside_impassable(h, d)) return true;
  }
  return false;
}

bool in_enemy_zoc(const Battle &b, const GameState &s, HexId hex, int side) {
  return Board(b, s).ezoc(hex, side);
}

bool shield_wall_eligible(const View &c, int u) {
  return !is_horse(c.def(u).type) && c.face(u).fire == 0;
}

} // namespace sns

namespace sns {

bool phase_commanded(const Setup &setup, const GameState &state, Phase p) {
  if (p == Phase::Command || p == Phase::VictoryCheck || p == Phase::Initiative) return true;
  View c(setup, state);
  for (size_t w = 0; w < c.b.wings.size(); ++w) {
    if (c.b.wings[w].side != state.active) continue;
    // Before Bonus + Combat is decided (R7) all three combat phases are still possible.
    if (is_combat_phase(p) && combat_mode_undecided(state, static_cast<int>(w))) return true;
    if (wing_acts_in(c, static_cast<int>(w), p)) return true;
  }
  return false;
}

std::vector<int> wings_acting(const Setup &setup, const GameState &state, Phase p) {
  View c(setup, state);
  std::vector<int> out;
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == state.active && wing_acts_in(c, static_cast<int>(w), p))
      out.push_back(static_cast<int>(w));
  return out;
}

std::optional<Refusal> preview_attack(const Setup &setup, const GameState &state, const Action &a,
                                      AttackPreview &out) {
  if (a.type != ActionType::Attack)
    return refuse(RefusalKind::Malformed, "7.2", "only an attack can be previewed as an attack");
  if (attack_in_progress(state))
    return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
  return attack_preview(View(setup, state), a, out);
}

std::optional<Refusal> preview_hits(const Setup &setup, const GameState &state, const Action &a,
                                    HitsPreview &out) {
  View c(setup, state);
  if (!c.b.d3())
    return refuse(RefusalKind::Malformed, "D4", "hits are previewed only in D3 Medieval battles");
  if (a.type == ActionType::Shoot) return d3::shoot_preview(c, a, out);
  if (a.type == ActionType::Melee) return d3::melee_preview(c, a, out);
  return refuse(RefusalKind::Malformed, "D4", "only shoot and melee actions roll hits");
}

std::optional<Refusal> preview_fire(const Setup &setup, const GameState &state, const Action &a,
                                    FirePreview &out) {
  if (a.type != ActionType::Fire)
    return refuse(RefusalKind::Malformed, "9.1", "only a fire action can be previewed as fire");
  if (attack_in_progress(state))
    return refuse(RefusalKind::AttackPending, "7.1", "finish resolving the current attack first");
  return fire_preview(View(setup, state), a, out);
}

} // namespace sns
