// Battle files, format 1 (DESIGN.md): strict loading, clear errors naming file, JSON path and
// expectation.
#include "fixture.hpp"
#include "sns/battle_about.hpp"

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
  // A hexside listed twice, the second time the other way round and with another feature (found
  // by fuzzing: the last entry won, and the canonical layout reordered them).
  CHECK(error_path(
            [](json &d) {
              json again = d["map"]["hexsides"][0];
              again["between"] = {again["between"][1], again["between"][0]};
              again["feature"] = again["feature"] == "river" ? "bridge" : "river";
              d["map"]["hexsides"].push_back(again);
            },
            &msg) ==
        "/map/hexsides/" +
            std::to_string(read_json("battles/first-clash.json")["map"]["hexsides"].size()) +
            "/between");
  CHECK(msg.find("is also listed at /map/hexsides/0") != std::string::npos);
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

TEST_CASE("battle about: Grunwald's block reads its place, history and measured results by side") {
  auto b = load_battle_file(source_path("battles/grunwald-1410.json"));
  BattleAbout a = read_battle_about(b->source, *b, "grunwald-1410.json");
  CHECK(a.place == "between Grunwald and Stebark, Prussia");
  CHECK(a.history_favours == 1); // the Polish-Lithuanian army, the file's second side
  // The measured results are read by side, in the battle's side order, whatever order the file
  // lists them in (the figures change when the balance is measured again).
  json measured = read_json("battles/grunwald-1410.json")["about"]["measured"];
  REQUIRE(a.measured.size() == measured.size());
  CHECK(a.measured[0].players == "normal");
  CHECK(a.measured[0].games == measured[0]["games"].get<int>());
  CHECK(a.measured[0].wins == std::array<int, 2>{measured[0]["wins"]["teutonic"].get<int>(),
                                                 measured[0]["wins"]["allies"].get<int>()});
  CHECK(a.measured[0].draws() ==
        a.measured[0].games - a.measured[0].wins[0] - a.measured[0].wins[1]);
  REQUIRE(a.seats.size() == 4);
  CHECK(a.seats[0].match == "hard vs greedy");
  CHECK(a.seats[0].won[0] == std::array<int, 2>{14, 50});
  CHECK(a.seats[0].won[1] == std::array<int, 2>{50, 50});
  // An invented battle favours nobody in history; its draws are what the wins leave.
  auto clash = load_battle_file(source_path("battles/first-clash.json"));
  BattleAbout c = read_battle_about(clash->source, *clash, "first-clash.json");
  CHECK(c.history_favours == -1);
  REQUIRE(c.measured.size() == 1);
  json clash_wins = read_json("battles/first-clash.json")["about"]["measured"][0]["wins"];
  CHECK(c.measured[0].draws() ==
        200 - clash_wins["royal"].get<int>() - clash_wins["rebels"].get<int>());
  // No block at all: nothing to say.
  json doc = read_json("battles/first-clash.json");
  doc.erase("about");
  CHECK(read_battle_about(doc, *load_battle(doc, "x.json"), "x.json").empty());
}

TEST_CASE("battle about: the loader refuses a bad block with its JSON path") {
  std::string msg;
  CHECK(error_path([](json &d) { d["about"]["history_favours"] = "nobody"; }, &msg) ==
        "/about/history_favours");
  CHECK(msg.find("expected a side id (\"royal\" or \"rebels\")") != std::string::npos);
  CHECK(error_path([](json &d) { d["about"]["measured"][0]["wins"]["french"] = 3; }) ==
        "/about/measured/0/wins/french");
  CHECK(error_path([](json &d) { d["about"]["measured"][0]["wins"]["royal"] = 199; }, &msg) ==
        "/about/measured/0/wins");
  int rebels = read_json("battles/first-clash.json")["about"]["measured"][0]["wins"]["rebels"];
  CHECK(msg.find("at most 200 games, got " + std::to_string(199 + rebels)) != std::string::npos);
  CHECK(error_path([](json &d) { d["about"]["measured"][0]["games"] = 0; }) ==
        "/about/measured/0/games");
  CHECK(error_path([](json &d) {
          d["about"]["seats"] = {{{"match", "a vs b"}}};
        }) == "/about/seats/0/as_first");
  CHECK(
      error_path([](json &d) {
        d["about"]["seats"] = {{{"match", "a vs b"}, {"as_first", {9, 5}}, {"as_second", {1, 5}}}};
      }) == "/about/seats/0/as_first/0");
  CHECK(error_path([](json &d) { d["about"]["author"] = "me"; }, &msg) == "/about/author");
  CHECK(error_path([](json &d) { d["about"] = "Alder Ford"; }) == "/about");
}
