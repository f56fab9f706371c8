// Computer player levels (DESIGN.md "Computer players"): random, greedy one-ply with exact dice,
// and flat Monte-Carlo search with sequential halving over guessed worlds (docs/ai.md says why).
#include "sns/players.hpp"
#include "sns/ruleset.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <iterator>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <time.h>
#include <utility>

namespace sns {

namespace {

// How a level plays out the rest of a turn and judges where it ends (docs/ai.md).
struct Policy {
  size_t samples = 4;          // sampled actions per rollout step, the best one-ply one taken
  bool fair_dice = false;      // a sampled roll is judged over every face (else as it falls, which
                               // lets the rollout see its own die before choosing)
  EvalTerms terms;             // the evaluation's extra terms (the hard level)
  uint32_t random_one_in = 10; // a rollout step plays a random action one time in this many (0:
                               // never)
  // Of more turn-shaping choices than are played out (kMaxTurnChoices), the ones the heuristic
  // player ranks best (commands: by each wing's orders judged alone) instead of a random draw.
  bool judged_turn_choices = false;
  // Command assignments that give no command, or one that does nothing this turn, left out of the
  // ranking while another is left (idle_assignment): they took up to half of the search's eight
  // candidates at First Clash, as plays of the same turn as a busy assignment or of no turn at all.
  bool busy_assignments = false;
  // Where the decision shapes the turn (commands, the Initiative, a combat mode), the candidates
  // and their priors from the heuristic player's ranking (commands by each wing's orders) instead
  // of greedy_ranking's turns played out: with `normal`'s 160 playouts the search mostly keeps its
  // prior, and there the heuristic player's is the better one. Elsewhere greedy's one ply stays,
  // judged with the search's own terms (press the holder, spend the wave), which the heuristic
  // player's ranking lacks (docs/ai.md "`normal` with the heuristic player's commands only").
  bool judged_turn_shaping = false;
};

struct LevelInfo {
  Level level;
  const char *name;
  bool seat;           // a game's computer seat may take it (level_names)
  uint64_t iterations; // default search budget (rollouts); 0 for levels that do not search
  size_t candidates;   // actions kept for search after the greedy ranking
  int horizon_turns;   // rollouts end this many Player Turns after the current one
  Policy policy;
  bool obvious = false; // takes a sure win at once and stops a threat one action can stop
  // A battle of more units than this gets proportionally fewer playouts (0: always `iterations`):
  // a playout costs more the more units play, and a decision must stay within its time on the
  // largest battle (docs/ai.md "Playouts sized to the battle").
  size_t full_budget_units = 0;
};

// One table for the levels (budgets in iterations so that strength does not depend on the machine).
constexpr LevelInfo kLevels[] = {
    {.level = Level::Random, .name = "random", .seat = false},
    {.level = Level::Greedy, .name = "greedy", .seat = false},
    {.level = Level::Easy, .name = "easy", .seat = true, .iterations = 48, .candidates = 4},
    {.level = Level::Normal,
     .name = "normal",
     .seat = true,
     .iterations = 160,
     .candidates = 6,
     .horizon_turns = 1,
     .policy = {.samples = 8,
                .terms = {.spend_waves = true, .press_holder = true},
                .judged_turn_shaping = true},
     .obvious = true},
    {.level = Level::Hard,
     .name = "hard",
     .seat = true,
     .iterations = 1920,
     .candidates = 8,
     .horizon_turns = 1,
     .policy = {.samples = 8,
                .fair_dice = true,
                .terms = {.reach_threats = true,
                          .spend_waves = true,
                          .press_holder = true,
                          .fights_ahead = true},
                .judged_turn_choices = true,
                .busy_assignments = true},
     .obvious = true,
     .full_budget_units = 20},
    // The heuristic player searches nothing: its judgement is heuristic_ranking's.
    {.level = Level::Heuristic, .name = "heuristic", .seat = true, .obvious = true},
};

const LevelInfo &info(Level l) { return kLevels[static_cast<int>(l)]; }

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

bool rolls_die(const Action &a) {
  return a.type == ActionType::Attack || a.type == ActionType::Fire ||
         a.type == ActionType::Activate || a.type == ActionType::Shoot ||
         a.type == ActionType::Melee;
}

// A world plus one copy of its setup per die face, to resolve a roll with a chosen face (R23's
// forced dice, used here only inside the guessed world).
struct Sim {
  World world;
  std::array<Setup, 8> faced;
  int faces = 8; // the battle's die: d8 (R23) or d6 (D14)
  explicit Sim(World w) : world(std::move(w)) {
    faces = die_faces(*world.setup.battle);
    for (int f = 0; f < faces; ++f) {
      faced[f].battle = world.setup.battle;
      faced[f].tables = world.setup.tables;
      faced[f].options = world.setup.options;
      faced[f].forced_dice = {f + 1};
    }
  }
  const Setup &setup() const { return world.setup; }
};

bool apply_face(const Sim &sim, GameState &s, const Action &a, int face) {
  s.forced_used = 0;
  return !apply(sim.faced[face], s, a).has_value();
}

// An action that wins at once by entering one of the side's instant-win hexes, if there is one:
// sampling a few of hundreds of moves would rarely find it, and a player never misses it.
const Action *winning_entry(const Battle &b, const GameState &s, const std::vector<Action> &acts,
                            int side) {
  for (const Special &sp : b.special) {
    if (sp.kind != SpecialKind::InstantWinOnEntry || sp.side != side) continue;
    for (const Action &a : acts) {
      HexId h = b.rules().entered_hex(s, a); // a move, retreat or advance (7.8)
      if (h != kOffMap && std::find(sp.hexes.begin(), sp.hexes.end(), h) != sp.hexes.end())
        return &a;
    }
  }
  return nullptr;
}

// The fast policy for rollouts: a winning entry when there is one, else a few sampled actions, the
// best one-ply evaluation (dice as they fall), sometimes a random one.
double score(const Sim &sim, const GameState &s, int side, const Policy &pol) {
  return evaluate_position(sim.setup(), s, side, pol.terms);
}

// The position an action that rolls the die leaves, scored over every face alike (the d8 exactly,
// no sampling); `refused` when a face's result cannot be applied.
double mean_over_faces(const Sim &sim, const GameState &s, const Action &a, int side,
                       const Policy &pol, double refused) {
  double sum = 0;
  for (int f = 0; f < sim.faces; ++f) {
    GameState next = s;
    if (!apply_face(sim, next, a, f)) return refused;
    sum += score(sim, next, side, pol);
  }
  return sum / sim.faces;
}

// One-ply value of a sampled action in a rollout.
double sample_value(const Sim &sim, const GameState &s, const Action &a, int side,
                    const Policy &pol) {
  if (!pol.fair_dice || !rolls_die(a)) {
    GameState next = s;
    if (apply(sim.setup(), next, a)) return -1e18;
    return score(sim, next, side, pol);
  }
  return mean_over_faces(sim, s, a, side, pol, -1e18);
}

const Action &rollout_choice(const Sim &sim, const GameState &s, const std::vector<Action> &acts,
                             BotRng &rng, const Policy &pol) {
  int side = side_to_act(sim.setup(), s);
  if (const Action *win = winning_entry(*sim.setup().battle, s, acts, side)) return *win;
  if (acts.size() == 1 || (pol.random_one_in > 0 && rng.below(pol.random_one_in) == 0))
    return acts[rng.below(acts.size())];
  size_t best = rng.below(acts.size());
  double best_value = -1e18;
  for (size_t k = 0; k < std::min(pol.samples, acts.size()); ++k) {
    size_t i = k == 0 ? best : rng.below(acts.size());
    double v = sample_value(sim, s, acts[i], side, pol);
    if (v > best_value) best_value = v, best = i;
  }
  return acts[best];
}

// Plays on with the rollout policy until `end_turn` starts or the game ends.
void rollout(const Sim &sim, GameState &s, int end_turn, BotRng &rng, const Policy &pol,
             size_t max_actions = 400) {
  for (size_t n = 0; n < max_actions && !s.game_over() && s.turn < end_turn; ++n) {
    auto acts = legal_actions(sim.setup(), s);
    if (acts.empty()) return;
    if (apply(sim.setup(), s, rollout_choice(sim, s, acts, rng, pol))) return;
  }
}

// Processor time of this process: what a decision costs on one core, whatever else the machine
// is running (wall-clock time grows with the load; the arena reports this instead).
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double squash(double score) { return 1.0 / (1.0 + std::exp(-score / 6.0)); }

// --- greedy ---------------------------------------------------------------------------------

struct Scored {
  size_t index = 0;
  double value = 0;
};

// One-ply value of an action for `side`: attacks and fires over the eight faces exactly;
// turn-shaping choices by playing the rest of the turn out twice with the rollout policy; the rest
// by the position they leave.
double greedy_value(const Sim &sim, const GameState &s, const Action &a, int side, uint64_t seed,
                    const Policy &pol) {
  if (rolls_die(a)) return mean_over_faces(sim, s, a, side, pol, -1e9);
  GameState next = s;
  if (apply(sim.setup(), next, a)) return -1e9;
  if (!shapes_turn(a)) return score(sim, next, side, pol);
  double sum = 0;
  constexpr int kTurnPlays = 2;
  for (int k = 0; k < kTurnPlays; ++k) {
    GameState play = next;
    BotRng rng{seed + static_cast<uint64_t>(k) * 0x9E37ull};
    play.rng = rng.next();
    rollout(sim, play, s.turn + 1, rng, pol);
    sum += score(sim, play, side, pol);
  }
  return sum / kTurnPlays;
}

// Turn-shaping choices can number in the thousands (Grunwald's commands); at most this many are
// played out (played_turn_choices), each once when there are many.
constexpr size_t kMaxTurnChoices = 48;

// The turn-shaping choices greedy_ranking plays out (indices into `acts`): all when they are few,
// else kMaxTurnChoices of them, drawn at random or, with judged_turn_choices, the heuristic
// player's best (Lincoln's 97 command assignments, Grunwald's 1,784).
std::vector<size_t> played_turn_choices(const Setup &world, const GameState &s,
                                        const std::vector<Action> &acts, int side, uint64_t seed,
                                        bool judged) {
  std::vector<size_t> shaping;
  for (size_t i = 0; i < acts.size(); ++i)
    if (shapes_turn(acts[i])) shaping.push_back(i);
  if (shaping.size() <= kMaxTurnChoices) return shaping;
  if (judged) {
    shaping.clear();
    for (auto [index, value] : heuristic_ranking(world, s, acts, side, seed))
      if (shapes_turn(acts[index]) && shaping.size() < kMaxTurnChoices) shaping.push_back(index);
    return shaping;
  }
  BotRng pick{seed ^ 0x5DEECE66Dull};
  for (size_t i = shaping.size(); i > 1; --i)
    std::swap(shaping[i - 1], shaping[pick.below(i)]);
  shaping.resize(kMaxTurnChoices);
  return shaping;
}

// Marks the idle command assignments among those not yet skipped, unless every one of them is idle.
void leave_idle_assignments_out(const Setup &world, const GameState &s,
                                const std::vector<Action> &acts, std::vector<uint8_t> &skip) {
  std::vector<size_t> idle;
  bool any_busy = false;
  for (size_t i = 0; i < acts.size(); ++i) {
    if (skip[i] || acts[i].type != ActionType::Command) continue;
    if (idle_assignment(world, s, acts[i]))
      idle.push_back(i);
    else
      any_busy = true;
  }
  if (any_busy)
    for (size_t i : idle)
      skip[i] = 1;
}

std::vector<Scored> greedy_ranking(const Sim &sim, const GameState &s,
                                   const std::vector<Action> &acts, int side, uint64_t seed,
                                   const Policy &pol) {
  std::vector<uint8_t> skip(acts.size(), 0);
  for (size_t i = 0; i < acts.size(); ++i)
    skip[i] = shapes_turn(acts[i]) ? 1 : 0;
  for (size_t i : played_turn_choices(sim.setup(), s, acts, side, seed, pol.judged_turn_choices))
    skip[i] = 0;
  if (pol.busy_assignments) leave_idle_assignments_out(sim.setup(), s, acts, skip);
  std::vector<Scored> out;
  out.reserve(acts.size());
  for (size_t i = 0; i < acts.size(); ++i)
    if (!skip[i]) out.push_back({i, greedy_value(sim, s, acts[i], side, seed, pol)});
  // Stable: ties keep the engine's order, so the answer is deterministic.
  std::stable_sort(out.begin(), out.end(),
                   [](const Scored &x, const Scored &y) { return x.value > y.value; });
  return out;
}

// heuristic_ranking's judgement as the search's ranking type.
std::vector<Scored> heuristic_scored(const Setup &world, const GameState &s,
                                     const std::vector<Action> &acts, int side, uint64_t seed) {
  std::vector<Scored> out;
  for (auto [index, value] : heuristic_ranking(world, s, acts, side, seed))
    out.push_back({index, value});
  return out;
}

// Are this decision's candidates the heuristic player's (Policy::judged_turn_shaping)?
bool judged_decision(const Policy &pol, const std::vector<Action> &acts) {
  return pol.judged_turn_shaping && std::any_of(acts.begin(), acts.end(), shapes_turn);
}

// The ranking the search draws its candidates and priors from.
std::vector<Scored> candidate_ranking(const Sim &sim, const GameState &s,
                                      const std::vector<Action> &acts, int side, uint64_t seed,
                                      const Policy &pol) {
  return judged_decision(pol, acts) ? heuristic_scored(sim.setup(), s, acts, side, seed)
                                    : greedy_ranking(sim, s, acts, side, seed, pol);
}

// The position's value before acting, on the scale of candidate_ranking's values, so that an
// account's "one move ahead" is a candidate's gain and not the gap between two judgements (the
// heuristic player's score counts exposure and wing integrity, which `score` does not).
double candidate_baseline(const Sim &sim, const GameState &s, int side, const Policy &pol,
                          const std::vector<Action> &acts) {
  return judged_decision(pol, acts) ? heuristic_score(sim.setup(), s, side)
                                    : score(sim, s, side, pol);
}

// Which kind of one-ply judgement chose an action (greedy_value's three ways).
SuggestionBasis one_ply_basis(const Action &a) {
  return rolls_die(a)     ? SuggestionBasis::OnePlyDice
         : shapes_turn(a) ? SuggestionBasis::OnePlyTurn
                          : SuggestionBasis::OnePlyPosition;
}

// --- search ---------------------------------------------------------------------------------

struct Arm {
  size_t index;
  double prior;
  double sum = 0, sum_sq = 0;
  uint64_t n = 0;
  void add(double v) {
    sum += v;
    sum_sq += v * v;
    ++n;
  }
  double mean() const { return n ? sum / static_cast<double>(n) : 0; }
  // The standard error of the mean: how far playout luck alone could move it.
  double error() const {
    if (n < 2) return 1;
    double m = mean();
    double var = std::max(0.0, sum_sq / static_cast<double>(n) - m * m);
    return std::sqrt(var / static_cast<double>(n - 1));
  }
};

// Keeps the better half by mean; the one-ply favourite stays unless its mean is clearly (more than
// a standard error) below the last kept (the same reasoning as final_pick).
size_t halve(std::vector<Arm> &arms, size_t alive) {
  auto by_prior = [](const Arm &x, const Arm &y) { return x.prior < y.prior; };
  double favourite =
      std::max_element(arms.begin(), arms.begin() + static_cast<long>(alive), by_prior)->prior;
  std::stable_sort(arms.begin(), arms.begin() + static_cast<long>(alive),
                   [](const Arm &x, const Arm &y) { return x.mean() > y.mean(); });
  size_t kept = (alive + 1) / 2;
  for (size_t k = kept; k < alive; ++k)
    if (arms[k].prior == favourite && arms[k].mean() >= arms[kept - 1].mean() - arms[k].error())
      std::swap(arms[k], arms[kept - 1]);
  return kept;
}

// The final pick: among the surviving candidates whose mean is within one standard error of the
// best, the one the exact one-ply ranking liked most. Playouts use a fast, weak policy, so a small
// difference in their mean is as likely luck as insight; only a clear one overrides the ranking.
const Arm &final_pick(const std::vector<Arm> &arms, size_t alive) {
  const Arm *best = &arms[0];
  for (size_t k = 1; k < alive; ++k)
    if (arms[k].mean() > best->mean()) best = &arms[k];
  double bar = best->mean() - best->error();
  const Arm *pick = best;
  for (size_t k = 0; k < alive; ++k)
    if (arms[k].mean() >= bar && arms[k].prior > pick->prior) pick = &arms[k];
  return *pick;
}

// --- the choice and its account ---------------------------------------------------------------

Suggestion greedy_choice(const std::vector<Action> &acts, const std::vector<Scored> &ranking,
                         double now) {
  Suggestion out;
  out.action = acts[ranking[0].index];
  out.value = ranking[0].value;
  out.iterations = acts.size();
  out.basis = one_ply_basis(out.action);
  out.account = {{AccountTerm::OnePlyGain, ranking[0].value - now}};
  return out;
}

// What the search starts from: the position, its legal actions and their one-ply ranking.
struct SearchStart {
  const Setup &real;
  const GameState &s;
  const std::vector<Action> &acts;
  const std::vector<Scored> &ranking;
  double now; // the position's score before acting
  int side;
  const LevelInfo &li;
};

// The budget in rollouts: the one given, else none (a time budget), else the level's default.
uint64_t rollout_budget(const SearchBudget &budget, Level level, const Battle &b) {
  return budget.iterations ? budget.iterations
                           : (budget.seconds > 0 ? UINT64_MAX : default_iterations(level, b));
}

// One playout: the candidate `action` played in `sim` with the round's dice seed, then rolled out
// to the horizon; its score squashed to 0..1 (a refused action scores 0).
double playout(const SearchStart &st, const Sim &sim, size_t action, uint64_t round_seed) {
  GameState play = st.s;
  BotRng roll{round_seed};
  play.rng = roll.next();
  if (apply(sim.setup(), play, st.acts[action])) return 0;
  rollout(sim, play, st.s.turn + 1 + st.li.horizon_turns, roll, st.li.policy);
  return squash(score(sim, play, st.side, st.li.policy));
}

// A batch of rounds played by several threads. Playout j is round j / alive's candidate j % alive;
// its value lands in its own slot and the slots are merged in that order afterwards, so the arms'
// sums are added in the same order whatever the number of threads (the same answer, bit for bit).
// Each thread plays in its own copies of the worlds: a Setup's command cache is written as it is
// read. A playout not started (stop flag, time spent) is left out.
struct Batch {
  std::vector<uint64_t> round_seeds; // the rounds' dice seeds, in order
  std::vector<size_t> round_world;   // which world each round plays in
  size_t alive = 0;                  // candidates per round (arms[0..alive))
  size_t playouts = 0;               // playouts in the batch (the last round may be cut short)
};

void run_batch(const SearchStart &st, const std::vector<std::vector<Sim>> &sims_per_thread,
               const std::vector<Arm> &arms, const Batch &batch, const SearchBudget &budget,
               Clock::time_point start, std::vector<double> &values, std::vector<uint8_t> &done) {
  values.assign(batch.playouts, 0);
  done.assign(batch.playouts, 0);
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  size_t threads = std::min(sims_per_thread.size(), batch.playouts);
  std::vector<std::exception_ptr> errors(threads);
  auto work = [&](size_t t) {
    try {
      for (size_t j = next.fetch_add(1); j < batch.playouts; j = next.fetch_add(1)) {
        if (failed || budget.stopped() || (budget.seconds > 0 && since(start) >= budget.seconds))
          return;
        size_t round = j / batch.alive;
        values[j] = playout(st, sims_per_thread[t][batch.round_world[round]],
                            arms[j % batch.alive].index, batch.round_seeds[round]);
        done[j] = 1;
      }
    } catch (...) { // handed to the caller's thread, as a search on one thread would throw it
      errors[t] = std::current_exception();
      failed = true;
    }
  };
  {
    std::vector<std::jthread> helpers;
    for (size_t t = 1; t < threads; ++t)
      helpers.emplace_back(work, t);
    work(0);
  } // the helpers join here
  for (const std::exception_ptr &e : errors)
    if (e) std::rethrow_exception(e);
}

// How many playouts the next batch plays: whole rounds up to the end of the halving stage (the
// last round cut at the end of the budget), at most kBatchRounds of them, so that a huge budget
// needs no huge batch; with a time budget, a few rounds per thread between looks at the clock.
constexpr uint64_t kBatchRounds = 32;
uint64_t batch_playouts(uint64_t iterations, uint64_t used, uint64_t per_stage,
                        uint64_t stage_start, size_t alive, size_t threads) {
  if (iterations == UINT64_MAX) return static_cast<uint64_t>(alive) * 4 * threads;
  uint64_t left = iterations - used;
  uint64_t rounds = kBatchRounds;
  if (per_stage != UINT64_MAX && alive > 2) {
    uint64_t stage_left = per_stage - std::min(per_stage, used - stage_start);
    rounds = std::clamp<uint64_t>((stage_left + alive - 1) / alive, 1, kBatchRounds);
  }
  return std::min(left, rounds * alive);
}

// Flat Monte-Carlo with sequential halving: the greedy ranking keeps a few candidates; each round
// plays every surviving candidate once in the same guessed world with the same dice seed (so
// candidates are compared on equal luck), and the worse half is dropped at each stage. The rounds
// of a stage are shared among `budget.threads` threads (run_batch says why the answer stays the
// same).
Suggestion search_choice(const SearchStart &st, Sim first, Level level, const SearchBudget &budget,
                         BotRng &rng, Clock::time_point start) {
  std::vector<Arm> arms;
  for (size_t i = 0; i < std::min(st.li.candidates, st.ranking.size()); ++i)
    arms.push_back({st.ranking[i].index, st.ranking[i].value});
  constexpr size_t kWorlds = 8;
  std::vector<std::vector<Sim>> sims(1);
  sims[0].push_back(std::move(first));
  for (size_t i = 1; i < kWorlds; ++i)
    sims[0].emplace_back(sample_world(st.real, st.s, rng));
  size_t threads = std::clamp<size_t>(budget.threads, 1, kMaxSearchThreads);
  for (size_t t = 1; t < threads; ++t)
    sims.push_back(sims[0]);
  uint64_t iterations = rollout_budget(budget, level, *st.real.battle);
  uint64_t used = 0, round = 0;
  size_t alive = arms.size();
  int stages = std::max(1, static_cast<int>(std::ceil(std::log2(static_cast<double>(alive)))));
  uint64_t per_stage = iterations == UINT64_MAX ? UINT64_MAX : iterations / stages;
  uint64_t stage_start = 0;
  std::vector<double> values;
  std::vector<uint8_t> done;
  while (used < iterations && !budget.stopped() &&
         !(budget.seconds > 0 && since(start) >= budget.seconds)) {
    Batch batch;
    batch.alive = alive;
    batch.playouts = batch_playouts(iterations, used, per_stage, stage_start, alive, threads);
    for (size_t r = 0; r * alive < batch.playouts; ++r, ++round) {
      batch.round_seeds.push_back(rng.next());
      batch.round_world.push_back(round % kWorlds);
    }
    run_batch(st, sims, arms, batch, budget, start, values, done);
    for (size_t j = 0; j < batch.playouts; ++j)
      if (done[j]) {
        arms[j % alive].add(values[j]);
        ++used;
      }
    // With a time budget there is no halving plan: every candidate keeps being played.
    // Halving stops at two, which final_pick settles.
    if (per_stage != UINT64_MAX && used - stage_start >= per_stage && alive > 2) {
      alive = halve(arms, alive);
      stage_start = used;
    }
  }
  const Arm &best = final_pick(arms, alive);
  Suggestion out;
  out.action = st.acts[best.index];
  out.value = best.mean();
  out.iterations = used;
  out.basis = SuggestionBasis::Search;
  double prior = 0;
  for (const Scored &r : st.ranking)
    if (r.index == best.index) prior = r.value - st.now;
  out.account = {{AccountTerm::Candidates, static_cast<double>(arms.size())},
                 {AccountTerm::WinShare, best.mean()},
                 {AccountTerm::WinShareError, best.error()},
                 {AccountTerm::Playouts, static_cast<double>(best.n)},
                 {AccountTerm::HorizonTurns, static_cast<double>(st.li.horizon_turns)},
                 {AccountTerm::Worlds, static_cast<double>(kWorlds)},
                 {AccountTerm::OnePlyGain, prior}};
  return out;
}

// --- the obvious (issue 32 item 4) ------------------------------------------------------------

// The first action (in the engine's order) that wins at once whatever the die shows, judged in the
// guessed world: a player never misses it, whatever its playouts say.
std::optional<size_t> sure_win(const Setup &world, const GameState &s,
                               const std::vector<Action> &acts, int side) {
  for (size_t i = 0; i < acts.size(); ++i)
    if (!shapes_turn(acts[i]) && wins_surely(world, s, acts[i], side)) return i;
  return std::nullopt;
}

// When `chosen` leaves the side open to loss (the enemy's next action could win, or an enemy unit
// could enter one of its instant-win hexes with its next move), the best-ranked action that closes
// every such threat whatever the die shows; nothing when `chosen` already does or no one action
// can. Commands and other turn-shaping choices move no unit, so they close nothing by themselves.
std::optional<size_t> threat_stopper(const Setup &world, const GameState &s,
                                     const std::vector<Action> &acts,
                                     const std::vector<Scored> &ranking, size_t chosen, int side) {
  if (closes_every_threat(world, s, acts[chosen], side)) return std::nullopt;
  for (const Scored &r : ranking)
    if (r.index != chosen && !shapes_turn(acts[r.index]) &&
        closes_every_threat(world, s, acts[r.index], side))
      return r.index;
  return std::nullopt;
}

// The suggestion for an obvious action: `basis` says which (a sure win, a threat stopped).
Suggestion obvious_choice(const std::vector<Action> &acts, const std::vector<Scored> &ranking,
                          size_t index, double now, SuggestionBasis basis) {
  Suggestion out;
  out.action = acts[index];
  out.basis = basis;
  out.iterations = acts.size();
  for (const Scored &r : ranking)
    if (r.index == index) out.value = r.value;
  out.account = {{AccountTerm::OnePlyGain, out.value - now}};
  return out;
}

// --- the heuristic player ------------------------------------------------------------------

// The heuristic level's choice in one guessed world (R22): a sure win first, then the best of
// heuristic_ranking, replaced by the best-ranked action that stops a threat of loss when it leaves
// one open (the checks normal and hard make).
Suggestion heuristic_choice(const Setup &real, const GameState &known,
                            const std::vector<Action> &acts, int side, BotRng &rng) {
  World world = sample_world(real, known, rng);
  const Setup &w = world.setup;
  std::vector<Scored> ranking = heuristic_scored(w, known, acts, side, rng.next());
  double now = heuristic_score(w, known, side);
  if (auto win = sure_win(w, known, acts, side))
    return obvious_choice(acts, ranking, *win, now, SuggestionBasis::WinsNow);
  if (auto stop = threat_stopper(w, known, acts, ranking, ranking[0].index, side))
    return obvious_choice(acts, ranking, *stop, now, SuggestionBasis::StopsThreat);
  Suggestion out = greedy_choice(acts, ranking, now);
  out.basis = SuggestionBasis::Heuristic;
  return out;
}

} // namespace

std::optional<Level> parse_level(std::string_view text) {
  for (const LevelInfo &l : kLevels)
    if (text == l.name) return l.level;
  return std::nullopt;
}

std::string_view name(Level level) { return info(level).name; }

std::vector<std::string_view> level_names(bool seats_only) {
  std::vector<std::string_view> out;
  for (const LevelInfo &l : kLevels)
    if (l.seat || !seats_only) out.emplace_back(l.name);
  return out;
}

bool seat_level(Level level) { return info(level).seat; }

std::string level_list(std::string_view last, bool seats_only, std::optional<Level> marked) {
  std::vector<std::string_view> names = level_names(seats_only);
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out.append(i == 0 ? "" : i + 1 == names.size() ? last : ", ").append(names[i]);
    if (marked && names[i] == name(*marked)) out += " (default)";
  }
  return out;
}

uint64_t default_iterations(Level level, const Battle &b) {
  const LevelInfo &li = info(level);
  uint64_t units = b.units.size();
  if (li.full_budget_units == 0 || units <= li.full_budget_units) return li.iterations;
  return li.iterations * li.full_budget_units / units;
}

bool shapes_turn(const Action &a) {
  return a.type == ActionType::Command || a.type == ActionType::Initiative ||
         a.type == ActionType::CombatMode || a.type == ActionType::Special;
}

std::vector<size_t> turn_choices_played_out(const Setup &world, const GameState &s,
                                            const std::vector<Action> &acts, Level level,
                                            uint64_t seed) {
  const Policy &pol = info(level).policy;
  if (judged_decision(pol, acts)) return {}; // the heuristic player's ranking plays no turn out
  return played_turn_choices(world, s, acts, side_to_act(world, s), seed, pol.judged_turn_choices);
}

unsigned default_search_threads() {
  return std::clamp(std::thread::hardware_concurrency(), 1u, kMaxSearchThreads);
}

Suggestion suggest(const Setup &real, const GameState &s, Level level, const SearchBudget &budget,
                   uint64_t seed) {
  auto start = Clock::now();
  std::vector<Action> acts = legal_actions(real, s);
  if (acts.empty()) throw std::invalid_argument("no legal action: the game is over");
  int side = side_to_act(real, s);
  BotRng rng{seed};
  // R23: the real game's dice state foretells its next rolls; the player reasons from a copy whose
  // generator is its own, so no simulated roll (a second die of an action, a roll in the sequence
  // an action sets off) is ever the real game's.
  GameState known = s;
  known.rng = BotRng{seed ^ 0xD1CE5EEDull}.next();
  Suggestion out;
  if (acts.size() == 1) {
    out.action = acts[0];
    out.basis = SuggestionBasis::OnlyLegal;
  } else if (level == Level::Random) {
    out.action = acts[rng.below(acts.size())];
    out.basis = SuggestionBasis::Random;
    out.account = {{AccountTerm::LegalActions, static_cast<double>(acts.size())}};
  } else if (level == Level::Heuristic) {
    out = heuristic_choice(real, known, acts, side, rng);
    out.action = without_idle_commands(real, s, out.action); // as below (issue 32 item 5)
  } else {
    Sim first(sample_world(real, known, rng));
    uint64_t turn_seed = rng.next();
    const LevelInfo &li = info(level);
    auto ranking = candidate_ranking(first, known, acts, side, turn_seed, li.policy);
    double now = candidate_baseline(first, known, side, li.policy, acts);
    std::optional<size_t> win =
        li.obvious ? sure_win(first.setup(), known, acts, side) : std::nullopt;
    if (level == Level::Greedy)
      out = greedy_choice(acts, ranking, now);
    else if (win)
      out = obvious_choice(acts, ranking, *win, now, SuggestionBasis::WinsNow);
    else
      out = search_choice({real, known, acts, ranking, now, side, li}, first, level, budget, rng,
                          start);
    size_t chosen =
        static_cast<size_t>(std::find(acts.begin(), acts.end(), out.action) - acts.begin());
    if (li.obvious && !win && chosen < acts.size())
      if (auto stop = threat_stopper(first.setup(), known, acts, ranking, chosen, side))
        out = obvious_choice(acts, ranking, *stop, now, SuggestionBasis::StopsThreat);
    // Commands that let no unit act this turn are left out: a hint names none (issue 32 item 5).
    out.action = without_idle_commands(real, s, out.action);
  }
  out.seconds = since(start);
  return out;
}

ArenaGame play_game(const Setup &setup, uint64_t game_seed, std::array<Player *, 2> players,
                    size_t max_actions) {
  ArenaGame g;
  GameState s = new_game(setup, game_seed);
  while (!s.game_over() && g.actions < max_actions) {
    int side = side_to_act(setup, s);
    if (side < 0) break;
    double t = cpu_seconds();
    Suggestion sug = players[side]->choose(setup, s);
    double dt = cpu_seconds() - t;
    g.seconds[side] += dt;
    ++g.decisions[side];
    g.max_decision_seconds[side] = std::max(g.max_decision_seconds[side], dt);
    g.decision_seconds[side].push_back(dt);
    if (auto refusal = apply(setup, s, sug.action))
      throw std::logic_error(std::string("a ") + std::string(name(players[side]->level())) +
                             " player chose an illegal action: " + refusal->rule + " " +
                             refusal->reason);
    g.played.push_back(sug.action);
    ++g.actions;
  }
  g.winner = s.winner;
  g.turns = s.turn;
  g.vp = s.vp;
  g.reason = s.result_reason;
  g.end_reason = s.end_reason;
  g.victory_level = s.victory_level;
  return g;
}

} // namespace sns
