// The battle editor's model: undo and redo, saving, and the loader's check after each edit
// (docs/editor.md). Rules are never judged here: what the loader accepts is a battle. The tools
// live in editor_map.cpp, editor_forces.cpp and editor_rules.cpp.
#include "editor_model.hpp"
#include "editor_model_parts.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "words.hpp"
#include <algorithm>
#include <deque>
#include <set>

namespace sns::editor {

using json = nlohmann::json;

namespace {

constexpr size_t kMostUndo = 500;

} // namespace

std::optional<Offset> offset_of(const std::string &label) { return parse_label(label); }

std::string label_of(Hex h) { return label(to_offset(h)); }

std::string refused_unknown(const char *what, const std::string &value) {
  return std::string("no ") + what + " \"" + value + "\"";
}

std::string check_side(int side) { return side == 0 || side == 1 ? "" : "a battle has two sides"; }

// --- Validation through the loader -----------------------------------------------------------

namespace {

// The trial copy the loader reads, and for the arrays items were taken out of, which original
// item each remaining one is (so that every path names the item in the saved file).
struct Trial {
  json doc;
  std::map<std::string, std::vector<int>> origin;

  void erase_item(const std::string &array, size_t index) {
    json &list = doc.at(json::json_pointer(array));
    auto &orig = origin[array];
    if (orig.empty())
      for (size_t i = 0; i < list.size(); ++i)
        orig.push_back(static_cast<int>(i));
    list.erase(list.begin() + static_cast<long>(index));
    orig.erase(orig.begin() + static_cast<long>(index));
  }
  std::string original_path(const std::string &path) const {
    for (const auto &[array, orig] : origin) {
      if (path.rfind(array + "/", 0) != 0 || orig.empty()) continue;
      size_t start = array.size() + 1, end = path.find('/', start);
      std::string part = path.substr(start, end - start);
      if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos) return path;
      size_t index = std::stoul(part);
      if (index >= orig.size()) return path;
      return array + "/" + std::to_string(orig[index]) +
             (end == std::string::npos ? "" : path.substr(end));
    }
    return path;
  }
};

// The path's parts: "/units/3/hex" -> {"units", "3", "hex"}.
std::vector<std::string> parts(const std::string &path) {
  std::vector<std::string> out;
  size_t at = 1;
  while (at <= path.size() && !path.empty()) {
    size_t next = path.find('/', at);
    out.push_back(path.substr(at, next - at));
    if (next == std::string::npos) break;
    at = next + 1;
  }
  return out;
}

bool is_index(const std::string &s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

void erase_unit(Trial &t, size_t index) {
  std::string id = t.doc["units"][index].value("id", "");
  t.erase_item("/units", index);
  if (t.doc.contains("reinforcements"))
    for (size_t r = t.doc["reinforcements"].size(); r-- > 0;)
      if (t.doc["reinforcements"][r].value("unit", "") == id) t.erase_item("/reinforcements", r);
  if (t.doc.contains("special"))
    for (json &s : t.doc["special"])
      if (s.contains("units") && s["units"].is_array()) {
        json &us = s["units"];
        us.erase(std::remove(us.begin(), us.end(), json(id)), us.end());
      }
}

// Leaves out the faulty part the loader named, when that part can be left out; false when the
// check cannot go further (the fault is in something every other part depends on).
bool leave_out(Trial &t, const std::string &path) {
  auto p = parts(path);
  json &d = t.doc;
  try {
    if (p.size() >= 3 && p[0] == "map" && p[1] == "hexes") return d["map"]["hexes"].erase(p[2]) > 0;
    if (p.size() >= 3 && p[0] == "map" && p[1] == "hexsides" && is_index(p[2])) {
      t.erase_item("/map/hexsides", std::stoul(p[2]));
      return true;
    }
    if (p.size() >= 2 && p[0] == "units" && is_index(p[1])) {
      erase_unit(t, std::stoul(p[1]));
      return true;
    }
    if (p.size() >= 2 && p[0] == "reinforcements" && is_index(p[1])) {
      std::string id = d["reinforcements"][std::stoul(p[1])].value("unit", "");
      t.erase_item("/reinforcements", std::stoul(p[1]));
      for (size_t u = 0; u < d["units"].size(); ++u)
        if (d["units"][u].value("id", "") == id) {
          erase_unit(t, u); // a reinforcement left out would leave its unit nowhere
          break;
        }
      return true;
    }
    if (p.size() >= 2 && p[0] == "special" && is_index(p[1])) {
      t.erase_item("/special", std::stoul(p[1]));
      return true;
    }
    if (p.size() >= 5 && p[0] == "sides" && is_index(p[1]) && p[2] == "commands" &&
        p[3] == "markers" && is_index(p[4])) {
      t.erase_item("/sides/" + p[1] + "/commands/markers", std::stoul(p[4]));
      return true;
    }
    if (p.size() >= 2 && p[0] == "terrain_types") return d["terrain_types"].erase(p[1]) > 0;
    if (p.size() >= 3 && p[0] == "sides" && is_index(p[1]) &&
        (p[2] == "victory_vp" || p[2] == "start_vp" || p[2] == "vp_for_eliminating")) {
      json &side = d["sides"][std::stoul(p[1])];
      if (p[2] == "vp_for_eliminating" && p.size() >= 4) return side[p[2]].erase(p[3]) > 0;
      return side.erase(p[2]) > 0;
    }
    if (p.size() >= 2 && p[0] == "rules" &&
        (p[1] == "last_turn" || p[1] == "at_end" || p[1] == "wing_integrity"))
      return d["rules"].erase(p[1]) > 0;
  } catch (const json::exception &) {
    return false;
  }
  return false;
}

// Where a problem is shown: the hex, unit, side or special rule its path names.
void locate(Problem &pr, const BattleDoc &doc) {
  auto p = parts(pr.path);
  auto index = [&](size_t i) { return p.size() > i && is_index(p[i]) ? std::stoi(p[i]) : -1; };
  std::string head = p.empty() ? "" : p[0];
  if (head == "map" || head == "terrain_types") {
    pr.panel = "map";
    if (p.size() >= 3 && p[1] == "hexes") pr.hex = p[2];
    if (p.size() >= 3 && p[1] == "hexsides" && index(2) >= 0) {
      auto it = doc.hexsides.begin();
      std::advance(it, std::min<size_t>(index(2), doc.hexsides.size()));
      if (it != doc.hexsides.end()) pr.hex = it->first.first;
    }
  } else if (head == "units" || head == "reinforcements") {
    pr.panel = "units";
    int n = index(1);
    if (head == "reinforcements" && n < 0) n = 0; // the whole list: show its first
    if (head == "reinforcements")                 // written in unit order: the n-th unit with one
      for (size_t u = 0, seen = 0; u < doc.units.size(); ++u)
        if (doc.units[u].reinforcement && static_cast<int>(seen++) == n) {
          n = static_cast<int>(u);
          break;
        }
    if (n >= 0 && n < static_cast<int>(doc.units.size())) {
      pr.unit = n;
      const UnitDoc &u = doc.units[n];
      if (u.hex)
        pr.hex = *u.hex;
      else if (u.reinforcement && !u.reinforcement->entry.empty())
        pr.hex = u.reinforcement->entry.front();
    }
  } else if (head == "sides") {
    pr.panel = "sides";
    pr.index = index(1);
  } else if (head == "rules" || head == "special") {
    pr.panel = "rules";
    if (head == "special") pr.index = index(1);
  } else {
    pr.panel = "battle";
  }
}

} // namespace

std::vector<Problem> check_battle(const BattleDoc &doc, std::shared_ptr<const Battle> *loaded) {
  BattleDoc as_battle = doc;
  as_battle.draft = false; // a draft is checked as the battle it is meant to become
  Trial t{json::parse(doc_to_json(as_battle).dump()), {}};
  std::vector<Problem> found;
  std::set<std::string> seen;
  for (int round = 0; round < 100; ++round) {
    try {
      auto b = load_battle(t.doc, "battle");
      if (loaded) *loaded = b;
      return found;
    } catch (const LoadError &e) {
      Problem pr{t.original_path(e.path()), e.expected()};
      if (!seen.insert(pr.path + pr.message).second) break;
      locate(pr, doc);
      found.push_back(pr);
      if (!leave_out(t, e.path())) break;
    }
  }
  if (loaded) *loaded = nullptr;
  return found;
}

// --- The model -------------------------------------------------------------------------------

EditorModel::EditorModel(BattleDoc doc) : doc_(std::move(doc)), saved_(doc_) { revalidate(); }

BattleDoc EditorModel::new_battle(int columns, int rows, const std::string &ruleset) {
  BattleDoc d;
  d.id = "new-battle";
  d.name = "New battle";
  d.date = "";
  d.summary = "";
  d.columns = std::clamp(columns, 1, kMostColumnsOrRows);
  d.rows = std::clamp(rows, 1, kMostColumnsOrRows);
  std::vector<std::vector<std::string>> markers = {
      {"move", "shield_wall"}, {"combat", "withdraw"}, {"fire", "horse"}, {"bonus"}};
  const char *ids[2] = {"blue", "red"}, *names[2] = {"Blue Army", "Red Army"};
  for (int s = 0; s < 2; ++s) {
    SideDoc &side = d.sides[s];
    side.id = ids[s];
    side.name = names[s];
    side.markers = markers;
    side.wings = {{std::string(ids[s]) + "_main", "Main Battle", std::string(kWingPalette[s])}};
    side.vp_for_eliminating =
        std::map<std::string, int>{{"V", 2}, {"L", 1}, {"I", 1}, {"HH", 2}, {"LH", 1}};
  }
  d.rules.first_player = ids[0];
  d.rules.initiative = ids[1];
  d.rules.at_end = "most_vp";
  d.rules.wing_integrity = "standard";
  if (const Ruleset *r = find_ruleset(ruleset)) d.ruleset = r->json();
  const Ruleset &r =
      d.ruleset_def(); // what the ruleset lacks goes (D5: no markers, D4: no Initiative)
  for (SideDoc &side : d.sides) {
    if (!r.has(Feature::CommandMarkers)) side.markers.clear();
    if (!r.has(Feature::WingsRequired)) side.wings.clear();
    if (!r.has(Feature::VictoryPoints)) side.vp_for_eliminating.reset();
  }
  if (!r.has(Feature::Initiative)) d.rules.initiative.clear();
  d.rules.last_turn = suggested_last_turn(r);
  if (!r.has(Feature::VictoryPoints)) d.rules.at_end = "draw";
  if (!r.has(Feature::WingIntegrity)) d.rules.wing_integrity.reset();
  return d;
}

// Units placed on the map that the game's opening, played by the engine up to the first decision,
// already took off; the log entry naming the unit says why, with its rule.
std::vector<Problem> lost_at_start(const BattleDoc &doc, const std::shared_ptr<const Battle> &b) {
  std::vector<Problem> found;
  if (!b) return found;
  try {
    Game g(b, Options{}, 1);
    for (size_t i = 0; i < doc.units.size(); ++i) {
      const UnitDoc &u = doc.units[i];
      int index = b->unit_index(u.id);
      if (!u.hex || u.reinforcement || index < 0 || g.state().units[index].steps > 0) continue;
      std::string why = "eliminated before the first decision";
      for (const Event &e : g.log())
        if (e.kind == EventKind::Eliminated &&
            std::find(e.units.begin(), e.units.end(), index) != e.units.end()) {
          why += " (" + e.rule + ": " + e.text + ")";
          break;
        }
      found.push_back({"/units/" + std::to_string(i) + "/hex", "unit " + u.id + " is " + why,
                       *u.hex, static_cast<int>(i), "units"});
    }
  } catch (const std::exception &) {
    // The loader accepted it; a game that cannot start is the problems list's business.
  }
  return found;
}

// A river, ford or bridge hexside: the line a river draws across the map.
bool on_river_line(HexsideFeature f) {
  return f == HexsideFeature::River || f == HexsideFeature::Ford || f == HexsideFeature::Bridge;
}

// How many of the three hexsides meeting at the corner of `h` between its directions d and d+1 lie
// on a river's line; -1 when the corner is on the map's edge.
int river_lines_at_corner(const Battle &b, HexId h, int d) {
  int e = (d + 1) % 6;
  HexId a = b.adjacent[h][d], c = b.adjacent[h][e];
  if (a == kOffMap || c == kOffMap) return -1;
  int ac = b.direction(a, c);
  return on_river_line(b.hexsides[h][d]) + on_river_line(b.hexsides[h][e]) +
         (ac >= 0 && on_river_line(b.hexsides[a][ac]));
}

// Gaps in a river: a hexside off the river's line whose two ends each meet the river's end (one
// river hexside there) or the map's edge, so units cross there instead of at a ford or bridge. A
// river drawn across flat-topped hexes zigzags, and the ford battle's once listed only its straight
// hexsides: the knights rode through the slanting ones. A river that simply ends in open ground
// (First Clash's, south of its bridge) is the author's design and is not listed.
std::vector<Problem> river_gaps(const std::shared_ptr<const Battle> &b) {
  std::vector<Problem> found;
  if (!b) return found;
  auto closed = [](int lines) { return lines == 1 || lines == -1; }; // a river's end or the edge
  for (HexId h = 0; h < b->hex_count(); ++h)
    for (int d = 0; d < 6; ++d) {
      HexId a = b->adjacent[h][d];
      if (a == kOffMap || a < h || on_river_line(b->hexsides[h][d])) continue;
      if (b->terrain_impassable(h) || b->terrain_impassable(a)) continue; // no way through anyway
      int start = river_lines_at_corner(*b, h, (d + 5) % 6), end = river_lines_at_corner(*b, h, d);
      if (!closed(start) || !closed(end) || (start == -1 && end == -1)) continue;
      found.push_back({"/map/hexsides",
                       "the river has a gap between " + b->label(h) + " and " + b->label(a) +
                           " where units can cross (" + b->rules().river_section + ")",
                       b->label(h), -1, "map"});
    }
  return found;
}

void EditorModel::revalidate() {
  problems_ = check_battle(doc_, &preview_);
  warnings_ = lost_at_start(doc_, preview_);
  std::vector<Problem> gaps = river_gaps(preview_);
  warnings_.insert(warnings_.end(), gaps.begin(), gaps.end());
}

std::string EditorModel::edit(const std::string &what,
                              const std::function<std::string(BattleDoc &)> &change) {
  BattleDoc before = doc_;
  std::string why;
  try {
    why = change(doc_);
  } catch (const json::exception &e) { // a hand-written field of an unexpected shape
    why = std::string("cannot change this field as it is written: ") + e.what();
  }
  if (!why.empty()) {
    doc_ = std::move(before);
    return why;
  }
  if (doc_ == before) return "";
  if (!in_stroke_ || !stroke_saved_) {
    undo_.push_back(std::move(before));
    if (undo_.size() > kMostUndo) undo_.erase(undo_.begin());
    stroke_saved_ = in_stroke_;
  }
  redo_.clear();
  last_edit_ = what;
  revalidate();
  return "";
}

bool EditorModel::undo() {
  if (undo_.empty()) return false;
  redo_.push_back(std::move(doc_));
  doc_ = std::move(undo_.back());
  undo_.pop_back();
  revalidate();
  return true;
}

bool EditorModel::redo() {
  if (redo_.empty()) return false;
  undo_.push_back(std::move(doc_));
  doc_ = std::move(redo_.back());
  redo_.pop_back();
  revalidate();
  return true;
}

void EditorModel::begin_stroke() { in_stroke_ = true, stroke_saved_ = false; }
void EditorModel::end_stroke() { in_stroke_ = false, stroke_saved_ = false; }

std::string EditorModel::save(const std::string &path, bool as_draft) {
  if (!valid() && !as_draft)
    return "not saved: the battle has " +
           app::counted(static_cast<int>(problems_.size()), "problem", "problems") +
           "; fix them, or save it as a draft";
  BattleDoc out = doc_;
  out.draft = !valid();
  try {
    write_file_atomically(path, canonical_text(out));
  } catch (const std::exception &e) {
    return std::string("not saved: ") + e.what();
  }
  saved_ = doc_;
  return "";
}

bool EditorModel::on_map(const std::string &hex) const {
  auto o = offset_of(hex);
  return o && o->col < doc_.columns && o->row < doc_.rows;
}

std::vector<std::string> EditorModel::terrain_names() const {
  std::vector<std::string> names = words().built_in_terrain;
  for (const TerrainSetting &t : doc_.terrain_types)
    if (!contains(names, t.name)) names.push_back(t.name);
  return names;
}

UnitDoc *EditorModel::unit(const std::string &id) {
  int u = doc_.unit_index(id);
  return u < 0 ? nullptr : &doc_.units[u];
}

std::vector<std::string> EditorModel::unit_wings(int side) const {
  std::vector<std::string> out;
  if (side < 0 || side > 1) return out;
  for (const WingDoc &w : doc_.sides[side].wings)
    out.push_back(w.id);
  if (implicit_wing(side)) out.push_back(doc_.sides[side].id);
  return out;
}

SpecialDoc *EditorModel::special(int index) {
  return index >= 0 && index < static_cast<int>(doc_.special.size()) ? &doc_.special[index]
                                                                     : nullptr;
}

} // namespace sns::editor
