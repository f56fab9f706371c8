// The battle editor's model: every editing tool, undo and redo, and the loader's check after each
// edit (docs/editor.md). Rules are never judged here: what the loader accepts is a battle.
#include "editor_model.hpp"

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
constexpr int kMostColumnsOrRows = 99; // hex labels have two digits for the column and the row

template <typename List> bool contains(const List &list, const std::string &v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

std::optional<Offset> offset_of(const std::string &label) { return parse_label(label); }

std::string label_of(Hex h) { return label(to_offset(h)); }

std::string refused_unknown(const char *what, const std::string &value) {
  return std::string("no ") + what + " \"" + value + "\"";
}

// The usual faces of each type in the series (a starting point; every face is editable).
struct TypeDefaults {
  const char *type;
  FaceDoc front;
  std::optional<FaceDoc> back;
};
const std::vector<TypeDefaults> &type_defaults() {
  static const std::vector<TypeDefaults> table = {
      {"V", {"A"}, FaceDoc{"B"}}, {"HH", {"A"}, FaceDoc{"C"}}, {"LH", {"C"}, FaceDoc{"D"}},
      {"I", {"C"}, FaceDoc{"D"}}, {"L", {"D"}, std::nullopt},
  };
  return table;
}

// How a unit type reads under the other ruleset (set_ruleset): the nearest kind of troops. S&S II
// units with a Fire Factor become Longbows; D3 bowmen become Infantry that fire.
struct TypeMove {
  const char *ssii, *d3;
  std::optional<int> fire; // the Fire Factor a D3 type brings to S&S II
};
const std::vector<TypeMove> &type_moves() {
  static const std::vector<TypeMove> table = {
      {"V", "men_at_arms", std::nullopt},
      {"HH", "knights", std::nullopt},
      {"LH", "knights", std::nullopt},
      {"I", "levies", std::nullopt},
      {"L", "levies", std::nullopt},
      {"I", "longbows", 2},
      {"I", "crossbows", 1},
  };
  return table;
}
const TypeMove *type_move(const std::string &type, bool to_d3) {
  for (const TypeMove &m : type_moves())
    if (type == (to_d3 ? m.ssii : m.d3)) return &m;
  return nullptr;
}
// The hexside features that differ: S&S II's trench is D3's stakes (D12: a defended line).
const std::vector<std::pair<const char *, const char *>> &feature_moves() {
  static const std::vector<std::pair<const char *, const char *>> table = {{"trench", "stakes"}};
  return table;
}

std::string worse_cc(const std::string &cc) {
  auto it = std::find(kCombatClasses.begin(), kCombatClasses.end(), cc);
  if (it == kCombatClasses.end()) return "D";
  return it + 1 == kCombatClasses.end() ? cc : *(it + 1);
}

} // namespace

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
  d.rules.last_turn = 16;
  d.rules.at_end = "most_vp";
  d.rules.wing_integrity = "standard";
  if (ruleset == kRulesetD3) { // D5: no markers; D4: no Initiative, 15 game turns
    d.ruleset = kRulesetD3;
    for (SideDoc &side : d.sides)
      side.markers.clear(), side.wings.clear(), side.vp_for_eliminating.reset();
    d.rules.initiative.clear();
    d.rules.last_turn = kD3DefaultLastTurn;
    d.rules.at_end = "draw";
    d.rules.wing_integrity.reset();
  }
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
                           " where units can cross (" + (b->d3() ? "D6" : "12.2") + ")",
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
  if (out.empty() && doc_.d3()) out.push_back(doc_.sides[side].id);
  return out;
}

SpecialDoc *EditorModel::special(int index) {
  return index >= 0 && index < static_cast<int>(doc_.special.size()) ? &doc_.special[index]
                                                                     : nullptr;
}

// --- Battle ----------------------------------------------------------------------------------

std::string EditorModel::set_identity(const std::string &field, const std::string &value) {
  return edit("set " + field, [&](BattleDoc &d) -> std::string {
    if (field == "id") {
      if (value.empty()) return "a battle needs an id";
      // The id names the battle's file: plain lower-case words joined by '-' travel everywhere.
      if (value.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") != std::string::npos)
        return "an id is lower-case letters, digits and '-' (it names the battle's file)";
      d.id = value;
    } else if (field == "name")
      d.name = value;
    else if (field == "date")
      d.date = value;
    else if (field == "summary")
      d.summary = value;
    else if (field == "description")
      d.description = value;
    else
      return "no battle field \"" + field + "\"";
    return "";
  });
}

std::string EditorModel::resize(int columns, int rows) {
  return edit("resize the map", [&](BattleDoc &d) -> std::string {
    if (columns < 1 || rows < 1 || columns > kMostColumnsOrRows || rows > kMostColumnsOrRows)
      return "a map has 1 to 99 columns and rows";
    auto inside = [&](const std::string &l) {
      auto o = offset_of(l);
      return o && o->col < columns && o->row < rows;
    };
    for (const UnitDoc &u : d.units)
      if (u.hex && !inside(*u.hex))
        return "unit " + u.id + " stands on " + *u.hex + ", off the smaller map: move it first";
    d.columns = columns, d.rows = rows;
    std::erase_if(d.hexes, [&](const auto &e) { return !inside(e.first); });
    std::erase_if(d.hexsides,
                  [&](const auto &e) { return !inside(e.first.first) || !inside(e.first.second); });
    return "";
  });
}

// --- Map -------------------------------------------------------------------------------------

namespace {
std::vector<std::string> brush(const BattleDoc &d, const std::string &centre, int radius) {
  std::vector<std::string> out;
  auto o = offset_of(centre);
  if (!o) return out;
  for (Hex h : hexes_within(from_offset(*o), std::clamp(radius, 0, 5))) {
    Offset p = to_offset(h);
    if (p.col >= 0 && p.row >= 0 && p.col < d.columns && p.row < d.rows) out.push_back(label(p));
  }
  return out;
}
} // namespace

std::string EditorModel::paint(const std::string &hex, const std::string &terrain, int radius) {
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (!contains(terrain_names(), terrain)) return refused_unknown("terrain", terrain);
  return edit("paint " + terrain, [&](BattleDoc &d) {
    for (const std::string &l : brush(d, hex, radius)) {
      HexCell c = d.cell(l);
      c.terrain = terrain;
      d.set_cell(l, c);
    }
    return std::string();
  });
}

std::string EditorModel::fill(const std::string &hex, const std::string &terrain) {
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (!contains(terrain_names(), terrain)) return refused_unknown("terrain", terrain);
  return edit("fill with " + terrain, [&](BattleDoc &d) {
    HexCell like = d.cell(hex);
    std::set<std::string> done{hex};
    std::deque<std::string> todo{hex};
    while (!todo.empty()) { // the connected hexes of the same terrain and elevation
      std::string l = todo.front();
      todo.pop_front();
      HexCell c = d.cell(l);
      c.terrain = terrain;
      d.set_cell(l, c);
      for (const std::string &n : brush(d, l, 1))
        if (!done.count(n) && d.cell(n) == like) done.insert(n), todo.push_back(n);
    }
    return std::string();
  });
}

std::string EditorModel::set_elevation(const std::string &hex, int elevation, int radius) {
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (elevation < -9 || elevation > 9) return "elevation runs from -9 to 9";
  return edit("set elevation " + std::to_string(elevation), [&](BattleDoc &d) {
    for (const std::string &l : brush(d, hex, radius)) {
      HexCell c = d.cell(l);
      c.elevation = elevation;
      d.set_cell(l, c);
    }
    return std::string();
  });
}

std::string EditorModel::set_hexside(const std::string &a, const std::string &b,
                                     const std::string &feature) {
  if (!on_map(a) || !on_map(b)) return "both hexes must be on the map";
  if (distance(from_offset(*offset_of(a)), from_offset(*offset_of(b))) != 1)
    return a + " and " + b + " are not adjacent";
  if (!feature.empty() && !contains(words().hexside_features, feature))
    return refused_unknown(doc_.d3() ? "D3 Medieval hexside feature" : "hexside feature", feature);
  return edit(feature.empty() ? "clear a hexside" : "add a " + feature, [&](BattleDoc &d) {
    if (feature.empty())
      d.hexsides.erase(hexside_key(a, b));
    else
      d.hexsides[hexside_key(a, b)] = feature;
    return std::string();
  });
}

std::string EditorModel::set_road(const std::string &hex, bool road, int radius) {
  if (!doc_.d3()) return "roads are a D3 Medieval feature (D1, D6)";
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  return edit(road ? "draw a road" : "erase a road", [&](BattleDoc &d) {
    for (const std::string &l : brush(d, hex, radius)) {
      HexCell c = d.cell(l);
      c.road = road;
      d.set_cell(l, c);
    }
    return std::string();
  });
}

std::string EditorModel::set_ruleset(const std::string &ruleset) {
  if (ruleset != kRulesetSsii && ruleset != kRulesetD3)
    return "expected the ruleset ssii or d3-medieval";
  if (ruleset == doc_.ruleset) return "";
  bool to_d3 = ruleset == kRulesetD3;
  return edit(
      to_d3 ? "play under D3 Medieval" : "play under Shields & Swords II", [&](BattleDoc &d) {
        d.ruleset = ruleset;
        for (UnitDoc &u : d.units)
          if (const TypeMove *m = type_move(u.type, to_d3)) {
            u.type = to_d3 ? (u.front.fire ? "longbows" : m->d3) : m->ssii;
            if (to_d3) continue;
            for (const TypeDefaults &t : type_defaults()) // the usual faces of the type
              if (u.type == t.type) u.front = t.front, u.back = t.back;
            u.front.fire = m->fire;
          }
        for (SideDoc &s : d.sides)
          if (s.vp_for_eliminating) {
            std::map<std::string, int> table;
            for (const auto &[type, vp] : *s.vp_for_eliminating) {
              const TypeMove *m = type_move(type, to_d3);
              table[m ? (to_d3 ? m->d3 : m->ssii) : type] = vp;
            }
            s.vp_for_eliminating = table;
          }
        for (auto &[key, feature] : d.hexsides)
          for (const auto &[ssii, d3] : feature_moves())
            if (feature == (to_d3 ? ssii : d3)) feature = to_d3 ? d3 : ssii;
        if (to_d3) {
          d.rules.initiative.clear(); // D4: the first player always moves first
          d.rules.wing_integrity.reset();
          for (UnitDoc &u : d.units) // D2: each side faces the other's start
            if (!u.facing) u.facing = u.side == d.sides[0].id ? 0 : 3;
        } else {
          for (auto &[label, c] : d.hexes)
            c.road = false;
          std::erase_if(d.hexes, [](const auto &e) { return e.second.is_default(); });
          if (d.rules.initiative.empty())
            d.rules.initiative =
                d.rules.first_player == d.sides[0].id ? d.sides[1].id : d.sides[0].id;
          for (UnitDoc &u : d.units)
            u.facing.reset();
          for (size_t i = 0; i < d.sides.size(); ++i) {
            SideDoc &s = d.sides[i];
            if (s.markers.empty())
              s.markers = {
                  {"move", "shield_wall"}, {"combat", "withdraw"}, {"fire", "horse"}, {"bonus"}};
            if (s.wings.empty()) // S&S II sides name their wings
              s.wings.push_back({s.id, s.name, std::string(kWingPalette[i])});
          }
          for (UnitDoc &u : d.units)
            if (u.wing.empty()) u.wing = u.side;
        }
        return std::string();
      });
}

std::string EditorModel::add_terrain(const std::string &name, bool impassable, bool blocks_los) {
  if (name.empty()) return "a terrain needs a name";
  for (const TerrainSetting &t : doc_.terrain_types)
    if (t.name == name) return "terrain " + name + " already has settings";
  return edit("add terrain " + name, [&](BattleDoc &d) {
    TerrainSetting t{name};
    if (impassable) t.impassable = true;
    if (blocks_los) t.blocks_los = true;
    d.terrain_types.push_back(t);
    std::sort(d.terrain_types.begin(), d.terrain_types.end(),
              [](const auto &x, const auto &y) { return x.name < y.name; });
    return std::string();
  });
}

std::string EditorModel::set_terrain_flags(const std::string &name, std::optional<bool> impassable,
                                           std::optional<bool> blocks_los) {
  return edit("change terrain " + name, [&](BattleDoc &d) -> std::string {
    for (TerrainSetting &t : d.terrain_types)
      if (t.name == name) {
        t.impassable = impassable == true ? std::optional<bool>(true) : std::nullopt;
        t.blocks_los = blocks_los == true ? std::optional<bool>(true) : std::nullopt;
        return "";
      }
    return refused_unknown("terrain settings for", name);
  });
}

std::vector<std::string> EditorModel::area_hexes(const Area &area) const {
  std::vector<std::string> out;
  auto a = offset_of(area.from), b = offset_of(area.to);
  if (!a || !b) return out;
  for (int c = std::min(a->col, b->col); c <= std::max(a->col, b->col); ++c)
    for (int r = std::min(a->row, b->row); r <= std::max(a->row, b->row); ++r)
      if (c < doc_.columns && r < doc_.rows) out.push_back(label({c, r}));
  return out;
}

MapClip EditorModel::copy(const Area &area) const {
  MapClip clip;
  auto hexes = area_hexes(area);
  if (hexes.empty()) return clip;
  auto a = *offset_of(area.from), b = *offset_of(area.to);
  Hex origin = from_offset({std::min(a.col, b.col), std::min(a.row, b.row)});
  std::set<std::string> inside(hexes.begin(), hexes.end());
  for (const std::string &l : hexes)
    clip.cells.push_back({from_offset(*offset_of(l)) - origin, doc_.cell(l)});
  for (const auto &[key, feature] : doc_.hexsides)
    if (inside.count(key.first) && inside.count(key.second))
      clip.sides.push_back({from_offset(*offset_of(key.first)) - origin,
                            from_offset(*offset_of(key.second)) - origin, feature});
  return clip;
}

std::string EditorModel::paste(const MapClip &clip, const std::string &at) {
  if (clip.empty()) return "nothing copied yet";
  if (!on_map(at)) return "hex " + at + " is not on the map";
  Hex origin = from_offset(*offset_of(at));
  return edit("paste", [&](BattleDoc &d) {
    std::set<std::string> pasted;
    for (const MapClip::Cell &c : clip.cells) {
      Offset o = to_offset(origin + c.at);
      if (o.col < 0 || o.row < 0 || o.col >= d.columns || o.row >= d.rows) continue;
      std::string l = label(o);
      d.set_cell(l, c.cell);
      pasted.insert(l);
    }
    std::erase_if(d.hexsides, [&](const auto &e) {
      return pasted.count(e.first.first) && pasted.count(e.first.second);
    });
    for (const MapClip::Side &s : clip.sides) {
      std::string a = label_of(origin + s.a), b = label_of(origin + s.b);
      if (pasted.count(a) && pasted.count(b)) d.hexsides[hexside_key(a, b)] = s.feature;
    }
    return std::string();
  });
}

std::string EditorModel::mirror(const Area &area) {
  auto hexes = area_hexes(area);
  if (hexes.empty()) return "choose an area on the map first";
  auto a = *offset_of(area.from), b = *offset_of(area.to);
  int c0 = std::min(a.col, b.col), c1 = std::min(std::max(a.col, b.col), doc_.columns - 1);
  auto image = [&](const std::string &l) {
    Offset o = *offset_of(l);
    return label({c0 + c1 - o.col, o.row});
  };
  return edit("mirror", [&](BattleDoc &d) {
    std::set<std::string> inside(hexes.begin(), hexes.end());
    std::map<std::string, HexCell> cells;
    for (const std::string &l : hexes)
      cells[image(l)] = d.cell(l);
    for (const auto &[l, c] : cells)
      d.set_cell(l, c);
    std::map<HexsideKey, std::string> sides;
    for (const auto &[key, feature] : d.hexsides)
      if (inside.count(key.first) && inside.count(key.second)) {
        std::string x = image(key.first), y = image(key.second);
        if (distance(from_offset(*offset_of(x)), from_offset(*offset_of(y))) == 1)
          sides[hexside_key(x, y)] = feature;
      }
    std::erase_if(d.hexsides, [&](const auto &e) {
      return inside.count(e.first.first) && inside.count(e.first.second);
    });
    d.hexsides.insert(sides.begin(), sides.end());
    for (UnitDoc &u : d.units) // the units in the area go with their ground
      if (u.hex && inside.count(*u.hex)) {
        u.hex = image(*u.hex);
        if (u.facing) u.facing = (6 - *u.facing) % 6; // D2: north-east becomes north-west
      }
    return std::string();
  });
}

// --- Sides and wings -------------------------------------------------------------------------

namespace {
std::string check_side(int side) { return side == 0 || side == 1 ? "" : "a battle has two sides"; }
} // namespace

std::string EditorModel::set_side_id(int side, const std::string &id) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (id.empty()) return "a side needs an id";
  if (doc_.sides[1 - side].id == id) return "the other side already has the id " + id;
  return edit("rename side", [&](BattleDoc &d) {
    std::string old = d.sides[side].id;
    auto follow = [&](std::string &ref) {
      if (ref == old) ref = id;
    };
    d.sides[side].id = id;
    for (UnitDoc &u : d.units)
      follow(u.side);
    follow(d.rules.first_player);
    follow(d.rules.initiative);
    if (d.rules.at_end) follow(*d.rules.at_end);
    for (SpecialDoc &s : d.special)
      follow(s.side);
    return std::string();
  });
}

std::string EditorModel::set_side_name(int side, const std::string &name) {
  if (auto why = check_side(side); !why.empty()) return why;
  return edit("rename side", [&](BattleDoc &d) {
    d.sides[side].name = name;
    return std::string();
  });
}

std::string EditorModel::set_limits(int side, int wings_per_turn, int commands_per_wing) {
  if (doc_.d3()) return "D3 Medieval has no Command Markers (D5 activation)";
  if (auto why = check_side(side); !why.empty()) return why;
  if (wings_per_turn < 1 || wings_per_turn > 8) return "wings per turn runs from 1 to 8";
  if (commands_per_wing < 1 || commands_per_wing > 7) return "commands per wing runs from 1 to 7";
  return edit("change command limits", [&](BattleDoc &d) {
    d.sides[side].wings_per_turn = wings_per_turn;
    d.sides[side].commands_per_wing = commands_per_wing;
    return std::string();
  });
}

namespace {
std::string check_faces(const std::vector<std::string> &faces) {
  if (faces.empty() || faces.size() > 2) return "a Command Marker has one or two faces";
  for (const std::string &f : faces)
    if (!contains(kCommands, f)) return refused_unknown("command", f);
  return "";
}
} // namespace

std::string EditorModel::add_marker(int side, std::vector<std::string> faces) {
  if (doc_.d3()) return "D3 Medieval has no Command Markers (D5 activation)";
  if (auto why = check_side(side); !why.empty()) return why;
  if (auto why = check_faces(faces); !why.empty()) return why;
  if (doc_.sides[side].markers.size() >= 16) return "at most 16 Command Markers per side";
  return edit("add a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers.push_back(faces);
    return std::string();
  });
}

std::string EditorModel::set_marker(int side, int marker, std::vector<std::string> faces) {
  if (doc_.d3()) return "D3 Medieval has no Command Markers (D5 activation)";
  if (auto why = check_side(side); !why.empty()) return why;
  if (auto why = check_faces(faces); !why.empty()) return why;
  if (marker < 0 || marker >= static_cast<int>(doc_.sides[side].markers.size()))
    return "no such Command Marker";
  return edit("change a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers[marker] = faces;
    return std::string();
  });
}

std::string EditorModel::remove_marker(int side, int marker) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (marker < 0 || marker >= static_cast<int>(doc_.sides[side].markers.size()))
    return "no such Command Marker";
  return edit("remove a Command Marker", [&](BattleDoc &d) {
    d.sides[side].markers.erase(d.sides[side].markers.begin() + marker);
    return std::string();
  });
}

std::string EditorModel::set_vp(int side, const std::string &type, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  if (vp && (*vp < 0 || *vp > 1000)) return "VP for a unit run from 0 to 1000";
  return edit("change VP", [&](BattleDoc &d) {
    auto &table = d.sides[side].vp_for_eliminating;
    if (!table) table.emplace();
    if (vp)
      (*table)[type] = *vp;
    else
      table->erase(type);
    return std::string();
  });
}

std::string EditorModel::set_victory_vp(int side, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (vp && *vp < 1) return "a victory threshold is at least 1 VP";
  return edit("change the victory threshold", [&](BattleDoc &d) {
    d.sides[side].victory_vp = vp;
    return std::string();
  });
}

std::string EditorModel::set_start_vp(int side, std::optional<int> vp) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (vp && *vp < 0) return "start VP cannot be negative";
  return edit("change start VP", [&](BattleDoc &d) {
    d.sides[side].start_vp = vp;
    return std::string();
  });
}

std::string EditorModel::add_wing(int side, const std::string &id, const std::string &name) {
  if (auto why = check_side(side); !why.empty()) return why;
  if (id.empty()) return "a wing needs an id";
  if (doc_.wing(id)) return "there is already a wing " + id;
  return edit("add a wing", [&](BattleDoc &d) {
    std::set<std::string> used;
    for (const SideDoc &s : d.sides)
      for (const WingDoc &w : s.wings)
        if (w.color) used.insert(*w.color);
    std::string colour =
        kWingPalette[(d.sides[0].wings.size() + d.sides[1].wings.size()) % kWingPalette.size()];
    for (const char *c : kWingPalette) // the first colour of the palette not yet used
      if (!used.count(c)) {
        colour = c;
        break;
      }
    if (d.d3() && d.sides[side].wings.empty()) // the side's units were of its implicit wing
      for (UnitDoc &u : d.units)
        if (u.side == d.sides[side].id && u.wing.empty()) u.wing = id;
    d.sides[side].wings.push_back({id, name, colour});
    return std::string();
  });
}

std::string EditorModel::set_wing_id(const std::string &wing, const std::string &id) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  if (id.empty()) return "a wing needs an id";
  if (id != wing && doc_.wing(id)) return "there is already a wing " + id;
  return edit("rename a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.id = id;
    for (UnitDoc &u : d.units)
      if (u.wing == wing) u.wing = id;
    for (SpecialDoc &s : d.special) {
      if (s.fields.contains("wing") && s.fields["wing"] == wing) s.fields["wing"] = id;
      if (s.fields.contains("waves") && s.fields["waves"].is_array())
        for (json &wave : s.fields["waves"])
          for (json &w : wave)
            if (w == wing) w = id;
    }
    return std::string();
  });
}

std::string EditorModel::set_wing_name(const std::string &wing, const std::string &name) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  return edit("rename a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.name = name;
    return std::string();
  });
}

std::string EditorModel::set_wing_color(const std::string &wing, const std::string &color) {
  if (!doc_.wing(wing)) return refused_unknown("wing", wing);
  return edit("recolour a wing", [&](BattleDoc &d) {
    for (SideDoc &s : d.sides)
      for (WingDoc &w : s.wings)
        if (w.id == wing) w.color = color;
    return std::string();
  });
}

std::string EditorModel::remove_wing(const std::string &wing) {
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  for (const UnitDoc &u : doc_.units)
    if (u.wing == wing) return "unit " + u.id + " belongs to " + wing + ": move it to another wing";
  if (doc_.sides[side].wings.size() == 1 && !doc_.d3()) return "a side needs at least one wing";
  for (const SpecialDoc &s : doc_.special)
    if (s.fields.dump().find("\"" + wing + "\"") != std::string::npos)
      return "special rule " + s.id + " names " + wing + ": change it first";
  return edit("remove a wing", [&](BattleDoc &d) {
    std::erase_if(d.sides[side].wings, [&](const WingDoc &w) { return w.id == wing; });
    return std::string();
  });
}

// --- Units -----------------------------------------------------------------------------------

std::string EditorModel::add_unit(const std::string &wing, const std::string &type,
                                  const std::string &hex, std::string *new_id,
                                  const std::string &id) {
  int side = -1;
  bool implicit = false; // D3: a side without wings, named by its id
  if (!doc_.wing(wing, &side)) {
    side = doc_.side_index(wing);
    implicit = doc_.d3() && side >= 0 && doc_.sides[side].wings.empty();
    if (!implicit) return refused_unknown("wing", wing);
  }
  auto defaults = std::find_if(type_defaults().begin(), type_defaults().end(),
                               [&](const TypeDefaults &t) { return type == t.type; });
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (int there = doc_.unit_at(hex); there >= 0)
    return "hex " + hex + " already holds " + doc_.units[there].id + " (5.1: one unit per hex)";
  if (!id.empty() && doc_.unit_index(id) >= 0) return "there is already a unit " + id;
  std::string uid = id;
  if (uid.empty()) { // the side's initial and the first free number
    const std::string &sid = doc_.sides[side].id;
    std::string prefix(1, sid.empty() ? 'U' : static_cast<char>(std::toupper(sid[0])));
    for (int n = 1; uid.empty() || doc_.unit_index(uid) >= 0; ++n)
      uid = prefix + std::to_string(n);
  }
  if (new_id) *new_id = uid;
  return edit("add unit " + uid, [&](BattleDoc &d) {
    UnitDoc u;
    u.id = uid;
    u.side = d.sides[side].id;
    u.wing = implicit ? "" : wing;
    u.type = type;
    if (d.d3()) { // D2: facing as the side's last unit does, else towards the other side
      u.facing = side == 0 ? 0 : 3;
      for (const UnitDoc &other : d.units)
        if (other.side == u.side && other.facing) u.facing = other.facing;
    } else {
      u.front = defaults->front;
      u.back = defaults->back;
    }
    u.hex = hex;
    d.units.push_back(u);
    return std::string();
  });
}

std::string EditorModel::remove_unit(const std::string &id) {
  if (!unit(id)) return refused_unknown("unit", id);
  return edit("remove unit " + id, [&](BattleDoc &d) {
    d.units.erase(d.units.begin() + d.unit_index(id));
    for (SpecialDoc &s : d.special)
      if (s.fields.contains("units") && s.fields["units"].is_array()) {
        json &us = s.fields["units"];
        us.erase(std::remove(us.begin(), us.end(), json(id)), us.end());
      }
    return std::string();
  });
}

std::string EditorModel::move_unit(const std::string &id, const std::string &hex) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  if (int there = doc_.unit_at(hex); there >= 0 && doc_.units[there].id != id)
    return "hex " + hex + " already holds " + doc_.units[there].id + " (5.1: one unit per hex)";
  return edit("place " + id, [&](BattleDoc &d) {
    UnitDoc &u = d.units[d.unit_index(id)];
    u.hex = hex;
    u.reinforcement.reset();
    return std::string();
  });
}

std::string EditorModel::set_unit_id(const std::string &id, const std::string &new_id) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (new_id.empty()) return "a unit needs an id";
  if (new_id != id && doc_.unit_index(new_id) >= 0) return "there is already a unit " + new_id;
  return edit("rename unit " + id, [&](BattleDoc &d) {
    d.units[d.unit_index(id)].id = new_id;
    for (SpecialDoc &s : d.special)
      if (s.fields.contains("units") && s.fields["units"].is_array())
        for (json &u : s.fields["units"])
          if (u == id) u = new_id;
    return std::string();
  });
}

std::string EditorModel::set_unit_name(const std::string &id, const std::string &name) {
  if (!unit(id)) return refused_unknown("unit", id);
  return edit("name unit " + id, [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.name = name.empty() ? std::nullopt : std::optional<std::string>(name);
    return std::string();
  });
}

std::string EditorModel::set_unit_type(const std::string &id, const std::string &type) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  return edit("change the type of " + id, [&](BattleDoc &d) {
    d.units[d.unit_index(id)].type = type;
    return std::string();
  });
}

std::string EditorModel::set_unit_wing(const std::string &id, const std::string &wing) {
  int side = -1;
  if (!unit(id)) return refused_unknown("unit", id);
  bool implicit = false; // D3: a side without wings, named by its id
  if (!doc_.wing(wing, &side)) {
    side = doc_.side_index(wing);
    implicit = doc_.d3() && side >= 0 && doc_.sides[side].wings.empty();
    if (!implicit) return refused_unknown("wing", wing);
  }
  return edit("move " + id + " to " + wing, [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.wing = implicit ? "" : wing;
    u.side = d.sides[side].id; // a wing belongs to one side
    return std::string();
  });
}

std::string EditorModel::set_face(const std::string &id, bool back, const FaceDoc &face) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (doc_.d3()) return "D3 Medieval units have no faces: a type and a facing (D1, D2)";
  if (!contains(kCombatClasses, face.cc)) return refused_unknown("combat class", face.cc);
  if (face.fire && (*face.fire < 1 || *face.fire > 9)) return "a Fire Factor runs from 1 to 9";
  return edit(std::string("change the ") + (back ? "back" : "front") + " of " + id,
              [&](BattleDoc &d) {
                FaceDoc f = face;
                if (f.crown == false) f.crown.reset(); // canonical: no crown is no field
                auto &u = d.units[d.unit_index(id)];
                if (back)
                  u.back = f;
                else
                  u.front = f;
                return std::string();
              });
}

std::string EditorModel::set_one_step(const std::string &id, bool one_step) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (doc_.d3()) return "D3 Medieval units have no faces: a type and a facing (D1, D2)";
  return edit(one_step ? "make " + id + " one-step" : "give " + id + " a back", [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    if (one_step)
      u.back.reset();
    else if (!u.back)
      u.back = FaceDoc{worse_cc(u.front.cc)};
    return std::string();
  });
}

std::string EditorModel::set_reinforcement(const std::string &id, int turn,
                                           const std::vector<std::string> &entry) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (doc_.d3()) return "D3 Medieval battles have no reinforcements";
  if (turn < 1 || turn > 10000) return "a reinforcement enters on turn 1 or later";
  for (const std::string &h : entry)
    if (!on_map(h)) return "hex " + h + " is not on the map";
  return edit("make " + id + " a reinforcement", [&](BattleDoc &d) {
    auto &u = d.units[d.unit_index(id)];
    u.hex.reset();
    u.reinforcement = ReinforcementDoc{turn, entry};
    return std::string();
  });
}

std::string EditorModel::set_facing(const std::string &id, int facing) {
  if (!unit(id)) return refused_unknown("unit", id);
  if (!doc_.d3()) return "only D3 Medieval units face a hexside (D2)";
  facing = ((facing % 6) + 6) % 6; // turning past north-west comes back to north
  return edit("turn " + id + " to face " + kD3Facings[facing], [&](BattleDoc &d) {
    d.units[d.unit_index(id)].facing = facing;
    return std::string();
  });
}

std::string EditorModel::toggle_entry_hex(const std::string &id, const std::string &hex) {
  UnitDoc *u = unit(id);
  if (!u) return refused_unknown("unit", id);
  if (!u->reinforcement) return id + " is not a reinforcement";
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  return edit("change the entry of " + id, [&](BattleDoc &d) {
    auto &entry = d.units[d.unit_index(id)].reinforcement->entry;
    if (auto it = std::find(entry.begin(), entry.end(), hex); it != entry.end())
      entry.erase(it);
    else
      entry.push_back(hex);
    return std::string();
  });
}

// --- Rules and special rules -----------------------------------------------------------------

std::string EditorModel::set_rule(const std::string &key, const std::string &value) {
  bool side = doc_.side_index(value) >= 0;
  return edit("set " + key, [&](BattleDoc &d) -> std::string {
    if (key == "initiative" && d.d3()) return "D3 Medieval has no Initiative Marker (D4)";
    if (key == "wing_integrity" && d.d3() && !value.empty())
      return "D3 Medieval has no Wing Integrity";
    if (key == "first_player" || key == "initiative") {
      if (!side) return "expected a side id";
      (key == "first_player" ? d.rules.first_player : d.rules.initiative) = value;
    } else if (key == "at_end") {
      if (!value.empty() && !side && value != "most_vp" && value != "draw")
        return "expected a side id, most_vp or draw";
      d.rules.at_end = value.empty() ? std::nullopt : std::optional<std::string>(value);
    } else if (key == "wing_integrity") {
      if (!value.empty() && !contains(kWingIntegrity, value))
        return "expected standard, advanced, none or standard_or_advanced";
      d.rules.wing_integrity = value.empty() ? std::nullopt : std::optional<std::string>(value);
    } else
      return "no rule \"" + key + "\"";
    return "";
  });
}

std::string EditorModel::set_last_turn(std::optional<int> turns) {
  if (turns && (*turns < 1 || *turns > 1000)) return "the last turn runs from 1 to 1000";
  return edit("set the last turn", [&](BattleDoc &d) {
    d.rules.last_turn = turns;
    return std::string();
  });
}

std::string EditorModel::add_special(const std::string &kind, int side, int *index) {
  const KindSpec *k = special_kind(kind);
  if (!k) return refused_unknown("special rule kind", kind);
  if (doc_.d3() && !k->in_d3)
    return "D3 Medieval battles use instant_win_on_entry, attack_waves or attack_precondition";
  if (auto why = check_side(side); !why.empty()) return why;
  if (doc_.special.size() >= kMaxSpecialRules) return "a battle has at most eight special rules";
  return edit("add a special rule", [&](BattleDoc &d) {
    SpecialDoc s;
    for (int n = 1; s.id.empty() || std::any_of(d.special.begin(), d.special.end(),
                                                [&](const SpecialDoc &o) { return o.id == s.id; });
         ++n)
      s.id = std::string(kind) + "_" + std::to_string(n);
    s.kind = kind;
    s.side = d.sides[side].id;
    s.text = std::string(k->what);
    for (const FieldSpec &f : k->fields) {
      if (!f.required) continue;
      switch (f.kind) {
      case FieldKind::Hexes:
      case FieldKind::Types:
      case FieldKind::Units:
        s.fields[f.key] = json::array();
        break;
      case FieldKind::Waves:
        s.fields[f.key] = json::array({json::array(), json::array()});
        break;
      case FieldKind::Wing:
        s.fields[f.key] = d.sides[side].wings.empty() ? "" : d.sides[side].wings[0].id;
        break;
      case FieldKind::Integer:
        s.fields[f.key] = std::max(1, f.lo);
        break;
      case FieldKind::Flag:
        s.fields[f.key] = false;
        break;
      case FieldKind::Terrain:
        s.fields[f.key] = "clear";
        break;
      }
    }
    d.special.push_back(s);
    if (index) *index = static_cast<int>(d.special.size()) - 1;
    return std::string();
  });
}

std::string EditorModel::remove_special(int index) {
  if (!special(index)) return "no such special rule";
  return edit("remove a special rule", [&](BattleDoc &d) {
    d.special.erase(d.special.begin() + index);
    return std::string();
  });
}

std::string EditorModel::set_special_side(int index, int side) {
  if (!special(index)) return "no such special rule";
  if (auto why = check_side(side); !why.empty()) return why;
  return edit("change the side of a special rule", [&](BattleDoc &d) {
    SpecialDoc &s = d.special[index];
    s.side = d.sides[side].id;
    // Wings and units belong to a side: what the rule named of the other side is let go.
    if (s.fields.contains("wing"))
      s.fields["wing"] = d.sides[side].wings.empty() ? "" : d.sides[side].wings[0].id;
    if (s.fields.contains("waves")) s.fields["waves"] = json::array({json::array(), json::array()});
    if (s.fields.contains("units")) s.fields["units"] = json::array();
    return std::string();
  });
}

std::string EditorModel::set_special_text(int index, const std::string &text) {
  if (!special(index)) return "no such special rule";
  return edit("change a special rule's text", [&](BattleDoc &d) {
    d.special[index].text = text;
    return std::string();
  });
}

std::string EditorModel::set_special_id(int index, const std::string &id) {
  if (!special(index)) return "no such special rule";
  if (id.empty()) return "a special rule needs an id";
  for (size_t i = 0; i < doc_.special.size(); ++i)
    if (static_cast<int>(i) != index && doc_.special[i].id == id)
      return "there is already a special rule " + id;
  return edit("rename a special rule", [&](BattleDoc &d) {
    d.special[index].id = id;
    return std::string();
  });
}

namespace {
void toggle_in(json &list, const std::string &value) {
  if (!list.is_array()) list = json::array();
  auto it = std::find(list.begin(), list.end(), json(value));
  if (it != list.end())
    list.erase(it);
  else
    list.push_back(value);
}

const FieldSpec *field_of(const SpecialDoc &s, const std::string &key, FieldKind kind) {
  const KindSpec *k = special_kind(s.kind);
  if (!k) return nullptr;
  for (const FieldSpec &f : k->fields)
    if (key == f.key && f.kind == kind) return &f;
  return nullptr;
}
} // namespace

std::string EditorModel::toggle_special_hex(int index, const std::string &field,
                                            const std::string &hex) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Hexes)) return "this rule has no hex list " + field;
  if (!on_map(hex)) return "hex " + hex + " is not on the map";
  return edit("change the hexes of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields[field], hex);
    return std::string();
  });
}

std::string EditorModel::toggle_special_unit(int index, const std::string &id) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "units", FieldKind::Units)) return "this rule names no units";
  UnitDoc *u = unit(id);
  if (!u) return refused_unknown("unit", id);
  if (u->side != s->side) return id + " is not a unit of " + s->side;
  return edit("change the units of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields["units"], id);
    return std::string();
  });
}

std::string EditorModel::toggle_special_type(int index, const std::string &field,
                                             const std::string &type) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Types)) return "this rule has no type list " + field;
  if (!contains(words().unit_types, type)) return refused_unknown("unit type", type);
  return edit("change the types of " + s->id, [&](BattleDoc &d) {
    toggle_in(d.special[index].fields[field], type);
    return std::string();
  });
}

std::string EditorModel::toggle_wave_wing(int index, int wave, const std::string &wing) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "waves", FieldKind::Waves)) return "this rule has no waves";
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  if (doc_.sides[side].id != s->side) return wing + " is not a wing of " + s->side;
  int waves = s->fields.contains("waves") && s->fields["waves"].is_array()
                  ? static_cast<int>(s->fields["waves"].size())
                  : 0;
  if (wave < 0 || wave > waves) return "no such wave";
  return edit("change the waves of " + s->id, [&](BattleDoc &d) {
    json &list = d.special[index].fields["waves"];
    if (!list.is_array()) list = json::array();
    if (wave >= static_cast<int>(list.size())) list.push_back(json::array());
    for (json &w : list)
      if (!w.is_array()) w = json::array();  // a hand-written file may hold anything here
    for (size_t w = 0; w < list.size(); ++w) // a wing attacks in one wave only
      if (static_cast<int>(w) != wave) {
        json &other = list[w];
        other.erase(std::remove(other.begin(), other.end(), json(wing)), other.end());
      }
    toggle_in(list[wave], wing);
    return std::string();
  });
}

std::string EditorModel::set_special_wing(int index, const std::string &wing) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "wing", FieldKind::Wing)) return "this rule names no wing";
  int side = -1;
  if (!doc_.wing(wing, &side)) return refused_unknown("wing", wing);
  if (doc_.sides[side].id != s->side) return wing + " is not a wing of " + s->side;
  return edit("change the wing of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields["wing"] = wing;
    return std::string();
  });
}

std::string EditorModel::set_special_number(int index, const std::string &field, int value) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  const FieldSpec *f = field_of(*s, field, FieldKind::Integer);
  if (!f) return "this rule has no number " + field;
  if (value < f->lo || value > f->hi)
    return field + " runs from " + std::to_string(f->lo) + " to " + std::to_string(f->hi);
  return edit("change " + field + " of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields[field] = value;
    return std::string();
  });
}

std::string EditorModel::set_special_flag(int index, const std::string &field, bool value) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, field, FieldKind::Flag)) return "this rule has no switch " + field;
  return edit("change " + field + " of " + s->id, [&](BattleDoc &d) {
    d.special[index].fields[field] = value;
    return std::string();
  });
}

std::string EditorModel::set_special_terrain(int index, const std::string &terrain) {
  SpecialDoc *s = special(index);
  if (!s) return "no such special rule";
  if (!field_of(*s, "target_terrain", FieldKind::Terrain)) return "this rule has no terrain";
  if (!terrain.empty() && !contains(terrain_names(), terrain))
    return refused_unknown("terrain", terrain);
  return edit("change the terrain of " + s->id, [&](BattleDoc &d) {
    if (terrain.empty())
      d.special[index].fields.erase("target_terrain");
    else
      d.special[index].fields["target_terrain"] = terrain;
    return std::string();
  });
}

} // namespace sns::editor
