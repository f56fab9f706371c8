// The app's replay controls, notes, play by e-mail and battle reports with map pictures (issue 11).
#pragma once
#include "app.hpp"
#include "sns/report.hpp"

#include <SDL.h>
#include <string>
#include <vector>

namespace sns::app {

// How a file named on the command line is opened: as a game to play, a replay, or a mailed turn.
enum class OpenAs { Game, Replay, Mailed };

bool open_record_as(App &app, const std::string &path, OpenAs how, uint64_t seed_for_battle);

// The height the replay's controls take above the map (0 unless a replay is shown).
float replay_controls_height(const App &app);

// A battle report written: where, in words (or why it could not be), for the caller to show beside
// what asked for it (Record > Battle report says it in the status line, the result screen under
// its button), and the file ("" when none was written) for the result screen's Open report.
struct ReportWritten {
  std::string words, file;
};
// Writes the battle report of the game shown (or the replay's record) into a new folder under the
// data folder's reports/.
ReportWritten write_report(App &app);
// The "Record" menu (in the menu bar): replay, notes, Send turn, open a replay or a mailed turn.
void record_menu(App &app);
// The replay controls over the map (Mode::Replay) and the record dialogs; every frame.
void record_windows(App &app, const MapRect &map);

// --report DIR: shows each bookmarked moment and the end, writes a PNG of each, then the report.
class ReportShots {
public:
  explicit ReportShots(std::string dir) : dir_(std::move(dir)) {}
  // After each rendered frame; false once done (or failed: error() says why).
  bool after_frame(App &app, SDL_Renderer *renderer);
  const std::string &error() const { return error_; }
  const std::string &written() const { return written_; }

private:
  std::string dir_, error_, written_;
  std::vector<size_t> moments_;
  std::vector<ReportPicture> pictures_;
  size_t next_ = 0;
  int wait_ = 0;
  bool started_ = false;
};

} // namespace sns::app
