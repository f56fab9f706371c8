// The battle editor's map tools: the battle's identity and size, terrain painting and filling,
// elevation, hexsides, roads, the ruleset switch, terrain types, copy, paste and mirror.
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
    return refused_unknown(doc_.ruleset_def().hexside_words, feature);
  return edit(feature.empty() ? "clear a hexside" : "add a " + feature, [&](BattleDoc &d) {
    if (feature.empty())
      d.hexsides.erase(hexside_key(a, b));
    else
      d.hexsides[hexside_key(a, b)] = feature;
    return std::string();
  });
}

std::string EditorModel::set_road(const std::string &hex, bool road, int radius) {
  if (auto why = lacks(Feature::Roads); !why.empty()) return why;
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

namespace {

// How a unit type reads under the other ruleset (set_ruleset): the nearest kind of troops, each
// row read both ways. S&S II units with a Fire Factor become Longbows; D3 bowmen become Infantry
// that fire.
struct TypeMove {
  const char *ssii, *d3;
  std::optional<int> fire; // the Fire Factor a D3 type brings to S&S II
};
constexpr const char *kShootingType = "longbows"; // what a unit with a Fire Factor becomes
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
// The row that translates the type into one of the ruleset's types, and that type (into).
const TypeMove *type_move(const std::string &type, const Ruleset &to, std::string *into) {
  for (const TypeMove &m : type_moves())
    for (auto [from, dest] : {std::pair{m.ssii, m.d3}, std::pair{m.d3, m.ssii}})
      if (type == from && contains(vocabulary(to).unit_types, dest)) {
        *into = dest;
        return &m;
      }
  return nullptr;
}
// The hexside features that differ: S&S II's trench is D3's stakes (D12: a defended line).
const std::vector<std::pair<const char *, const char *>> &feature_moves() {
  static const std::vector<std::pair<const char *, const char *>> table = {{"trench", "stakes"}};
  return table;
}

void move_types(BattleDoc &d, const Ruleset &to) {
  bool faces = to.has(Feature::UnitFaces);
  for (UnitDoc &u : d.units) {
    std::string into;
    const TypeMove *m = type_move(u.type, to, &into);
    if (!m) continue;
    u.type = !faces && u.front.fire ? kShootingType : into;
    if (!faces) continue;
    for (const TypeDefaults &t : type_defaults()) // the usual faces of the type
      if (u.type == t.type) u.front = t.front, u.back = t.back;
    u.front.fire = m->fire;
  }
  for (SideDoc &s : d.sides)
    if (s.vp_for_eliminating) {
      std::map<std::string, int> table;
      for (const auto &[type, vp] : *s.vp_for_eliminating) {
        std::string into;
        table[type_move(type, to, &into) ? into : type] = vp;
      }
      s.vp_for_eliminating = table;
    }
  for (auto &[key, feature] : d.hexsides)
    for (const auto &[a, b] : feature_moves())
      for (auto [from, dest] : {std::pair{a, b}, std::pair{b, a}})
        if (feature == from && contains(vocabulary(to).hexside_features, dest)) {
          feature = dest;
          break;
        }
}

// What the ruleset lacks goes; what it needs and the battle lacks is given its usual value.
void fit_features(BattleDoc &d, const Ruleset &to) {
  if (!to.has(Feature::Initiative))
    d.rules.initiative.clear(); // D4: the first player always moves first
  else if (d.rules.initiative.empty())
    d.rules.initiative = d.rules.first_player == d.sides[0].id ? d.sides[1].id : d.sides[0].id;
  if (!to.has(Feature::WingIntegrity)) d.rules.wing_integrity.reset();
  for (UnitDoc &u : d.units) // D2: each side faces the other's start
    if (!to.has(Feature::Facings))
      u.facing.reset();
    else if (!u.facing)
      u.facing = u.side == d.sides[0].id ? 0 : 3;
  if (!to.has(Feature::Roads)) {
    for (auto &[label, c] : d.hexes)
      c.road = false;
    std::erase_if(d.hexes, [](const auto &e) { return e.second.is_default(); });
  }
  for (size_t i = 0; i < d.sides.size(); ++i) {
    SideDoc &s = d.sides[i];
    if (to.has(Feature::CommandMarkers) && s.markers.empty())
      s.markers = {{"move", "shield_wall"}, {"combat", "withdraw"}, {"fire", "horse"}, {"bonus"}};
    if (to.has(Feature::WingsRequired) && s.wings.empty()) // the side names its wing
      s.wings.push_back({s.id, s.name, std::string(kWingPalette[i])});
  }
  if (to.has(Feature::WingsRequired))
    for (UnitDoc &u : d.units)
      if (u.wing.empty()) u.wing = u.side;
}

} // namespace

namespace {

// Victory levels under another ruleset: a condition on a fact it does not have (VP in D3
// Medieval, hits in S&S II) goes, and so does a level other than the last left with none.
void fit_levels(BattleDoc &d, const Ruleset &to) {
  std::vector<nlohmann::json> kept;
  for (size_t i = 0; i < d.victory_levels.size(); ++i) {
    nlohmann::json level = d.victory_levels[i];
    const bool last = i + 1 == d.victory_levels.size();
    if (level.is_object() && level.contains("when") && level["when"].is_array()) {
      nlohmann::json when = nlohmann::json::array();
      for (const nlohmann::json &c : level["when"]) {
        auto fact = c.is_object() && c.contains("fact") && c["fact"].is_string()
                        ? parse_name<LevelFact>(c["fact"].get<std::string>())
                        : std::nullopt;
        if (!fact || used_in(*fact, to.bit())) when.push_back(c);
      }
      if (when.empty() && !level["when"].empty() && !last) continue;
      level["when"] = when;
      if (when.empty()) level.erase("when");
    }
    kept.push_back(level);
  }
  d.victory_levels = kept;
}

} // namespace

std::string EditorModel::set_ruleset(const std::string &ruleset) {
  const Ruleset *to = find_ruleset(ruleset);
  if (!to) return "the ruleset: " + expected_ruleset();
  if (to->json() == doc_.ruleset) return ""; // played under it already
  return edit("play under " + std::string(to->title()), [&](BattleDoc &d) {
    d.ruleset = ruleset;
    move_types(d, *to);
    fit_features(d, *to);
    fit_levels(d, *to);
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

} // namespace sns::editor
