// The handlers of the command table (table.cpp), one family per file: commands_battle.cpp,
// commands_game.cpp, commands_players.cpp, commands_verify.cpp, serve.cpp; and what they print
// for a game in memory, which `serve` (serve.cpp) answers with too.
#pragma once
#include "output.hpp"
#include "table.hpp"

#include "sns/game.hpp"

#include <string>
#include <vector>

namespace sns::cli {

int cmd_validate(const Context &c);
int cmd_format(const Context &c);
int cmd_map(const Context &c);
int cmd_paths(const Context &c);

int cmd_new(const Context &c);
int cmd_state(const Context &c);
int cmd_note(const Context &c);
int cmd_report(const Context &c);
int cmd_legal(const Context &c);
int cmd_apply(const Context &c);
int cmd_preview(const Context &c);

int cmd_suggest(const Context &c);
int cmd_evaluate(const Context &c);
int cmd_play(const Context &c);
int cmd_bench(const Context &c);

int cmd_verify(const Context &c);
int cmd_serve(const Context &c);
int cmd_host(const Context &c); // net_game.cpp
int cmd_join(const Context &c);

// What the commands print for a game in memory, given their options as Args (the CLI's
// spelling: "--log", "--at", ...). Each throws CliError or LoadError as its command would.
Game new_game(const Args &a); // positional[0]: the battle; --seed, --dice, --option
json state_json(const Args &a, const Game &game); // --log, --at, --spoilers
json legal_json(const Game &game);
// Plays one action or fails with exit 3 (kind: the refusal's, rule, detail).
void play_action(Game &game, const Action &act, const std::string &detail);
json events_since(const Game &game, size_t from); // the log's entries from `from` on
// One preview (fails on a refusal), or a list of them (a refusal is an entry).
json preview_json(const Game &game, const std::vector<Action> &actions, bool any, bool list);
json add_note(Game &game, const Args &a, const std::string &text); // --at, --bookmark
json suggest_json(const Args &a, const Game &game);  // --level, --iterations, --seconds, --seed
json evaluate_json(const Args &a, const Game &game); // --seed
json map_json(const Battle &b);

} // namespace sns::cli
