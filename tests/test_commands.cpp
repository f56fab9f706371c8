// 4.0 - 4.4 Command Phase (R5 - R7): wings per turn, commands per wing, Bonus, markers, perft
// counts.
#include "fixture.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {
json order(const std::string &wing, std::vector<std::string> cmds) {
  return {{"wing", wing}, {"commands", cmds}};
}
json command(std::vector<json> orders) { return {{"type", "command"}, {"orders", orders}}; }
} // namespace

TEST_CASE("4.0 perft: the rebels' legal command assignments in the teaching battle") {
  // Markers move|withdraw, combat|shield_wall, fire|horse, bonus; one wing, two commands.
  // Singles: 6 (Bonus alone is refused). Pairs of non-Bonus commands: C(6,2) = 15, less the 3 pairs
  // printed on the same marker = 12. Bonus + one other: 6. Plus giving no command: 1. Total 25.
  Fixture f(read_json("battles/first-clash.json"));
  CHECK(f.phase() == "command");
  CHECK(f.count(ActionType::Command) == 25);
  CHECK(f.legal().size() == 25);
}

TEST_CASE("4.0 perft: the royal side chooses between two wings") {
  // Royal markers move|shield_wall, combat|withdraw, fire|horse, bonus: 25 per wing as above,
  // 2 wings, 1 wing per turn: 24 * 2 + 1 = 49.
  json doc = read_json("battles/first-clash.json");
  doc["rules"]["first_player"] = "royal";
  Fixture f(doc);
  CHECK(f.count(ActionType::Command) == 49);
}

TEST_CASE("4.0 two wings per turn multiply the choices") {
  // Field scenario side A: seven one-faced markers, two wings, two commands per wing.
  // One wing alone: 6 singles + C(6,2)=15 pairs + 6 Bonus pairs = 27. Two wings at once: wing aw
  // takes 1-2 markers, wing ax the rest; counted by the engine's own filter, checked here for the
  // one-wing part only, plus the total with wings_per_turn 2 computed by hand below.
  json doc = read_json("tests/scenarios/field.json");
  Fixture one(doc);
  CHECK(one.count(ActionType::Command) == 1 + 27 * 2);
  doc["sides"][0]["commands"]["wings_per_turn"] = 2;
  Fixture two(doc);
  // Pairs of wing orders using disjoint markers (7 distinct commands, each on its own marker):
  // sum over aw's set S (27 sets) of the number of ax sets avoiding S's commands and keeping Bonus
  // legal. By size of S: S single non-bonus (6): ax from 6 remaining commands incl bonus -> 5
  // singles
  // + C(5,2)=10 pairs + 5 bonus pairs = 20. S pair without bonus (15): 4 remaining non-bonus ->
  // 4 + 6 + 4 = 14. S bonus pair (6): 5 non-bonus left, no bonus -> 5 + 10 = 15.
  // Total = 6*20 + 15*14 + 6*15 = 120 + 210 + 90 = 420, plus 55 one-wing choices = 475.
  CHECK(two.count(ActionType::Command) == 475);
}

TEST_CASE("4.3 Bonus must pair with exactly one other command") {
  Fixture f(read_json("battles/first-clash.json"));
  CHECK(f.refusal_rule(command({order("host", {"bonus"})})) == "4.3");
  CHECK_FALSE(f.attempt(command({order("host", {"move", "bonus"})})));
  CHECK(f.s.ssii().orders[f.b().wing_index("host")] == (bit(Command::Move) | bit(Command::Bonus)));
}

TEST_CASE("4.4 the same phase twice is refused; 2.3 a marker shows one face") {
  Fixture f(read_json("battles/first-clash.json"));
  CHECK(f.refusal_rule(command({order("host", {"move", "move"})})) == "4.4");
  CHECK(f.refusal_rule(command({order("host", {"move", "withdraw"})})) == "2.3");
  CHECK(f.refusal_rule(command({order("host", {"move", "combat", "fire"})})) == "4.0");
}

TEST_CASE("4.1 a wing of the other side, or a second wing past the limit, is refused") {
  Fixture f(read_json("battles/first-clash.json"));
  CHECK(f.refusal_rule(command({order("vanguard", {"move"})})) == "4.1");
  json doc = read_json("battles/first-clash.json");
  doc["rules"]["first_player"] = "royal";
  Fixture g(doc);
  CHECK(g.refusal_rule(command({order("vanguard", {"move"}), order("household", {"combat"})})) ==
        "4.0");
  CHECK(g.refusal_rule(command({order("vanguard", {"move"}), order("vanguard", {"combat"})})) ==
        "4.0");
}

TEST_CASE("R5 giving no command is legal and skips every action phase") {
  Fixture f(read_json("battles/first-clash.json"));
  f.act(command({}));
  // Every action phase is skipped and logged, the Victory Check runs, and the rebels do not hold
  // the Initiative Marker, so play passes at once to the royal side (R25).
  CHECK(f.has_event("skip", "R1"));
  CHECK(f.s.turn == 2);
  CHECK(f.b().sides[f.s.active].id == "royal");
  CHECK(f.phase() == "command");
}

TEST_CASE("3.0 the sequencer runs the commanded phases in order and skips the rest") {
  Fixture f(read_json("battles/first-clash.json"));
  f.act(command({order("host", {"horse", "move"})}));
  CHECK(f.phase() == "horse");
  f.act(kEndPhase);
  // No rebel horse is next to an enemy, so the Charge step offers nothing and ends by itself (R25).
  CHECK(f.phase() == "move");
  std::vector<std::string> phases;
  for (const Event &e : f.ev)
    if (e.kind == EventKind::Phase || e.kind == EventKind::Skip) phases.push_back(e.text);
  REQUIRE(phases.size() == 6);
  CHECK(phases[0] == "Fire Phase skipped: no wing holds its command");
  CHECK(phases[1] == "Horse Phase begins");
  CHECK(phases[2] == "Charge Phase begins");
  CHECK(phases[3] == "Withdraw Phase skipped: no wing holds its command");
  CHECK(phases[4] == "Shield Wall Phase skipped: no wing holds its command");
  CHECK(phases[5] == "Move Phase begins");
  CHECK(f.refusal_rule(command({})) == "4.0");
}
