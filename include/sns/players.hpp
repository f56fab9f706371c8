// Computer players (DESIGN.md "Computer players", R22): levels, what a side may know, evaluation,
// and the choice of an action for the side to act.
#pragma once
#include "sns/bots.hpp"
#include "sns/rules.hpp"

#include <array>
#include <atomic>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sns {

// Heuristic last, so that the others keep their indices (saved settings, tables).
enum class Level : uint8_t { Random, Greedy, Easy, Normal, Hard, Heuristic };
std::optional<Level> parse_level(std::string_view text);
std::string_view name(Level level);
// The levels' names in the order of their one table (players.cpp), for help texts and errors, so a
// new level is named everywhere. seats_only keeps the levels a game's computer seat may take (a
// record's "computer"): not random or greedy, which are for tests and arenas.
std::vector<std::string_view> level_names(bool seats_only = false);
// May a game's computer seat take this level (one of level_names(true))?
bool seat_level(Level level);
// Those names joined for a text: "random, greedy, easy, normal, hard, heuristic", or with
// last = " or ", "random, greedy, easy, normal, hard or heuristic". A `marked` level's name is
// followed by " (default)", for a help text that names the default in the list.
std::string level_list(std::string_view last = ", ", bool seats_only = false,
                       std::optional<Level> marked = std::nullopt);

// --- What a side may know (R22) ---------------------------------------------------------------
// A "world" is one guess at the hidden information: every fresh two-step unit gets a reverse drawn
// from the reverses of its side and type that are still unseen, and the dice get a fresh seed.
// Everything a computer player simulates happens in such a world, never in the real battle.
struct World {
  Setup setup; // the guessed battle, no forced dice
};
// Is the reverse of this unit hidden now (a fresh two-step unit)?
bool reverse_hidden(const Battle &b, const GameState &s, int unit);
World sample_world(const Setup &real, const GameState &s, BotRng &rng);

// --- Threats from the current positions -------------------------------------------------------
// The position as it would stand if the side of an attack's or fire's units had the phase for it
// (an ordinary Combat Phase, or the Fire Phase) with their wings given that command and no Bonus,
// and nobody had acted or been attacked yet this phase. Positions, steps, Suppression, Shield Wall
// and special-rule flags stay as they are, so the engine's preview judges "what could this do from
// here" in any phase (CLI preview --any). A D3 Medieval shoot or melee gets its side's shooting or
// melee phase with nobody having moved, shot or fought yet (facings, hits and disorder stay). Any
// other action gives the state back unchanged.
GameState hypothetical_state(const Battle &b, const GameState &s, const Action &a);

// --- Evaluation ------------------------------------------------------------------------------
// How good the position is for `side`, in VP-like points (own minus enemy): VP, material by the VP
// an elimination would give, step losses, suppression, closeness to objectives and to the enemy.
// Reads the world's battle (so only guessed reverses). A finished game is +/- kWinScore.
// The hard level's extra terms, each off for the other levels (docs/ai.md "The evaluation").
struct EvalTerms {
  // kReachThreat when an enemy unit could enter an open hex of one of its instant-win objectives in
  // one move from where it stands.
  bool reach_threats = false;
  // A side attacking in waves (AttackWaves) counts the units of the wave now attacking at
  // kSpentWave of their worth while a later wave waits: the wave is there to be spent.
  bool spend_waves = false;
  // Where one side wins when time runs out (the battle's at_end names it), the other side must
  // break it first. That side judges the holder's units at kHolderWorth times their worth (each
  // loss is a step towards its VP or annihilation win, and waiting is a loss) and its pull towards
  // the nearest enemy at kAttackerPull of the usual (material, not mere nearness, wins the race
  // against time). The holder's judgement is unchanged.
  bool press_holder = false;
  // Where a unit in contact stays in it until one side falls (D3 Medieval, D5), the hits its
  // fights will still inflict count now (Ruleset::fights_ahead): a fight the search sees one turn
  // of is decided over many.
  bool fights_ahead = false;
};
inline constexpr double kWinScore = 1000.0;
inline constexpr double kReachThreat = 20.0;
inline constexpr double kSpentWave = 0.3;
inline constexpr double kHolderWorth = 2.0;
inline constexpr double kAttackerPull = 0.3;
double evaluate_position(const Setup &world, const GameState &s, int side, EvalTerms terms = {});

// How many open hexes of `taker`'s instant-win objectives a unit of `taker` could enter with its
// next move from where it stands (the reach threat's walk: three hexes, a hex next to an enemy
// ends it, terrain costs not counted, so it errs towards seeing a threat).
int objective_hexes_in_reach(const Battle &b, const GameState &s, int taker);

// What losing this unit would give the enemy (the VP for eliminating its type, +2 for a crown,
// 13.1), plus one so that units without a VP value still count: the evaluation's unit of material.
double unit_worth(const Battle &b, int unit);

// --- The heuristic player (issue 32 item 4, src/engine/ai_heuristic.cpp) -----------------------
// The heuristic level's judgement of a position for `side`: evaluate_position with every EvalTerm
// on, less the threats the enemy's next attacks make on our units (the CRT's odds; reduced units
// and a holder's line weigh more), plus a share of ours on theirs, less what wing integrity (4.2)
// would strand. Reads the world's battle only (guessed reverses).
double heuristic_score(const Setup &world, const GameState &s, int side);
// An S&S II attack by the engine's own preview: the expected loss it deals (eliminations, steps,
// retreats) less the expected loss it takes, in the evaluation's points; a side that must break a
// holder counts its losses less as time runs out, a holder more. -1e9 when refused.
double attack_odds_value(const Setup &world, const GameState &s, const Action &attack, int side);
// Every legal action (by index into `acts`) with its value, best first: one ply by
// heuristic_score and the attack odds; commands by each wing's orders followed to the end of the
// turn, the best few assignments then followed whole. `seed` drives the follow-ups' sampling.
std::vector<std::pair<size_t, double>> heuristic_ranking(const Setup &world, const GameState &s,
                                                         const std::vector<Action> &acts, int side,
                                                         uint64_t seed);

// --- Never miss the obvious (issue 32 item 4) ----------------------------------------------------
// Judged in a guessed world (`world`, never the real battle) from a state whose dice are the
// player's own, so neither a hidden reverse nor a real future roll can change the answer.
// Does `a` end the game with `side` the winner whatever the die shows?
bool wins_surely(const Setup &world, const GameState &s, const Action &a, int side);
// Is `side` open to losing at the enemy's next chance: the game already lost, the enemy to act
// with an action that wins surely, or a unit of the enemy able to enter an open hex of one of its
// instant-win objectives with its next move (objective_hexes_in_reach)?
bool open_to_loss(const Setup &world, const GameState &s, int side);
// Does `a` leave `side` not open to loss whatever the die shows (false when it is refused)?
bool closes_every_threat(const Setup &world, const GameState &s, const Action &a, int side);

struct Evaluation {
  int side = 0;
  double score = 0;      // mean over sampled worlds
  double vp = 0;         // VP difference now
  double material = 0;   // material difference
  double position = 0;   // objectives and closeness
  double win_chance = 0; // the score squashed to [0, 1] (a rough guide, not a measured odds)
};
Evaluation evaluate(const Setup &real, const GameState &s, int side, uint64_t seed);

// --- Choosing ----------------------------------------------------------------------------------
// A budget of 0 iterations and 0 seconds takes the level's default iterations.
struct SearchBudget {
  uint64_t iterations = 0;
  double seconds = 0;
  // Set by another thread when the position searched is left (Stockfish's `stop`): the search
  // ends at its next playout and returns what it has, which the caller then drops.
  const std::atomic<bool> *stop = nullptr;
  // The search's playouts are shared among this many threads (1..kMaxSearchThreads). With an
  // iteration budget the answer is the same whatever the number (docs/ai.md "On several cores").
  unsigned threads = 1;
  bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};
// A choice that shapes a whole turn (commands, the Initiative, the combat mode, a special rule's
// verb): judged by playing the turn out, not by the position it leaves.
bool shapes_turn(const Action &a);
// The turn-shaping choices (indices into `acts`, the legal actions at `s`) that `level`'s one-ply
// ranking plays out: all when there are at most 48, else 48 of them: for `hard` the heuristic
// player's best (commands by each wing's orders judged alone), for `greedy` and `easy` a random
// draw from `seed`; none for `normal`, whose candidates there are the heuristic player's ranking.
std::vector<size_t> turn_choices_played_out(const Setup &world, const GameState &s,
                                            const std::vector<Action> &acts, Level level,
                                            uint64_t seed);
// The level's playouts a decision when no budget is given: `hard` sizes them to the battle (fewer
// on a battle of many units, whose playouts cost more).
uint64_t default_iterations(Level level, const Battle &b);
// The most threads a search uses; more would add copies of the worlds, not strength, at these
// budgets.
inline constexpr unsigned kMaxSearchThreads = 8;
// The processor's hardware threads, at least 1 and at most kMaxSearchThreads: the default of the
// command line and the app.
unsigned default_search_threads();

// Why a level chose its action: the kind of reasoning behind it. The engine says it as data; the
// command line and the app put it in words (src/view/search_words.hpp).
enum class SuggestionBasis : uint8_t {
  OnlyLegal,      // the only legal action
  Random,         // drawn at random among the legal actions
  OnePlyDice,     // greedy: the best expected position over the die's faces
  OnePlyTurn,     // greedy: the best position after playing the turn out
  OnePlyPosition, // greedy: the best position it leaves
  Search,         // the search: the best candidate over playouts
  WinsNow,        // normal and hard: it wins the game at once, whatever the die shows
  StopsThreat,    // normal and hard: it stops the enemy winning at its next chance
  Heuristic,      // heuristic: the best action by the heuristic judgement (docs/ai.md)
};

// The numbers behind a choice; which ones a suggestion carries depends on its basis.
enum class AccountTerm : uint8_t {
  LegalActions,  // Random: how many legal actions it drew among
  OnePlyGain,    // greedy and search: evaluation points one move ahead (steps, VP, objectives)
  Candidates,    // Search: the candidates kept after the greedy ranking
  WinShare,      // Search: the chosen candidate's mean share of a win over its playouts
  WinShareError, // Search: that mean's standard error
  Playouts,      // Search: the chosen candidate's playouts
  HorizonTurns,  // Search: playouts end this many turns after the current one
  Worlds,        // Search: the guesses at the hidden information played in
};
struct AccountEntry {
  AccountTerm term;
  double value = 0;
  friend bool operator==(const AccountEntry &, const AccountEntry &) = default;
};

struct Suggestion {
  Action action;
  SuggestionBasis basis = SuggestionBasis::OnlyLegal; // why this action, without naming it
  std::vector<AccountEntry> account;                  // the numbers behind it
  uint64_t iterations = 0; // rollouts (search levels) or actions scored (greedy)
  double seconds = 0;
  double value = 0; // the chosen action's estimate (greedy: evaluation points; search: win share)
  // The account's value for `term`, or `otherwise` when it has none.
  double term(AccountTerm t, double otherwise = 0) const {
    for (const AccountEntry &e : account)
      if (e.term == t) return e.value;
    return otherwise;
  }
};

// 4.0 (issue 32 item 5): would `c` in `order` let no unit of the order's wing act this turn? Asked
// of the engine's legal actions in the phase the command serves (Horse: the Horse Phase and the
// Charge step), from the position `s` (a Command Phase); a command whose use could depend on moving
// first (Combat with Move, Horse or Shield Wall; Withdraw with Horse) counts as doing something.
// Bonus does nothing when the command it pairs with does nothing.
bool command_does_nothing(const Setup &setup, const GameState &s, const WingOrder &order,
                          Command c);
// A command action without its commands that do nothing this turn (a wing left with none is left
// out); the action itself when the result would not be legal or it is not a command action.
Action without_idle_commands(const Setup &setup, const GameState &s, const Action &a);
// A command assignment the search need not weigh (issue 32 item 4): one that gives no command, or
// one holding a command that does nothing this turn (the same assignment without it plays alike
// and is listed too). Any other action is not.
bool idle_assignment(const Setup &setup, const GameState &s, const Action &a);

// The action `level` chooses for the side to act; one that legal_actions lists. It sees only what
// that side may know (R22) and its randomness comes from `seed` alone, so with an iteration budget
// the answer is deterministic.
Suggestion suggest(const Setup &real, const GameState &s, Level level, const SearchBudget &budget,
                   uint64_t seed);

// A player for whole games: a level, a budget, and its own random stream.
class Player {
public:
  Player(Level level, SearchBudget budget, uint64_t seed)
      : level_(level), budget_(budget), rng_{seed} {}
  Suggestion choose(const Setup &real, const GameState &s) {
    return suggest(real, s, level_, budget_, rng_.next());
  }
  Level level() const { return level_; }

private:
  Level level_;
  SearchBudget budget_;
  BotRng rng_;
};

struct ArenaGame {
  int winner = -1; // 0, 1, 2 draw, -1 cut off
  int turns = 0;
  size_t actions = 0;
  std::array<double, 2> seconds{};   // thinking time per side (processor seconds, one core)
  std::array<size_t, 2> decisions{}; // decisions per side
  std::array<double, 2> max_decision_seconds{};
  std::vector<double> decision_seconds[2];
  std::array<int, 2> vp{};
  std::string reason;                     // why it ended, in words (GameState::result_reason)
  EndReason end_reason = EndReason::None; // why it ended, for grouping (None: cut off)
  int victory_level = -1;                 // the battle's victory level reached, -1 none
  std::vector<Action> played; // every action in order: the game can be rebuilt and saved
};
// Plays one game between two players (players[side]); throws std::logic_error if a player ever
// chooses an action the engine refuses.
ArenaGame play_game(const Setup &setup, uint64_t game_seed, std::array<Player *, 2> players,
                    size_t max_actions = 20000);

} // namespace sns
