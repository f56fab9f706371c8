// What every ruleset shares (3.0, R23, R25): the entry points of rules.hpp, which send each
// decision to the battle's Ruleset; the forced steps (R25); the dice; the board of who stands
// where.
#include "engine.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace sns {

std::string_view name(RefusalKind k) {
  static constexpr std::array<std::string_view, kRefusalKindCount> kNames{
      "other",         "game_over",  "attack_pending", "wrong_phase",  "not_yours",    "no_command",
      "already_acted", "blocked",    "unreachable",    "out_of_range", "primary_tie",  "malformed",
      "command_limit", "bad_target", "bad_attackers",  "bad_choice",   "special_rule", "dice"};
  return kNames[static_cast<int>(k)];
}

namespace {

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
    rules_of(c).legal(c, probe, -1);
    if (probe.count() == 0)
      throw std::logic_error("engine reached a decision point with no legal action");
    if (probe.count() > 1) return;
    ActionSink first = ActionSink::picking(0);
    rules_of(c).legal(c, first, -1);
    const Action only = first.pick();
    c.say(EventKind::Auto, "R25", [&] { return "only one choice: " + describe(c.b, only); });
    rules_of(c).apply(c, only);
  }
  throw std::logic_error("engine did not settle");
}

} // namespace

WingIntegrityRule Setup::wing_integrity() const {
  if (battle->wing_integrity == WingIntegrityRule::StandardOrAdvanced)
    return options.advanced_wing_integrity ? WingIntegrityRule::Advanced
                                           : WingIntegrityRule::Standard;
  return battle->wing_integrity;
}

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
  s.vp = {b.sides[0].start_vp, b.sides[1].start_vp};
  s.units.resize(b.units.size());
  for (size_t u = 0; u < b.units.size(); ++u) {
    s.units[u].hex = b.units[u].start;
    s.units[u].steps = static_cast<uint8_t>(b.units[u].max_steps());
  }
  Ctx c(setup, s, events);
  b.rules().start(c); // the ruleset's own block of the state, and its first turn
  settle(c);
  assert_consistent(c);
  return s;
}

std::vector<Action> legal_actions(const Setup &setup, const GameState &state) {
  std::vector<Action> out;
  out.reserve(128);
  ActionSink sink = ActionSink::into(out);
  const View c(setup, state);
  rules_of(c).legal(c, sink, -1);
  return out;
}

std::vector<Action> legal_actions_for_unit(const Setup &setup, const GameState &state, int unit) {
  std::vector<Action> out;
  if (unit < 0 || unit >= static_cast<int>(state.units.size())) return out;
  ActionSink sink = ActionSink::into(out);
  const View c(setup, state);
  rules_of(c).legal(c, sink, unit);
  return out;
}

size_t legal_count(const Setup &setup, const GameState &state) {
  ActionSink sink = ActionSink::counting();
  const View c(setup, state);
  rules_of(c).legal(c, sink, -1);
  return sink.count();
}

Action legal_action_at(const Setup &setup, const GameState &state, size_t index) {
  ActionSink sink = ActionSink::picking(index);
  const View c(setup, state);
  rules_of(c).legal(c, sink, -1);
  if (!sink.picked()) throw std::out_of_range("legal_action_at: no legal action at that index");
  return sink.pick();
}

std::optional<Refusal> check(const Setup &setup, const GameState &state, const Action &action) {
  const View c(setup, state);
  return rules_of(c).validate(c, action);
}

std::optional<Refusal> apply(const Setup &setup, GameState &state, const Action &action,
                             Events *events) {
  Ctx c(setup, state, events);
  if (auto r = rules_of(c).validate(c, action)) return r;
  rules_of(c).apply(c, action);
  settle(c);
  assert_consistent(c);
  return std::nullopt;
}

int side_to_act(const Setup &setup, const GameState &state) {
  if (state.game_over()) return -1;
  const View c(setup, state);
  return rules_of(c).side_to_act(c);
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
// into its six neighbours, never across a river (5.2, 12.2, R10). The column words follow the
// flags; a neighbour's column and row come from the direction.
void Board::place(int u, HexId h, int delta) {
  if (h == kOffMap) return;
  // Every array through a local pointer: the stores are of bytes, which may alias anything, so
  // pointers read through buf_ would be read again after each.
  Buffers &f = *buf_;
  int16_t *occ = f.occ.data();
  uint8_t *flags = f.flags.data();
  if (delta > 0)
    occ[h] = static_cast<int16_t>(u);
  else if (occ[h] == u)
    occ[h] = -1;
  const int occupant = occ[h];
  flags[h] = static_cast<uint8_t>((flags[h] & ~(occupied_by(0) | occupied_by(1))) |
                                  (occupant >= 0 ? occupied_by(b.units[occupant].side) : 0));
  const int side = b.units[u].side;
  const bool by_columns = f.by_columns;
  const int col = by_columns ? f.col_row[h].col : 0, row = by_columns ? f.col_row[h].row : 0;
  if (by_columns) {
    const uint64_t bit = uint64_t{1} << row;
    f.col_occ[0][col] &= ~bit;
    f.col_occ[1][col] &= ~bit;
    if (occupant >= 0) f.col_occ[b.units[occupant].side][col] |= bit;
  }
  uint8_t *zoc = f.zoc[side].data();
  uint64_t *col_zoc = by_columns ? f.col_zoc[side].data() : nullptr;
  const std::array<HexId, 6> steps = f.steps[h];
  const uint8_t mine = zoc_of(side);
  for (int d = 0; d < 6; ++d) {
    const HexId n = steps[d];
    if (n == kOffMap) continue;
    const auto count = static_cast<uint8_t>(zoc[n] + delta);
    zoc[n] = count;
    flags[n] = static_cast<uint8_t>(count ? flags[n] | mine : flags[n] & ~mine);
    if (!col_zoc) continue;
    const ColumnStep step = kColumnSteps[col & 1][d];
    uint64_t &word = col_zoc[col + step.col];
    const uint64_t bit = uint64_t{1} << (row + step.row);
    word = count ? word | bit : word & ~bit;
  }
}

// The column words of a fresh board (see columns()): every neighbour checked against the layout,
// the steps and impassable terrain per column.
void Board::build_columns() {
  Buffers &f = *buf_;
  const int cols = b.columns, rows = b.rows;
  f.by_columns = rows <= 64;
  for (HexId h = 0; h < static_cast<HexId>(b.hex_count()) && f.by_columns; ++h)
    for (int d = 0; d < 6; ++d) {
      const HexId n = b.adjacent[h][d];
      if (n == kOffMap) continue;
      const int col = h / rows;
      const ColumnStep step = kColumnSteps[col & 1][d];
      if (n / rows - col != step.col || n % rows - h % rows != step.row) f.by_columns = false;
    }
  for (auto &v : f.col_occ)
    v.assign(static_cast<size_t>(cols), 0);
  for (auto &v : f.col_zoc)
    v.assign(static_cast<size_t>(cols), 0);
  f.col_impassable.assign(static_cast<size_t>(cols), 0);
  f.col_steps.assign(static_cast<size_t>(cols), {});
  f.col_row.resize(static_cast<size_t>(b.hex_count()));
  if (!f.by_columns) return;
  for (HexId h = 0; h < static_cast<HexId>(b.hex_count()); ++h) {
    const size_t col = static_cast<size_t>(h / rows);
    const uint64_t bit = uint64_t{1} << (h % rows);
    f.col_row[static_cast<size_t>(h)] = {static_cast<uint8_t>(col), static_cast<uint8_t>(h % rows)};
    if (f.flags[h] & kImpassable) f.col_impassable[col] |= bit;
    for (size_t d = 0; d < 6; ++d)
      if (f.steps[h][d] != kOffMap) f.col_steps[col][d] |= bit;
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
  build_columns();
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

std::optional<Refusal> preview_hits(const Setup &setup, const GameState &state, const Action &a,
                                    HitsPreview &out) {
  View c(setup, state);
  if (!rules_of(c).preview_hits)
    return refuse(RefusalKind::Malformed, "D4", "hits are previewed only in D3 Medieval battles");
  return rules_of(c).preview_hits(c, a, out);
}

bool state_is_consistent(const Setup &setup, const GameState &s, std::string *why) {
  auto fail = [&](const std::string &text) {
    if (why) *why = text;
    return false;
  };
  // Every ruleset records why its games end (EndReason), for programs that group the endings.
  if ((s.end_reason != EndReason::None) != s.game_over())
    return fail("the end reason and the end of the game disagree (13.0)");
  // The victory level is decided at the end, once, and names one of the battle's levels.
  const int levels = static_cast<int>(setup.battle->victory_levels.size());
  if (s.victory_level >= levels || (s.victory_level >= 0 && !s.game_over()) ||
      (s.game_over() && levels > 0 && s.victory_level < 0))
    return fail("the victory level and the end of the game disagree");
  const View c(setup, s);
  return rules_of(c).consistent(c, why);
}

int die_faces(const Battle &b) { return b.rules().die_faces; }

} // namespace sns
