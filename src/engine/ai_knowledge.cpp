// What a computer player may know and how it judges a position (R22, 13.0): guessed worlds for the
// hidden reverses, and the evaluation shared by every level.
#include "sns/players.hpp"

#include "engine.hpp"
#include "sns/ruleset.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <tuple>

namespace sns {

bool reverse_hidden(const Battle &b, const GameState &s, int unit) {
  // R22: fresh two-step units keep their reverse hidden; a flipped or eliminated unit shows it.
  return b.units[unit].back && s.units[unit].steps == 2;
}

namespace {

auto face_key(const UnitFace &f) { return std::make_tuple(f.cc, f.fire, f.crown); }

// The battle without its source document (the search copies battles; the record never sees these).
std::shared_ptr<Battle> public_copy(const Battle &real) {
  auto b = std::make_shared<Battle>();
  *b = real;
  b->source = nullptr;
  return b;
}

} // namespace

World sample_world(const Setup &real, const GameState &s, BotRng &rng) {
  const Battle &rb = *real.battle;
  auto b = public_copy(rb);
  // Per side and type, the unseen reverses are those of the units still fresh; deal them out again
  // at random. The pool is sorted first so that which fresh unit really holds which reverse cannot
  // matter.
  for (int side = 0; side < 2; ++side)
    for (int t = 0; t < kUnitTypeCount; ++t) {
      std::vector<int> hidden;
      std::vector<UnitFace> pool;
      for (size_t u = 0; u < rb.units.size(); ++u)
        if (rb.units[u].side == side && static_cast<int>(rb.units[u].type) == t &&
            reverse_hidden(rb, s, static_cast<int>(u))) {
          hidden.push_back(static_cast<int>(u));
          pool.push_back(*rb.units[u].back);
        }
      std::sort(pool.begin(), pool.end(),
                [](const UnitFace &x, const UnitFace &y) { return face_key(x) < face_key(y); });
      for (size_t i = pool.size(); i > 1; --i)
        std::swap(pool[i - 1], pool[rng.below(i)]);
      for (size_t i = 0; i < hidden.size(); ++i)
        b->units[hidden[i]].back = pool[i];
    }
  World w;
  w.setup.battle = b;
  w.setup.tables = real.tables;
  w.setup.options = real.options;
  return w;
}

double unit_worth(const Battle &b, int u) {
  const UnitDef &d = b.units[u];
  int scorer = 1 - d.side;
  double vp = b.sides[scorer].vp_for_eliminating[static_cast<int>(d.type)];
  if (d.back && d.back->crown) vp += 2; // 13.1
  return vp + 1.0;
}

GameState hypothetical_state(const Battle &b, const GameState &s, const Action &a) {
  GameState h = s;
  return b.rules().as_if_attacking(b, h, a) ? h : s;
}

namespace {

struct Parts {
  double vp = 0, material = 0, position = 0;
  double closeness = 0; // counts for the side judging only: closing in is mutual, so a difference
                        // would cancel out and no side would ever seek battle
};

bool on_board(const GameState &s, int u) {
  return s.units[u].steps > 0 && s.units[u].hex != kOffMap && !s.units[u].away;
}

// The side that wins when time runs out, or -1 when the end is decided by VP or is a draw.
int holder(const Battle &b) {
  return b.at_end == AtEnd::Side0 ? 0 : b.at_end == AtEnd::Side1 ? 1 : -1;
}

// Which sides must close with the enemy: every side but the holder.
std::array<bool, 2> must_attack(const Battle &b) {
  int h = holder(b);
  return {h != 0, h != 1};
}

// How far into the battle we are, 0 at the start and 1 at the last turn (0 without a limit).
double time_spent(const Battle &b, const GameState &s) {
  if (b.last_turn <= 0) return 0;
  return std::clamp(static_cast<double>(s.turn - 1) / b.last_turn, 0.0, 1.0);
}

// The distance from `taker`'s nearest unit to hex h of an objective, or 99 when a unit of the
// other side stands in it (an occupied hex cannot be entered) or `taker` has no unit on the map.
int distance_to_open_hex(const Battle &b, const GameState &s, HexId h, int taker) {
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side != taker && on_board(s, static_cast<int>(u)) && s.units[u].hex == h)
      return 99;
  int best = 99;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side == taker && on_board(s, static_cast<int>(u)))
      best = std::min(best, b.distance(s.units[u].hex, h));
  return best;
}

int nearest_to_open_objective(const Battle &b, const GameState &s, const Special &sp, int taker) {
  int best = 99;
  for (HexId h : sp.hexes)
    best = std::min(best, distance_to_open_hex(b, s, h, taker));
  return best;
}

// The wings of `side`'s attack wave now attacking, when a later wave waits for it to be gone
// (AttackWaves, read from the engine's special_status): that wave is there to be spent, so its
// losses weigh less (EvalTerms).
std::vector<int> wave_to_spend(const Battle &b, const std::vector<SpecialRuleStatus> &status,
                               int side) {
  for (size_t i = 0; i < b.special.size(); ++i) {
    const Special &sp = b.special[i];
    int now = status[i].open_waves - 1; // the first wave not yet eliminated
    if (sp.kind == SpecialKind::AttackWaves && sp.side == side && now >= 0 &&
        now + 1 < static_cast<int>(sp.waves.size()))
      return sp.waves[now];
  }
  return {};
}

// `spent`: the wings whose losses count at kSpentWave (wave_to_spend), none by default; `pull`
// scales the closing-in term (kAttackerPull for the side that must break a holder, EvalTerms).
// `ahead`: the share of each unit its fights will still wear away (Ruleset::fights_ahead), or
// empty.
Parts side_parts(const Battle &b, const GameState &s, int side, const std::vector<int> &spent = {},
                 double pull = 1.0, std::span<const double> ahead = {}) {
  Parts p;
  p.vp = s.vp[side];
  if (const auto &target = b.sides[side].victory_vp; target && *target > 0) {
    double share = std::min(1.0, static_cast<double>(s.vp[side]) / *target);
    p.vp += 6.0 * share * share * share; // the last VP towards victory matter most
  }
  std::vector<HexId> enemies;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side != side && on_board(s, static_cast<int>(u)))
      enemies.push_back(s.units[u].hex);
  bool closing = must_attack(b)[side];
  // A side that must attack pushes harder as the last turn nears (a draw or a hold is its loss).
  double push = pull * 0.1 * (1.0 + 2.0 * time_spent(b, s));
  const auto wear = b.rules().wear; // hits and disorder (D13), where units wear beyond steps
  for (size_t u = 0; u < b.units.size(); ++u) {
    const UnitState &us = s.units[u];
    if (b.units[u].side != side || us.steps == 0) continue;
    double worth = unit_worth(b, static_cast<int>(u));
    if (std::find(spent.begin(), spent.end(), b.units[u].wing) != spent.end()) worth *= kSpentWave;
    bool reduced = us.steps < b.units[u].max_steps();
    p.material += worth * (reduced ? 0.55 : 1.0);
    if (wear) wear(s, static_cast<int>(u), worth, p.material);
    if (!ahead.empty()) p.material -= worth * ahead[u]; // hits to come count as hits taken
    if (us.suppressed) p.material -= 0.1 * worth;
    if (us.shield_wall) p.position += 0.01 * worth;
    if (!closing || !on_board(s, static_cast<int>(u)) || enemies.empty()) continue;
    int nearest = 99;
    for (HexId e : enemies)
      nearest = std::min(nearest, b.distance(us.hex, e));
    p.closeness -= push * std::min(nearest, 10);
  }
  // Objectives: a unit entering one of these hexes wins at once, so being near an open one counts
  // for the side that may take it, and an enemy near one of ours is a threat (below).
  for (const Special &sp : b.special)
    if (sp.kind == SpecialKind::InstantWinOnEntry && sp.side == side) {
      int best = nearest_to_open_objective(b, s, sp, side);
      if (best < 99) p.position -= 0.4 * std::min(best, 20);
    }
  return p;
}

// Can a unit of `taker` reach one of the open hexes of an instant-win objective in one move from
// where it stands? Breadth-first over kMovementAllowance hexes: no entering occupied or impassable
// hexes, and a hex next to a unit of the other side ends the move (5.2). Terrain costs are not
// counted beyond impassability, so this errs towards seeing a threat.
int reachable_objective_hexes(const Battle &b, const GameState &s, const Special &sp) {
  int taker = sp.side;
  size_t n = b.terrain.size();
  // Evaluations run by the hundred thousand: the grids are kept per thread, not allocated each
  // time.
  thread_local std::vector<int16_t> occ;
  thread_local std::vector<uint8_t> zoc, target, reached; // zoc: next to a unit of the defender
  thread_local std::vector<int> depth;
  thread_local std::vector<HexId> frontier, next;
  occ.assign(n, -1);
  zoc.assign(n, 0);
  for (size_t u = 0; u < b.units.size(); ++u) {
    if (!on_board(s, static_cast<int>(u))) continue;
    HexId h = s.units[u].hex;
    occ[h] = static_cast<int16_t>(u);
    if (b.units[u].side != taker)
      for (HexId a : b.adjacent[h])
        if (a >= 0) zoc[a] = 1;
  }
  target.assign(n, 0);
  for (HexId h : sp.hexes)
    if (occ[h] < 0) target[h] = 1;
  reached.assign(n, 0);
  depth.resize(n);
  for (size_t u = 0; u < b.units.size(); ++u) {
    if (b.units[u].side != taker || !on_board(s, static_cast<int>(u))) continue;
    HexId from = s.units[u].hex;
    int allowance = s.units[u].suppressed ? 1 : kMovementAllowance;
    bool near = false;
    for (HexId h : sp.hexes)
      if (target[h] && b.distance(from, h) <= allowance) near = true;
    if (!near) continue;
    std::fill(depth.begin(), depth.end(), 99);
    depth[from] = 0;
    frontier = {from};
    for (int step = 1; step <= allowance && !frontier.empty(); ++step) {
      next.clear();
      for (HexId h : frontier) {
        if (h != from && zoc[h]) continue; // entering EZOC ended the move there
        for (int dir = 0; dir < 6; ++dir) {
          HexId a = b.adjacent[h][dir];
          if (a < 0 || depth[a] <= step || occ[a] >= 0 || b.terrain_impassable(a) ||
              b.hexside_impassable(h, dir))
            continue;
          depth[a] = step;
          if (target[a]) reached[a] = 1;
          next.push_back(a);
        }
      }
      std::swap(frontier, next);
    }
  }
  int count = 0;
  for (HexId h : sp.hexes)
    count += reached[h];
  return count;
}

// How much an enemy instant-win objective threatens `side`: each hex of it that no unit of ours
// holds counts, steeply as the enemy's nearest unit comes within a move or two of it, so holding
// hexes one by one pays and holding every hex leaves no threat.
double objective_threat(const Battle &b, const GameState &s, int side, bool reach) {
  double threat = 0;
  for (const Special &sp : b.special)
    if (sp.kind == SpecialKind::InstantWinOnEntry && sp.side != side)
      for (HexId h : sp.hexes) {
        int d = distance_to_open_hex(b, s, h, sp.side);
        if (d < 99) threat += 8.0 / std::pow(1.0 + d, 1.5);
      }
  if (reach)
    for (const Special &sp : b.special)
      if (sp.kind == SpecialKind::InstantWinOnEntry && sp.side != side) {
        int open = reachable_objective_hexes(b, s, sp);
        if (open > 0) threat += kReachThreat + 4.0 * (open - 1);
      }
  return threat;
}

// When the most VP wins at the end, a lead is worth more the nearer the end is: a draw is not a
// win, so a side level on VP late in the battle must still score. D3 Medieval scores no VP, so
// it is nothing there; reading the units left instead was measured and not kept (docs/ai.md).
double late_lead(const Battle &b, const GameState &s, int side) {
  if (b.at_end != AtEnd::MostVP) return 0;
  int lead = s.vp[side] - s.vp[1 - side];
  double t = time_spent(b, s);
  return 3.0 * t * t * (lead > 0 ? 1 : lead < 0 ? -1 : 0);
}

} // namespace

int objective_hexes_in_reach(const Battle &b, const GameState &s, int taker) {
  int count = 0;
  for (const Special &sp : b.special)
    if (sp.kind == SpecialKind::InstantWinOnEntry && sp.side == taker)
      count += reachable_objective_hexes(b, s, sp);
  return count;
}

double evaluate_position(const Setup &world, const GameState &s, int side, EvalTerms terms) {
  if (s.game_over()) {
    if (s.winner == side) return kWinScore;
    if (s.winner == kDraw || s.winner < 0) return 0;
    return -kWinScore;
  }
  const Battle &b = *world.battle;
  std::array<std::vector<int>, 2> spent;
  if (terms.spend_waves) {
    auto status = special_status(world, s);
    for (int sd = 0; sd < 2; ++sd)
      spent[sd] = wave_to_spend(b, status, sd);
  }
  std::array<double, 2> worth = {1.0, 1.0}, pull = {1.0, 1.0};
  if (int h = holder(b); terms.press_holder && h == 1 - side) {
    worth[h] = kHolderWorth;
    pull[side] = kAttackerPull;
  }
  thread_local std::vector<double> ahead;
  ahead.clear();
  if (auto fights = b.rules().fights_ahead; terms.fights_ahead && fights) {
    ahead.resize(b.units.size());
    fights(View(world, s), ahead);
  }
  Parts me = side_parts(b, s, side, spent[side], pull[side], ahead),
        them = side_parts(b, s, 1 - side, spent[1 - side], pull[1 - side], ahead);
  return (me.vp - them.vp) + (worth[side] * me.material - worth[1 - side] * them.material) +
         (me.position - them.position) + me.closeness -
         objective_threat(b, s, side, terms.reach_threats) +
         objective_threat(b, s, 1 - side, terms.reach_threats) + late_lead(b, s, side);
}

Evaluation evaluate(const Setup &real, const GameState &s, int side, uint64_t seed) {
  Evaluation e;
  e.side = side;
  BotRng rng{seed};
  constexpr int kWorlds = 8;
  for (int i = 0; i < kWorlds; ++i) {
    World w = sample_world(real, s, rng);
    const Battle &b = *w.setup.battle;
    e.score += evaluate_position(w.setup, s, side) / kWorlds;
    Parts me = side_parts(b, s, side), them = side_parts(b, s, 1 - side);
    e.vp += (me.vp - them.vp) / kWorlds;
    e.material += (me.material - them.material) / kWorlds;
    e.position +=
        (me.position - them.position + me.closeness - objective_threat(b, s, side, false) +
         objective_threat(b, s, 1 - side, false) + late_lead(b, s, side)) /
        kWorlds;
  }
  e.win_chance = 1.0 / (1.0 + std::exp(-e.score / 8.0));
  return e;
}

} // namespace sns
