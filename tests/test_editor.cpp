// The battle editor's model (src/view/editor_model.hpp): canonical writing and round trips of every
// shipped battle, every tool, undo and redo, the loader's problems by JSON path, saving.
#include "editor_model.hpp"
#include "fixture.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace sns;
using namespace sns::editor;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json parse(const std::string &text) { return json::parse(text); }

EditorModel fresh(int columns = 8, int rows = 6) {
  return EditorModel(EditorModel::new_battle(columns, rows));
}

std::string temp_file(const std::string &name) {
  fs::path dir = fs::temp_directory_path() / "sns-editor-tests";
  fs::create_directories(dir);
  return (dir / name).string();
}

} // namespace

TEST_CASE("editor: every shipped battle opens and saves unedited as the same battle", "[editor]") {
  for (const std::string &file : test::shipped_battles()) {
    INFO(file);
    json original = read_json_file(file, kMaxInputBytes);
    std::vector<std::string> repairs;
    BattleDoc doc = doc_from_json(original, &repairs);
    CHECK(repairs.empty());
    EditorModel model(doc);
    CHECK(model.valid());
    std::string text = model.text();
    CHECK(same_content(parse(text), original));
    // The written file loads to the same battle the original does.
    auto a = load_battle(original, file), b = load_battle(parse(text), file);
    CHECK(a->units.size() == b->units.size());
    CHECK(a->terrain == b->terrain);
    CHECK(a->elevation == b->elevation);
    CHECK(a->hexsides == b->hexsides);
    CHECK(a->road == b->road);
    CHECK(a->ruleset == b->ruleset);
    for (size_t u = 0; u < std::min(a->units.size(), b->units.size()); ++u) {
      CHECK(a->units[u].facing == b->units[u].facing);
      CHECK(a->units[u].wing == b->units[u].wing);
      CHECK(a->units[u].start == b->units[u].start);
    }
    // Canonical and stable: writing what was written gives it back byte for byte.
    CHECK(canonical_text(doc_from_json(parse(text))) == text);
  }
}

TEST_CASE("editor: every shipped battle file is written in the canonical layout, byte for byte",
          "[editor]") {
  // So that battle files diff well; `shields-swords-cli format FILE --out FILE` rewrites one.
  for (const std::string &file : test::shipped_battles()) {
    INFO(file);
    std::ifstream in(file, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(canonical_text(doc_from_json(parse(text))) == text);
  }
}

TEST_CASE("editor: the canonical text keeps one line per unit and hex and fields in file order",
          "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("blue_main", "V", "0203").empty());
  REQUIRE(m.paint("0505", "woods").empty());
  std::string text = m.text();
  CHECK(text.find("\"format\"") < text.find("\"map\""));
  CHECK(text.find("\"map\"") < text.find("\"sides\""));
  CHECK(text.find("\"sides\"") < text.find("\"units\""));
  CHECK(text.find("\"units\"") < text.find("\"rules\""));
  CHECK(
      text.find("{ \"id\": \"B1\", \"side\": \"blue\", \"wing\": \"blue_main\", \"type\": \"V\", "
                "\"front\": { \"cc\": \"A\" }, \"back\": { \"cc\": \"B\" }, \"hex\": \"0203\" }") !=
      std::string::npos);
  CHECK(text.find("\"0505\": { \"terrain\": \"woods\" }") != std::string::npos);
  CHECK(text.back() == '\n');
}

TEST_CASE("editor: a new battle is a battle the loader accepts", "[editor]") {
  EditorModel m = fresh(12, 9);
  CHECK(m.valid());
  REQUIRE(m.preview());
  CHECK(m.preview()->columns == 12);
  CHECK(m.preview()->rows == 9);
  CHECK(m.doc().sides[0].wings[0].color == "#0072b2");
  CHECK(m.doc().sides[1].wings[0].color == "#e69f00");
  CHECK_FALSE(m.can_undo());
}

TEST_CASE("editor: terrain brush sizes, fill, elevation, each undone and redone", "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.paint("0404", "woods", 1).empty());
  CHECK(m.doc().hexes.size() == 7); // the hex and its six neighbours
  CHECK(m.doc().cell("0403").terrain == "woods");
  CHECK(m.doc().cell("0402").terrain == "clear");
  REQUIRE(m.undo());
  CHECK(m.doc().hexes.empty());
  REQUIRE(m.redo());
  CHECK(m.doc().hexes.size() == 7);

  REQUIRE(m.fill("0101", "marsh").empty());       // everything clear and connected to 0101
  CHECK(m.doc().cell("0808").terrain == "clear"); // off this 8 x 6 map: not painted
  CHECK(m.doc().cell("0806").terrain == "marsh");
  CHECK(m.doc().cell("0404").terrain == "woods");
  CHECK(m.doc().hexes.size() == 48);
  REQUIRE(m.undo());
  CHECK(m.doc().hexes.size() == 7);

  REQUIRE(m.set_elevation("0202", 2, 0).empty());
  CHECK(m.doc().cell("0202").elevation == 2);
  CHECK(m.doc().cell("0202").terrain == "clear");
  REQUIRE(m.preview());
  CHECK(m.preview()->elevation[m.preview()->parse_hex("0202").value()] == 2);
  CHECK_FALSE(m.set_elevation("0202", 10).empty());
  CHECK_FALSE(m.paint("0909", "woods").empty());
  CHECK_FALSE(m.paint("0101", "lava").empty());
  REQUIRE(m.undo());
  CHECK(m.doc().cell("0202").elevation == 0);
}

TEST_CASE("editor: a drag of the brush is one undo step", "[editor]") {
  EditorModel m = fresh();
  m.begin_stroke();
  for (const char *h : {"0101", "0201", "0301", "0401"})
    REQUIRE(m.paint(h, "town").empty());
  m.end_stroke();
  REQUIRE(m.paint("0606", "camp").empty());
  CHECK(m.doc().hexes.size() == 5);
  REQUIRE(m.undo());
  CHECK(m.doc().hexes.size() == 4);
  REQUIRE(m.undo());
  CHECK(m.doc().hexes.empty());
  CHECK_FALSE(m.can_undo());
}

TEST_CASE("editor: hexside tools add rivers, fords, bridges and trenches between adjacent hexes",
          "[editor]") {
  EditorModel m = fresh();
  for (const char *f : {"river", "ford", "bridge", "trench"}) {
    REQUIRE(m.set_hexside("0303", "0403", f).empty());
    REQUIRE(m.preview());
    const Battle &b = *m.preview();
    HexId a = *b.parse_hex("0303"), c = *b.parse_hex("0403");
    CHECK(name(b.hexsides[a][b.direction(a, c)]) == f);
  }
  CHECK(m.doc().hexsides.size() == 1);
  CHECK_FALSE(m.set_hexside("0303", "0503", "river").empty()); // not adjacent
  CHECK_FALSE(m.set_hexside("0303", "0403", "moat").empty());
  REQUIRE(m.set_hexside("0403", "0303", "").empty()); // either order names the same hexside
  CHECK(m.doc().hexsides.empty());
  REQUIRE(m.undo());
  CHECK(m.doc().hexsides.at(hexside_key("0303", "0403")) == "trench");
}

TEST_CASE("editor: the battle's own terrain types and their settings", "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_terrain("bog", true, false).empty());
  REQUIRE(m.paint("0202", "bog").empty());
  REQUIRE(m.preview());
  CHECK(m.preview()->terrain_impassable(*m.preview()->parse_hex("0202")));
  REQUIRE(m.set_terrain_flags("bog", false, true).empty());
  CHECK_FALSE(m.preview()->terrain_impassable(*m.preview()->parse_hex("0202")));
  CHECK(m.text().find("\"bog\": { \"blocks_los\": true }") != std::string::npos);
  CHECK_FALSE(m.add_terrain("bog", false, false).empty());
}

TEST_CASE("editor: copy and paste of a map area carries terrain, elevation and hexsides",
          "[editor]") {
  EditorModel m = fresh(10, 8);
  REQUIRE(m.paint("0202", "woods").empty());
  REQUIRE(m.set_elevation("0302", 1).empty());
  REQUIRE(m.set_hexside("0202", "0302", "river").empty());
  MapClip clip = m.copy({"0202", "0303"});
  CHECK(clip.cells.size() == 4);
  CHECK(clip.sides.size() == 1);
  REQUIRE(m.paste(clip, "0604").empty()); // same column parity: same shape
  CHECK(m.doc().cell("0604").terrain == "woods");
  CHECK(m.doc().cell("0704").elevation == 1);
  CHECK(m.doc().hexsides.at(hexside_key("0604", "0704")) == "river");
  CHECK(m.valid());
  REQUIRE(m.undo());
  CHECK(m.doc().cell("0604").terrain == "clear");
  CHECK(m.paste(MapClip{}, "0101") == "nothing copied yet");
}

TEST_CASE("editor: mirror flips an area left to right about its middle column", "[editor]") {
  EditorModel m = fresh(10, 8);
  REQUIRE(m.paint("0203", "woods").empty());
  REQUIRE(m.set_elevation("0303", 2).empty());
  REQUIRE(m.set_hexside("0203", "0303", "ford").empty());
  REQUIRE(m.mirror({"0201", "0604"}).empty()); // columns 2..6: the middle is column 4
  CHECK(m.doc().cell("0603").terrain == "woods");
  CHECK(m.doc().cell("0503").elevation == 2);
  CHECK(m.doc().cell("0203").terrain == "clear");
  CHECK(m.doc().hexsides.count(hexside_key("0503", "0603")) == 1);
  CHECK(m.doc().hexsides.size() == 1);
  REQUIRE(m.mirror({"0201", "0604"}).empty()); // twice: back where it was
  CHECK(m.doc().cell("0203").terrain == "woods");
  CHECK(m.doc().hexsides.count(hexside_key("0203", "0303")) == 1);
}

TEST_CASE("editor: mirror takes the units in the area along, D3 facings flipped", "[editor]") {
  EditorModel m = fresh(10, 8);
  REQUIRE(m.add_unit("blue_main", "V", "0203").empty());
  REQUIRE(m.add_unit("red_main", "L", "0803").empty()); // outside the area: stays
  REQUIRE(m.mirror({"0201", "0604"}).empty());
  CHECK(m.doc().units[0].hex == "0603");
  CHECK(m.doc().units[1].hex == "0803");
  CHECK(m.valid());
  REQUIRE(m.undo());
  CHECK(m.doc().units[0].hex == "0203");

  EditorModel d3(EditorModel::new_battle(10, 8, kRulesetD3));
  REQUIRE(d3.add_unit("blue", "knights", "0203").empty());
  REQUIRE(d3.set_facing("B1", 1).empty()); // north-east
  REQUIRE(d3.mirror({"0201", "0604"}).empty());
  CHECK(d3.doc().units[0].hex == "0603");
  CHECK(d3.doc().units[0].facing == 5); // north-west
  REQUIRE(d3.preview());
  CHECK(d3.preview()->units[0].facing == 5);
}

TEST_CASE("editor: a renamed side's references in the gallery's about block and the victory "
          "levels follow it",
          "[editor]") {
  EditorModel m(doc_from_json(
      read_json_file(test::source_path("battles/grunwald-1410.json"), kMaxInputBytes)));
  const std::string old = m.doc().sides[1].id;
  REQUIRE(m.set_side_id(1, "poles").empty());
  CHECK(m.doc().about["history_favours"] == "poles");
  const json wins = read_json_file(test::source_path("battles/grunwald-1410.json"),
                                   kMaxInputBytes)["about"]["measured"][0]["wins"];
  CHECK(m.doc().about["measured"][0]["wins"] ==
        json({{"poles", wins[old]}, {"teutonic", wins["teutonic"]}}));
  // Every level and condition that named the side names the new id; the battle still loads.
  int named = 0;
  for (const json &level : m.doc().victory_levels) {
    named += level.value("side", "") == "poles";
    CHECK(level.value("side", "") != old);
    for (const json &condition : level.value("when", json::array())) {
      named += condition.value("side", "") == "poles";
      CHECK(condition.value("side", "") != old);
    }
  }
  CHECK(named > 0);
  CHECK(m.problems().empty());
  CHECK(m.valid());
}

TEST_CASE("editor: sides, wings with the colour-blind-safe palette, markers, limits and VP",
          "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("blue_main", "HH", "0202").empty());
  REQUIRE(m.set_rule("at_end", "blue").empty());
  REQUIRE(m.set_side_id(0, "scots").empty()); // every reference follows
  CHECK(m.doc().units[0].side == "scots");
  CHECK(m.doc().rules.first_player == "scots");
  CHECK(m.doc().rules.at_end == "scots");
  CHECK(m.valid());
  CHECK_FALSE(m.set_side_id(0, "red").empty());

  REQUIRE(m.add_wing(0, "left", "Left Wing").empty());
  CHECK(m.doc().sides[0].wings[1].color == "#009e73"); // the first unused palette colour
  REQUIRE(m.set_wing_id("blue_main", "centre").empty());
  CHECK(m.doc().units[0].wing == "centre");
  CHECK_FALSE(m.remove_wing("centre").empty()); // a unit belongs to it
  REQUIRE(m.remove_wing("left").empty());
  CHECK_FALSE(m.remove_wing("red_main").empty()); // the side's last wing
  REQUIRE(m.set_wing_color("centre", "#56b4e9").empty());

  REQUIRE(m.set_limits(1, 2, 3).empty());
  CHECK(m.preview()->sides[1].wings_per_turn == 2);
  CHECK_FALSE(m.set_limits(1, 9, 3).empty());
  REQUIRE(m.add_marker(1, {"move"}).empty());
  REQUIRE(m.set_marker(1, 4, {"combat", "fire"}).empty());
  CHECK(m.preview()->sides[1].markers.size() == 5);
  CHECK_FALSE(m.add_marker(1, {"dance"}).empty());
  REQUIRE(m.remove_marker(1, 4).empty());
  CHECK(m.doc().sides[1].markers.size() == 4);

  REQUIRE(m.set_vp(0, "HH", 5).empty());
  REQUIRE(m.set_victory_vp(0, 9).empty());
  REQUIRE(m.set_start_vp(1, 3).empty());
  REQUIRE(m.preview());
  CHECK(m.preview()->sides[0].vp_for_eliminating[static_cast<int>(UnitType::HH)] == 5);
  CHECK(m.preview()->sides[0].victory_vp == 9);
  CHECK(m.preview()->sides[1].start_vp == 3);
}

TEST_CASE("editor: a side whose markers are all bonus is listed with its JSON path (4.3)",
          "[editor]") {
  EditorModel m = fresh();
  for (int k = 0; k < 3; ++k)
    REQUIRE(m.remove_marker(0, 0).empty());
  CHECK(m.doc().sides[0].markers == std::vector<std::vector<std::string>>{{"bonus"}});
  REQUIRE(m.problems().size() == 1);
  CHECK(m.problems()[0].path == "/sides/0/commands/markers");
  CHECK(m.problems()[0].message.find("other than bonus") != std::string::npos);
  CHECK(m.problems()[0].panel == "sides");
  CHECK(m.problems()[0].index == 0);
  REQUIRE(m.undo());
  CHECK(m.valid());
}

TEST_CASE("editor: units from the palette, faces, one-step, wing, placement and moves",
          "[editor]") {
  EditorModel m = fresh();
  std::string id;
  REQUIRE(m.add_unit("red_main", "L", "0705", &id).empty());
  CHECK(id == "R1");
  CHECK_FALSE(m.doc().units[0].back); // levy: one step
  REQUIRE(m.add_unit("red_main", "V", "0605", &id).empty());
  CHECK(id == "R2");
  CHECK(m.add_unit("blue_main", "I", "0605") ==
        "hex 0605 already holds R2 (5.1: one unit per hex)");
  CHECK_FALSE(m.add_unit("blue_main", "XX", "0101").empty());
  REQUIRE(m.set_face("R2", false, FaceDoc{"AA", 2, true}).empty());
  REQUIRE(m.set_face("R2", true, FaceDoc{"C", std::nullopt, false}).empty());
  CHECK(m.doc().units[1].back->crown == std::nullopt); // "no crown" writes no field
  REQUIRE(m.preview());
  CHECK(m.preview()->units[1].front.cc == 0);
  CHECK(m.preview()->units[1].front.fire == 2);
  CHECK(m.preview()->units[1].front.crown);
  CHECK_FALSE(m.set_face("R2", false, FaceDoc{"G"}).empty());
  CHECK_FALSE(m.set_face("R2", false, FaceDoc{"A", 10}).empty());
  REQUIRE(m.set_one_step("R2", true).empty());
  CHECK(m.preview()->units[1].max_steps() == 1);
  REQUIRE(m.set_one_step("R1", false).empty());
  CHECK(m.doc().units[0].back->cc == "E");
  REQUIRE(m.move_unit("R1", "0101").empty());
  CHECK(m.preview()->units[0].start == *m.preview()->parse_hex("0101"));
  CHECK_FALSE(m.move_unit("R1", "0605").empty());
  REQUIRE(m.set_unit_wing("R1", "blue_main").empty()); // the wing's side comes along
  CHECK(m.doc().units[0].side == "blue");
  REQUIRE(m.set_unit_id("R1", "B7").empty());
  REQUIRE(m.set_unit_name("B7", "Border Levy").empty());
  REQUIRE(m.set_unit_type("B7", "I").empty());
  CHECK(m.preview()->units[0].name == "Border Levy");
  CHECK(m.preview()->units[0].type == UnitType::I);
  REQUIRE(m.remove_unit("B7").empty());
  CHECK(m.doc().units.size() == 1);
  CHECK(m.valid());
}

TEST_CASE("editor: reinforcements with a turn and entry hexes", "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("red_main", "HH", "0803").empty());
  REQUIRE(m.set_reinforcement("R1", 3, {}).empty());
  REQUIRE(m.problems().size() == 1); // no entry hex yet
  CHECK(m.problems()[0].path == "/reinforcements/0/entry");
  CHECK(m.problems()[0].unit == 0);
  CHECK(m.problems()[0].panel == "units");
  REQUIRE(m.toggle_entry_hex("R1", "0801").empty());
  REQUIRE(m.toggle_entry_hex("R1", "0802").empty());
  REQUIRE(m.toggle_entry_hex("R1", "0801").empty());
  CHECK(m.valid());
  REQUIRE(m.preview());
  const auto &r = m.preview()->reinforcement[0];
  REQUIRE(r);
  CHECK(r->turn == 3);
  CHECK(r->entry == std::vector<HexId>{*m.preview()->parse_hex("0802")});
  REQUIRE(m.move_unit("R1", "0803").empty()); // placed again: no longer a reinforcement
  CHECK_FALSE(m.doc().units[0].reinforcement);
}

TEST_CASE("editor: every problem is listed with its path in the saved file, not only the first",
          "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("blue_main", "V", "0101").empty());
  REQUIRE(m.add_unit("blue_main", "V", "0102").empty());
  REQUIRE(m.add_unit("blue_main", "V", "0103").empty());
  REQUIRE(m.add_terrain("lake", true, false).empty());
  REQUIRE(m.paint("0101", "lake").empty());
  REQUIRE(m.paint("0103", "lake").empty());
  REQUIRE(m.set_last_turn(std::nullopt).empty());
  REQUIRE(m.set_victory_vp(1, 5).empty());
  REQUIRE(m.problems().size() == 2);
  CHECK(m.problems()[0].path == "/units/0/hex");
  CHECK(m.problems()[0].message == "hex 0101 is impassable terrain");
  CHECK(m.problems()[0].hex == "0101");
  CHECK(m.problems()[0].unit == 0);
  CHECK(m.problems()[1].path == "/units/2/hex"); // the item's place in the file, not the trial's
  CHECK(m.problems()[1].unit == 2);
  REQUIRE(m.preview()); // the rest still loads for the map
  CHECK(m.preview()->units.size() == 1);
  CHECK_FALSE(m.battle());
}

TEST_CASE("editor: rules and a special rule of every kind the engine knows", "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("red_main", "I", "0705").empty());
  REQUIRE(m.add_wing(1, "red_left", "Left").empty());
  REQUIRE(m.set_rule("first_player", "red").empty());
  REQUIRE(m.set_rule("initiative", "blue").empty());
  REQUIRE(m.set_rule("wing_integrity", "advanced").empty());
  REQUIRE(m.set_rule("at_end", "draw").empty());
  REQUIRE(m.set_last_turn(12).empty());
  CHECK_FALSE(m.set_rule("first_player", "green").empty());
  CHECK_FALSE(m.set_rule("wing_integrity", "loose").empty());
  int i = -1;
  for (const KindSpec &k : special_kinds()) {
    REQUIRE(m.add_special(k.kind, 1, &i).empty());
    INFO(k.kind);
    for (const FieldSpec &f : k.fields) {
      switch (f.kind) {
      case FieldKind::Hexes:
        REQUIRE(m.toggle_special_hex(i, f.key, "0101").empty());
        break;
      case FieldKind::Waves:
        REQUIRE(m.toggle_wave_wing(i, 0, "red_main").empty());
        REQUIRE(m.toggle_wave_wing(i, 1, "red_left").empty());
        break;
      case FieldKind::Types:
        REQUIRE(m.toggle_special_type(i, f.key, "I").empty());
        break;
      case FieldKind::Units:
        REQUIRE(m.toggle_special_unit(i, "R1").empty());
        break;
      case FieldKind::Wing:
        REQUIRE(m.set_special_wing(i, "red_left").empty());
        break;
      case FieldKind::Integer:
        REQUIRE(m.set_special_number(i, f.key, f.hi).empty());
        CHECK_FALSE(m.set_special_number(i, f.key, f.hi + 1).empty());
        break;
      case FieldKind::Flag:
        REQUIRE(m.set_special_flag(i, f.key, true).empty());
        break;
      case FieldKind::Terrain:
        REQUIRE(m.set_special_terrain(i, "woods").empty());
        break;
      }
    }
  }
  CHECK(m.problems().empty());
  REQUIRE(m.battle());
  const Battle &b = *m.battle();
  CHECK(b.special.size() == special_kinds().size());
  CHECK(b.first_player == 1);
  CHECK(b.wing_integrity == WingIntegrityRule::Advanced);
  CHECK(b.last_turn == 12);
  CHECK(b.special[6].kind == SpecialKind::Immobile);
  CHECK(b.special[6].units == std::vector<int>{0});
  CHECK(b.special[1].waves.size() == 2);
  CHECK_FALSE(m.toggle_special_unit(6, "B1").empty());
  CHECK_FALSE(m.set_special_wing(3, "blue_main").empty()); // not a wing of the rule's side
  REQUIRE(m.add_special("immobile", 0).empty());
  CHECK(m.add_special("immobile", 0) == "a battle has at most eight special rules");
  REQUIRE(m.remove_special(7).empty());
  REQUIRE(m.remove_unit("R1").empty()); // gone from the immobile rule's list as well
  CHECK(m.problems().size() == 0);
  REQUIRE(m.set_special_id(0, "gate").empty());
  CHECK_FALSE(m.set_special_id(1, "gate").empty());
  REQUIRE(m.set_special_text(0, "Reach the gate.").empty());
  REQUIRE(m.set_special_side(0, 0).empty());
  CHECK(m.battle()->special[0].side == 0);
}

TEST_CASE("editor: a special rule waiting for its hexes is a problem of /special/N", "[editor]") {
  EditorModel m = fresh();
  REQUIRE(m.add_special("instant_win_on_entry", 0).empty());
  REQUIRE(m.problems().size() == 1);
  CHECK(m.problems()[0].path == "/special/0/hexes");
  CHECK(m.problems()[0].message == "expected at least one hex");
  CHECK(m.problems()[0].panel == "rules");
  CHECK(m.problems()[0].index == 0);
}

TEST_CASE("editor: resizing the map keeps units on it and drops what falls off", "[editor]") {
  EditorModel m = fresh(10, 10);
  REQUIRE(m.paint("0909", "woods").empty());
  REQUIRE(m.set_hexside("0909", "1009", "river").empty());
  REQUIRE(m.add_unit("blue_main", "V", "0808").empty());
  CHECK(m.resize(7, 7) == "unit B1 stands on 0808, off the smaller map: move it first");
  REQUIRE(m.resize(8, 8).empty());
  CHECK(m.doc().hexes.empty());
  CHECK(m.doc().hexsides.empty());
  CHECK(m.preview()->columns == 8);
  CHECK_FALSE(m.resize(0, 5).empty());
  REQUIRE(m.set_identity("name", "Hill Fight").empty());
  REQUIRE(m.set_identity("id", "hill-fight").empty());
  CHECK_FALSE(m.set_identity("id", "").empty());
  CHECK_FALSE(m.set_identity("id", "My First Battle!").empty()); // it names a file
  CHECK(m.doc().id == "hill-fight");
  CHECK(m.preview()->name == "Hill Fight");
}

TEST_CASE("editor: Save writes only a valid battle, or a draft marked as such, atomically",
          "[editor]") {
  std::string path = temp_file("save.json");
  fs::remove(path);
  EditorModel m = fresh();
  CHECK_FALSE(m.dirty());
  REQUIRE(m.add_unit("blue_main", "V", "0202").empty());
  CHECK(m.dirty());
  REQUIRE(m.undo());
  CHECK_FALSE(m.dirty()); // back to the battle as opened: nothing to save
  REQUIRE(m.redo());
  CHECK(m.dirty());
  REQUIRE(m.save(path).empty());
  CHECK_FALSE(m.dirty());
  REQUIRE(m.undo());
  CHECK(m.dirty()); // the file has the unit; the editor no longer does
  REQUIRE(m.redo());
  CHECK_FALSE(m.dirty());
  auto loaded = load_battle_file(path);
  CHECK(loaded->units.size() == 1);

  REQUIRE(m.add_special("off_map_wing", 0).empty());
  CHECK(m.save(path).rfind("not saved: the battle has 1 problem", 0) == 0);
  CHECK(load_battle_file(path)->special.empty()); // the old file is untouched
  std::string draft = temp_file("draft.json");
  REQUIRE(m.save(draft, true).empty());
  try {
    load_battle_file(draft);
    FAIL("a draft loaded as a battle");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/format");
  }
  BattleDoc reopened = doc_from_json(read_json_file(draft, kMaxInputBytes));
  CHECK(reopened.draft);
  EditorModel again(reopened);
  REQUIRE(again.problems().size() == 1);
  CHECK(again.problems()[0].path == "/special/0/hexes");
  REQUIRE(again.toggle_special_hex(0, "hexes", "0101").empty());
  REQUIRE(again.save(draft).empty());
  CHECK(load_battle_file(draft)->special.size() == 1); // saved valid: no longer a draft
  CHECK(m.save("/nonexistent-folder/x.json").rfind("not saved: ", 0) == 0);
}

TEST_CASE("editor: a broken file opens with each repair noted and the rest kept", "[editor]") {
  json doc = read_json_file(test::source_path("battles/first-clash.json"), kMaxInputBytes);
  doc["map"]["columns"] = "fourteen";
  doc["units"][0]["front"]["fire"] = "x";
  std::vector<std::string> repairs;
  BattleDoc d = doc_from_json(doc, &repairs);
  CHECK(repairs ==
        std::vector<std::string>{"/map/columns: expected a whole number; left out",
                                 "/units/0/front/fire: expected a whole number; left out"});
  CHECK(d.units.size() == 15);
  EditorModel m(d);
  REQUIRE_FALSE(m.valid());
  CHECK(m.problems()[0].path == "/map/columns");
  REQUIRE(m.resize(14, 10).empty());
  CHECK(m.valid());
}

TEST_CASE("editor: fields of the wrong shape in a hand-written file are edited without a crash",
          "[editor]") {
  json doc = read_json_file(test::source_path("battles/morlaix-1342.json"), kMaxInputBytes);
  doc["special"][0]["waves"] = "first, then second";
  doc["sides"][0]["commands"]["markers"][0] = json::array();
  EditorModel m(doc_from_json(doc));
  REQUIRE(m.problems().size() >= 2);
  CHECK(m.problems()[0].path == "/sides/0/commands/markers/0");
  CHECK(m.problems()[0].message.find("one or two faces") != std::string::npos);
  REQUIRE(m.set_marker(0, 0, {"move"}).empty());
  std::string wing = m.doc().sides[1].wings[0].id;
  REQUIRE(m.toggle_wave_wing(0, 0, wing).empty()); // the string is replaced by a list of waves
  CHECK(m.doc().special[0].fields["waves"].is_array());
  REQUIRE(m.toggle_wave_wing(0, 1, m.doc().sides[1].wings[1].id).empty());
  CHECK(m.problems().empty());
}

// --- D3 Medieval battles (docs/battle-format.md "D3 Medieval battles", docs/rules-d3.md) ------

namespace {
EditorModel fresh_d3(int columns = 8, int rows = 6) {
  return EditorModel(EditorModel::new_battle(columns, rows, kRulesetD3));
}
} // namespace

TEST_CASE("editor: a new D3 Medieval battle has no markers, no Initiative and 15 game turns",
          "[editor][d3]") {
  EditorModel m = fresh_d3();
  CHECK(m.valid());
  REQUIRE(m.preview());
  CHECK(m.preview()->ruleset == RulesetId::D3);
  CHECK(m.preview()->last_turn == 15);
  std::string text = m.text();
  CHECK(text.find("\"ruleset\": \"d3-medieval\"") != std::string::npos);
  CHECK(text.find("\"commands\"") == std::string::npos);
  CHECK(text.find("\"initiative\"") == std::string::npos);
  CHECK(m.terrain_names().back() == "stream");                // D3's lake and stream are built in
  CHECK(m.unit_wings(0) == std::vector<std::string>{"blue"}); // the side's own implicit wing
}

TEST_CASE("editor: D3 units are placed by type and facing, without faces or reinforcements",
          "[editor][d3]") {
  EditorModel m = fresh_d3();
  std::string id;
  REQUIRE(m.add_unit("blue", "knights", "0303", &id).empty());
  CHECK(id == "B1");
  CHECK(m.doc().units[0].wing.empty());
  CHECK(m.doc().units[0].facing == 0);
  REQUIRE(m.add_unit("red", "longbows", "0503").empty());
  CHECK(m.doc().units[1].facing == 3);                  // the second side faces the first
  CHECK_FALSE(m.add_unit("blue", "V", "0404").empty()); // an S&S II type
  CHECK(m.text().find("{ \"id\": \"B1\", \"side\": \"blue\", \"type\": \"knights\", "
                      "\"facing\": 0, \"hex\": \"0303\" }") != std::string::npos);
  REQUIRE(m.set_facing("B1", 2).empty());
  REQUIRE(m.preview());
  CHECK(m.preview()->units[0].facing == 2);
  REQUIRE(m.set_facing("B1", -1).empty()); // turning left of north is north-west
  CHECK(m.doc().units[0].facing == 5);
  REQUIRE(m.undo());
  CHECK(m.doc().units[0].facing == 2);
  REQUIRE(m.set_unit_type("B1", "crossbows").empty());
  CHECK(m.preview()->units[0].type == UnitType::Crossbows);
  CHECK(m.set_face("B1", false, FaceDoc{"A"}) ==
        "D3 Medieval units have no faces: a type and a facing (D1, D2)");
  CHECK(m.set_reinforcement("B1", 2, {"0101"}) == "D3 Medieval battles have no reinforcements");
  CHECK_FALSE(m.set_marker(0, 0, {"move"}).empty());
  CHECK_FALSE(m.set_rule("initiative", "red").empty());
  CHECK(m.valid());
}

TEST_CASE("editor: D3 roads and stakes, with undo; S&S II refuses both", "[editor][d3]") {
  EditorModel m = fresh_d3();
  REQUIRE(m.set_road("0404", true, 1).empty());
  CHECK(m.doc().hexes.size() == 7);
  CHECK(m.doc().cell("0404").road);
  CHECK(m.doc().cell("0404").terrain == "clear");
  REQUIRE(m.preview());
  CHECK(m.preview()->road[*m.preview()->parse_hex("0403")] == 1);
  REQUIRE(m.paint("0404", "town").empty()); // painting keeps the road
  CHECK(m.doc().cell("0404").road);
  REQUIRE(m.set_road("0404", false).empty());
  CHECK_FALSE(m.doc().cell("0404").road);
  REQUIRE(m.set_hexside("0303", "0403", "stakes").empty());
  CHECK(name(m.preview()->hexsides[*m.preview()->parse_hex("0303")][m.preview()->direction(
            *m.preview()->parse_hex("0303"), *m.preview()->parse_hex("0403"))]) ==
        std::string("stakes"));
  CHECK_FALSE(m.set_hexside("0303", "0403", "trench").empty()); // not a D3 feature
  REQUIRE(m.paint("0606", "lake").empty());
  CHECK(m.preview()->terrain_impassable(*m.preview()->parse_hex("0606")));
  CHECK(m.valid());
  REQUIRE(m.undo());
  CHECK(m.doc().cell("0606").terrain == "clear");

  EditorModel s = fresh();
  CHECK(s.set_road("0404", true) == "roads are a D3 Medieval feature (D1, D6)");
  CHECK_FALSE(s.set_hexside("0303", "0403", "stakes").empty());
  CHECK_FALSE(s.paint("0303", "lake").empty());
}

TEST_CASE("editor: D3 wings are optional; the first wing takes the side's units", "[editor][d3]") {
  EditorModel m = fresh_d3();
  REQUIRE(m.add_unit("red", "levies", "0602").empty());
  REQUIRE(m.add_unit("red", "knights", "0603").empty());
  REQUIRE(m.add_wing(1, "first_line", "First line").empty());
  CHECK(m.doc().units[0].wing == "first_line");
  REQUIRE(m.add_wing(1, "second_line", "Second line").empty());
  REQUIRE(m.set_unit_wing("R2", "second_line").empty());
  CHECK(m.unit_wings(1) == std::vector<std::string>{"first_line", "second_line"});
  int i = -1;
  REQUIRE(m.add_special("attack_waves", 1, &i).empty());
  REQUIRE(m.toggle_wave_wing(i, 0, "first_line").empty());
  REQUIRE(m.toggle_wave_wing(i, 1, "second_line").empty());
  REQUIRE(m.valid());
  REQUIRE(m.preview()->special.size() == 1);
  CHECK(m.add_special("immobile", 1) ==
        "D3 Medieval battles use instant_win_on_entry, attack_waves or attack_precondition");
  REQUIRE(m.add_special("attack_precondition", 1, &i).empty());
  REQUIRE(m.toggle_special_type(i, "attacker_types", "knights").empty());
  REQUIRE(m.toggle_special_type(i, "target_types", "longbows").empty());
  REQUIRE(m.toggle_special_type(i, "until_target_types", "levies").empty());
  CHECK_FALSE(m.toggle_special_type(i, "target_types", "HH").empty());
  CHECK(m.valid());
}

TEST_CASE("editor: a battle changes ruleset in one undo step, types and features translated",
          "[editor][d3]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("blue_main", "HH", "0202").empty());
  REQUIRE(m.add_unit("red_main", "I", "0705").empty());
  REQUIRE(m.set_face("R1", false, FaceDoc{"C", 2}).empty()); // archers: they fire
  REQUIRE(m.set_hexside("0303", "0403", "trench").empty());
  REQUIRE(m.set_ruleset(kRulesetD3).empty());
  CHECK(m.doc().units[0].type == "knights");
  CHECK(m.doc().units[1].type == "longbows");
  CHECK(m.doc().units[0].facing == 0);
  CHECK(m.doc().units[1].facing == 3);
  CHECK(m.doc().hexsides.at(hexside_key("0303", "0403")) == "stakes");
  CHECK(m.doc().sides[0].vp_for_eliminating->count("knights") == 1);
  CHECK(m.doc().rules.initiative.empty());
  CHECK(m.valid());
  REQUIRE(m.preview());
  CHECK(m.preview()->ruleset == RulesetId::D3);
  REQUIRE(m.undo()); // one step back to the S&S II battle as it was
  CHECK(m.doc().units[0].type == "HH");
  CHECK(m.doc().hexsides.at(hexside_key("0303", "0403")) == "trench");
  CHECK_FALSE(m.doc().ruleset == kRulesetD3);
  REQUIRE(m.redo());

  REQUIRE(m.set_road("0505", true).empty());
  REQUIRE(m.set_ruleset(kRulesetSsii).empty()); // and back: roads go, faces are the type's
  CHECK(m.doc().units[0].type == "HH");
  CHECK(m.doc().units[1].type == "I");
  CHECK(m.doc().units[1].front.fire == 2);
  CHECK(m.doc().hexes.empty());
  CHECK(m.doc().rules.initiative == "red");
  CHECK(m.valid());
  CHECK_FALSE(m.set_ruleset("chess").empty());
}

TEST_CASE("editor: a D3 battle's problems are listed with their paths", "[editor][d3]") {
  EditorModel m = fresh();
  REQUIRE(m.add_unit("blue_main", "V", "0202").empty());
  REQUIRE(m.set_reinforcement("B1", 3, {"0101"}).empty());
  REQUIRE(m.set_ruleset(kRulesetD3).empty());
  REQUIRE_FALSE(m.valid());
  CHECK(m.problems()[0].path == "/reinforcements");
  CHECK(m.problems()[0].message == "D3 Medieval battles have no reinforcements");
  CHECK(m.problems()[0].panel == "units");
  CHECK(m.problems()[0].unit == 0); // the list's first reinforcement is shown
  CHECK(m.problems()[0].hex == "0101");
  REQUIRE(m.move_unit("B1", "0202").empty()); // placed: no longer a reinforcement
  CHECK(m.valid());
}

TEST_CASE("editor: same_content sees through layout, not through a changed value", "[editor]") {
  json a = parse(R"({"map": {"columns": 3, "rows": 3,
    "hexes": {"0101": {"terrain": "clear", "elevation": 0, "road": false}, "0202": {"road": true}},
    "hexsides": [{"between": ["0202", "0102"], "feature": "river"},
                 {"between": ["0101", "0201"], "feature": "ford"}]}, "id": "x"})");
  json b = parse(R"({"id": "x", "map": {"rows": 3, "columns": 3,
    "hexes": {"0101": {}, "0202": {"terrain": "clear", "road": true}},
    "hexsides": [{"feature": "ford", "between": ["0101", "0201"]},
                 {"feature": "river", "between": ["0102", "0202"]}]}})");
  CHECK(same_content(a, b));
  json c = b;
  c["map"]["hexsides"][1]["feature"] = "bridge";
  CHECK_FALSE(same_content(a, c));
  json d = b;
  d["map"]["hexes"]["0101"]["elevation"] = 1;
  CHECK_FALSE(same_content(a, d));
}

// The warnings that name a gap in a river (river_gaps), out of all the model's warnings.
std::vector<Problem> river_warnings(const EditorModel &m) {
  std::vector<Problem> out;
  for (const Problem &w : m.warnings())
    if (w.message.find("the river has a gap") != std::string::npos) out.push_back(w);
  return out;
}

TEST_CASE("editor: 12.2 a gap of one hexside in a river, or between its end and the map's edge, is "
          "warned of; a river that ends in open ground is not",
          "[editor]") {
  for (const std::string &file : test::shipped_battles()) {
    INFO(file);
    EditorModel m(doc_from_json(read_json_file(file, kMaxInputBytes)));
    // The ford battle's river, mended, has no gap; First Clash's ends in the open south by design.
    CHECK(river_warnings(m).empty());
  }
  // The ford battle's river with one slanting hexside left out, as it once was: the knights rode
  // through it (0905 to 1004).
  EditorModel m(doc_from_json(
      read_json_file(test::source_path("battles/d3-first-charge.json"), kMaxInputBytes)));
  REQUIRE(m.doc().hexsides.at(hexside_key("0905", "1004")) == "river");
  REQUIRE(m.set_hexside("0905", "1004", "").empty());
  REQUIRE(m.valid()); // the loader accepts it: a gap is the author's to make
  auto gaps = river_warnings(m);
  REQUIRE(gaps.size() == 1);
  CHECK(gaps[0].message == "the river has a gap between 0905 and 1004 where units can cross (D6)");
  CHECK(gaps[0].path == "/map/hexsides");
  CHECK(gaps[0].hex == "0905");
  CHECK(gaps[0].panel == "map");
  REQUIRE(m.undo());
  CHECK(river_warnings(m).empty());
  // Its last hexside, at the east edge, left out: the river stops one hexside short of the edge.
  REQUIRE(m.set_hexside("1004", "1005", "").empty());
  gaps = river_warnings(m);
  REQUIRE(gaps.size() == 1);
  CHECK(gaps[0].message == "the river has a gap between 1004 and 1005 where units can cross (D6)");
  REQUIRE(m.undo());

  // In S&S II, found by its rule (12.2): a zigzag river between rows 04 and 05 as the ford
  // battle draws it, from the west edge, with the straight hexside 0204|0205 left out.
  EditorModel s = fresh(8, 6);
  for (auto [a, b] :
       {std::pair{"0104", "0105"}, {"0105", "0204"}, {"0204", "0305"}, {"0304", "0305"}})
    REQUIRE(s.set_hexside(a, b, "river").empty());
  auto one = river_warnings(s); // its east end, in the open at 0304|0305, is no gap
  REQUIRE(one.size() == 1);
  CHECK(one[0].message.find("between 0204 and 0205") != std::string::npos);
  CHECK(one[0].message.find("(12.2)") != std::string::npos);
  REQUIRE(s.set_hexside("0204", "0205", "ford").empty()); // a crossing closes the line
  CHECK(river_warnings(s).empty());
}

TEST_CASE("editor: 4.2 a unit that Wing Integrity eliminates as the game starts is warned of",
          "[editor]") {
  EditorModel m = fresh(12, 10);
  REQUIRE(m.add_unit("red_main", "V", "1104").empty());
  REQUIRE(m.add_unit("blue_main", "V", "0304").empty());
  CHECK(m.warnings().empty());
  REQUIRE(m.undo());
  // A Levy alone in its wing: out of Wing Integrity as Blue's first turn begins.
  REQUIRE(m.add_unit("blue_main", "L", "0309").empty());
  REQUIRE(m.valid()); // a battle the loader accepts, and saves
  REQUIRE(m.warnings().size() == 1);
  CHECK(m.warnings()[0].path == "/units/1/hex");
  CHECK(m.warnings()[0].hex == "0309");
  CHECK(m.warnings()[0].message.find("4.2") != std::string::npos);
  REQUIRE(m.undo());
  CHECK(m.warnings().empty());
}
