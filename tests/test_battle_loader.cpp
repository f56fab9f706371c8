// Battle files, format 1 (DESIGN.md): strict loading, clear errors naming file, JSON path and
// expectation.
#include "fixture.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {} // namespace

TEST_CASE("battle loader accepts every shipped battle") {
  for (const char *f : {"battles/first-clash.json"}) {
    auto b = load_battle_file(source_path(f));
    CHECK(b->units.size() > 0);
    CHECK(b->hex_count() == b->columns * b->rows);
  }
}

TEST_CASE("battle loader refuses bad fields with their JSON path") {
  std::string msg;
  CHECK(error_path([](json &d) { d["units"][3]["front"]["cc"] = "Z"; }, &msg) ==
        "/units/3/front/cc");
  CHECK(msg.find("expected a combat class") != std::string::npos);
  CHECK(error_path([](json &d) { d["units"][0]["type"] = "X"; }) == "/units/0/type");
  CHECK(error_path([](json &d) { d["units"][0]["hex"] = "9999"; }, &msg) == "/units/0/hex");
  CHECK(msg.find("off the map") != std::string::npos);
  CHECK(error_path([](json &d) { d["units"][1]["hex"] = d["units"][0]["hex"]; }, &msg) ==
        "/units/1/hex");
  CHECK(msg.find("5.1") != std::string::npos);
  CHECK(error_path([](json &d) { d["units"][0]["wing"] = "nobody"; }) == "/units/0/wing");
  CHECK(error_path([](json &d) { d["units"][0]["wing"] = "host"; }) ==
        "/units/0/wing"); // the other side's wing
  CHECK(error_path([](json &d) { d["sides"][0]["commands"]["markers"][0][0] = "charge"; }, &msg) ==
        "/sides/0/commands/markers/0/0");
  CHECK(msg.find("unknown command") != std::string::npos);
  CHECK(error_path([](json &d) { d["units"][0].erase("hex"); }, &msg) == "/units/0/hex");
  CHECK(msg.find("no hex and no reinforcement") != std::string::npos);
  CHECK(error_path([](json &d) { d["units"][0]["id"] = "R2"; }) == "/units/1/id"); // the second R2
  CHECK(error_path([](json &d) { d["map"]["columns"] = 100000; }) == "/map/columns");
  CHECK(error_path([](json &d) { d["map"]["rows"] = "ten"; }) == "/map/rows");
  CHECK(error_path([](json &d) {
          d["map"]["hexsides"][0]["between"] = {"0101", "0505"};
        }) == "/map/hexsides/0/between");
  CHECK(error_path([](json &d) { d["map"]["hexsides"][0]["feature"] = "wall"; }) ==
        "/map/hexsides/0/feature");
  CHECK(error_path([](json &d) { d["map"]["hexes"]["0404"]["terrain"] = "lava"; }) ==
        "/map/hexes/0404/terrain");
  CHECK(error_path([](json &d) { d["rules"]["first_player"] = "martians"; }) ==
        "/rules/first_player");
  CHECK(error_path([](json &d) { d["rules"]["wing_integrity"] = "loose"; }) ==
        "/rules/wing_integrity");
  CHECK(error_path([](json &d) { d["format"] = "something-else/2"; }) == "/format");
  CHECK(error_path([](json &d) { d.erase("units"); }) == "/units");
  CHECK(error_path([](json &d) { d["sides"].erase(1); }) == "/sides");
  CHECK(error_path([](json &d) { d["units"][0]["colour"] = "red"; }) == "/units/0/colour");
  CHECK(error_path([](json &d) { d["reinforcements"][0]["unit"] = "R1"; }) ==
        "/reinforcements/0/unit");
  CHECK(error_path([](json &d) {
          d["special"] = {{{"id", "x"}, {"kind", "teleport"}, {"side", "royal"}}};
        }) == "/special/0/kind");
  CHECK(error_path([](json &d) { d["sides"][0]["wings"][0]["color"] = "blue"; }) ==
        "/sides/0/wings/0/color");
  CHECK(error_path([](json &) {}) == "ok");
}

TEST_CASE("battle loader names every special rule kind of its table for an unknown kind") {
  std::string msg;
  CHECK(error_path(
            [](json &d) {
              d["special"] = {{{"id", "x"}, {"kind", "teleport"}, {"side", "royal"}}};
            },
            &msg) == "/special/0/kind");
  CHECK(msg.find("unknown special rule kind \"teleport\"; expected instant_win_on_entry, "
                 "attack_waves, attack_precondition, vp_forfeit_on_command, attack_drm, "
                 "off_map_wing or immobile") != std::string::npos);
  // A known kind is read by its own reader: a forfeit without its wing is refused at that field.
  CHECK(error_path([](json &d) {
          d["special"] = {
              {{"id", "x"}, {"kind", "vp_forfeit_on_command"}, {"side", "royal"}, {"vp", 2}}};
        }) == "/special/0/wing");
}

TEST_CASE("battle loader refuses a ninth special rule: the rules' game flags would overlap") {
  json doc = read_json("battles/morlaix-1342.json");
  REQUIRE(doc["special"].size() < kMaxSpecialRules);
  json rule = {{"id", "forfeit"}, {"kind", "vp_forfeit_on_command"},           {"side", "french"},
               {"text", "x"},     {"wing", doc["sides"][1]["wings"][0]["id"]}, {"vp", 1}};
  while (doc["special"].size() < kMaxSpecialRules) {
    rule["id"] = "forfeit" + std::to_string(doc["special"].size());
    doc["special"].push_back(rule);
  }
  CHECK_NOTHROW(load_battle(doc, "eight.json"));
  rule["id"] = "ninth";
  doc["special"].push_back(rule);
  try {
    load_battle(doc, "nine.json");
    FAIL("a ninth special rule was accepted");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/special");
  }
}

TEST_CASE("battle loader refuses malformed and deeply nested JSON without crashing") {
  CHECK_THROWS_AS(parse_json_text("{\"format\": ", "x.json"), LoadError);
  std::string deep(100000, '[');
  CHECK_THROWS_AS(parse_json_text(deep, "deep.json"), LoadError);
  try {
    read_json_file("/nonexistent/file.json", kMaxInputBytes);
    FAIL("expected an error");
  } catch (const LoadError &e) {
    CHECK(e.file() == "/nonexistent/file.json");
  }
}

TEST_CASE("battle loader maps hexsides both ways and terrain types") {
  auto b = load_battle_file(source_path("battles/first-clash.json"));
  HexId a = *b->parse_hex("0702"), c = *b->parse_hex("0802");
  CHECK(b->hexsides[a][b->direction(a, c)] == HexsideFeature::Ford);
  CHECK(b->hexsides[c][b->direction(c, a)] == HexsideFeature::Ford);
  HexId r1 = *b->parse_hex("0701"), r2 = *b->parse_hex("0801");
  CHECK(b->hexside_impassable(r1, b->direction(r1, r2)));
  CHECK(b->terrain_types[b->terrain[*b->parse_hex("0908")]].blocks_los);
  CHECK(b->terrain_impassable(*b->parse_hex("0609")));
  CHECK(b->elevation[*b->parse_hex("0404")] == 1);
  CHECK(b->elevation[*b->parse_hex("0101")] == 0);
}

TEST_CASE("tables: the embedded charts load and a malformed table file is refused") {
  const Tables &t = default_tables();
  CHECK(t.utmm[static_cast<int>(UnitType::V)][static_cast<int>(UnitType::L)] == -1);
  CHECK(t.utmm[static_cast<int>(UnitType::L)][static_cast<int>(UnitType::HH)] == 2);
  CHECK(t.cell(0, -5).result == CombatResult::DE); // below -2 reads -2
  CHECK(t.cell(0, 4).result == CombatResult::DR);
  CHECK(t.cell(0, 4).asterisk);
  CHECK(t.cell(1, 12).result == CombatResult::EX); // above 8 reads 8+
  CHECK(t.cell(6, 8).result == CombatResult::AE);
  json doc = read_json("assets/tables.json");
  json bad = doc;
  bad["crt"]["B"][3] = "XX";
  try {
    load_tables(bad, "tables.json");
    FAIL("expected an error");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/crt/B/3");
  }
  bad = doc;
  bad["crt"]["C"][0] = "DL*";
  CHECK_THROWS_AS(load_tables(bad, "tables.json"), LoadError);
  bad = doc;
  bad["utmm"]["LH"].erase("V");
  CHECK_THROWS_AS(load_tables(bad, "tables.json"), LoadError);
  bad = doc;
  bad["crt"]["F"].erase(10);
  CHECK_THROWS_AS(load_tables(bad, "tables.json"), LoadError);
}
