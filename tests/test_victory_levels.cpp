// Victory levels (DESIGN.md "Victory levels", docs/battle-format.md): the loader's checks, the
// level each hand-made end position reaches, the engine deciding it once at the end, and `state`.
#include "fixture.hpp"
#include "sns/json_views.hpp"
#include "sns/players.hpp"

#include <filesystem>

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

// Loads the teaching battle with `levels` as its victory levels; the error's path, or "ok".
std::string levels_error(const json &levels, std::string *message = nullptr) {
  return error_path([&](json &doc) { doc["victory_levels"] = levels; }, message);
}

json level(const std::string &id, json when = json::array()) {
  return {{"id", id}, {"name", id + " level"}, {"when", std::move(when)}};
}
const json kLast = level("last");

// A finished game of `b`: the start with the listed units eliminated, won by `winner`.
GameState ended(const Setup &setup, const std::vector<std::string> &lost, int winner) {
  const Battle &b = *setup.battle;
  GameState s = new_game(setup, 1);
  for (const std::string &id : lost) {
    int u = b.unit_index(id);
    REQUIRE(u >= 0);
    s.units[u] = UnitState{};
  }
  s.phase = Phase::GameOver;
  s.winner = static_cast<int8_t>(winner);
  return s;
}

std::string level_id(const Battle &b, const GameState &s) {
  int i = decide_victory_level(b, s);
  return i < 0 ? "none" : b.victory_levels[i].id;
}

Setup shipped(const std::string &file) {
  Setup s;
  s.battle = load_battle_file(source_path("battles/" + file));
  return s;
}

} // namespace

TEST_CASE("victory levels: the loader names the file, the JSON path and what it expected") {
  std::string msg;
  CHECK(levels_error(json::array({kLast})) == "ok");
  CHECK(levels_error(json::object()) == "/victory_levels");
  CHECK(levels_error(json::array(), &msg) == "/victory_levels");
  CHECK(msg.find("expected 1 to 12 levels") != std::string::npos);
  CHECK(levels_error(
            json::array({level("a", json::array({json{
                                        {"fact", "luck"}, {"side", "royal"}, {"at_least", 1}}})),
                         kLast}),
            &msg) == "/victory_levels/0/when/0/fact");
  CHECK(msg.find("\"units_lost\"") != std::string::npos); // the facts of its ruleset are listed
  CHECK(msg.find("\"hits_taken\"") == std::string::npos); // D3 Medieval's are not
  CHECK(levels_error(json::array({level("a", json::array({json{{"fact", "units_lost"},
                                                               {"side", "elves"},
                                                               {"at_least", 1}}})),
                                  kLast}),
                     &msg) == "/victory_levels/0/when/0/side");
  CHECK(msg.find("unknown side \"elves\"") != std::string::npos);
  CHECK(levels_error(
            json::array({level("a", json::array({json{{"fact", "units_lost"}, {"side", "royal"}}})),
                         kLast}),
            &msg) == "/victory_levels/0/when/0");
  CHECK(msg.find("\"at_least\" or \"at_most\"") != std::string::npos);
  CHECK(levels_error(
            json::array({level("a", json::array({json{
                                        {"fact", "end_turn"}, {"at_least", 5}, {"at_most", 2}}})),
                         kLast}),
            &msg) == "/victory_levels/0/when/0/at_most");
  CHECK(levels_error(json::array({level("a", json::array({json{{"fact", "hexes_held"},
                                                               {"side", "royal"},
                                                               {"hexes", {"9999"}}}})),
                                  kLast}),
                     &msg) == "/victory_levels/0/when/0/hexes/0");
  CHECK(msg.find("on the map") != std::string::npos);
  CHECK(levels_error(
            json::array({level("a", json::array({json{{"fact", "winner"}, {"side", "draw"}}})),
                         level("a")}),
            &msg) == "/victory_levels/1/id");
  CHECK(msg.find("duplicate victory level id") != std::string::npos);
  CHECK(levels_error(json::array({kLast, level("b", json::array({json{{"fact", "end_turn"},
                                                                      {"at_most", 3}}}))}),
                     &msg) == "/victory_levels/0/when");
  CHECK(msg.find("never would be") != std::string::npos);
  CHECK(levels_error(
            json::array({level("b", json::array({json{{"fact", "end_turn"}, {"at_most", 3}}}))}),
            &msg) == "/victory_levels/0/when");
  CHECK(msg.find("the last level") != std::string::npos);
  json odd = kLast;
  odd["colour"] = "gold";
  CHECK(levels_error(json::array({odd})) == "/victory_levels/0/colour");
  json nameless = kLast;
  nameless["name"] = "";
  CHECK(levels_error(json::array({nameless})) == "/victory_levels/0/name");
}

TEST_CASE("victory levels: a D3 Medieval battle may not test VP or steps, an S&S II one not hits") {
  json d3 = read_json("battles/morlaix-1342-d3.json");
  d3["victory_levels"] = json::array(
      {level("a", json::array({json{{"fact", "vp_margin"}, {"side", "french"}, {"at_least", 1}}})),
       kLast});
  std::string msg;
  try {
    load_battle(d3, "d3.json");
  } catch (const LoadError &e) {
    msg = e.what();
    CHECK(e.path() == "/victory_levels/0/when/0/fact");
  }
  CHECK(msg.find("\"hits_taken\"") != std::string::npos);
  CHECK(levels_error(json::array(
            {level("a",
                   json::array({json{{"fact", "hits_taken"}, {"side", "royal"}, {"at_least", 1}}})),
             kLast})) == "/victory_levels/0/when/0/fact");
}

TEST_CASE("victory levels of D3 Morlaix: no English unit lost and two French units destroyed is "
          "English decisive, no loss on either side English marginal, one English unit lost a "
          "French moral victory, all three French decisive") {
  Setup m = shipped("morlaix-1342-d3.json");
  const Battle &b = *m.battle;
  const int english = b.side_index("english"), french = b.side_index("french");
  std::vector<std::string> eng, fr;
  for (const UnitDef &u : b.units)
    (u.side == english ? eng : fr).push_back(u.id);
  REQUIRE(eng.size() == 3);
  REQUIRE(fr.size() == 6);
  CHECK(level_id(b, ended(m, {fr[0], fr[1]}, english)) == "english_decisive");
  CHECK(level_id(b, ended(m, {fr[0]}, english)) == "english_marginal");
  CHECK(level_id(b, ended(m, {}, english)) == "english_marginal");
  CHECK(level_id(b, ended(m, {eng[0], fr[0], fr[1], fr[2]}, english)) == "french_moral");
  CHECK(level_id(b, ended(m, {eng[0], eng[2]}, english)) == "french_moral");
  CHECK(level_id(b, ended(m, eng, french)) == "french_decisive");
}

TEST_CASE("victory levels of The Standard: the winner first, then the VP margin, then English "
          "losses") {
  Setup st = shipped("the-standard-1138.json");
  const Battle &b = *st.battle;
  const int english = b.side_index("english"), scots = b.side_index("scots");
  GameState s = ended(st, {}, english);
  s.vp[english] = 30, s.vp[scots] = 22; // margin 8
  CHECK(level_id(b, s) == "english_decisive");
  s.vp[english] = 29; // margin 7
  CHECK(level_id(b, s) == "english_marginal");
  std::vector<std::string> four;
  for (const UnitDef &u : b.units)
    if (u.side == english && four.size() < 4) four.push_back(u.id);
  GameState costly = ended(st, four, english);
  costly.vp = s.vp;
  CHECK(level_id(b, costly) == "scots_moral");
  costly.vp[english] = 40; // a rout outweighs the losses: levels are tried in order
  CHECK(level_id(b, costly) == "english_decisive");
  CHECK(level_id(b, ended(st, {}, kDraw)) == "drawn");
  CHECK(level_id(b, ended(st, {}, scots)) == "scots_victory");
}

TEST_CASE("victory levels: hexes held count a side's units standing in the listed hexes, the end "
          "turn and steps lost count as the file says") {
  json doc = read_json("battles/first-clash.json");
  doc["victory_levels"] = json::array(
      {level("ford", json::array({json{
                         {"fact", "hexes_held"}, {"side", "royal"}, {"hexes", {"0505", "0606"}}}})),
       level("one", json::array({json{{"fact", "hexes_held"},
                                      {"side", "royal"},
                                      {"hexes", {"0505", "0606"}},
                                      {"at_least", 1}}})),
       level("early", json::array({json{{"fact", "end_turn"}, {"at_most", 4}}})),
       level("bloodied",
             json::array({json{{"fact", "steps_lost"}, {"side", "royal"}, {"at_least", 3}}})),
       kLast});
  Setup fc;
  fc.battle = load_battle(doc, "levels.json");
  const Battle &b = *fc.battle;
  const int royal = b.side_index("royal");
  GameState s = ended(fc, {}, kDraw);
  s.turn = 9;
  std::vector<int> royals;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side == royal && b.units[u].back) royals.push_back(static_cast<int>(u));
  REQUIRE(royals.size() >= 3);
  for (size_t u = 0; u < b.units.size(); ++u) // nobody in the two hexes yet
    if (s.units[u].hex == *b.parse_hex("0505") || s.units[u].hex == *b.parse_hex("0606"))
      s.units[u].hex = kOffMap;
  const GameState empty = s;
  CHECK(level_id(b, s) == "last");
  s.units[royals[0]].steps = 1; // one step lost, then a unit of two eliminated: three steps
  s.units[royals[1]] = UnitState{};
  CHECK(level_id(b, s) == "bloodied");
  s = empty;
  s.turn = 4;
  CHECK(level_id(b, s) == "early");
  s.units[royals[0]].hex = *b.parse_hex("0606");
  CHECK(level_id(b, s) == "one");
  s.units[royals[1]].hex = *b.parse_hex("0505");
  CHECK(level_id(b, s) == "ford");
  s.units[royals[1]].away = true; // a unit taken off by a special rule holds nothing
  CHECK(level_id(b, s) == "one");
}

TEST_CASE("victory levels are decided by the engine once, at the end of every shipped battle, and "
          "state names the level") {
  for (auto &e : std::filesystem::directory_iterator(source_path("battles"))) {
    if (e.path().extension() != ".json") continue;
    Setup setup;
    setup.battle = load_battle_file(e.path().string());
    const Battle &b = *setup.battle;
    INFO(b.id);
    CHECK(b.victory_levels.size() >= 3);
    GameState s = new_game(setup, 21);
    BotRng rng{4};
    bool undecided_until_the_end = true;
    for (int n = 0; n < 20000 && !s.game_over(); ++n) {
      undecided_until_the_end = undecided_until_the_end && s.victory_level == -1;
      auto acts = legal_actions(setup, s);
      REQUIRE_FALSE(apply(setup, s, acts[rng.below(acts.size())]));
    }
    REQUIRE(s.game_over());
    CHECK(undecided_until_the_end);
    CHECK(s.victory_level >= 0);
    CHECK(s.victory_level == decide_victory_level(b, s));
    std::string why;
    CHECK(state_is_consistent(setup, s, &why));
    json j = state_to_json(setup, s, nullptr, false);
    CHECK(j["victory_level"]["id"] == b.victory_levels[s.victory_level].id);
    CHECK(j["victory_level"]["name"] == b.victory_levels[s.victory_level].name);
    GameState wrong = s;
    wrong.victory_level = -1;
    CHECK_FALSE(state_is_consistent(setup, wrong, &why));
  }
}
