// The start screen's list of battles: the shipped ones and the player's own (with the editor's
// drafts), each with its ruleset and options, the chosen one kept across scans.
#include "app.hpp"
#include "paths.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace sns::app {

// The shipped battles (the data folder's battles/) and the player's own (the editor saves them in
// the XDG data folder's battles/), each listed with its ruleset; a file that does not load (a
// draft among them) is left out with a warning.
void App::scan_battles() {
  std::string chosen = chosen_battle >= 0 && chosen_battle < static_cast<int>(battles.size())
                           ? battles[static_cast<size_t>(chosen_battle)].path
                           : "";
  battles.clear();
  // The editor's drafts (shields-swords-battle-draft/1) are listed to be edited, not played.
  auto add_draft = [&](const fs::path &file) {
    try {
      nlohmann::json doc = read_json_file(file.string(), kMaxInputBytes);
      if (doc.value("format", "") != "shields-swords-battle-draft/1") return false;
      BattleInfo bi;
      bi.path = file.string();
      bi.id = doc.value("id", "");
      bi.name = doc.value("name", file.stem().string());
      bi.date = doc.value("date", "");
      bi.summary = doc.value("summary", "");
      if (const Ruleset *r = find_ruleset(doc.value("ruleset", ""))) bi.ruleset = r;
      bi.own = bi.draft = true;
      battles.push_back(bi);
      return true;
    } catch (const std::exception &) {
      return false;
    }
  };
  auto scan = [&](const fs::path &dir, bool own) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return;
    for (auto &e : fs::directory_iterator(dir, ec)) {
      if (e.path().extension() != ".json") continue;
      try {
        auto b = load_battle_file(e.path().string());
        battles.push_back({b->id,
                           e.path().string(),
                           b->name,
                           b->date,
                           b->summary,
                           b->columns,
                           b->rows,
                           static_cast<int>(b->units.size()),
                           b->wing_integrity == WingIntegrityRule::StandardOrAdvanced,
                           {b->sides[0].name, b->sides[1].name},
                           &b->rules(),
                           own,
                           false,
                           b->last_turn,
                           b,
                           read_battle_about(b->source, *b, e.path().string())});
      } catch (const std::exception &ex) {
        if (own && add_draft(e.path())) continue;
        report_line("warning", "battle skipped: " + std::string(ex.what()));
      }
    }
  };
  scan(fs::path(root) / "battles", false);
  scan(own_battles_folder(), true);
  // The teaching battle first: it is the default; then the shipped ones, then the player's own.
  std::sort(battles.begin(), battles.end(), [](const BattleInfo &a, const BattleInfo &b) {
    bool fa = !a.own && a.id == kTeachingBattles[0], fb = !b.own && b.id == kTeachingBattles[0];
    if (fa != fb) return fa;
    if (a.own != b.own) return b.own;
    return a.name != b.name ? a.name < b.name : a.path < b.path;
  });
  for (size_t i = 0; i < battles.size(); ++i)
    if (battles[i].path == chosen) chosen_battle = static_cast<int>(i);
  if (chosen_battle >= static_cast<int>(battles.size())) chosen_battle = 0;
}

void App::choose_battle(const std::string &path) {
  for (size_t i = 0; i < battles.size(); ++i)
    if (fs::path(battles[i].path) == fs::path(path)) chosen_battle = static_cast<int>(i);
  show_chosen = true;
}

std::string App::own_battles_folder() const {
  return (paths::data_folder(paths::xdg_from_process()) / "battles").string();
}

} // namespace sns::app
