// The commands on battle files and the data folder: validate, format, map, paths (docs/cli.md).
#include "commands.hpp"
#include "common.hpp"
#include "paths.hpp"

#include "editor_doc.hpp"
#include "sns/input.hpp"
#include "sns/json_io.hpp"
#include "sns/ruleset.hpp"

namespace sns::cli {

int cmd_validate(const Context &c) {
  auto b = load_battle_argument(c.args.positional[0]);
  print(c.out, {{"ok", true},
                {"battle", b->id},
                {"ruleset", std::string(name(b->ruleset))},
                {"name", b->name},
                {"columns", b->columns},
                {"rows", b->rows},
                {"units", b->units.size()},
                {"special", b->special.size()}});
  return kDone;
}

// Rewrites a battle in the editor's canonical layout (docs/battle-format.md), the same content.
int cmd_format(const Context &c) {
  const Args &a = c.args;
  std::string file = battle_file(a.positional[0]);
  std::string before = read_text_file(file);
  json original = parse_json_text(before, file);
  load_battle(original, file); // only a battle the game accepts is formatted
  std::string text = editor::canonical_text(editor::doc_from_json(original));
  if (!editor::same_content(original, parse_json_text(text, file)))
    fail(kInternal, "formatting " + file + " would change the battle; nothing written", "internal");
  bool canonical = before == text;
  if (a.has("--check")) {
    if (!canonical)
      fail(kBadInput, "not in the canonical layout", "not_canonical", "",
           "run: shields-swords-cli format " + file + " --out " + file);
    print(c.out, {{"file", file}, {"canonical", true}});
  } else if (a.has("--out")) {
    const std::string out = a.value("--out", "");
    RecordLock lock(out);
    write_file_atomically(out, text);
    print(c.out, {{"file", out}, {"changed", out != file || !canonical}});
  } else {
    c.out << text;
  }
  return kDone;
}

namespace {

json face_public(const UnitFace &f) {
  return {
      {"cc", cc_name(f.cc)}, {"fire", f.fire ? json(f.fire) : json(nullptr)}, {"crown", f.crown}};
}

json hexes_public(const Battle &b) {
  json hexes = json::array();
  for (int h = 0; h < b.hex_count(); ++h) {
    json jh = {{"hex", b.label(h)},
               {"terrain", b.terrain_types[b.terrain[h]].name},
               {"elevation", b.elevation[h]}};
    json sides = json::object();
    for (int d = 0; d < 6; ++d)
      if (b.hexsides[h][d] != HexsideFeature::None)
        sides[std::to_string(d)] = std::string(name(b.hexsides[h][d]));
    if (!sides.empty()) jh["hexsides"] = sides;
    hexes.push_back(jh);
  }
  return hexes;
}

json units_public(const Battle &b) {
  json units = json::array();
  for (size_t u = 0; u < b.units.size(); ++u) {
    const UnitDef &d = b.units[u];
    json ju = {{"id", d.id},
               {"name", d.name},
               {"side", b.sides[d.side].id},
               {"wing", b.wings[d.wing].id},
               {"type", std::string(name(d.type))},
               {"steps", d.max_steps()},
               {"hex", d.start == kOffMap ? json(nullptr) : json(b.label(d.start))}};
    if (b.rules().has(Feature::Facings)) ju["facing"] = d.facing; // D2
    if (b.rules().has(Feature::UnitFaces)) ju["front"] = face_public(d.front);
    if (b.reinforcement[u]) ju["arrives_turn"] = b.reinforcement[u]->turn;
    units.push_back(ju);
  }
  return units;
}

// The battle of a battle file, or of a game record (a JSON object with a "battle" object).
std::shared_ptr<const Battle> battle_or_game(const std::string &arg) {
  const std::string path = battle_file(arg);
  json doc = parse_json_text(read_text_file(path), path);
  if (doc.is_object() && doc.contains("battle") && doc["battle"].is_object())
    return Game::from_record(doc, path).setup().battle;
  return load_battle(doc, path);
}

} // namespace

// The public map and setup: no seed, no dice, no reverses (R22).
json map_json(const Battle &b) {
  json terrain = json::array();
  for (const TerrainType &t : b.terrain_types)
    terrain.push_back(
        {{"name", t.name}, {"impassable", t.impassable}, {"blocks_los", t.blocks_los}});
  json sides = json::array();
  for (const SideDef &sd : b.sides)
    sides.push_back({{"id", sd.id},
                     {"name", sd.name},
                     {"victory_vp", sd.victory_vp ? json(*sd.victory_vp) : json(nullptr)},
                     {"start_vp", sd.start_vp}});
  json specials = json::array();
  for (const Special &sp : b.special)
    specials.push_back({{"id", sp.id}, {"side", b.sides[sp.side].id}, {"text", sp.text}});
  return {{"battle", b.id},           {"ruleset", std::string(name(b.ruleset))},
          {"name", b.name},           {"columns", b.columns},
          {"rows", b.rows},           {"hexside_directions", "0..5 as in battle-format.md"},
          {"terrain_types", terrain}, {"hexes", hexes_public(b)},
          {"sides", sides},           {"units", units_public(b)},
          {"special", specials},      {"last_turn", b.last_turn}};
}

int cmd_map(const Context &c) {
  print(c.out, map_json(*battle_or_game(c.args.positional[0])));
  return kDone;
}

// Where the programs find their data and keep the player's files (paths.hpp).
int cmd_paths(const Context &c) {
  std::filesystem::path root = data_root();
  paths::XdgEnvironment xdg = paths::xdg_from_process();
  print(c.out, {{"data", root.string()},
                {"battles", shipped_battle_ids(root)},
                {"saves", paths::data_folder(xdg).string()},
                {"settings", (paths::config_folder(xdg) / "settings.json").string()}});
  return kDone;
}

} // namespace sns::cli
