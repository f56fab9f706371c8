// The battle being edited: tolerant reading of a battle document, canonical writing, the special
// rule kinds' fields (docs/battle-format.md "Special rules").
#include "editor_doc.hpp"

#include "sns/hex.hpp"

#include <algorithm>

namespace sns::editor {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

HexsideKey hexside_key(const std::string &a, const std::string &b) {
  return a < b ? HexsideKey{a, b} : HexsideKey{b, a};
}

HexCell BattleDoc::cell(const std::string &label) const {
  auto it = hexes.find(label);
  return it == hexes.end() ? HexCell{} : it->second;
}

void BattleDoc::set_cell(const std::string &label, const HexCell &c) {
  if (c.is_default())
    hexes.erase(label);
  else
    hexes[label] = c;
}

int BattleDoc::unit_index(const std::string &uid) const {
  for (size_t i = 0; i < units.size(); ++i)
    if (units[i].id == uid) return static_cast<int>(i);
  return -1;
}

int BattleDoc::unit_at(const std::string &label) const {
  for (size_t i = 0; i < units.size(); ++i)
    if (units[i].hex == label) return static_cast<int>(i);
  return -1;
}

int BattleDoc::side_index(const std::string &sid) const {
  for (int s = 0; s < 2; ++s)
    if (sides[s].id == sid) return s;
  return -1;
}

const WingDoc *BattleDoc::wing(const std::string &wid, int *side) const {
  for (int s = 0; s < 2; ++s)
    for (const WingDoc &w : sides[s].wings)
      if (w.id == wid) {
        if (side) *side = s;
        return &w;
      }
  return nullptr;
}

// --- Special rule kinds ----------------------------------------------------------------------

const std::vector<KindSpec> &special_kinds() {
  static const std::vector<KindSpec> kinds = {
      {"instant_win_on_entry",
       "a unit of the side entering one of the hexes wins at once",
       {{"hexes", FieldKind::Hexes, true}}},
      {"attack_waves",
       "the side's wings attack in waves; a wave waits until every earlier one is eliminated",
       {{"waves", FieldKind::Waves, true}}},
      {"attack_precondition",
       "those attackers may not attack those targets until they have attacked a unit of the "
       "'until' types",
       {{"attacker_types", FieldKind::Types, true},
        {"target_types", FieldKind::Types, true},
        {"target_needs_fire", FieldKind::Flag, false},
        {"until_target_types", FieldKind::Types, true}}},
      {"vp_forfeit_on_command",
       "the side loses the VP the first time it commands the wing",
       {{"wing", FieldKind::Wing, true}, {"vp", FieldKind::Integer, true, 1, 100000}}},
      {"attack_drm",
       "an extra DRM (7.4) on the side's attacks that match the filters",
       {{"value", FieldKind::Integer, true, -5, 5},
        {"attacker_types", FieldKind::Types, false},
        {"target_types", FieldKind::Types, false},
        {"target_terrain", FieldKind::Terrain, false}}},
      {"off_map_wing",
       "the side may send the wing away once and call it back through the hexes",
       {{"wing", FieldKind::Wing, true}, {"hexes", FieldKind::Hexes, true}}},
      {"immobile",
       "those units never move; a retreat costs them a step",
       {{"units", FieldKind::Units, true}}},
  };
  return kinds;
}

const Vocabulary &vocabulary(const Ruleset &r) {
  static const auto lists = [] {
    std::array<Vocabulary, kRulesetCount> all;
    for (const Ruleset *each : rulesets()) {
      Vocabulary &v = all[static_cast<size_t>(each->id)];
      for (UnitType t : each->unit_types)
        v.unit_types.emplace_back(name(t));
      for (HexsideFeature f : each->hexsides)
        v.hexside_features.emplace_back(name(f));
      for (const TerrainRow &t : each->terrain)
        v.built_in_terrain.emplace_back(t.name);
    }
    return all;
  }();
  return lists[static_cast<size_t>(r.id)];
}

int suggested_last_turn(const Ruleset &r) { return r.default_last_turn ? r.default_last_turn : 16; }

bool kind_in(const Ruleset &r, const std::string &kind) {
  for (const auto &row : kSpecialKinds)
    if (row.json == kind) return r.has_special(row.id);
  return false;
}

const Ruleset &BattleDoc::ruleset_def() const {
  const Ruleset *r = find_ruleset(ruleset);
  return r ? *r : default_ruleset();
}

const KindSpec *special_kind(const std::string &kind) {
  for (const KindSpec &k : special_kinds())
    if (kind == k.kind) return &k;
  return nullptr;
}

// --- Tolerant reading ------------------------------------------------------------------------

namespace {

// Each reader returns the value when it has the expected type, else notes the repair and gives the
// fallback; a missing field is not a repair (the loader's check reports a required one).
class Reader {
public:
  explicit Reader(std::vector<std::string> *repairs) : repairs_(repairs) {}

  const json *get(const json &obj, const char *key) const {
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
  }
  std::string str(const json &obj, const char *key, const std::string &path,
                  const std::string &fallback = "") const {
    const json *v = get(obj, key);
    if (!v) return fallback;
    if (v->is_string()) return v->get<std::string>();
    note(path + "/" + key, "expected a string");
    return fallback;
  }
  std::optional<std::string> opt_str(const json &obj, const char *key,
                                     const std::string &path) const {
    const json *v = get(obj, key);
    if (!v) return std::nullopt;
    if (v->is_string()) return v->get<std::string>();
    note(path + "/" + key, "expected a string");
    return std::nullopt;
  }
  std::optional<int> opt_int(const json &obj, const char *key, const std::string &path) const {
    const json *v = get(obj, key);
    if (!v) return std::nullopt;
    if (v->is_number_integer() && v->get<long long>() >= -1000000000 &&
        v->get<long long>() <= 1000000000)
      return static_cast<int>(v->get<long long>());
    note(path + "/" + key, "expected a whole number");
    return std::nullopt;
  }
  int integer(const json &obj, const char *key, const std::string &path, int fallback) const {
    return opt_int(obj, key, path).value_or(fallback);
  }
  std::optional<bool> opt_bool(const json &obj, const char *key, const std::string &path) const {
    const json *v = get(obj, key);
    if (!v) return std::nullopt;
    if (v->is_boolean()) return v->get<bool>();
    note(path + "/" + key, "expected true or false");
    return std::nullopt;
  }
  const json &array(const json &obj, const char *key, const std::string &path) const {
    static const json empty = json::array();
    const json *v = get(obj, key);
    if (!v) return empty;
    if (v->is_array()) return *v;
    note(path + "/" + key, "expected an array");
    return empty;
  }
  const json &object(const json &obj, const char *key, const std::string &path) const {
    static const json empty = json::object();
    const json *v = get(obj, key);
    if (!v) return empty;
    if (v->is_object()) return *v;
    note(path + "/" + key, "expected an object");
    return empty;
  }
  void note(const std::string &path, const std::string &what) const {
    if (repairs_) repairs_->push_back(path + ": " + what + "; left out");
  }

private:
  std::vector<std::string> *repairs_;
};

FaceDoc read_face(const Reader &in, const json &v, const std::string &path) {
  FaceDoc f;
  f.cc = in.str(v, "cc", path, "");
  f.fire = in.opt_int(v, "fire", path);
  f.crown = in.opt_bool(v, "crown", path);
  return f;
}

void read_map(const Reader &in, const json &map, BattleDoc &d) {
  d.columns = in.integer(map, "columns", "/map", 0);
  d.rows = in.integer(map, "rows", "/map", 0);
  const json &hexes = in.object(map, "hexes", "/map");
  for (auto it = hexes.begin(); it != hexes.end(); ++it) {
    std::string path = "/map/hexes/" + it.key();
    HexCell c;
    c.terrain = in.str(it.value(), "terrain", path, "clear");
    c.elevation = in.integer(it.value(), "elevation", path, 0);
    c.road = in.opt_bool(it.value(), "road", path).value_or(false);
    d.hexes[it.key()] = c; // kept even when clear: a draft may be mid-edit
  }
  const json &sides = in.array(map, "hexsides", "/map");
  for (size_t i = 0; i < sides.size(); ++i) {
    std::string path = "/map/hexsides/" + std::to_string(i);
    const json &between = in.array(sides[i], "between", path);
    if (between.size() != 2 || !between[0].is_string() || !between[1].is_string()) {
      in.note(path + "/between", "expected two hex labels");
      continue;
    }
    d.hexsides[hexside_key(between[0], between[1])] = in.str(sides[i], "feature", path, "river");
  }
}

SideDoc read_side(const Reader &in, const json &s, const std::string &path) {
  SideDoc side;
  side.id = in.str(s, "id", path);
  side.name = in.str(s, "name", path);
  const json &c = in.object(s, "commands", path);
  side.wings_per_turn = in.integer(c, "wings_per_turn", path + "/commands", 1);
  side.commands_per_wing = in.integer(c, "commands_per_wing", path + "/commands", 2);
  const json &markers = in.array(c, "markers", path + "/commands");
  for (const json &m : markers) {
    std::vector<std::string> faces;
    if (m.is_array())
      for (const json &f : m)
        if (f.is_string()) faces.push_back(f.get<std::string>());
    side.markers.push_back(faces);
  }
  const json &wings = in.array(s, "wings", path);
  for (size_t w = 0; w < wings.size(); ++w) {
    std::string wp = path + "/wings/" + std::to_string(w);
    side.wings.push_back({in.str(wings[w], "id", wp), in.str(wings[w], "name", wp),
                          in.opt_str(wings[w], "color", wp)});
  }
  if (in.get(s, "vp_for_eliminating")) {
    side.vp_for_eliminating.emplace();
    const json &vp = in.object(s, "vp_for_eliminating", path);
    for (auto it = vp.begin(); it != vp.end(); ++it)
      if (it.value().is_number_integer())
        (*side.vp_for_eliminating)[it.key()] = it.value().get<int>();
  }
  side.victory_vp = in.opt_int(s, "victory_vp", path);
  side.start_vp = in.opt_int(s, "start_vp", path);
  return side;
}

void read_units(const Reader &in, const json &doc, BattleDoc &d) {
  const json &units = in.array(doc, "units", "");
  for (size_t i = 0; i < units.size(); ++i) {
    std::string path = "/units/" + std::to_string(i);
    const json &u = units[i];
    UnitDoc unit;
    unit.id = in.str(u, "id", path);
    unit.name = in.opt_str(u, "name", path);
    unit.side = in.str(u, "side", path);
    unit.wing = in.str(u, "wing", path);
    unit.type = in.str(u, "type", path);
    if (d.ruleset_def().has(Feature::UnitFaces)) {
      unit.front = read_face(in, in.object(u, "front", path), path + "/front");
      if (in.get(u, "back")) unit.back = read_face(in, in.object(u, "back", path), path + "/back");
    }
    unit.facing = in.opt_int(u, "facing", path);
    unit.hex = in.opt_str(u, "hex", path);
    d.units.push_back(unit);
  }
  const json &reinf = in.array(doc, "reinforcements", "");
  for (size_t i = 0; i < reinf.size(); ++i) {
    std::string path = "/reinforcements/" + std::to_string(i);
    int u = d.unit_index(in.str(reinf[i], "unit", path));
    if (u < 0) {
      in.note(path + "/unit", "no such unit");
      continue;
    }
    ReinforcementDoc r;
    r.turn = in.integer(reinf[i], "turn", path, 1);
    for (const json &h : in.array(reinf[i], "entry", path))
      if (h.is_string()) r.entry.push_back(h.get<std::string>());
    d.units[u].reinforcement = r;
  }
}

void read_special(const Reader &in, const json &doc, BattleDoc &d) {
  const json &list = in.array(doc, "special", "");
  for (size_t i = 0; i < list.size(); ++i) {
    std::string path = "/special/" + std::to_string(i);
    const json &s = list[i];
    SpecialDoc sp;
    sp.id = in.str(s, "id", path);
    sp.kind = in.str(s, "kind", path);
    sp.side = in.str(s, "side", path);
    sp.text = in.opt_str(s, "text", path);
    if (s.is_object())
      for (auto it = s.begin(); it != s.end(); ++it)
        if (it.key() != "id" && it.key() != "kind" && it.key() != "side" && it.key() != "text")
          sp.fields[it.key()] = it.value();
    d.special.push_back(sp);
  }
}

} // namespace

BattleDoc doc_from_json(const json &doc, std::vector<std::string> *repairs) {
  Reader in(repairs);
  BattleDoc d;
  if (!doc.is_object()) {
    in.note("", "expected a battle object");
    return d;
  }
  d.draft = in.str(doc, "format", "") == kDraftFormat;
  d.ruleset = in.str(doc, "ruleset", "", std::string(default_ruleset().json()));
  d.id = in.str(doc, "id", "");
  d.name = in.str(doc, "name", "");
  d.date = in.opt_str(doc, "date", "");
  d.summary = in.opt_str(doc, "summary", "");
  d.description = in.opt_str(doc, "description", "");
  read_map(in, in.object(doc, "map", ""), d);
  const json &types = in.object(doc, "terrain_types", "");
  for (auto it = types.begin(); it != types.end(); ++it) {
    std::string path = "/terrain_types/" + it.key();
    d.terrain_types.push_back({it.key(), in.opt_bool(it.value(), "impassable", path),
                               in.opt_bool(it.value(), "blocks_los", path),
                               in.opt_str(it.value(), "note", path)});
  }
  const json &sides = in.array(doc, "sides", "");
  for (size_t s = 0; s < std::min<size_t>(2, sides.size()); ++s)
    d.sides[s] = read_side(in, sides[s], "/sides/" + std::to_string(s));
  read_units(in, doc, d);
  const json &rules = in.object(doc, "rules", "");
  d.rules.first_player = in.str(rules, "first_player", "/rules");
  d.rules.initiative = in.str(rules, "initiative", "/rules");
  d.rules.last_turn = in.opt_int(rules, "last_turn", "/rules");
  d.rules.at_end = in.opt_str(rules, "at_end", "/rules");
  d.rules.wing_integrity = in.opt_str(rules, "wing_integrity", "/rules");
  read_special(in, doc, d);
  for (const json &level : in.array(doc, "victory_levels", ""))
    d.victory_levels.push_back(level);               // kept whole: the loader's check judges them
  if (doc.contains("about")) d.about = doc["about"]; // kept whole, as the levels are
  return d;
}

// --- Canonical writing -----------------------------------------------------------------------

namespace {

ojson face_json(const FaceDoc &f) {
  ojson o;
  o["cc"] = f.cc;
  if (f.fire) o["fire"] = *f.fire;
  if (f.crown) o["crown"] = *f.crown;
  return o;
}

ojson commands_json(const SideDoc &s) {
  ojson c;
  c["wings_per_turn"] = s.wings_per_turn;
  c["commands_per_wing"] = s.commands_per_wing;
  c["markers"] = ojson::array();
  for (const auto &m : s.markers)
    c["markers"].push_back(m);
  return c;
}

ojson side_json(const SideDoc &s, const Ruleset &r) {
  ojson o;
  o["id"] = s.id;
  o["name"] = s.name;
  if (r.has(Feature::CommandMarkers)) o["commands"] = commands_json(s);
  if (r.has(Feature::WingsRequired) || !s.wings.empty()) { // else one wing, named after the side
    o["wings"] = ojson::array();
    for (const WingDoc &w : s.wings) {
      ojson wj;
      wj["id"] = w.id;
      wj["name"] = w.name;
      if (w.color) wj["color"] = *w.color;
      o["wings"].push_back(wj);
    }
  }
  if (s.vp_for_eliminating) { // the unit types in the rulebooks' order, then any others
    ojson vp = ojson::object();
    for (const Ruleset *each : rulesets())
      for (const std::string &t : vocabulary(*each).unit_types)
        if (auto it = s.vp_for_eliminating->find(t); it != s.vp_for_eliminating->end())
          vp[t] = it->second;
    for (const auto &[t, v] : *s.vp_for_eliminating)
      if (!vp.contains(t)) vp[t] = v;
    o["vp_for_eliminating"] = vp;
  }
  if (s.victory_vp) o["victory_vp"] = *s.victory_vp;
  if (s.start_vp) o["start_vp"] = *s.start_vp;
  return o;
}

ojson unit_json(const UnitDoc &u, const Ruleset &r) {
  ojson o;
  o["id"] = u.id;
  if (u.name) o["name"] = *u.name;
  o["side"] = u.side;
  if (r.has(Feature::WingsRequired) || !u.wing.empty()) o["wing"] = u.wing;
  o["type"] = u.type;
  if (r.has(Feature::UnitFaces)) {
    o["front"] = face_json(u.front);
    if (u.back) o["back"] = face_json(*u.back);
  }
  if (r.has(Feature::Facings) && u.facing) o["facing"] = *u.facing;
  if (u.hex) o["hex"] = *u.hex;
  return o;
}
ojson special_json(const SpecialDoc &s) {
  ojson o;
  o["id"] = s.id;
  o["kind"] = s.kind;
  o["side"] = s.side;
  const KindSpec *k = special_kind(s.kind);
  if (k) // the kind's fields in its own order, then anything else a hand-written file had
    for (const FieldSpec &f : k->fields)
      if (s.fields.contains(f.key)) o[f.key] = s.fields[f.key];
  for (auto it = s.fields.begin(); it != s.fields.end(); ++it)
    if (!o.contains(it.key())) o[it.key()] = it.value();
  if (s.text) o["text"] = *s.text;
  return o;
}

// Puts `keys` of `from` first, in that order, then whatever else it has (a hand-written extra).
ojson in_order(const json &from, std::initializer_list<const char *> keys) {
  if (!from.is_object()) return ojson(from);
  ojson o = ojson::object();
  for (const char *k : keys)
    if (from.contains(k)) o[k] = ojson(from[k]);
  for (auto it = from.begin(); it != from.end(); ++it)
    if (!o.contains(it.key())) o[it.key()] = ojson(it.value());
  return o;
}

// A victory level: id, name, side, its conditions (fact, side, hexes, bounds), text.
ojson level_json(const json &level) {
  ojson o = in_order(level, {"id", "name", "side", "when", "text"});
  if (o.contains("when") && o["when"].is_array())
    for (ojson &c : o["when"])
      c = in_order(json(c), {"fact", "side", "hexes", "at_least", "at_most"});
  return o;
}

// The gallery's block: place, note, history_favours, measured (players, games, wins), seats
// (match, as_first, as_second).
ojson about_json(const json &about) {
  ojson o = in_order(about, {"place", "note", "history_favours", "measured", "seats"});
  auto each = [&](const char *key, std::initializer_list<const char *> keys) {
    if (o.contains(key) && o[key].is_array())
      for (ojson &item : o[key])
        item = in_order(json(item), keys);
  };
  each("measured", {"players", "games", "wins"});
  each("seats", {"match", "as_first", "as_second"});
  return o;
}

} // namespace

ojson doc_to_json(const BattleDoc &d) {
  ojson o;
  o["format"] = d.draft ? kDraftFormat : kBattleFormat;
  if (d.ruleset != default_ruleset().json()) o["ruleset"] = d.ruleset; // the default goes unsaid
  o["id"] = d.id;
  o["name"] = d.name;
  if (d.date) o["date"] = *d.date;
  if (d.summary) o["summary"] = *d.summary;
  if (d.description) o["description"] = *d.description;
  if (!d.about.is_null()) o["about"] = about_json(d.about);
  ojson map;
  map["columns"] = d.columns;
  map["rows"] = d.rows;
  if (!d.hexes.empty()) {
    map["hexes"] = ojson::object();
    for (const auto &[label, c] : d.hexes) {
      ojson h;
      h["terrain"] = c.terrain;
      if (c.elevation != 0) h["elevation"] = c.elevation;
      if (c.road) h["road"] = true;
      map["hexes"][label] = h;
    }
  }
  if (!d.hexsides.empty()) {
    map["hexsides"] = ojson::array();
    for (const auto &[key, feature] : d.hexsides)
      map["hexsides"].push_back({{"between", {key.first, key.second}}, {"feature", feature}});
  }
  o["map"] = map;
  if (!d.terrain_types.empty()) {
    ojson types = ojson::object();
    for (const TerrainSetting &t : d.terrain_types) {
      ojson e = ojson::object();
      if (t.impassable) e["impassable"] = *t.impassable;
      if (t.blocks_los) e["blocks_los"] = *t.blocks_los;
      if (t.note) e["note"] = *t.note;
      types[t.name] = e;
    }
    o["terrain_types"] = types;
  }
  const Ruleset &rs = d.ruleset_def();
  o["sides"] = {side_json(d.sides[0], rs), side_json(d.sides[1], rs)};
  o["units"] = ojson::array();
  ojson reinforcements = ojson::array();
  for (const UnitDoc &u : d.units) {
    o["units"].push_back(unit_json(u, rs));
    if (u.reinforcement) {
      ojson r;
      r["unit"] = u.id;
      r["turn"] = u.reinforcement->turn;
      r["entry"] = u.reinforcement->entry;
      reinforcements.push_back(r);
    }
  }
  if (!reinforcements.empty()) o["reinforcements"] = reinforcements;
  ojson rules;
  rules["first_player"] = d.rules.first_player;
  if (rs.has(Feature::Initiative) || !d.rules.initiative.empty())
    rules["initiative"] = d.rules.initiative;
  if (d.rules.last_turn) rules["last_turn"] = *d.rules.last_turn;
  if (d.rules.at_end) rules["at_end"] = *d.rules.at_end;
  if (d.rules.wing_integrity) rules["wing_integrity"] = *d.rules.wing_integrity;
  o["rules"] = rules;
  if (!d.special.empty()) {
    o["special"] = ojson::array();
    for (const SpecialDoc &s : d.special)
      o["special"].push_back(special_json(s));
  }
  if (!d.victory_levels.empty()) {
    o["victory_levels"] = ojson::array();
    for (const json &level : d.victory_levels)
      o["victory_levels"].push_back(level_json(level));
  }
  return o;
}

namespace {

constexpr size_t kLineWidth = 100;

std::string one_line(const ojson &v) {
  if (v.is_object()) {
    if (v.empty()) return "{}";
    std::string out = "{ ";
    bool first = true;
    for (auto it = v.begin(); it != v.end(); ++it) {
      out += (first ? "" : ", ") + json(it.key()).dump() + ": " + one_line(it.value());
      first = false;
    }
    return out + " }";
  }
  if (v.is_array()) {
    if (v.empty()) return "[]";
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? ", " : "") + one_line(v[i]);
    return out + "]";
  }
  return v.dump();
}

// Records (a hex, a hexside, a unit, a wing, a reinforcement) stay on one line whatever their
// length, so that one edit changes one line of the file.
bool record_container(const std::string &path) {
  return path == "/map/hexes" || path == "/map/hexsides" || path == "/units" ||
         path == "/reinforcements" || path == "/terrain_types" ||
         (path.rfind("/victory_levels/", 0) == 0 && path.size() > 5 &&
          path.substr(path.size() - 5) == "/when") ||
         (path.rfind("/sides/", 0) == 0 && path.size() > 7 &&
          path.substr(path.size() - 6) == "/wings");
}

void write(const ojson &v, const std::string &path, size_t indent, bool record, std::string &out) {
  std::string inline_form = one_line(v);
  bool container = v.is_object() || v.is_array();
  if (!container || record || v.empty() || indent + inline_form.size() <= kLineWidth) {
    out += inline_form;
    return;
  }
  std::string pad(indent + 2, ' ');
  bool children_are_records = record_container(path);
  out += v.is_object() ? "{\n" : "[\n";
  size_t i = 0;
  for (auto it = v.begin(); it != v.end(); ++it, ++i) {
    out += pad;
    std::string child_path = path + "/" + (v.is_object() ? it.key() : std::to_string(i));
    if (v.is_object()) out += json(it.key()).dump() + ": ";
    write(it.value(), child_path, indent + 2, children_are_records, out);
    out += i + 1 < v.size() ? ",\n" : "\n";
  }
  out += std::string(indent, ' ') + (v.is_object() ? "}" : "]");
}

} // namespace

std::string format_canonical(const ojson &value) {
  std::string out;
  write(value, "", 0, false, out);
  return out + "\n";
}

std::string canonical_text(const BattleDoc &doc) { return format_canonical(doc_to_json(doc)); }

namespace {
json without_layout(json doc) {
  if (!doc.is_object() || !doc.contains("map") || !doc["map"].is_object()) return doc;
  json &map = doc["map"];
  if (map.contains("hexes") && map["hexes"].is_object())
    for (auto &[label, h] : map["hexes"].items()) {
      if (!h.is_object()) continue;
      if (!h.contains("terrain")) h["terrain"] = "clear";
      if (h.contains("elevation") && h["elevation"] == 0) h.erase("elevation");
      if (h.contains("road") && h["road"] == false) h.erase("road");
    }
  if (map.contains("hexsides") && map["hexsides"].is_array()) {
    json &sides = map["hexsides"];
    for (json &s : sides)
      if (s.is_object() && s.contains("between") && s["between"].is_array() &&
          s["between"].size() == 2 && s["between"][0] > s["between"][1])
        std::swap(s["between"][0], s["between"][1]);
    std::stable_sort(sides.begin(), sides.end(), [](const json &x, const json &y) {
      return x.value("between", json()) < y.value("between", json());
    });
  }
  return doc;
}
} // namespace

// The gallery's "about" is left out too: play never reads it (docs/battle-format.md).
bool same_play(const json &a, const json &b) {
  auto played = [](json battle) {
    if (battle.is_object()) battle.erase("victory_levels"), battle.erase("about");
    return battle;
  };
  return same_content(played(a), played(b));
}

bool same_content(const json &a, const json &b) { return without_layout(a) == without_layout(b); }

} // namespace sns::editor
