// One table per vocabulary (issue 30): every row's JSON name reads back to its value, names are
// unique, the rulesets and sections are filled; games record why they ended as an EndReason.
#include "fixture.hpp"
#include "sns/bots.hpp"
#include "sns/json_views.hpp"

#include <set>

using namespace sns;
using namespace sns::test;

namespace {

// Every row's name parses back to its id, no two rows share a name, every row names a ruleset.
template <typename E> void check_table() {
  std::set<std::string_view> seen;
  for (const auto &r : VocabularyOf<E>::rows) {
    INFO(r.json);
    CHECK(parse_name<E>(r.json) == r.id);
    CHECK(seen.insert(r.json).second);
    CHECK((r.rulesets & kInBoth) != 0);
    CHECK_FALSE(r.words.empty());
  }
}

} // namespace

TEST_CASE("vocabulary: each table reads back every name it writes, and no name twice") {
  check_table<Phase>();
  check_table<ActionType>();
  check_table<Choice>();
  check_table<AttackStage>();
  check_table<EventKind>();
  check_table<EndReason>();
  check_table<RulesetId>();
  CHECK_FALSE(parse_name<ActionType>("charge"));
  CHECK(name(ActionType::CombatMode) == "combat_mode");
  CHECK(name(AttackStage::ChooseHorseDefender) == "choose_horse_defender");
  CHECK(std::string(section(AttackStage::ChooseAsterisk)) == "7.5*");
  CHECK(std::string(section(Phase::PitchedCombat)) == "7.7");
  CHECK(title(Phase::SecondMove) == "Second Move");
  CHECK(used_in(ActionType::Move, kInD3));
  CHECK_FALSE(used_in(ActionType::Fire, kInD3));
  CHECK(name(EventKind::DisorderDie) == "disorder_die");
}

TEST_CASE("vocabulary: an action of the other ruleset is refused by name, with its path") {
  auto d3 = load_battle_file(source_path("battles/d3-first-charge.json"));
  try {
    action_from_json(*d3, nlohmann::json{{"type", "fire"}}, "a.json");
    FAIL("expected refusal");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/type");
    CHECK(std::string(e.what()).find("D3 Medieval") != std::string::npos);
  }
  auto ssii = load_battle_file(source_path("battles/first-clash.json"));
  CHECK_THROWS_AS(
      action_from_json(*ssii, nlohmann::json{{"type", "activate"}, {"unit", "R1"}}, "b.json"),
      LoadError);
  CHECK_THROWS_AS(action_from_json(*ssii, nlohmann::json{{"type", "dance"}}, "c.json"), LoadError);
}

TEST_CASE("13.0, R26, D4: every finished random game says why it ended as an EndReason") {
  std::set<EndReason> met;
  for (const char *id : {"first-clash", "morlaix-1342", "d3-first-charge", "morlaix-1342-d3"}) {
    Setup setup;
    setup.battle = load_battle_file(source_path(std::string("battles/") + id + ".json"));
    for (uint64_t g = 0; g < 8; ++g) {
      INFO(id << " game " << g);
      GameState s = new_game(setup, 40 + g);
      CHECK(s.end_reason == EndReason::None);
      BotRng rng{g + 3};
      random_playout(setup, s, rng);
      REQUIRE(s.game_over());
      CHECK(s.end_reason != EndReason::None);
      CHECK(used_in(s.end_reason, ruleset_bit(setup.battle->ruleset)));
      met.insert(s.end_reason);
      nlohmann::json j = state_to_json(setup, s, nullptr, false);
      CHECK(j.at("end_reason") == std::string(name(s.end_reason)));
    }
  }
  // Random play reaches the last turn here (VP victories and instant wins: test_victory.cpp,
  // test_special.cpp; a side wiped out: test_d3.cpp).
  CHECK(met.count(EndReason::LastTurn) == 1);
}

TEST_CASE("13.0: a game in progress carries no end reason in its state JSON") {
  Setup setup;
  setup.battle = load_battle_file(source_path("battles/first-clash.json"));
  GameState s = new_game(setup, 1);
  CHECK_FALSE(state_to_json(setup, s, nullptr, false).contains("end_reason"));
}
