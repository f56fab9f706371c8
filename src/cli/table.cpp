// The command table (table.hpp): every command's arguments, options, handler and help in one
// place; the parser, --help and the manual page read it.
#include "table.hpp"
#include "commands.hpp"
#include "output.hpp"

#include "sns/input.hpp"
#include "sns/players.hpp"

namespace sns::cli {

namespace {

const OptionRow kSeed{"--seed", "N", "the seed of the game's dice (default 1)"};
const OptionRow kOut{"--out", "GAME.json", "write the record there instead"};
const OptionRow kAt{"--at", "N", "the moment after the first N actions (0: the set-up)"};
const OptionRow kIterations{"--iterations", "N", "the search's budget in playouts"};
const OptionRow kSeconds{"--seconds", "S", "the search's budget in seconds instead"};
const OptionRow kThreads{"--threads", "N",
                         "the search's threads (default the processor's, at most 8); the same "
                         "answer for an --iterations budget whatever N"};
const OptionRow kOption{"--option", "advanced-wing-integrity", "a game option the battle offers",
                        true};

const OptionRow kPlayer{"--player", "NAME", "the name the opponent sees (1 to 40 bytes)"};
const OptionRow kBot{"--bot", "L", "the computer player's level (default normal)"};
const OptionRow kTimeout{"--timeout", "S",
                         "seconds a reveal or state hash may be withheld before the opponent "
                         "counts as disconnected (default 60)"};
const OptionRow kResume{"--resume", "",
                        "continue the game of --out after this end stopped (its record and "
                        "OUT.secret.json)"};
const OptionRow kWait{"--wait", "S",
                      "seconds to wait for the opponent to connect or come back (default 300)"};

// --level's help: the engine's levels (one table, players.cpp), normal marked as the default.
const char *level_help() {
  static const std::string text = level_list(" or ", false, Level::Normal);
  return text.c_str();
}

// --bots's help, from the same table.
const char *bots_help() {
  static const std::string text = "two levels: " + level_list();
  return text.c_str();
}

// check-sizes: a table
std::vector<CommandRow> make_table() {
  return {
      {"validate",
       "BATTLE.json",
       1,
       1,
       {},
       cmd_validate,
       "load and check a battle file",
       "battles"},
      {"new",
       "BATTLE.json",
       1,
       1,
       {kSeed,
        kOption,
        {"--dice", "5,2,8", "forced die results, used before the seed's (R23)"},
        {"--out", "GAME.json", "write the record and print the state"}},
       cmd_new,
       "start a game: print its record, or write it with --out",
       "games"},
      {"state",
       "GAME.json",
       1,
       1,
       {kAt,
        {"--spoilers", "", "show each unit's hidden reverse (R22)"},
        {"--log", "all|none|since:N", "the whole log, none of it, or entries N onwards"}},
       cmd_state,
       "the state of a game, with its log and notes",
       "games"},
      {"note",
       "GAME.json TEXT",
       2,
       2,
       {{"--at", "N", "the moment the note is on (the end by default)"},
        {"--bookmark", "", "list the note among the replay's bookmarks"},
        kOut},
       cmd_note,
       "add a note of 1 to 2000 characters to a record",
       "games"},
      {"report",
       "GAME.json",
       1,
       1,
       {{"--out", "DIR", "the folder report.md is written in (needed)"}},
       cmd_report,
       "write DIR/report.md, a Markdown battle report",
       "games"},
      {"legal",
       "GAME.json",
       1,
       1,
       {},
       cmd_legal,
       "every legal action now, in a stable order",
       "games"},
      {"apply",
       "GAME.json ACTION...",
       2,
       kMany,
       {kOut},
       cmd_apply,
       "apply actions in order and write the record back; nothing written if one is refused",
       "games"},
      {"preview",
       "GAME.json ACTION...",
       2,
       kMany,
       {{"--any", "", "judge each action as if its side had the phase for it"}},
       cmd_preview,
       "the odds, shifts and modifiers of attacks and fire, without rolling",
       "games"},
      {"verify",
       "RECORD.json",
       1,
       1,
       {},
       cmd_verify,
       "replay a mailed record against the shipped battle of its id and its seed's dice",
       "games"},
      {"serve",
       "[GAME.json]",
       0,
       1,
       {},
       cmd_serve,
       "a session of JSON lines on standard input and output, one reply per request, the game "
       "kept in memory (docs/protocol.md)",
       "games"},
      {"host",
       "BATTLE.json",
       1,
       1,
       {{"--port", "P", "the TCP port to wait on (default 0: a free one, said in the first event)"},
        {"--side", "S", "the side this end plays (default the battle's first)"},
        kPlayer,
        kBot,
        kIterations,
        kSeconds,
        kThreads,
        {"--out", "GAME.json",
         "the record, written after every action (default network-host.json)"},
        kTimeout,
        kWait,
        kResume},
       cmd_host,
       "host a network game for one opponent; a computer player plays this side "
       "(docs/protocol.md)",
       "games"},
      {"join",
       "HOST:PORT",
       1,
       1,
       {kPlayer,
        kBot,
        kIterations,
        kSeconds,
        kThreads,
        {"--out", "GAME.json",
         "the record, written after every action (default network-join.json)"},
        kTimeout,
        kWait,
        kResume},
       cmd_join,
       "join a network game; a computer player plays the side the host left (docs/protocol.md)",
       "games"},
      {"suggest",
       "GAME.json",
       1,
       1,
       {{"--level", "L", level_help()},
        kIterations,
        kSeconds,
        kThreads,
        {"--seed", "N", "the search's seed (default 1)"}},
       cmd_suggest,
       "the computer player's choice for the side to act",
       "players"},
      {"evaluate",
       "GAME.json",
       1,
       1,
       {{"--seed", "N", "the guesses' seed (default 1)"}},
       cmd_evaluate,
       "the computer player's judgement of the position",
       "players"},
      {"map",
       "BATTLE_OR_GAME.json",
       1,
       1,
       {},
       cmd_map,
       "the public map and setup of a battle or of a game's battle",
       "battles"},
      {"play",
       "BATTLE.json",
       1,
       1,
       {{"--games", "N", "how many games (default 100)"},
        {"--seed", "N", "game g uses seed N+g (default 1)"},
        {"--bots", "A,B", bots_help()},
        {"--alternate", "", "swap the seats every other game"},
        kIterations,
        kSeconds,
        {"--threads", "N or A,B",
         "the search's threads, for both players or for each of --bots (default the "
         "processor's, at most 8)"},
        {"--max-actions", "N", "cut a game off after N actions (default 20000)"},
        {"--keep", "DIR", "save every game as DIR/BATTLE-SEED.json"},
        kOption},
       cmd_play,
       "two computer players play whole games",
       "players"},
      {"format",
       "BATTLE.json",
       1,
       1,
       {{"--out", "FILE", "write the canonical text there"},
        {"--check", "", "exit 2 unless the file is canonical"}},
       cmd_format,
       "the battle in the editor's canonical layout, the same content",
       "battles"},
      {"bench",
       "[BATTLE.json...]",
       0,
       kMany,
       {{"--seconds", "S", "processor seconds per battle (default 2)"}},
       cmd_bench,
       "random playouts per second on one core for each battle (all shipped by default)",
       "players"},
      {"paths",
       "",
       0,
       0,
       {},
       cmd_paths,
       "where the data was found and where the app keeps its files",
       "battles"},
  };
}

const OptionRow *find_option(const CommandRow &row, const std::string &name) {
  for (const OptionRow &o : row.options)
    if (name == o.name) return &o;
  return nullptr;
}

std::string option_list(const CommandRow &row) {
  std::string list;
  for (const OptionRow &o : row.options)
    list += std::string(list.empty() ? "" : ", ") + o.name;
  return list.empty() ? "none" : list;
}

} // namespace

std::string Args::value(const std::string &name, const std::string &otherwise) const {
  auto it = options.find(name);
  return it == options.end() || it->second.empty() ? otherwise : it->second.back();
}

const std::vector<std::string> &Args::values(const std::string &name) const {
  static const std::vector<std::string> none;
  auto it = options.find(name);
  return it == options.end() ? none : it->second;
}

const std::vector<CommandRow> &command_table() {
  static const std::vector<CommandRow> table = make_table();
  return table;
}

const CommandRow *find_command(const std::string &name) {
  for (const CommandRow &row : command_table())
    if (name == row.name) return &row;
  return nullptr;
}

Args parse_arguments(const CommandRow &row, std::span<const std::string> words) {
  Args a;
  std::string command = row.name;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string &w = words[i];
    if (w.rfind("--", 0) != 0 || w == "--") {
      a.positional.push_back(w);
      continue;
    }
    const OptionRow *o = find_option(row, w);
    if (!o)
      usage_error("unknown option " + printable(w) + " for " + command,
                  command + " takes: " + option_list(row));
    if (a.has(w) && !o->repeatable) usage_error("option " + w + " is given twice");
    std::string value;
    if (*o->value) {
      if (i + 1 >= words.size()) usage_error("option " + w + " needs a value (" + o->value + ")");
      value = words[++i];
    }
    a.options[w].push_back(value);
  }
  if (a.positional.size() < row.min_arguments)
    usage_error("missing argument for " + command,
                std::string("usage: ") + command + " " + row.arguments);
  if (a.positional.size() > row.max_arguments)
    usage_error("too many arguments for " + command + ": " +
                    printable(a.positional[row.max_arguments]),
                std::string("usage: ") + command + " " + row.arguments +
                    (command == "note" ? " (quote the note's text as one argument)" : ""));
  return a;
}

const std::vector<ExitCodeRow> &exit_code_table() {
  static const std::vector<ExitCodeRow> codes = {
      {0, "done; JSON on standard output"},
      {1, "the command line is wrong (unknown command or option, an option given twice or to a "
          "command that does not take it, a missing or extra argument, a value out of bounds)"},
      {2, "bad input: a file or text that does not load (not UTF-8, too big, malformed JSON, "
          "a battle or record the loader refuses, an action naming what the battle lacks)"},
      {3, "an illegal action (the error names its rule section), or a record verify finds "
          "altered"},
      {4, "an internal error (a bug: please report it)"},
      {5, "a file could not be written, or another command held the record's lock for 3 s; "
          "nothing written"},
      {6, "a network game stopped before its end: the two games differ, or the opponent left or "
          "did not come back in time; the record is kept"},
  };
  return codes;
}

namespace {

std::string synopsis(const CommandRow &row) {
  std::string line = std::string(row.name) + (*row.arguments ? " " : "") + row.arguments;
  for (const OptionRow &o : row.options)
    line += std::string(" [") + o.name + (*o.value ? std::string(" ") + o.value : "") + "]" +
            (o.repeatable ? "..." : "");
  return line;
}

} // namespace

void write_usage(std::ostream &out, const CommandRow *only) {
  out << "usage: shields-swords-cli COMMAND ...   (docs/cli.md, man shields-swords-cli)\n";
  for (const CommandRow &row : command_table()) {
    if (only && only != &row) continue;
    out << "  " << synopsis(row) << "\n      " << row.summary << "\n";
    if (only)
      for (const OptionRow &o : row.options)
        out << "      " << o.name << (*o.value ? std::string(" ") + o.value : "") << ": " << o.help
            << "\n";
  }
  out << "BATTLE.json may also be a shipped battle's id, e.g. first-clash.\nexit codes:\n";
  for (const ExitCodeRow &e : exit_code_table())
    out << "  " << e.code << ": " << e.meaning << "\n";
}

namespace {

// roff text: a backslash and a leading dot or quote would be read as requests.
std::string roff(const std::string &text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\\')
      out += "\\e";
    else if (ch == '-')
      out += "\\-";
    else
      out += ch;
  }
  return out;
}

} // namespace

void write_manual_page(std::ostream &out) {
  out << ".\\\" shields-swords-cli(6), generated from the command table (src/cli/table.cpp).\n"
         ".TH SHIELDS-SWORDS-CLI 6 2026-12-02 \"shields-swords 0.1\" \"Games\"\n"
         ".SH NAME\nshields-swords-cli \\- the Shields & Swords II rules engine on the command "
         "line, JSON in and out\n"
         ".SH SYNOPSIS\n.B shields-swords-cli\n.I COMMAND\n.RI [ ARGUMENTS ...]\n"
         ".SH DESCRIPTION\n.B shields-swords-cli\nplays Shields & Swords II through the same rules "
         "engine as the desktop app, for scripts, tests and bots. Results are JSON on standard "
         "output; an error is one JSON object on standard error (\\fBerror\\fR, \\fBkind\\fR, and "
         "\\fBfile\\fR where a file is involved), never on standard output.\n.PP\nWherever a\n"
         ".I BATTLE.json\nis asked for, the id of a shipped battle (for example\n"
         ".BR first\\-clash )\nmay be given instead; the\n.B paths\ncommand lists them. "
         "Every text is read as UTF-8, every file through one bounded reader (4 MiB).\n"
         ".SH COMMANDS\n";
  for (const CommandRow &row : command_table()) {
    out << ".TP\n\\fB" << roff(row.name) << "\\fR";
    if (*row.arguments) out << " \\fI" << roff(row.arguments) << "\\fR";
    out << "\n" << roff(row.summary) << ".\n";
    for (const OptionRow &o : row.options) {
      out << ".RS\n.TP\n\\fB" << roff(o.name) << "\\fR";
      if (*o.value) out << " \\fI" << roff(o.value) << "\\fR";
      out << "\n" << roff(o.help) << (o.repeatable ? " (may be repeated)" : "") << ".\n.RE\n";
    }
  }
  out << ".SH EXIT STATUS\n";
  for (const ExitCodeRow &e : exit_code_table())
    out << ".TP\n" << e.code << "\n" << roff(e.meaning) << ".\n";
  out << ".SH ENVIRONMENT\n.TP\n.B SNS_ROOT\nA folder holding\n.I battles/\nand\n.I assets/\n"
         "to use instead of the installed data\n.RI ( <prefix>/share/shields-swords ,\n"
         "found from the program's own folder) or the source tree.\n"
         ".TP\n.B SNS_LOCK_WAIT\nHow many seconds a writer waits for another command's lock on "
         "its file (whole seconds, 0 to 3600; 3 when not set) before exit 5.\n"
         ".SH EXAMPLE\n.nf\nshields-swords-cli new first-clash \\-\\-seed 7 \\-\\-out game.json\n"
         "shields-swords-cli legal game.json\nshields-swords-cli verify game.json\n"
         "shields-swords-cli play grunwald-1410 \\-\\-games 10\n.fi\n"
         ".SH SEE ALSO\n.BR shields-swords (6)\n";
}

} // namespace sns::cli
