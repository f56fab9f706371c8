// The heuristic player (issue 32 item 4, docs/ai.md "The heuristic player"): one ply judged with
// what a good player weighs (the CRT's odds, threats, objectives, wing integrity, who must attack),
// and commands chosen by the follow-up each wing's orders allow; all in a guessed world (R22).
#include "sns/players.hpp"
#include "sns/ruleset.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace sns {

namespace {

bool on_board(const GameState &s, int u) {
  return s.units[u].steps > 0 && s.units[u].hex != kOffMap && !s.units[u].away;
}

// The side that wins when time runs out, or -1 (the same reading as the evaluation's).
int holder_of(const Battle &b) {
  return b.at_end == AtEnd::Side0 ? 0 : b.at_end == AtEnd::Side1 ? 1 : -1;
}

double time_spent(const Battle &b, const GameState &s) {
  if (b.last_turn <= 0) return 0;
  return std::clamp(static_cast<double>(s.turn - 1) / b.last_turn, 0.0, 1.0);
}

// What eliminating `u` costs its side: what is left of it, and the VP the enemy scores.
double elimination_cost(const Battle &b, const GameState &s, int u) {
  double w = unit_worth(b, u);
  bool reduced = s.units[u].steps < b.units[u].max_steps();
  return (reduced ? 0.55 : 1.0) * w + (w - 1.0);
}
// What one lost step of `u` costs its side, in the evaluation's points: a fresh two-step unit
// keeps 0.55 of its worth when reduced (the evaluation's material); a last step is the whole unit.
double step_cost(const Battle &b, const GameState &s, int u) {
  bool fresh_two_step = b.units[u].max_steps() == 2 && s.units[u].steps == 2;
  return fresh_two_step ? 0.45 * unit_worth(b, u) : elimination_cost(b, s, u);
}

// The chances of the CRT's results for an attacker of class `cc` at net DRM `drm`, over the d8
// (R23), read from the tables the engine plays with: the threat term's quick odds.
struct Odds {
  double eliminated = 0, step = 0, retreat = 0; // for the defender (EX counts as a step)
};
Odds crt_odds(const Tables &tb, int cc, int drm) {
  Odds o;
  cc = std::clamp(cc, kBestCC, kWorstCC);
  for (int face = 1; face <= 8; ++face) {
    int col = std::clamp(face + drm, Tables::kMinColumn, Tables::kMaxColumn) - Tables::kMinColumn;
    switch (tb.crt[cc][col].result) {
    case CombatResult::DE:
      o.eliminated += 0.125;
      break;
    case CombatResult::DL:
    case CombatResult::EX:
      o.step += 0.125;
      break;
    case CombatResult::DR:
      o.retreat += 0.125;
      break;
    default:
      break;
    }
  }
  return o;
}

// kRetreatWorth: a retreat, for the unit that retreats, as a share of its worth (the line is
// broken and a retreat into no room costs the unit, 7.6).
constexpr double kRetreatWorth = 0.15;

// --- threats and zones of control ------------------------------------------------------------

// kExposure: how much an attack the enemy could make next turn on one of our units counts, as a
// share of the expected loss (the enemy may not have the command, nor choose that target).
constexpr double kExposure = 0.35;
// kEnemyExposure: the same for the enemy's units, which we may attack next (our chances).
constexpr double kEnemyExposure = 0.15;
// kDamagedExposure: a reduced unit loses its last step to any DL or EX: never leave it exposed.
constexpr double kDamagedExposure = 1.6;
// kHolderExposure: a side that wins by holding keeps its line; its exposures weigh more.
constexpr double kHolderExposure = 1.3;

// How much `side` stands to lose to the enemy's next attacks: for each of its units, the worst
// attack one enemy unit could make on it after one move (the CRT's odds for the enemy's visible
// class and the UTMM, terrain not counted), a hex already adjacent counting in full and one a move
// away at 0.6; several enemies within reach add a DRM of -1 (7.4's helpers).
double exposure(const Setup &world, const GameState &s, int side) {
  const Battle &b = *world.battle;
  const Tables &tb = *world.tables;
  double total = 0;
  for (size_t u = 0; u < b.units.size(); ++u) {
    int ui = static_cast<int>(u);
    if (b.units[u].side != side || !on_board(s, ui)) continue;
    int def_type = static_cast<int>(b.units[u].type);
    if (def_type >= kUnitTypeCount) return 0; // not an S&S II unit: no CRT
    double worst = 0;
    int near = 0;
    for (size_t e = 0; e < b.units.size(); ++e) {
      int ei = static_cast<int>(e);
      if (b.units[e].side == side || !on_board(s, ei)) continue;
      int d = b.distance(s.units[u].hex, s.units[e].hex);
      int reach = s.units[e].suppressed ? 1 : kMovementAllowance;
      if (d > reach + 1) continue;
      ++near;
      int drm = tb.utmm[static_cast<int>(b.units[e].type)][def_type];
      Odds o = crt_odds(tb, visible_face(b, s, ei).cc, drm);
      double loss = o.eliminated * elimination_cost(b, s, ui) + o.step * step_cost(b, s, ui) +
                    o.retreat * kRetreatWorth * unit_worth(b, ui);
      worst = std::max(worst, loss * (d == 1 ? 1.0 : 0.6));
    }
    if (near >= 2) worst *= 1.3;
    if (s.units[u].steps < b.units[u].max_steps()) worst *= kDamagedExposure;
    total += worst;
  }
  if (holder_of(b) == side) total *= kHolderExposure;
  return total;
}

// --- wing integrity ----------------------------------------------------------------------------

// kStranded: a Levy or Infantry unit out of its wing's reach is eliminated at the next phase
// (4.2), so it counts as lost; one a hex from breaking the test counts kLoose of that.
constexpr double kStranded = 1.0;
constexpr double kLoose = 0.15;

bool leads(UnitType t) { return t == UnitType::V || is_horse(t); }

// The wing integrity test (4.2) with `slack` hexes less room: 0 is the rule, 1 is a unit one hex
// from breaking it.
bool holds_together(const Battle &b, const GameState &s, int u, bool advanced, int slack) {
  int near = 0;
  for (size_t o = 0; o < b.units.size(); ++o) {
    int oi = static_cast<int>(o);
    if (oi == u || b.units[o].wing != b.units[u].wing || !on_board(s, oi)) continue;
    int d = b.distance(s.units[u].hex, s.units[o].hex) + slack;
    if (advanced) {
      if ((leads(b.units[o].type) && d <= 1) || (d <= 2 && ++near >= 2)) return true;
    } else if (leads(b.units[o].type) ? d <= 6 : d <= 4 && ++near >= 2) {
      return true;
    }
  }
  return false;
}

// What `side` stands to lose to wing integrity (4.2): stranded units at their worth, loose ones at
// a share of it.
double stranded(const Setup &world, const GameState &s, int side) {
  WingIntegrityRule rule = world.wing_integrity();
  if (rule == WingIntegrityRule::None) return 0;
  const Battle &b = *world.battle;
  if (!b.rules().has(Feature::WingIntegrity)) return 0; // D3 Medieval has none
  bool advanced = rule == WingIntegrityRule::Advanced;
  double total = 0;
  for (size_t u = 0; u < b.units.size(); ++u) {
    int ui = static_cast<int>(u);
    if (b.units[u].side != side || !on_board(s, ui) || !is_levy_or_infantry(b.units[u].type))
      continue;
    if (!holds_together(b, s, ui, advanced, 0))
      total += kStranded * elimination_cost(b, s, ui);
    else if (!holds_together(b, s, ui, advanced, 1))
      total += kLoose * elimination_cost(b, s, ui);
  }
  return total;
}

// --- the CRT's odds of an attack ----------------------------------------------------------------

// kPressTrade: a side that must attack accepts losses more readily as time runs out (at the last
// turn its losses count at 1 - kPressTrade); a holder counts them kHolderLosses times.
constexpr double kPressTrade = 0.5;
constexpr double kHolderLosses = 1.5;

// The attacker whose step the owner gives up (7.5: AL and EX let the owner pick): the cheapest.
double cheapest_step(const Battle &b, const GameState &s, const Action &a) {
  double best = 1e9;
  for (int u : a.attackers)
    best = std::min(best, step_cost(b, s, u));
  return best == 1e9 ? 0 : best;
}

} // namespace

double attack_odds_value(const Setup &world, const GameState &s, const Action &attack, int side) {
  const Battle &b = *world.battle;
  AttackPreview p;
  if (preview_attack(world, s, attack, p)) return -1e9;
  int t = attack.target;
  auto chance = [&](CombatResult r) { return p.outcomes[static_cast<int>(r)]; };
  // Expected steps dealt (in the evaluation's points), with a retreat's worth.
  double dealt = chance(CombatResult::DE) * elimination_cost(b, s, t) +
                 (chance(CombatResult::DL) + chance(CombatResult::EX)) * step_cost(b, s, t) +
                 chance(CombatResult::DR) * kRetreatWorth * unit_worth(b, t);
  double all_attackers = 0, retreat = 0;
  for (int u : attack.attackers) {
    all_attackers += elimination_cost(b, s, u);
    retreat += kRetreatWorth * unit_worth(b, u);
  }
  double taken =
      chance(CombatResult::AE) * all_attackers +
      (chance(CombatResult::AL) + chance(CombatResult::EX)) * cheapest_step(b, s, attack) +
      chance(CombatResult::AR) * retreat;
  // Who must attack and who may hold: the attacker trades as time runs out, the holder keeps its
  // line.
  int h = holder_of(b);
  if (h == 1 - side) taken *= 1.0 - kPressTrade * time_spent(b, s);
  if (h == side) taken *= kHolderLosses;
  return dealt - taken;
}

double heuristic_score(const Setup &world, const GameState &s, int side) {
  // The evaluation's own terms, every one on: VP, material, objectives with the reach threat, waves
  // and the pressure on a holder (docs/ai.md "The evaluation").
  double v = evaluate_position(world, s, side, {true, true, true});
  if (s.game_over()) return v;
  v -= kExposure * exposure(world, s, side);
  v += kEnemyExposure * exposure(world, s, 1 - side);
  v -= stranded(world, s, side);
  v += stranded(world, s, 1 - side);
  return v;
}

namespace {

bool rolls(const Action &a) {
  return a.type == ActionType::Fire || a.type == ActionType::Activate ||
         a.type == ActionType::Shoot || a.type == ActionType::Melee;
}

// A world's setup with one die face forced, for judging a roll over every face (R23's forced dice,
// in the guessed world only).
struct Faced {
  std::array<Setup, 8> faced;
  int faces = 8;
  explicit Faced(const Setup &world) {
    faces = die_faces(*world.battle);
    for (int f = 0; f < faces; ++f) {
      faced[f].battle = world.battle;
      faced[f].tables = world.tables;
      faced[f].options = world.options;
      faced[f].forced_dice = {f + 1};
    }
  }
};

// One ply, without looking past the turn: an S&S II attack by the CRT's odds from the preview, a
// fire, activation, shot or melee over every face of the die, anything else by the position it
// leaves. -1e9 when refused.
double one_ply(const Setup &world, const Faced &faced, const GameState &s, const Action &a,
               int side, double now) {
  if (a.type == ActionType::Attack) return now + attack_odds_value(world, s, a, side);
  if (rolls(a)) {
    double sum = 0;
    for (int f = 0; f < faced.faces; ++f) {
      GameState next = s;
      next.forced_used = 0;
      if (apply(faced.faced[f], next, a)) return -1e9;
      sum += heuristic_score(world, next, side);
    }
    return sum / faced.faces;
  }
  GameState next = s;
  if (apply(world, next, a)) return -1e9;
  return heuristic_score(world, next, side);
}

// kFollowSample: how many actions a follow-up step compares (the end of the phase and every
// attack always among them); more cost time for little.
constexpr size_t kFollowSample = 8;

// An attack being resolved: the odds it promised (for the side judging) and that side's
// judgement of the position before it.
struct Pending {
  bool on = false;
  double promised = 0, before = 0;
};

// Plays on from `s` to the end of the Player Turn (or the game) with the one-ply judgement for
// whoever acts, comparing a sample of the actions each step; the commands of later turns are not
// chosen here. An attack is rolled with the world's die, but one roll is luck, not judgement: the
// value returned (for `side`) is the final position's, corrected for each attack by what its odds
// promised less what its roll gave (the position once the attack is resolved).
// `pending`: an attack already made when `s` is in the middle of it.
double follow_up(const Setup &world, const Faced &faced, GameState &s, int side, BotRng &rng,
                 Pending pending = {}) {
  int turn = s.turn;
  double credit = 0;
  for (int n = 0; n < 200 && !s.game_over() && s.turn == turn; ++n) {
    if (pending.on && s.attack_stage() == AttackStage::None) {
      credit += pending.promised - (heuristic_score(world, s, side) - pending.before);
      pending.on = false;
    }
    std::vector<Action> acts = legal_actions(world, s);
    if (acts.empty()) break;
    int actor = side_to_act(world, s);
    double now = heuristic_score(world, s, actor);
    size_t best = 0;
    double best_value = -1e18;
    auto consider = [&](size_t i) {
      if (shapes_turn(acts[i])) return;
      double v = one_ply(world, faced, s, acts[i], actor, now);
      if (v > best_value) best_value = v, best = i;
    };
    if (acts.size() <= kFollowSample) {
      for (size_t i = 0; i < acts.size(); ++i)
        consider(i);
    } else {
      for (size_t i = 0; i < acts.size(); ++i)
        if (acts[i].type != ActionType::Move) consider(i);
      for (size_t k = 0; k < kFollowSample; ++k)
        consider(rng.below(acts.size()));
    }
    if (acts[best].type == ActionType::Attack) {
      double odds = best_value - now;
      pending = {true, actor == side ? odds : -odds, heuristic_score(world, s, side)};
    }
    if (apply(world, s, acts[best])) break;
  }
  if (pending.on && !s.game_over())
    credit += pending.promised - (heuristic_score(world, s, side) - pending.before);
  return heuristic_score(world, s, side) + credit;
}

double followed_value(const Setup &world, const Faced &faced, const GameState &s, const Action &a,
                      int side, uint64_t seed) {
  GameState next = s;
  BotRng rng{seed};
  next.rng = rng.next();
  // An attack made here counts by its odds too, not by the roll it gets (follow_up says why).
  Pending pending;
  if (a.type == ActionType::Attack) {
    int actor = side_to_act(world, s);
    double odds = attack_odds_value(world, s, a, actor);
    pending = {true, actor == side ? odds : -odds, heuristic_score(world, s, side)};
  }
  if (apply(world, next, a)) return -1e9;
  return follow_up(world, faced, next, side, rng, pending);
}

// kCommandFinalists: the command assignments, ranked by the sum of their wings' gains, whose
// whole follow-up is played before one is chosen.
constexpr size_t kCommandFinalists = 4;

// Commands: each wing's orders judged alone (the command given to that wing only, when the engine
// allows it alone, followed up to the end of the turn), an assignment ranked by the sum of its
// wings' gains over giving nothing; the best few assignments then played out whole.
void rank_commands(const Setup &world, const Faced &faced, const GameState &s,
                   const std::vector<Action> &acts, const std::vector<size_t> &commands, int side,
                   uint64_t seed, std::vector<double> &value) {
  Action none;
  none.type = ActionType::Command;
  double base = check(world, s, none) ? heuristic_score(world, s, side)
                                      : followed_value(world, faced, s, none, side, seed);
  std::map<std::pair<int, std::vector<int>>, double> gain;
  std::vector<std::pair<double, size_t>> by_sum;
  for (size_t i : commands) {
    double sum = 0;
    for (const WingOrder &o : acts[i].orders) {
      std::vector<int> key;
      for (Command c : o.commands)
        key.push_back(static_cast<int>(c));
      std::sort(key.begin(), key.end());
      auto [it, fresh] = gain.try_emplace({o.wing, key}, 0.0);
      if (fresh) {
        Action alone = none;
        alone.orders.push_back(o);
        if (!check(world, s, alone))
          it->second = followed_value(world, faced, s, alone, side, seed) - base;
      }
      sum += it->second;
    }
    by_sum.emplace_back(sum, i);
  }
  std::stable_sort(by_sum.begin(), by_sum.end(),
                   [](const auto &x, const auto &y) { return x.first > y.first; });
  double lowest = 1e18;
  for (size_t k = 0; k < by_sum.size() && k < kCommandFinalists; ++k) {
    size_t i = by_sum[k].second;
    value[i] = followed_value(world, faced, s, acts[i], side, seed);
    lowest = std::min(lowest, value[i]);
  }
  // The rest rank below the finalists, in the order of their sums.
  for (size_t k = kCommandFinalists; k < by_sum.size(); ++k)
    value[by_sum[k].second] = lowest - 1.0 - static_cast<double>(k) * 1e-6;
}

// kLookFurther: how many of the best one-ply actions are followed to the end of the turn (the
// rest of our units' moves and attacks as the judgement plays them) before one is chosen: a move
// that only pays once another unit has moved, or one that spoils the next, shows there.
constexpr size_t kLookFurther = 6;

// Re-ranks the first kLookFurther actions by their follow-up to the end of the turn (a follow-up
// is comparable only with another: each keeps its one-ply value's place among the rest).
void look_further(const Setup &world, const Faced &faced, const GameState &s,
                  const std::vector<Action> &acts, int side, uint64_t seed,
                  std::vector<std::pair<size_t, double>> &ranked) {
  size_t n = std::min(kLookFurther, ranked.size());
  if (n < 2) return;
  std::vector<std::pair<size_t, double>> head(ranked.begin(), ranked.begin() + n);
  double floor = head.back().second;
  for (auto &[index, value] : head) {
    if (shapes_turn(acts[index]) || value <= -1e8) continue;
    value = followed_value(world, faced, s, acts[index], side, seed);
  }
  std::stable_sort(head.begin(), head.end(),
                   [](const auto &x, const auto &y) { return x.second > y.second; });
  // Kept above the rest: the follow-ups' values, shifted so the last of them stays at `floor`.
  double shift = floor - head.back().second;
  for (size_t k = 0; k < n; ++k)
    ranked[k] = {head[k].first, head[k].second + shift};
}

} // namespace

std::vector<std::pair<size_t, double>> heuristic_ranking(const Setup &world, const GameState &s,
                                                         const std::vector<Action> &acts, int side,
                                                         uint64_t seed) {
  Faced faced(world);
  double now = heuristic_score(world, s, side);
  std::vector<double> value(acts.size(), -1e9);
  std::vector<size_t> commands;
  for (size_t i = 0; i < acts.size(); ++i) {
    if (acts[i].type == ActionType::Command)
      commands.push_back(i);
    else if (shapes_turn(acts[i]))
      value[i] = followed_value(world, faced, s, acts[i], side, seed);
    else
      value[i] = one_ply(world, faced, s, acts[i], side, now);
  }
  if (!commands.empty()) rank_commands(world, faced, s, acts, commands, side, seed, value);
  std::vector<std::pair<size_t, double>> out;
  for (size_t i = 0; i < acts.size(); ++i)
    out.emplace_back(i, value[i]);
  // Stable: ties keep the engine's order, so the answer is deterministic.
  auto best_first = [](const auto &x, const auto &y) { return x.second > y.second; };
  std::stable_sort(out.begin(), out.end(), best_first);
  if (commands.empty()) look_further(world, faced, s, acts, side, seed, out);
  return out;
}

} // namespace sns
