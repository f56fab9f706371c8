// Movement (5.0 - 5.6, 6.0, 8.0 step, 10.0, 12.2, R9 - R15): exact destination counts from fixed
// positions.
#include "fixture.hpp"

using namespace sns;
using namespace sns::test;
using Dest = std::vector<std::string>;

TEST_CASE("5.0 perft: a lone unit on a one-row map reaches three hexes") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "1001"}});
  f.command("aw", {"move"});
  CHECK(f.phase() == "move");
  CHECK(f.destinations("A1") == Dest{"0201", "0301", "0401"});
}

TEST_CASE("5.1 a unit passes a friend but does not stop on it") {
  Fixture f("line.json", {{"A1", "0101"}, {"A2", "0201"}, {"B1", "1001"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A1") == Dest{"0301", "0401"});
  CHECK(f.destinations("A2") == Dest{"0301", "0401", "0501"});
  CHECK(f.refusal_rule(move("A1", "0201")) == "5.1");
}

TEST_CASE("5.1 an enemy unit cannot be entered or passed") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "0301"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A1") == Dest{"0201"});
  CHECK(f.refusal_rule(move("A1", "0301")) == "5.1");
}

TEST_CASE("5.2 a unit that starts in EZOC cannot move") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "0201"}, {"A5", "0601"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A1").empty());
  CHECK(f.refusal_rule(move("A1", "0101")) == "5.2");
}

TEST_CASE("5.2 entering EZOC ends movement: hexes beyond it are out of reach") {
  Fixture f("field.json", {{"AV1", "0304"}, {"BL1", "0306"}});
  f.command("aw", {"move"});
  auto d = f.destinations("AV1");
  CHECK(std::count(d.begin(), d.end(), "0205") == 1); // an EZOC hex may be entered
  CHECK(std::count(d.begin(), d.end(), "0206") == 0); // but not passed through
  CHECK(f.refusal_rule(move("AV1", "0206")) == "5.2");
  CHECK(f.refusal_rule(move("AV1", "0307")) == "5.0"); // four hexes away, whatever the path
}

TEST_CASE("R10 a friend standing in EZOC cannot be passed") {
  Fixture f("line.json", {{"A1", "0101"}, {"A2", "0301"}, {"B1", "0401"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A1") == Dest{"0201"});
}

TEST_CASE("12.2 a river blocks movement; a ford lets units cross") {
  Fixture f("line.json", {{"A1", "0601"}, {"A2", "0801"}, {"B2", "1001"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A1") == Dest{"0301", "0401", "0501", "0701"});
  CHECK(f.destinations("A2") == Dest{"0901"}); // across the ford into B2's zone of control
  CHECK(f.refusal_rule(move("A1", "0901")) == "5.0");
}

TEST_CASE("12.2 no zone of control across a river") {
  Fixture f("line.json", {{"A1", "0601"}, {"B1", "0801"}, {"A5", "0101"}});
  f.command("aw", {"move"});
  // 0701 touches B1 only across the river, so it is free of EZOC and A1 may move on from it.
  CHECK_FALSE(in_enemy_zoc(f.b(), f.s, f.hex("0701"), 0));
  CHECK(f.destinations("A1") == Dest{"0301", "0401", "0501", "0701"});
}

TEST_CASE("9.3 a Suppressed unit moves at most one hex") {
  Fixture f("line.json", {{"A1", "0401"}, {"B1", "1001"}});
  f.s.units[f.u("A1")].suppressed = true;
  f.command("aw", {"move"});
  CHECK(f.destinations("A1") == Dest{"0301", "0501"});
  CHECK(f.refusal_rule(move("A1", "0601")) == "9.3");
}

TEST_CASE("5.4 a reinforcement enters by its entry hex, which costs one of its three") {
  Fixture f("line.json", {{"A9", ""}, {"B1", "1001"}});
  CHECK(f.unit("A9").hex == kOffMap);
  f.command("aw", {"move"});
  CHECK(f.destinations("A9") == Dest{"0101", "0201", "0301"});
  f.act(move("A9", "0301"));
  CHECK(f.at("A9") == "0301");
}

TEST_CASE("5.4 an entry hex held by an enemy cannot be used") {
  Fixture f("line.json", {{"A9", ""}, {"B1", "0101"}, {"A5", "0601"}});
  f.command("aw", {"move"});
  CHECK(f.destinations("A9").empty());
}

TEST_CASE("5.4 a reinforcement waits for its turn") {
  auto doc =
      place(read_json("tests/scenarios/line.json"), {{"A9", ""}, {"B1", "1001"}, {"A5", "0601"}});
  doc["reinforcements"][0]["turn"] = 3;
  Fixture f(doc);
  f.command("aw", {"move"});
  CHECK(f.destinations("A9").empty());
  CHECK(f.refusal_rule(move("A9", "0101")) == "5.4");
}

TEST_CASE("5.3 a hex off the map is refused as bad input") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "1001"}});
  f.command("aw", {"move"});
  CHECK_THROWS_AS(f.parse(move("A1", "1101")), LoadError);
  CHECK_THROWS_AS(f.parse(move("A1", "0102")), LoadError);
}

TEST_CASE("5.6 Bonus + Move gives a second Move Phase; a unit moves once per phase") {
  Fixture f("line.json", {{"A1", "0101"}, {"A5", "1001"}, {"B1", "0801"}});
  // B1 stands behind the river, so its zone of control does not reach the west bank.
  f.command("aw", {"move", "bonus"});
  f.act(move("A1", "0401"));
  CHECK(f.destinations("A1").empty());
  CHECK(f.refusal_rule(move("A1", "0501")) == "5.0");
  f.act(kEndPhase);
  CHECK(f.phase() == "second_move");
  CHECK(f.destinations("A1") == Dest{"0101", "0201", "0301", "0501", "0601", "0701"});
}

TEST_CASE("6.0 Withdraw: only units in EZOC, one hex away and free of EZOC") {
  Fixture f("line.json", {{"A1", "0501"}, {"A2", "0201"}, {"B1", "0601"}});
  f.command("aw", {"withdraw"});
  CHECK(f.phase() == "withdraw");
  CHECK(f.destinations("A1") == Dest{"0401"});
  CHECK(f.destinations("A2").empty());
  CHECK(f.refusal_rule(move("A2", "0301")) == "6.0");
}

TEST_CASE("4.3 Bonus + Withdraw lets units withdraw two hexes") {
  Fixture f("line.json", {{"A1", "0501"}, {"B1", "0601"}});
  f.command("aw", {"withdraw", "bonus"});
  CHECK(f.destinations("A1") == Dest{"0301", "0401"});
}

TEST_CASE("8.0 Shield Wall step: one hex, into EZOC if need be; eligible units only") {
  Fixture f("line.json", {{"A1", "0401"}, {"A3", "0101"}, {"A4", "0201"}, {"B1", "0601"}});
  f.command("aw", {"shield_wall", "move"});
  CHECK(f.phase() == "shield_wall");
  CHECK(f.unit("A1").shield_wall);       // R12: formed as the phase begins
  CHECK_FALSE(f.unit("A3").shield_wall); // Horse never
  CHECK_FALSE(f.unit("A4").shield_wall); // nor a unit with a Fire Factor
  CHECK(f.destinations("A1") == Dest{"0301", "0501"});
  CHECK(f.refusal_rule(move("A3", "0201")) == "8.0");
  CHECK(f.refusal_rule(move("A4", "0301")) == "8.0");
  f.act(move("A1", "0501"));
  // Nothing else may step, so the Shield Wall Phase ends by itself (R25).
  CHECK(f.phase() == "move");
  CHECK(f.refusal_rule(move("A1", "0401")) == "5.5");
}

TEST_CASE("8.0 a unit starting in EZOC steps only with Bonus + Shield Wall, as a withdrawal") {
  Fixture f("line.json", {{"A1", "0501"}, {"A2", "0101"}, {"B1", "0601"}});
  f.command("aw", {"shield_wall"});
  CHECK(f.refusal_rule(move("A1", "0401")) == "8.0");
  Fixture g("line.json", {{"A1", "0501"}, {"A2", "0101"}, {"B1", "0601"}});
  g.command("aw", {"shield_wall", "bonus"});
  CHECK(g.destinations("A1") == Dest{"0401"});
}

TEST_CASE("R4 Shield Wall lasts until the start of the owner's next turn") {
  Fixture f("line.json", {{"A1", "0401"}, {"B1", "0801"}});
  f.command("aw", {"shield_wall"});
  f.act(kEndPhase);
  CHECK(f.b().sides[f.s.active].id == "b");
  CHECK(f.unit("A1").shield_wall);
  f.act({{"type", "command"}, {"orders", nlohmann::json::array()}});
  CHECK(f.phase() == "initiative"); // B holds the marker and is asked (11.0)
  f.act({{"type", "initiative"}, {"declare", false}});
  CHECK(f.b().sides[f.s.active].id == "a");
  CHECK_FALSE(f.unit("A1").shield_wall);
}

TEST_CASE("10.0 Horse Phase: horse may leave EZOC and move three hexes") {
  Fixture f("line.json", {{"A3", "0501"}, {"A1", "0101"}, {"B1", "0601"}});
  f.command("aw", {"horse"});
  CHECK(f.phase() == "horse");
  CHECK(f.destinations("A3") == Dest{"0201", "0301", "0401"});
  CHECK(f.refusal_rule(move("A1", "0201")) == "10.0");
}

TEST_CASE("10.0 an enemy Heavy Horse's zone of control freezes horse in the Horse Phase") {
  Fixture f("line.json", {{"A3", "0901"}, {"A5", "0101"}, {"B2", "1001"}});
  f.command("aw", {"horse"});
  CHECK(f.destinations("A3").empty());
  CHECK(f.refusal_rule(move("A3", "0801")) == "10.0");
  CHECK(f.destinations("A5") == Dest{"0201", "0301", "0401"});
}

TEST_CASE("R25 a phase in which nothing can move ends by itself") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "0201"}});
  f.command("aw", {"move"});
  // A1 starts in EZOC, so the Move Phase offers nothing and the turn passes to side B.
  CHECK(f.b().sides[f.s.active].id == "b");
  CHECK(f.has_event("auto", "R25"));
}
