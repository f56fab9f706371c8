// The heuristic player (issue 32 item 4, docs/ai.md "The heuristic player"): its judgement on
// hand-made positions (the CRT's odds, a damaged unit pulled back, a holder filling an objective
// hex, the command whose follow-up is best), and whole games without an illegal action.
#include "fixture.hpp"
#include "sns/players.hpp"

using namespace sns;
using namespace sns::test;

namespace {

Suggestion heuristic(const Fixture &f, uint64_t seed = 7) {
  return suggest(f.setup, f.s, Level::Heuristic, {}, seed);
}

} // namespace

TEST_CASE("the heuristic player takes an attack at good odds and leaves one at bad odds",
          "[players][heuristic]") {
  // Side A's Combat Phase on the open field: the Veteran AV1 (class A) beside the Levy BL1 (class
  // C; UTMM -1 for a Veteran against Levy), and the Light Horse ALH (class C) beside the Veteran
  // BV1 (class B; UTMM +2 for Light Horse against a Veteran).
  Fixture f("field.json", {{"AV1", "0404"}, {"BL1", "0405"}, {"ALH", "0407"}, {"BV1", "0408"}});
  REQUIRE(f.b().distance(f.hex("0404"), f.hex("0405")) == 1);
  REQUIRE(f.b().distance(f.hex("0407"), f.hex("0408")) == 1);
  f.command("aw", {"combat"});
  play_until(f, 0, Phase::Combat);
  Action good = f.parse(attack("BL1", {"AV1"}, "AV1"));
  Action bad = f.parse(attack("BV1", {"ALH"}, "ALH"));
  // The odds from the engine's preview: expected losses dealt exceed those taken, or not. Class A
  // at DRM -1 reads DL on 1-3 and DR on 4-5 (0.9 a step of a two-point Levy, 0.3 a retreat);
  // class C at DRM +2 reads EX on 4, AR on 5 and AL on 6-8.
  CHECK(attack_odds_value(f.setup, f.s, good, 0) == Approx(3.0 / 8 * 0.9 + 2.0 / 8 * 0.3));
  CHECK(attack_odds_value(f.setup, f.s, bad, 0) < 0.0);
  Suggestion s = heuristic(f);
  CHECK(s.basis == SuggestionBasis::Heuristic);
  CHECK(s.action == good);
  // With the good attack made, the bad one is refused by the player: it ends the phase.
  f.act(attack("BL1", {"AV1"}, "AV1"));
  while (f.s.phase == Phase::Combat && f.s.attack_stage() != AttackStage::None)
    REQUIRE_FALSE(apply(f.setup, f.s, heuristic(f).action));
  if (f.s.phase == Phase::Combat && side_to_act(f.setup, f.s) == 0) {
    Suggestion next = heuristic(f);
    CHECK(next.action.type == ActionType::EndPhase);
  }
}

TEST_CASE("the heuristic player pulls a damaged unit out of an enemy's reach",
          "[players][heuristic]") {
  // Side A's Withdraw Phase: AL1, a Levy down to its last step, stands beside the Heavy Horse BHH
  // (class B): any DL or EX would eliminate it. Withdrawing a hex leaves it an attack a move
  // away rather than one from where the horse stands.
  Fixture f("field.json", {{"AL1", "0404"}, {"BHH", "0405"}, {"AV1", "0101"}});
  f.s.units[f.u("AL1")].steps = 1;
  f.command("aw", {"withdraw"});
  play_until(f, 0, Phase::Withdraw);
  Suggestion s = heuristic(f);
  REQUIRE(s.action.type == ActionType::Move);
  CHECK(s.action.unit == f.u("AL1"));
  CHECK(f.b().distance(s.action.to, f.hex("0405")) > 1);
  // Withdrawing gains more for the damaged Levy than it would for a fresh one in the same hex:
  // its last step goes to any DL or EX, so its exposure weighs more.
  auto gain = [&](int steps) {
    GameState now = f.s;
    now.units[f.u("AL1")].steps = static_cast<uint8_t>(steps);
    GameState after = now;
    REQUIRE_FALSE(apply(f.setup, after, s.action));
    return heuristic_score(f.setup, after, 0) - heuristic_score(f.setup, now, 0);
  };
  CHECK(gain(1) > 0);
  CHECK(gain(1) > gain(2));
}

TEST_CASE("the heuristic player, holding Morlaix's crest, fills or screens the hex a horse could "
          "ride into",
          "[players][heuristic]") {
  // On Morlaix's map before issue 32 closed its flanks (tests/scenarios). The English hold (Morlaix
  // ends in their favour) and the French horse at 0611 may ride onto the crest's southern end next
  // turn; the English men-at-arms in the wood behind must move so that no crest hex is in the
  // horse's reach. The judgement itself must see it: the top of the heuristic ranking, before any
  // threat check, closes the threat.
  Fixture f(place(read_json("tests/scenarios/morlaix-open-flanks.json"),
                  {{"FH1", "0611"}, {"FL1", "1204"}, {"EM1", "0110"}, {"EM3", "0111"}}));
  REQUIRE(f.b().at_end == AtEnd::Side0);
  play_until(f, 0, Phase::Command);
  f.command("northampton", {"move"});
  play_until(f, 0, Phase::Move);
  REQUIRE(open_to_loss(f.setup, f.s, 0));
  std::vector<Action> acts = f.legal();
  auto ranking = heuristic_ranking(f.setup, f.s, acts, 0, 3);
  const Action &top = acts[ranking.at(0).first];
  CHECK(top.type == ActionType::Move);
  CHECK(closes_every_threat(f.setup, f.s, top, 0));
  Suggestion s = heuristic(f);
  REQUIRE(s.action.type == ActionType::Move);
  CHECK(closes_every_threat(f.setup, f.s, s.action, 0));
  // And a move onto the crest itself fills an objective hex the horse could enter.
  CHECK((on_objective(f.b(), s.action.to) || f.b().distance(s.action.to, f.hex("0611")) <= 3));
}

TEST_CASE("the heuristic player commands the wing whose follow-up is best",
          "[players][heuristic]") {
  // Side A may command one wing a turn: wing aw's Veteran AV1 stands beside the Levy BL1 (an
  // attack at good odds), wing ax's Veteran AX far from any enemy. Combat for aw is the command
  // whose follow-up (the attack) scores best.
  Fixture f("field.json", {{"AV1", "0404"}, {"BL1", "0405"}, {"AX", "0101"}});
  REQUIRE(f.s.phase == Phase::Command);
  REQUIRE(side_to_act(f.setup, f.s) == 0);
  Suggestion s = heuristic(f);
  REQUIRE(s.action.type == ActionType::Command);
  REQUIRE(s.action.orders.size() == 1);
  const WingOrder &o = s.action.orders[0];
  CHECK(f.b().wings[o.wing].id == "aw");
  CHECK(std::find(o.commands.begin(), o.commands.end(), Command::Combat) != o.commands.end());
}

TEST_CASE("the heuristic player never chooses an illegal action in whole games of every battle",
          "[players][heuristic][legal]") {
  // play_game throws if the engine refuses a player's action; both seats, against random and
  // against itself, on every shipped battle.
  for (const std::string &file : shipped_battles()) {
    Setup setup = setup_of(load_battle_file(file));
    const std::pair<Level, Level> pairings[] = {{Level::Heuristic, Level::Random},
                                                {Level::Random, Level::Heuristic},
                                                {Level::Heuristic, Level::Heuristic}};
    uint64_t seed = 700;
    for (auto [x, y] : pairings) {
      Player p0(x, {}, seed * 17), p1(y, {}, seed * 19);
      INFO(file << " " << name(x) << " vs " << name(y) << " seed " << seed);
      ArenaGame g = play_game(setup, seed++, {&p0, &p1});
      CHECK(g.winner >= 0); // finished: a side or a draw, not cut off
    }
  }
}

TEST_CASE("the heuristic level is named, parsed and answers deterministically",
          "[players][heuristic]") {
  CHECK(parse_level("heuristic") == Level::Heuristic);
  CHECK(name(Level::Heuristic) == "heuristic");
  // Added last: the other levels keep their indices.
  CHECK(static_cast<int>(Level::Hard) == 4);
  CHECK(static_cast<int>(Level::Heuristic) == 5);
  Setup setup = setup_of(load_battle_file(source_path("battles/grunwald-1410.json")));
  GameState s = new_game(setup, 9);
  Suggestion a = suggest(setup, s, Level::Heuristic, {}, 5);
  Suggestion b = suggest(setup, s, Level::Heuristic, {}, 5);
  CHECK(a.action == b.action);
}
