// The battle report (issue 11): a game told in Markdown from its log and notes, for posting as is.
#pragma once
#include "sns/game.hpp"

#include <string>
#include <vector>

namespace sns {

// A map picture of one moment (the app draws them; the CLI's report has none).
struct ReportPicture {
  size_t at = 0;    // actions played before the moment pictured
  std::string file; // relative to the report's folder
};

// Where a moment of the game stands, in words: "Player Turn 3, second move phase", "Game turn 5,
// melee phase", "Player Turn 16, the battle is over" (the phase's title, never its identifier);
// with the side to act after the turn when `name_side`: "Player Turn 3, Royal Army, combat phase".
std::string moment_words(const Battle &b, const GameState &s, bool name_side = false);

// The moments a report pictures: every bookmark and the end of the record, in order, once each.
std::vector<size_t> report_moments(const Game &game);

// The report: summary, turn-by-turn narrative (commands, attacks with odds and rolls, fire,
// losses, eliminations, VP), the notes where they fall, and the pictures given.
std::string battle_report(const Game &game, const std::vector<ReportPicture> &pictures = {});

// Writes DIR/report.md (creating DIR); returns its path. Throws IoError.
std::string write_battle_report(const Game &game, const std::string &dir,
                                const std::vector<ReportPicture> &pictures = {});

} // namespace sns
