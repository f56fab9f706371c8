// Battle file loader, format 1 (DESIGN.md): strict validation of every field, never a half-loaded
// battle.
#include "json_reader.hpp"
#include "sns/battle.hpp"
#include "sns/battle_about.hpp"
#include "sns/input.hpp"
#include "sns/ruleset.hpp"
#include "sns/text_case.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace sns {

// victory_levels.cpp: reads "victory_levels" once the sides and the map are read.
void read_victory_levels(const JsonReader &in, const json &doc, Battle &b);

json parse_json_text(const std::string &text, const std::string &file) {
  // Bytes first, so a parser message never quotes a byte that is not UTF-8.
  check_utf8(text, file);
  // A depth limit keeps deeply nested input from exhausting the stack of the recursive parser.
  json::parser_callback_t guard = [&](int depth, json::parse_event_t event, json &value) {
    if (depth > static_cast<int>(kMaxJsonDepth))
      throw LoadError(file, "",
                      "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    bool text_value = (event == json::parse_event_t::value || event == json::parse_event_t::key) &&
                      value.is_string();
    if (text_value && value.get_ref<const std::string &>().size() > kMaxJsonStringBytes)
      throw LoadError(file, "",
                      "a string of " + std::to_string(value.get_ref<const std::string &>().size()) +
                          " bytes; at most " + std::to_string(kMaxJsonStringBytes) +
                          " are accepted");
    return true;
  };
  try {
    return json::parse(text, guard);
  } catch (
      const json::exception &e) { // parse errors, and numbers too large to hold (found by fuzzing)
    std::string what = e.what();
    auto pos = what.find(']');
    throw LoadError(file, "",
                    "malformed JSON (" +
                        printable(pos == std::string::npos ? what : what.substr(pos + 2)) + ")");
  }
}

json read_json_file(const std::string &path, size_t max_bytes) {
  return parse_json_text(read_text_file(path, max_bytes), path);
}

std::optional<HexId> Battle::parse_hex(const std::string &text) const {
  auto o = parse_label(text);
  if (!o) return std::nullopt;
  HexId h = hex_id(*o);
  if (h == kOffMap) return std::nullopt;
  return h;
}

int Battle::direction(HexId from, HexId to) const {
  for (int d = 0; d < 6; ++d)
    if (adjacent[from][d] == to) return d;
  return -1;
}

namespace {
template <typename T> int index_by_id(const std::vector<T> &items, const std::string &id) {
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}
} // namespace

int Battle::unit_index(const std::string &wanted) const { return index_by_id(units, wanted); }
int Battle::wing_index(const std::string &wanted) const { return index_by_id(wings, wanted); }
int Battle::side_index(const std::string &wanted) const {
  for (int s = 0; s < 2; ++s)
    if (sides[s].id == wanted) return s;
  return -1;
}
int Battle::terrain_index(const std::string &n) const {
  for (size_t i = 0; i < terrain_types.size(); ++i)
    if (terrain_types[i].name == n) return static_cast<int>(i);
  return -1;
}

namespace {

// A D3 side without wings is drawn in its own colour: the one its name or id says when it says red
// or blue (an editor's "Blue Army" listed first must not come out red), else red first, blue
// second.
std::string implicit_wing_colour(const SideDef &side, int index) {
  constexpr const char *kRed = "#9e2a2b", *kBlue = "#3d6fb6";
  auto says = [&](const char *word) {
    return lowered(side.id + " " + side.name).find(word) != std::string::npos;
  };
  if (says("blue")) return kBlue;
  if (says("red")) return kRed;
  return index == 0 ? kRed : kBlue;
}

class BattleLoader {
public:
  BattleLoader(const json &doc, const std::string &file) : doc_(doc), in_(file) {}

  std::shared_ptr<Battle> load() {
    in_.object(doc_, "");
    in_.only_keys(doc_, "",
                  {"format", "ruleset", "id", "name", "date", "summary", "description", "about",
                   "map", "terrain_types", "sides", "units", "reinforcements", "rules", "special",
                   "victory_levels"});
    std::string format = in_.str(in_.field(doc_, "", "format"), "/format");
    if (format != "shields-swords-battle/1")
      in_.fail("/format", "expected \"shields-swords-battle/1\", got \"" + format + "\"");
    read_ruleset();
    b_->id = in_.str(in_.field(doc_, "", "id"), "/id");
    b_->name = in_.str(in_.field(doc_, "", "name"), "/name");
    if (auto *d = in_.optional(doc_, "date")) b_->date = in_.str(*d, "/date");
    if (auto *s = in_.optional(doc_, "summary")) b_->summary = in_.str(*s, "/summary");
    read_terrain_types();
    read_map();
    read_sides();
    read_battle_about(doc_, *b_, in_.file()); // checked here; the gallery reads it from source
    read_units();
    read_reinforcements();
    read_rules();
    read_special();
    read_victory_levels(in_, doc_, *b_);
    check_unit_placement();
    b_->source = doc_;
    return b_;
  }

private:
  const json &doc_;
  JsonReader in_;
  std::shared_ptr<Battle> b_ = std::make_shared<Battle>();

  // DESIGN.md "D3 Medieval, the second ruleset": "ssii" unless the battle says "d3-medieval".
  void read_ruleset() {
    const json *r = in_.optional(doc_, "ruleset");
    if (!r) return;
    std::string name = in_.str(*r, "/ruleset");
    const Ruleset *rs = find_ruleset(name);
    if (!rs) in_.fail("/ruleset", expected_ruleset() + ", got \"" + name + "\"");
    b_->ruleset = rs->id;
  }
  const Ruleset &rules() const { return b_->rules(); }
  bool has(Feature f) const { return rules().has(f); }
  // Refuses what the battle's ruleset does not have, in the ruleset's words.
  void refuse_missing(Feature f, const std::string &path) {
    if (!has(f)) in_.fail(path, rules().why_not(f));
  }
  // A unit type of the battle's ruleset, or a clear refusal naming the ones it has.
  UnitType unit_type(const json &v, const std::string &path) {
    std::string n = in_.str(v, path);
    auto t = parse_unit_type(n);
    if (!t || !rules().has_unit_type(*t))
      in_.fail(path, rules().expected_unit_type() + ", got \"" + n + "\"");
    return *t;
  }

  void read_terrain_types() {
    for (const TerrainRow &t : rules().terrain) // the ruleset's own terrain types first
      b_->terrain_types.push_back({std::string(t.name), t.impassable, t.blocks_los});
    const json *types = in_.optional(doc_, "terrain_types");
    if (!types) return;
    in_.object(*types, "/terrain_types");
    for (auto it = types->begin(); it != types->end(); ++it) {
      std::string path = JsonReader::at("/terrain_types", it.key());
      in_.object(it.value(), path);
      in_.only_keys(it.value(), path, {"impassable", "blocks_los", "note"});
      int idx = b_->terrain_index(it.key());
      if (idx < 0) {
        if (b_->terrain_types.size() >= 200) in_.fail(path, "at most 200 terrain types");
        b_->terrain_types.push_back({it.key(), false, false});
        idx = static_cast<int>(b_->terrain_types.size()) - 1;
      }
      auto &t = b_->terrain_types[idx];
      if (auto *v = in_.optional(it.value(), "impassable"))
        t.impassable = in_.boolean(*v, JsonReader::at(path, "impassable"));
      if (auto *v = in_.optional(it.value(), "blocks_los"))
        t.blocks_los = in_.boolean(*v, JsonReader::at(path, "blocks_los"));
    }
  }

  HexId hex(const json &v, const std::string &path) {
    std::string text = in_.str(v, path);
    if (!parse_label(text))
      in_.fail(path, "expected a hex label CCRR (four digits), got \"" + text + "\"");
    auto h = b_->parse_hex(text);
    if (!h)
      in_.fail(path, "hex " + text + " is off the map (" + std::to_string(b_->columns) +
                         " columns, " + std::to_string(b_->rows) + " rows)");
    return *h;
  }

  // The map's hexside features (12.2; D3 stakes), each hexside once and between adjacent hexes.
  void read_hexsides(const json &sides) {
    in_.array(sides, "/map/hexsides");
    // Each hexside once: with two entries the last would win, so a file's meaning would hang on
    // its order, which the editor's canonical layout does not keep.
    std::map<std::pair<HexId, int>, size_t> listed;
    for (size_t i = 0; i < sides.size(); ++i) {
      std::string path = JsonReader::at("/map/hexsides", i);
      const json &s = in_.object(sides[i], path);
      in_.only_keys(s, path, {"between", "feature"});
      const json &between =
          in_.array(in_.field(s, path, "between"), JsonReader::at(path, "between"));
      if (between.size() != 2)
        in_.fail(JsonReader::at(path, "between"), "expected two adjacent hexes");
      HexId a = hex(between[0], JsonReader::at(path, "between") + "/0");
      HexId c = hex(between[1], JsonReader::at(path, "between") + "/1");
      int d = b_->direction(a, c);
      if (d < 0)
        in_.fail(JsonReader::at(path, "between"),
                 "expected two adjacent hexes, got " + between.dump());
      const auto side = a < c ? std::pair<HexId, int>(a, d) : std::pair<HexId, int>(c, (d + 3) % 6);
      if (auto [at, fresh] = listed.emplace(side, i); !fresh)
        in_.fail(JsonReader::at(path, "between"),
                 "expected each hexside once, but " + between.dump() + " is also listed at " +
                     JsonReader::at("/map/hexsides", at->second) +
                     " (a bridge or ford replaces the river it crosses)");
      std::string fname = in_.str(in_.field(s, path, "feature"), JsonReader::at(path, "feature"));
      auto f = parse_hexside_feature(fname);
      if (!f || !rules().has_hexside(*f))
        in_.fail(JsonReader::at(path, "feature"),
                 rules().expected_hexside() + ", got \"" + fname + "\"");
      b_->hexsides[a][d] = *f;
      b_->hexsides[c][(d + 3) % 6] = *f;
    }
  }

  void read_map() {
    const json &map = in_.field(doc_, "", "map");
    in_.object(map, "/map");
    in_.only_keys(map, "/map", {"columns", "rows", "hexes", "hexsides"});
    b_->columns = static_cast<int>(
        in_.integer(in_.field(map, "/map", "columns"), "/map/columns", 1, kMaxMapSide));
    b_->rows =
        static_cast<int>(in_.integer(in_.field(map, "/map", "rows"), "/map/rows", 1, kMaxMapSide));
    int n = b_->hex_count();
    b_->terrain.assign(n, 0);
    b_->elevation.assign(n, 0);
    b_->hexsides.assign(n, {});
    b_->road.assign(n, 0);
    b_->adjacent.assign(n, {});
    for (int h = 0; h < n; ++h) {
      Hex a = b_->axial(h);
      for (int d = 0; d < 6; ++d)
        b_->adjacent[h][d] = b_->hex_id(neighbour(a, d));
    }
    if (const json *hexes = in_.optional(map, "hexes")) {
      in_.object(*hexes, "/map/hexes");
      for (auto it = hexes->begin(); it != hexes->end(); ++it) {
        std::string path = JsonReader::at("/map/hexes", it.key());
        HexId h = hex(json(it.key()), path);
        in_.object(it.value(), path);
        in_.only_keys(it.value(), path, {"terrain", "elevation", "road"});
        if (auto *r = in_.optional(it.value(), "road")) {
          refuse_missing(Feature::Roads, JsonReader::at(path, "road"));
          b_->road[h] = in_.boolean(*r, JsonReader::at(path, "road")) ? 1 : 0;
        }
        if (auto *t = in_.optional(it.value(), "terrain")) {
          std::string name = in_.str(*t, JsonReader::at(path, "terrain"));
          int idx = b_->terrain_index(name);
          if (idx < 0) {
            std::string known;
            for (auto &tt : b_->terrain_types)
              known += (known.empty() ? "" : ", ") + tt.name;
            in_.fail(JsonReader::at(path, "terrain"),
                     "unknown terrain \"" + name + "\"; expected one of: " + known);
          }
          b_->terrain[h] = static_cast<uint8_t>(idx);
        }
        if (auto *e = in_.optional(it.value(), "elevation"))
          b_->elevation[h] =
              static_cast<int8_t>(in_.integer(*e, JsonReader::at(path, "elevation"), -9, 9));
      }
    }
    if (const json *sides = in_.optional(map, "hexsides")) read_hexsides(*sides);
  }

  void read_sides() {
    const json &sides = in_.array(in_.field(doc_, "", "sides"), "/sides");
    if (sides.size() != 2)
      in_.fail("/sides", "expected exactly two sides, got " + std::to_string(sides.size()));
    for (int s = 0; s < 2; ++s) {
      std::string path = JsonReader::at("/sides", s);
      const json &side = in_.object(sides[s], path);
      in_.only_keys(
          side, path,
          {"id", "name", "commands", "wings", "vp_for_eliminating", "victory_vp", "start_vp"});
      SideDef &def = b_->sides[s];
      def.id = in_.str(in_.field(side, path, "id"), path + "/id");
      if (s == 1 && def.id == b_->sides[0].id)
        in_.fail(path + "/id", "expected a side id different from the first side's");
      def.name = in_.str(in_.field(side, path, "name"), path + "/name");
      if (has(Feature::CommandMarkers))
        read_commands(in_.field(side, path, "commands"), path + "/commands", def);
      else if (side.contains("commands"))
        refuse_missing(Feature::CommandMarkers, path + "/commands");
      static const json kNoWings = json::array();
      const json &wings = !has(Feature::WingsRequired) && !side.contains("wings")
                              ? kNoWings
                              : in_.array(in_.field(side, path, "wings"), path + "/wings");
      if (wings.empty() && has(Feature::WingsRequired))
        in_.fail(path + "/wings", "expected at least one wing");
      if (wings.empty()) // one implicit wing, named and coloured after the side
        b_->wings.push_back({def.id, def.name, implicit_wing_colour(def, s), s});
      for (size_t w = 0; w < wings.size(); ++w) {
        std::string wp = JsonReader::at(path + "/wings", w);
        const json &wing = in_.object(wings[w], wp);
        in_.only_keys(wing, wp, {"id", "name", "color"});
        WingDef wd;
        wd.id = in_.str(in_.field(wing, wp, "id"), wp + "/id");
        if (b_->wing_index(wd.id) >= 0) in_.fail(wp + "/id", "duplicate wing id \"" + wd.id + "\"");
        wd.name = in_.str(in_.field(wing, wp, "name"), wp + "/name");
        wd.color = "#808080";
        if (auto *c = in_.optional(wing, "color")) {
          wd.color = in_.str(*c, wp + "/color");
          bool ok = wd.color.size() == 7 && wd.color[0] == '#' &&
                    std::all_of(wd.color.begin() + 1, wd.color.end(), [](char ch) {
                      return std::isxdigit(static_cast<unsigned char>(ch));
                    });
          if (!ok)
            in_.fail(wp + "/color", "expected a colour \"#rrggbb\", got \"" + wd.color + "\"");
        }
        wd.side = s;
        b_->wings.push_back(wd);
      }
      if (has(Feature::CommandMarkers)) check_command_choices(def, s, path + "/commands");
      if (auto *vp = in_.optional(side, "vp_for_eliminating")) {
        in_.object(*vp, path + "/vp_for_eliminating");
        for (auto it = vp->begin(); it != vp->end(); ++it) {
          auto t = unit_type(json(it.key()), path + "/vp_for_eliminating/" + it.key());
          def.vp_for_eliminating[static_cast<int>(t)] = static_cast<int>(
              in_.integer(it.value(), path + "/vp_for_eliminating/" + it.key(), 0, 1000));
        }
      }
      if (auto *v = in_.optional(side, "victory_vp"))
        def.victory_vp = static_cast<int>(in_.integer(*v, path + "/victory_vp", 1, 100000));
      if (auto *v = in_.optional(side, "start_vp"))
        def.start_vp = static_cast<int>(in_.integer(*v, path + "/start_vp", 0, 100000));
    }
  }

  // The Command Phase lists every choice of wings and command sets (4.0): with many wings and
  // several a turn they run to billions, and a file that asks for that would hang whatever opens
  // it (a fuzzed Grunwald with 36 wings, 4 a turn, took 2.4 GB in the editor). Counted before the
  // markers prune them: the wings chosen (up to wings_per_turn) times a set for each.
  void check_command_choices(const SideDef &def, int side, const std::string &path) {
    std::set<Command> shown;
    for (const Marker &m : def.markers)
      for (int f = 0; f < m.count; ++f)
        shown.insert(m.faces[f]);
    double sets = 0; // the command sets one wing may take
    for (int k = 1; k <= def.commands_per_wing && k <= static_cast<int>(shown.size()); ++k)
      sets += binomial(static_cast<int>(shown.size()), k);
    int wings = static_cast<int>(std::count_if(b_->wings.begin(), b_->wings.end(),
                                               [&](const WingDef &w) { return w.side == side; }));
    double choices = 1;
    for (int k = 1; k <= def.wings_per_turn && k <= wings; ++k) // k wings, a set for each
      choices += binomial(wings, k) * std::pow(sets, k);
    if (choices > static_cast<double>(kMaxCommandChoices))
      in_.fail(path + "/wings_per_turn",
               "the Command Phase would list up to " +
                   std::to_string(static_cast<long long>(std::min(choices, 9e18))) + " choices (" +
                   std::to_string(wings) + " wings, up to " + std::to_string(def.wings_per_turn) +
                   " a turn, " + std::to_string(static_cast<int>(sets)) +
                   " command sets each); at most " + std::to_string(kMaxCommandChoices) +
                   ": command fewer wings a turn, or give the side fewer wings");
  }

  static double binomial(int n, int k) {
    double r = 1;
    for (int i = 1; i <= k; ++i)
      r = r * (n - k + i) / i;
    return r;
  }

  void read_commands(const json &c, const std::string &path, SideDef &def) {
    in_.object(c, path);
    in_.only_keys(c, path, {"wings_per_turn", "commands_per_wing", "markers"});
    def.wings_per_turn = static_cast<int>(
        in_.integer(in_.field(c, path, "wings_per_turn"), path + "/wings_per_turn", 1, 8));
    def.commands_per_wing = static_cast<int>(
        in_.integer(in_.field(c, path, "commands_per_wing"), path + "/commands_per_wing", 1, 7));
    const json &markers = in_.array(in_.field(c, path, "markers"), path + "/markers");
    if (markers.size() > 16) in_.fail(path + "/markers", "at most 16 Command Markers per side");
    // A side without markers could never act, and a battle of two such sides would never end.
    if (markers.empty()) in_.fail(path + "/markers", "expected at least one Command Marker");
    for (size_t m = 0; m < markers.size(); ++m) {
      std::string mp = JsonReader::at(path + "/markers", m);
      const json &faces = in_.array(markers[m], mp);
      if (faces.empty() || faces.size() > 2)
        in_.fail(mp, "expected a marker with one or two faces, e.g. [\"combat\", \"withdraw\"]");
      Marker mk;
      mk.count = static_cast<int>(faces.size());
      for (size_t f = 0; f < faces.size(); ++f) {
        std::string fp = JsonReader::at(mp, f);
        std::string n = in_.str(faces[f], fp);
        auto cmd = parse_command(n);
        if (!cmd)
          in_.fail(fp,
                   "unknown command \"" + n +
                       "\"; expected move, combat, shield_wall, withdraw, horse, fire or bonus");
        mk.faces[f] = *cmd;
      }
      if (mk.count == 2 && mk.faces[0] == mk.faces[1]) mk.count = 1;
      def.markers.push_back(mk);
    }
    bool can_act = false; // Bonus alone is never playable (4.3)
    for (const Marker &mk : def.markers)
      for (int f = 0; f < mk.count; ++f)
        can_act = can_act || mk.faces[f] != Command::Bonus;
    if (!can_act)
      in_.fail(path + "/markers", "expected at least one marker face other than bonus (4.3)");
  }

  CombatClass cc(const json &v, const std::string &path) {
    std::string n = in_.str(v, path);
    auto c = parse_cc(n);
    if (!c) in_.fail(path, "expected a combat class AA, A, B, C, D, E or F, got \"" + n + "\"");
    return *c;
  }

  UnitFace face(const json &v, const std::string &path) {
    in_.object(v, path);
    in_.only_keys(v, path, {"cc", "fire", "crown"});
    UnitFace f;
    f.cc = cc(in_.field(v, path, "cc"), path + "/cc");
    if (auto *fire = in_.optional(v, "fire"))
      f.fire = static_cast<int>(in_.integer(*fire, path + "/fire", 1, 9));
    if (auto *crown = in_.optional(v, "crown")) f.crown = in_.boolean(*crown, path + "/crown");
    return f;
  }

  void read_units() {
    const json &units = in_.array(in_.field(doc_, "", "units"), "/units");
    if (units.size() > 1000) in_.fail("/units", "at most 1000 units");
    for (size_t i = 0; i < units.size(); ++i) {
      std::string path = JsonReader::at("/units", i);
      const json &u = in_.object(units[i], path);
      if (has(Feature::UnitFaces))
        in_.only_keys(u, path, {"id", "name", "side", "wing", "type", "front", "back", "hex"});
      else
        in_.only_keys(u, path, {"id", "name", "side", "wing", "type", "facing", "hex"});
      UnitDef def;
      def.id = in_.str(in_.field(u, path, "id"), path + "/id");
      if (def.id.empty()) in_.fail(path + "/id", "expected a non-empty unit id");
      if (b_->unit_index(def.id) >= 0)
        in_.fail(path + "/id", "duplicate unit id \"" + def.id + "\"");
      def.name = def.id;
      if (auto *n = in_.optional(u, "name")) def.name = in_.str(*n, path + "/name");
      std::string side = in_.str(in_.field(u, path, "side"), path + "/side");
      def.side = b_->side_index(side);
      if (def.side < 0)
        in_.fail(path + "/side", "unknown side \"" + side + "\"; expected \"" + b_->sides[0].id +
                                     "\" or \"" + b_->sides[1].id + "\"");
      std::string wing = !has(Feature::WingsRequired) && !u.contains("wing")
                             ? b_->sides[def.side].id // the side's implicit wing
                             : in_.str(in_.field(u, path, "wing"), path + "/wing");
      def.wing = b_->wing_index(wing);
      if (def.wing < 0 || b_->wings[def.wing].side != def.side)
        in_.fail(path + "/wing", "no wing \"" + wing + "\" in side \"" + side + "\"");
      def.type = unit_type(in_.field(u, path, "type"), path + "/type");
      if (has(Feature::Facings)) // D2: every unit faces one hexside
        def.facing = static_cast<uint8_t>(
            in_.integer(in_.field(u, path, "facing"), path + "/facing", 0, rules().facings - 1));
      if (has(Feature::UnitFaces)) def.front = face(in_.field(u, path, "front"), path + "/front");
      if (auto *back = in_.optional(u, "back")) def.back = face(*back, path + "/back");
      if (auto *h = in_.optional(u, "hex")) {
        def.start = hex(*h, path + "/hex");
        if (b_->terrain_impassable(def.start))
          in_.fail(path + "/hex", "hex " + b_->label(def.start) + " is impassable terrain");
      }
      b_->units.push_back(def);
    }
    b_->reinforcement.assign(b_->units.size(), std::nullopt);
  }

  void read_reinforcements() {
    const json *list = in_.optional(doc_, "reinforcements");
    if (!list) return;
    in_.array(*list, "/reinforcements");
    if (!list->empty()) refuse_missing(Feature::Reinforcements, "/reinforcements");
    for (size_t i = 0; i < list->size(); ++i) {
      std::string path = JsonReader::at("/reinforcements", i);
      const json &r = in_.object((*list)[i], path);
      in_.only_keys(r, path, {"unit", "turn", "entry"});
      std::string id = in_.str(in_.field(r, path, "unit"), path + "/unit");
      int u = b_->unit_index(id);
      if (u < 0) in_.fail(path + "/unit", "no unit \"" + id + "\" in /units");
      if (b_->units[u].start != kOffMap)
        in_.fail(path + "/unit",
                 "unit \"" + id + "\" already has a hex; a reinforcement starts off the map");
      if (b_->reinforcement[u])
        in_.fail(path + "/unit", "unit \"" + id + "\" already has a reinforcement entry");
      Reinforcement rf;
      rf.unit = u;
      rf.turn = static_cast<int>(in_.integer(in_.field(r, path, "turn"), path + "/turn", 1, 10000));
      const json &entry = in_.array(in_.field(r, path, "entry"), path + "/entry");
      if (entry.empty()) in_.fail(path + "/entry", "expected at least one entry hex");
      for (size_t e = 0; e < entry.size(); ++e)
        rf.entry.push_back(hex(entry[e], JsonReader::at(path + "/entry", e)));
      b_->reinforcement[u] = rf;
    }
  }

  int side_ref(const json &v, const std::string &path) {
    std::string id = in_.str(v, path);
    int s = b_->side_index(id);
    if (s < 0)
      in_.fail(path, "unknown side \"" + id + "\"; expected \"" + b_->sides[0].id + "\" or \"" +
                         b_->sides[1].id + "\"");
    return s;
  }

  void read_rules() {
    const json &r = in_.object(in_.field(doc_, "", "rules"), "/rules");
    in_.only_keys(r, "/rules",
                  {"first_player", "initiative", "last_turn", "at_end", "wing_integrity"});
    b_->first_player = side_ref(in_.field(r, "/rules", "first_player"), "/rules/first_player");
    if (has(Feature::Initiative)) {
      b_->initiative = side_ref(in_.field(r, "/rules", "initiative"), "/rules/initiative");
    } else { // the first player moves first in every turn (D4)
      if (r.contains("initiative")) refuse_missing(Feature::Initiative, "/rules/initiative");
      b_->initiative = b_->first_player;
    }
    b_->last_turn = rules().default_last_turn;
    if (auto *lt = in_.optional(r, "last_turn"))
      b_->last_turn = static_cast<int>(in_.integer(*lt, "/rules/last_turn", 1, 1000));
    if (auto *ae = in_.optional(r, "at_end")) {
      std::string v = in_.str(*ae, "/rules/at_end");
      if (v == "draw")
        b_->at_end = AtEnd::Draw;
      else if (v == "most_vp")
        b_->at_end = AtEnd::MostVP;
      else if (v == b_->sides[0].id)
        b_->at_end = AtEnd::Side0;
      else if (v == b_->sides[1].id)
        b_->at_end = AtEnd::Side1;
      else
        in_.fail("/rules/at_end", "expected a side id, \"most_vp\" or \"draw\", got \"" + v + "\"");
    }
    if (auto *wi = in_.optional(r, "wing_integrity")) {
      std::string v = in_.str(*wi, "/rules/wing_integrity");
      if (v == "standard")
        b_->wing_integrity = WingIntegrityRule::Standard;
      else if (v == "advanced")
        b_->wing_integrity = WingIntegrityRule::Advanced;
      else if (v == "none")
        b_->wing_integrity = WingIntegrityRule::None;
      else if (v == "standard_or_advanced")
        b_->wing_integrity = WingIntegrityRule::StandardOrAdvanced;
      else
        in_.fail("/rules/wing_integrity",
                 "expected standard, advanced, none or standard_or_advanced, got \"" + v + "\"");
    }
  }

  std::vector<UnitType> types(const json &v, const std::string &path) {
    in_.array(v, path);
    std::vector<UnitType> out;
    for (size_t i = 0; i < v.size(); ++i)
      out.push_back(unit_type(v[i], JsonReader::at(path, i)));
    return out;
  }

  int wing_ref(const json &v, const std::string &path, int side) {
    std::string id = in_.str(v, path);
    int w = b_->wing_index(id);
    if (w < 0 || b_->wings[w].side != side)
      in_.fail(path, "no wing \"" + id + "\" in side \"" + b_->sides[side].id + "\"");
    return w;
  }

  void read_special() {
    const json *list = in_.optional(doc_, "special");
    if (!list) return;
    in_.array(*list, "/special");
    if (list->size() > kMaxSpecialRules)
      in_.fail("/special", "at most " + std::to_string(kMaxSpecialRules) +
                               " special rules (docs/battle-format.md), got " +
                               std::to_string(list->size()));
    for (size_t i = 0; i < list->size(); ++i) {
      std::string path = JsonReader::at("/special", i);
      Special sp = special_rule(in_.object((*list)[i], path), path);
      for (auto &other : b_->special)
        if (other.id == sp.id)
          in_.fail(path + "/id", "duplicate special rule id \"" + sp.id + "\"");
      b_->special.push_back(sp);
    }
  }

  // "unknown special rule kind "x"; expected a, b, ... or z", the kinds read from their table.
  static std::string unknown_special_kind(const std::string &kind) {
    std::string out = "unknown special rule kind \"" + kind + "\"; expected ";
    const size_t n = kSpecialKinds.size();
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) out += i + 1 == n ? " or " : ", ";
      out += kSpecialKinds[i].json;
    }
    return out;
  }

  // One special rule: the fields every kind has, then its kind's own.
  Special special_rule(const json &s, const std::string &path) {
    Special sp;
    sp.id = in_.str(in_.field(s, path, "id"), path + "/id");
    std::string kind = in_.str(in_.field(s, path, "kind"), path + "/kind");
    if (auto *t = in_.optional(s, "text")) sp.text = in_.str(*t, path + "/text");
    sp.side = side_ref(in_.field(s, path, "side"), path + "/side");
    // A ruleset that takes only some kinds names them, for an unknown kind too.
    auto known = parse_name<SpecialKind>(kind);
    if (!rules().has_every_special() && (!known || !rules().has_special(*known)))
      in_.fail(path + "/kind", rules().expected_special() + ", got \"" + kind + "\"");
    if (!known) in_.fail(path + "/kind", unknown_special_kind(kind));
    switch (*known) {
    case SpecialKind::InstantWinOnEntry:
      in_.only_keys(s, path, {"id", "kind", "text", "side", "hexes"});
      sp.kind = SpecialKind::InstantWinOnEntry;
      sp.hexes = special_hexes(s, path, "expected at least one hex");
      break;
    case SpecialKind::AttackWaves:
      read_attack_waves(s, path, sp);
      break;
    case SpecialKind::AttackPrecondition:
      read_attack_precondition(s, path, sp);
      break;
    case SpecialKind::VpForfeitOnCommand:
      in_.only_keys(s, path, {"id", "kind", "text", "side", "wing", "vp"});
      sp.kind = SpecialKind::VpForfeitOnCommand;
      sp.wing = wing_ref(in_.field(s, path, "wing"), path + "/wing", sp.side);
      sp.value = static_cast<int>(in_.integer(in_.field(s, path, "vp"), path + "/vp", 1, 100000));
      break;
    case SpecialKind::AttackDrm:
      read_attack_drm(s, path, sp);
      break;
    case SpecialKind::OffMapWing:
      in_.only_keys(s, path, {"id", "kind", "text", "side", "wing", "hexes"});
      sp.kind = SpecialKind::OffMapWing;
      sp.wing = wing_ref(in_.field(s, path, "wing"), path + "/wing", sp.side);
      sp.hexes = special_hexes(s, path, "expected at least one return hex");
      break;
    case SpecialKind::Immobile:
      read_immobile(s, path, sp);
      break;
    }
    return sp;
  }

  // A special rule's "hexes": at least one hex of the map.
  std::vector<HexId> special_hexes(const json &s, const std::string &path, const char *at_least) {
    const json &hx = in_.array(in_.field(s, path, "hexes"), path + "/hexes");
    if (hx.empty()) in_.fail(path + "/hexes", at_least);
    std::vector<HexId> out;
    for (size_t h = 0; h < hx.size(); ++h)
      out.push_back(hex(hx[h], JsonReader::at(path + "/hexes", h)));
    return out;
  }

  void read_attack_waves(const json &s, const std::string &path, Special &sp) {
    in_.only_keys(s, path, {"id", "kind", "text", "side", "waves"});
    sp.kind = SpecialKind::AttackWaves;
    const json &waves = in_.array(in_.field(s, path, "waves"), path + "/waves");
    if (waves.size() < 2)
      in_.fail(path + "/waves", "expected at least two waves, each a list of wing ids");
    for (size_t w = 0; w < waves.size(); ++w) {
      std::string wp = JsonReader::at(path + "/waves", w);
      in_.array(waves[w], wp);
      std::vector<int> wave;
      for (size_t k = 0; k < waves[w].size(); ++k)
        wave.push_back(wing_ref(waves[w][k], JsonReader::at(wp, k), sp.side));
      sp.waves.push_back(wave);
    }
  }

  void read_attack_precondition(const json &s, const std::string &path, Special &sp) {
    in_.only_keys(s, path,
                  {"id", "kind", "text", "side", "attacker_types", "target_types",
                   "target_needs_fire", "until_target_types"});
    sp.kind = SpecialKind::AttackPrecondition;
    sp.attacker_types = types(in_.field(s, path, "attacker_types"), path + "/attacker_types");
    sp.target_types = types(in_.field(s, path, "target_types"), path + "/target_types");
    sp.until_target_types =
        types(in_.field(s, path, "until_target_types"), path + "/until_target_types");
    if (auto *f = in_.optional(s, "target_needs_fire"))
      sp.target_needs_fire = in_.boolean(*f, path + "/target_needs_fire");
  }

  void read_attack_drm(const json &s, const std::string &path, Special &sp) {
    in_.only_keys(s, path,
                  {"id", "kind", "text", "side", "value", "attacker_types", "target_types",
                   "target_terrain"});
    sp.kind = SpecialKind::AttackDrm;
    sp.value = static_cast<int>(in_.integer(in_.field(s, path, "value"), path + "/value", -5, 5));
    if (auto *a = in_.optional(s, "attacker_types"))
      sp.attacker_types = types(*a, path + "/attacker_types");
    if (auto *t = in_.optional(s, "target_types"))
      sp.target_types = types(*t, path + "/target_types");
    if (auto *t = in_.optional(s, "target_terrain")) {
      std::string n = in_.str(*t, path + "/target_terrain");
      sp.terrain = b_->terrain_index(n);
      if (sp.terrain < 0) in_.fail(path + "/target_terrain", "unknown terrain \"" + n + "\"");
    }
  }

  void read_immobile(const json &s, const std::string &path, Special &sp) {
    in_.only_keys(s, path, {"id", "kind", "text", "side", "units"});
    sp.kind = SpecialKind::Immobile;
    const json &us = in_.array(in_.field(s, path, "units"), path + "/units");
    for (size_t k = 0; k < us.size(); ++k) {
      std::string up = JsonReader::at(path + "/units", k);
      std::string id = in_.str(us[k], up);
      int u = b_->unit_index(id);
      if (u < 0 || b_->units[u].side != sp.side)
        in_.fail(up, "no unit \"" + id + "\" in side \"" + b_->sides[sp.side].id + "\"");
      sp.units.push_back(u);
    }
  }

  void check_unit_placement() {
    std::map<HexId, size_t> occupied;
    for (size_t i = 0; i < b_->units.size(); ++i) {
      const UnitDef &u = b_->units[i];
      std::string path = JsonReader::at("/units", i);
      if (u.start == kOffMap) {
        if (!b_->reinforcement[i])
          in_.fail(path + "/hex", "unit \"" + u.id + "\" has no hex and no reinforcement entry");
        continue;
      }
      auto [it, fresh] = occupied.emplace(u.start, i);
      if (!fresh)
        in_.fail(path + "/hex", "hex " + b_->label(u.start) + " already holds unit \"" +
                                    b_->units[it->second].id + "\" (5.1: one unit per hex)");
    }
  }
};

} // namespace

std::shared_ptr<const Battle> load_battle(const json &doc, const std::string &file) {
  try {
    return BattleLoader(doc, file).load();
  } catch (const json::exception &e) {
    throw LoadError(file, "", std::string("unexpected JSON content: ") + e.what());
  }
}

std::shared_ptr<const Battle> load_battle_file(const std::string &path) {
  return load_battle(read_json_file(path, kMaxInputBytes), path);
}

} // namespace sns
