// What a bot can ask the engine besides legal/apply (issue 15 item 8): special-rule status and the
// advance hex in the state, and attacks or fire judged from the current positions in any phase.
#include "fixture.hpp"
#include "sns/json_views.hpp"
#include "sns/players.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {
json state(const Fixture &f) { return state_to_json(f.setup, f.s, nullptr, false); }
json status_of(const Fixture &f, const std::string &id) {
  json all = state(f);
  for (const json &j : all["special"])
    if (j["id"] == id) return j;
  FAIL("no special rule " << id << " in the state");
  return {};
}
json fire(const std::string &unit, const std::string &target) {
  return {{"type", "fire"}, {"unit", unit}, {"target", target}};
}
} // namespace

TEST_CASE("state special: Morlaix's waves open one by one and honour is met once the men-at-arms "
          "are attacked") {
  Fixture f(loose_battle("morlaix-1342.json",
                         {{"EM1", "0504"}, {"EB1", "0503"}, {"FL1", "1204"}, {"FH1", "0603"}}),
            {8});
  json waves = status_of(f, "waves");
  CHECK(waves["kind"] == "attack_waves");
  CHECK(waves["open_waves"] == 1);
  CHECK(waves["wings_may_attack"] == json::array({"levies"}));
  CHECK(status_of(f, "honour")["met"] == false);
  CHECK(status_of(f, "the-rise")["hexes"].size() == 6);

  f.s.units[f.u("FL1")] = UnitState{}; // the whole first wave is eliminated
  waves = status_of(f, "waves");
  CHECK(waves["open_waves"] == 2); // the horse may attack; the foot waits for the horse
  CHECK(waves["wings_may_attack"] == json::array({"levies", "horse"}));

  f.command("horse", {"combat"});
  f.act(attack("EM1", {"FH1"}));
  CHECK(status_of(f, "honour")["met"] == true);
}

TEST_CASE("state special: the Standard's forfeit is paid when the horse is first commanded") {
  Fixture f(
      loose_battle("the-standard-1138.json", {{"EK1", "0610"}, {"EH1", "0612"}, {"SG1", "0505"}}));
  CHECK(status_of(f, "hold-the-horse")["paid"] == false);
  CHECK(status_of(f, "hold-the-horse")["wing"] == "dark_blue");
  f.act(kNoCommands); // Scots pass
  f.command("dark_blue", {"move"});
  CHECK(status_of(f, "hold-the-horse")["paid"] == true);
}

TEST_CASE("state special: Grunwald's Lithuanians away may return only from the next turn") {
  Fixture f(loose_battle("grunwald-1410.json",
                         {{"LH1", "1714"}, {"PR1", "0914"}, {"TW1", "1706"}, {"TC1", "1605"}}));
  json feint = status_of(f, "lithuanian-feint");
  CHECK(feint["away"] == false);
  CHECK(feint["may_leave"] == true);
  f.act({{"type", "special"}, {"rule", "lithuanian-feint"}, {"verb", "leave"}});
  feint = status_of(f, "lithuanian-feint");
  CHECK(feint["away"] == true);
  CHECK(feint["has_left"] == true);
  CHECK(feint["may_leave"] == false);
  CHECK(feint["may_return"] == false);
  f.act(kNoCommands); // allies pass
  f.act(kNoCommands); // the Order passes and is asked about Initiative
  f.act({{"type", "initiative"}, {"declare", false}});
  CHECK(status_of(f, "lithuanian-feint")["may_return"] == true);
  CHECK(status_of(f, "bombards")["units"] == json::array({"TC1"}));
}

TEST_CASE("7.8 the state names the hex an advance would enter") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}},
            {1});
  CHECK_FALSE(state(f).contains("attack"));
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1", "AV2", "AL1"}, "AV1")); // DE: BL1 eliminated, its hex vacated
  json attack_now = state(f)["attack"];
  CHECK(attack_now["stage"] == "advance");
  CHECK(attack_now["advance_hex"] == "0404");
  f.act({{"type", "advance"}, {"unit", "AV2"}});
  CHECK(f.at("AV2") == "0404");
}

TEST_CASE("preview --any: the enemy's attack from the current positions, judged in its own "
          "Combat Phase") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0301"}});
  f.command("aw", {"combat"}); // side a's Combat Phase: side b may not attack now
  Action theirs = f.parse(attack("AV1", {"BL1"}));
  AttackPreview p;
  auto now = preview_attack(f.setup, f.s, theirs, p);
  REQUIRE(now);
  CHECK(now->rule == "7.2"); // BL1 belongs to the other player

  GameState as_if = hypothetical_state(f.b(), f.s, theirs);
  CHECK(as_if.active == f.b().side_index("b"));
  CHECK(as_if.phase == Phase::Combat);
  REQUIRE_FALSE(preview_attack(f.setup, as_if, theirs, p));
  CHECK(cc_name(p.base_cc) == "C"); // BL1's CC, no shifts on the flat
  CHECK(p.cc_shifts.empty());
  CHECK(f.s.phase == Phase::Combat); // the real game is untouched
  CHECK(f.s.active == f.b().side_index("a"));

  // Geometry and the units' own state still count: not adjacent, or Suppressed, is refused.
  Action far = f.parse(attack("AV2", {"BL1"}));
  auto refused = preview_attack(f.setup, hypothetical_state(f.b(), f.s, far), far, p);
  REQUIRE(refused);
  CHECK(refused->rule == "7.2");
  f.s.units[f.u("BL1")].suppressed = true;
  refused = preview_attack(f.setup, hypothetical_state(f.b(), f.s, theirs), theirs, p);
  REQUIRE(refused);
  CHECK(refused->rule == "9.3");
}

TEST_CASE("preview --any: fire out of the Fire Phase keeps range and line of sight (9.1, R21)") {
  Fixture f("field.json", {{"AI", "0303"}, {"BV1", "0503"}, {"BL1", "0808"}});
  CHECK(f.phase() == "command");
  Action near = f.parse(fire("AI", "BV1"));
  FirePreview p;
  REQUIRE(preview_fire(f.setup, f.s, near, p)); // not the Fire Phase
  REQUIRE_FALSE(preview_fire(f.setup, hypothetical_state(f.b(), f.s, near), near, p));
  CHECK(p.needed == 5); // Fire Factor 5, no modifiers
  Action far = f.parse(fire("AI", "BL1"));
  auto refused = preview_fire(f.setup, hypothetical_state(f.b(), f.s, far), far, p);
  REQUIRE(refused);
  CHECK(refused->rule == "9.1");
}
