// Internal engine interface shared by the rules files: the read-only view and the mutable context
// of one decision, the board scratch, the action sink and the helpers.
#pragma once
#include "sns/rules.hpp"
#include "sns/ruleset.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sns {

// What validators, legal-action generation and previews read: everything const.
struct View {
  View(const Setup &setup_, const GameState &s_) : setup(setup_), b(*setup_.battle), s(s_) {}
  const Setup &setup;
  const Battle &b;
  const GameState &s;

  int other(int side) const { return 1 - side; }
  const UnitDef &def(int u) const { return b.units[u]; }
  const UnitFace &face(int u) const { return visible_face(b, s, u); }
  std::string name(int u) const { return b.units[u].id; }
  std::string hex(HexId h) const { return b.label(h); }
};

// What apply works in: the same view, plus the state to change (`w`, the very object `s` reads)
// and the log. Only apply and the code it calls hold one.
struct Ctx : View {
  Ctx(const Setup &setup_, GameState &state, Events *events)
      : View(setup_, state), w(state), ev(events) {}
  GameState &w;
  Events *ev;

  // Log an event; the text is only built when someone is listening (bots and benchmarks are not).
  template <typename TextFn>
  void say(EventKind kind, const char *rule, TextFn &&text, std::vector<int> units = {}) {
    if (ev) ev->push_back(Event{kind, rule, text(), 0, "", std::move(units)});
  }
  UnitState &unit(int u) { return w.units[u]; }
};

using Check = std::optional<Refusal>;
inline Refusal refuse(RefusalKind kind, std::string rule, std::string reason) {
  return {std::move(rule), std::move(reason), kind};
}
// Generation asks validators only yes or no, thousands of times per second: they then refuse with
// an empty Refusal and never build the words (explain = false).
template <typename Make> Check deny(bool explain, Make &&make) {
  return explain ? Check(make()) : Check(Refusal{});
}

// Who stands where: one unit per hex (5.1), and the zones of control (5.2). Kept per thread between
// calls: a board for the same battle and unit positions as the last one is reused as it is, and
// when units have moved only they are taken off and put back. No board allocates after warm-up.
class Board {
public:
  explicit Board(const View &c);
  Board(const Battle &b, const GameState &s); // for a battle not held by a setup: built afresh
  ~Board();
  Board(const Board &) = delete;
  Board &operator=(const Board &) = delete;
  int unit_at(HexId h) const { return buf_->occ[h]; }
  bool ezoc(HexId h, int side) const {
    return (buf_->flags[h] & zoc_of(1 - side)) != 0;
  } // an enemy of `side` projects ZOC into h (5.2, R10)

  // Per hex, everything a movement search asks about it in one byte: which side stands there,
  // whose zones of control reach it, whether its terrain is impassable (R9).
  static constexpr uint8_t kImpassable = 16;
  static constexpr uint8_t occupied_by(int side) { return static_cast<uint8_t>(1 << side); }
  static constexpr uint8_t zoc_of(int side) { return static_cast<uint8_t>(4 << side); }
  const uint8_t *flags() const { return buf_->flags.data(); }
  // Per hex and direction: the neighbour a unit may step into across that hexside, or -1 (off
  // the map, or a river without a ford or bridge: 12.2, R9).
  const std::array<HexId, 6> *steps() const { return buf_->steps.data(); }
  // The same facts per map column, one bit per row (bit r: row r), for the bit-parallel movement
  // search; only when columns() is true: at most 64 rows, and every neighbour where the map's
  // layout puts it (kColumnSteps).
  bool columns() const { return buf_->by_columns; }
  const uint64_t *occupied_columns(int side) const { return buf_->col_occ[side].data(); }
  const uint64_t *zoc_columns(int side) const { return buf_->col_zoc[side].data(); }
  const uint64_t *impassable_columns() const { return buf_->col_impassable.data(); }
  // A hex's column and row, without a division.
  int column_of(HexId h) const { return buf_->col_row[h].col; }
  int row_of(HexId h) const { return buf_->col_row[h].row; }
  // Per column and direction (kDirections' order): the rows from which a unit may step that way
  // (steps() not -1).
  const std::array<uint64_t, 6> *step_columns() const { return buf_->col_steps.data(); }
  // The layout: from column c, direction d leads to column c + kColumnSteps[c & 1][d].col and row
  // + .row (flat-topped hexes, odd columns from 0 half a hex lower: hex.hpp's offsets).
  struct ColumnStep {
    int8_t col, row;
  };
  static constexpr ColumnStep kColumnSteps[2][6] = {
      {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 0}, {-1, -1}},
      {{0, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}};
  bool adjacent_to_enemy(HexId h, int side) const;
  bool adjacent_to_enemy_hh(HexId h, int side) const; // 10.0: Heavy Horse EZOC freezes horse
  const Battle &b;
  const GameState &s;

  struct Buffers {
    std::shared_ptr<const Battle> battle;    // held, so no other battle can take its address
    std::vector<HexId> hexes;                // per unit: where it stood when the board was made
    std::vector<int16_t> occ;                // per hex: the unit there, or -1
    std::array<std::vector<uint8_t>, 2> zoc; // per side: how many of its units project ZOC there
    std::vector<uint8_t> flags;              // per hex: see flags()
    std::vector<std::array<HexId, 6>> steps; // per hex: see steps(); depends on the battle only
    // The column words (see columns()): who stands where and whose ZOC reaches, kept with flags;
    // impassable terrain, the steps and the layout depend on the battle only.
    bool by_columns = false;
    std::array<std::vector<uint64_t>, 2> col_occ, col_zoc;
    std::vector<uint64_t> col_impassable;
    std::vector<std::array<uint64_t, 6>> col_steps;
    struct ColRow {
      uint8_t col, row;
    };
    std::vector<ColRow> col_row; // per hex
  };

private:
  void build();
  void build_columns();
  void place(int u, HexId h, int delta);
  Buffers *buf_;
};

// Where generated actions go: all into a list (up to a limit), only their number, or only the one
// at a given index. Random playouts count, then pick one by index, and never build the others.
class ActionSink {
public:
  static ActionSink into(std::vector<Action> &list, size_t limit = SIZE_MAX) {
    ActionSink k;
    k.list_ = &list;
    k.limit_ = limit;
    return k;
  }
  static ActionSink counting(size_t limit = SIZE_MAX) {
    ActionSink k;
    k.limit_ = limit;
    return k;
  }
  static ActionSink picking(size_t index) {
    ActionSink k;
    k.pick_ = index;
    k.limit_ = index + 1;
    return k;
  }
  bool done() const { return count_ >= limit_; }
  size_t count() const { return count_; }
  bool picked() const { return pick_ != SIZE_MAX && count_ > pick_; }
  const Action &pick() const { return picked_; }
  // One action already built; add_lazy holds the one body, and the reference spares a copy.
  void add(const Action &a) {
    add_lazy([&]() -> const Action & { return a; });
  }
  // One action; make() builds it only when it is wanted (listed or picked).
  template <typename Make> void add_lazy(Make &&make) {
    if (done()) return;
    if (list_) list_->push_back(make());
    if (count_ == pick_) picked_ = make();
    ++count_;
  }
  // n actions at once; make(i) builds the i-th only when it is wanted.
  template <typename Make> void add_many(size_t n, Make &&make) {
    n = std::min(n, limit_ - count_);
    if (list_)
      for (size_t i = 0; i < n; ++i)
        list_->push_back(make(i));
    if (pick_ >= count_ && pick_ < count_ + n) picked_ = make(pick_ - count_);
    count_ += n;
  }

private:
  ActionSink() = default;
  std::vector<Action> *list_ = nullptr;
  size_t count_ = 0, limit_ = SIZE_MAX, pick_ = SIZE_MAX;
  Action picked_;
};

bool on_map(const GameState &s, int u);

// Losses and the end of a game, shared by the rulesets (victory.cpp).
void lose_step(Ctx &c, int u, const char *rule, const std::string &why);
void eliminate(Ctx &c, int u, const char *rule, const std::string &why);
void end_game(Ctx &c, int winner, EndReason why, const std::string &reason);

// Battle special rules (special.cpp), shared by the rulesets.
Check special_attack_restriction(const View &c, int attacker_side, const Attackers &attackers,
                                 int target);
void special_on_attack_declared(Ctx &c, const Attackers &attackers, int target);
void special_on_command(Ctx &c, const Action &a);
void special_on_entry(Ctx &c, int u);
int special_drm(const View &c, int primary, int target, std::vector<Term> &terms);
Check special_command_restriction(const View &c, int wing);
Check validate_special(const View &c, const Action &a);
void special_actions(const View &c, ActionSink &out);
void apply_special(Ctx &c, const Action &a);
// The return hexes of an off-map wing that has been called back, or null while it is still away.
const std::vector<HexId> *special_reinforcement_entry(const View &c, int u);
const Special *special_immobile(const View &c, int u);
void special_on_turn_start(Ctx &c);

// The battle's ruleset (ruleset.hpp), for the entry points of game.cpp.
inline const Ruleset &rules_of(const View &c) { return c.b.rules(); }

} // namespace sns
