// The handlers of the command table (table.cpp), one family per file: commands_battle.cpp,
// commands_game.cpp, commands_players.cpp, commands_verify.cpp.
#pragma once
#include "table.hpp"

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

} // namespace sns::cli
