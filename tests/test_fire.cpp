// Fire (9.0 - 9.3, 12.1, R21): range, high ground, line of sight, adjacency, modifiers,
// Suppression.
#include "fixture.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {
json fire(const std::string &unit, const std::string &target) {
  return {{"type", "fire"}, {"unit", unit}, {"target", target}};
}
// The field scenario with a second firer (ALH given Fire Factor 6), so a phase stays open after
// the first unit's fire and refusals can be read in it.
Fixture with_second_firer(std::map<std::string, std::string> hexes, std::vector<int> dice = {}) {
  json doc = place(read_json("tests/scenarios/field.json"), hexes);
  for (auto &u : doc["units"])
    if (u["id"] == "ALH") u["front"]["fire"] = 6;
  return Fixture(doc, dice);
}
FirePreview preview(Fixture &f, const json &a) {
  FirePreview p;
  auto r = preview_fire(f.setup, f.s, f.parse(a), p);
  INFO((r ? r->rule + " " + r->reason : std::string()));
  REQUIRE_FALSE(r);
  return p;
}
} // namespace

TEST_CASE("9.1 range is four hexes, counting the target's hex") {
  Fixture f("field.json", {{"AI", "0104"}, {"BL1", "0504"}, {"BV1", "0604"}, {"AV1", "0108"}});
  f.command("aw", {"fire"});
  CHECK(f.phase() == "fire");
  CHECK(f.b().distance(f.hex("0104"), f.hex("0504")) == 4);
  CHECK(f.b().distance(f.hex("0104"), f.hex("0604")) == 5);
  CHECK(preview(f, fire("AI", "BL1")).needed == 5);
  CHECK(f.refusal_rule(fire("AI", "BV1")) == "9.1");
  CHECK(f.count(ActionType::Fire) == 1);
}

TEST_CASE(
    "12.1 firing from higher ground: +2 range and +1 to the roll, never +2 range for Light Horse") {
  Fixture f("field.json", {{"AI", "0605"}, {"BL1", "0105"}, {"AV1", "0808"}});
  f.command("aw", {"fire"});
  CHECK(f.b().distance(f.hex("0605"), f.hex("0105")) == 5);
  FirePreview p = preview(f, fire("AI", "BL1"));
  REQUIRE(p.modifiers.size() == 1);
  CHECK(p.modifiers[0].value == 1);
  CHECK(p.needed == 4);
  CHECK(p.chance == Approx(5.0 / 8.0));

  Fixture g =
      with_second_firer({{"ALH", "0605"}, {"AI", "0305"}, {"BL1", "0105"}, {"AV1", "0808"}});
  g.command("aw", {"fire"});
  CHECK(g.refusal_rule(fire("ALH", "BL1")) == "9.1");
}

TEST_CASE("R21 woods between firer and target block the line of sight") {
  Fixture f("field.json", {{"AI", "0401"}, {"BL1", "0603"}, {"BV1", "0405"}, {"AV1", "0808"}});
  f.command("aw", {"fire"});
  CHECK(f.refusal_rule(fire("AI", "BL1")) == "R21");
  CHECK(preview(f, fire("AI", "BV1")).needed == 5);
}

TEST_CASE("9.1 a unit adjacent to an enemy may not fire; a unit fires once") {
  Fixture f = with_second_firer(
      {{"AI", "0404"}, {"ALH", "0101"}, {"BL1", "0405"}, {"BV1", "0104"}, {"AV1", "0808"}});
  f.command("aw", {"fire"});
  CHECK(f.refusal_rule(fire("AI", "BV1")) == "9.1");
  Fixture g = with_second_firer(
      {{"AI", "0404"}, {"ALH", "0101"}, {"BL1", "0606"}, {"BV1", "0104"}, {"AV1", "0808"}}, {1});
  g.command("aw", {"fire"});
  g.act(fire("AI", "BV1"));
  CHECK(g.refusal_rule(fire("AI", "BL1")) == "9.1");
}

TEST_CASE("9.2 modifiers: Shield Wall -1, Horse +1, Bonus +1; a roll at or above the Fire Factor "
          "suppresses") {
  Fixture f("field.json", {{"AI", "0404"}, {"BL1", "0406"}, {"BHH", "0604"}, {"AV1", "0808"}},
            {3, 5});
  f.s.units[f.u("BL1")].shield_wall = true;
  f.command("aw", {"fire", "bonus"});
  FirePreview sw = preview(f, fire("AI", "BL1"));
  CHECK(sw.modifiers.size() == 2); // Shield Wall -1, Bonus +1
  CHECK(sw.needed == 5);
  FirePreview horse = preview(f, fire("AI", "BHH"));
  CHECK(horse.needed == 3); // Horse +1, Bonus +1
  CHECK(horse.chance == Approx(6.0 / 8.0));
  f.act(fire("AI", "BHH")); // 3 + 2 = 5 >= 5
  CHECK(f.unit("BHH").suppressed);
}

TEST_CASE("9.2 a miss leaves the target alone; fire at an already Suppressed unit is refused") {
  Fixture f("field.json", {{"AI", "0404"}, {"BL1", "0406"}, {"BV1", "0104"}, {"AV1", "0808"}}, {4});
  f.command("aw", {"fire"});
  f.act(fire("AI", "BL1")); // 4 < 5
  CHECK_FALSE(f.unit("BL1").suppressed);
  Fixture g("field.json", {{"AI", "0404"}, {"BL1", "0406"}, {"BV1", "0104"}, {"AV1", "0808"}});
  g.s.units[g.u("BL1")].suppressed = true;
  g.command("aw", {"fire"});
  CHECK(g.refusal_rule(fire("AI", "BL1")) == "9.2");
}

TEST_CASE("9.3 Suppression lasts through the owner's next turn and then leaves") {
  Fixture f("field.json", {{"AI", "0404"}, {"BL1", "0406"}, {"AV1", "0808"}}, {8});
  f.command("aw", {"fire"});
  f.act(fire("AI", "BL1")); // suppressed; nothing else can fire, so the turn passes (R25)
  CHECK(f.b().sides[f.s.active].id == "b");
  CHECK(f.unit("BL1").suppressed);
  f.command("bw", {"move"});
  CHECK(f.destinations("BL1").size() == 6); // one hex in any direction (9.3)
  f.act(move("BL1", "0407"));
  CHECK(f.phase() == "initiative");
  f.act({{"type", "initiative"}, {"declare", false}});
  CHECK_FALSE(f.unit("BL1").suppressed);
}
