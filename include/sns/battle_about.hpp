// A battle file's optional "about" block (docs/battle-format.md "About the battle"): where it was
// fought, a one-line historical note, which side history favours and what computer play measured.
// Words and figures for the start screen's gallery only: play never reads them.
#pragma once
#include "sns/battle.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace sns {

// Games between two bots of one level, seats swapped every game (docs/ai.md, scripts/arena.py).
struct MeasuredBalance {
  std::string players; // the bots' level, both sides ("normal")
  int games = 0;
  std::array<int, 2> wins{}; // by side index; the rest of `games` were drawn
  int draws() const { return games - wins[0] - wins[1]; }
};

// A match between a stronger and a weaker bot, counted by the seat the stronger one took
// (docs/ai.md "Who won from which seat").
struct SeatResult {
  std::string match;                       // "hard vs greedy": the stronger bot first
  std::array<std::array<int, 2>, 2> won{}; // by side index: {games won, games played}
};

struct BattleAbout {
  std::string place;
  std::string note;         // one line of history
  int history_favours = -1; // the side that won the real battle; -1 when there is none (invented)
  std::vector<MeasuredBalance> measured;
  std::vector<SeatResult> seats;
  bool empty() const {
    return place.empty() && note.empty() && history_favours < 0 && measured.empty() &&
           seats.empty();
  }
};

// Reads and checks `doc`'s "about" (none: an empty BattleAbout) against the battle's sides, read
// already into `b`; throws LoadError naming `file`, the JSON path and what was expected.
BattleAbout read_battle_about(const nlohmann::json &doc, const Battle &b, const std::string &file);

} // namespace sns
