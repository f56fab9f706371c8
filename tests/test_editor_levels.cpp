// The battle editor's victory levels (src/view/editor_rules.cpp, docs/battle-format.md "Victory
// levels"): added, renamed, given conditions and removed, each judged by the loader's check.
#include "editor_model.hpp"
#include "fixture.hpp"
#include "sns/json_io.hpp"
#include "sns/victory_levels.hpp"

using namespace sns;
using namespace sns::editor;
using nlohmann::json;

namespace {
json parse(const std::string &text) { return json::parse(text); }
} // namespace

TEST_CASE("editor: victory levels round-trip, are renamed, get conditions and are removed with "
          "undo; a bad condition is a problem of its JSON path",
          "[editor]") {
  json original = read_json_file(test::source_path("battles/morlaix-1342-d3.json"), kMaxInputBytes);
  EditorModel m(doc_from_json(original));
  REQUIRE(m.doc().victory_levels.size() == 4);
  CHECK(m.battle()->victory_levels[2].id == "english_decisive");
  REQUIRE(m.set_level_name(2, "English triumph").empty());
  CHECK(m.battle()->victory_levels[2].name == "English triumph");
  REQUIRE(m.set_level_text(2, "").empty());
  CHECK_FALSE(m.doc().victory_levels[2].contains("text"));
  CHECK_FALSE(m.set_level_when(1, "not json").empty());
  REQUIRE(
      m.set_level_when(1, R"([{"fact": "vp_margin", "side": "french", "at_least": 1}])").empty());
  REQUIRE(m.problems().size() == 1);
  CHECK(m.problems()[0].path == "/victory_levels/1/when/0/fact"); // D3 Medieval has no VP
  REQUIRE(m.set_level_when(1, R"([{"fact": "hits_taken", "side": "english", "at_least": 20}])")
              .empty());
  CHECK(m.problems().empty());
  CHECK(m.battle()->victory_levels[1].when[0].fact == LevelFact::HitsTaken);
  REQUIRE(m.remove_level(1).empty());
  CHECK(m.doc().victory_levels.size() == 3);
  m.undo();
  CHECK(m.doc().victory_levels.size() == 4);
  CHECK(m.set_level_name(9, "x") == "no such level");
  // Written canonically: each condition on one line, fields in the format's order.
  std::string text = m.text();
  CHECK(text.find(R"({ "fact": "hits_taken", "side": "english", "at_least": 20 })") !=
        std::string::npos);
  CHECK(canonical_text(doc_from_json(parse(text))) == text);
}

TEST_CASE("editor: Add a victory level makes the last level first, then puts each new level "
          "before it with a condition to change; undo takes it back",
          "[editor]") {
  json original = test::read_json("battles/first-clash.json");
  original.erase("victory_levels");
  EditorModel m(doc_from_json(original));
  REQUIRE(m.doc().victory_levels.empty());
  int index = -1;
  REQUIRE(m.add_level(&index).empty());
  CHECK(index == 0);
  REQUIRE(m.problems().empty());
  REQUIRE(m.battle()->victory_levels.size() == 1);
  CHECK(m.battle()->victory_levels[0].id == "level1");
  CHECK(m.battle()->victory_levels[0].when.empty()); // reached when no other is

  REQUIRE(m.add_level(&index).empty());
  CHECK(index == 0);
  REQUIRE(m.problems().empty());
  const auto &levels = m.battle()->victory_levels;
  REQUIRE(levels.size() == 2);
  CHECK(levels[0].id == "level2");
  REQUIRE(levels[0].when.size() == 1);
  CHECK(levels[0].when[0].fact == LevelFact::Winner);
  CHECK(levels[1].id == "level1");

  REQUIRE(m.remove_level(1).empty()); // the fallback gone: the loader names the one left
  REQUIRE_FALSE(m.problems().empty());
  CHECK(m.problems()[0].path.rfind("/victory_levels/0", 0) == 0);
  m.undo();
  CHECK(m.problems().empty());
  m.undo();
  CHECK(m.doc().victory_levels.size() == 1);

  while (m.doc().victory_levels.size() < kMaxVictoryLevels)
    REQUIRE(m.add_level().empty());
  CHECK(m.problems().empty());
  CHECK(m.add_level() == "a battle has at most 12 victory levels");
}
