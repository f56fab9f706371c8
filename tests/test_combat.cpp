// Combat (7.0 - 7.8, 10.0 charges, 12.1 - 12.3, R16 - R20): declaration, CC, DRM, results,
// retreats, advances.
#include "fixture.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {
AttackPreview preview(Fixture &f, const json &attack) {
  AttackPreview p;
  auto r = preview_attack(f.setup, f.s, f.parse(attack), p);
  INFO((r ? r->rule + " " + r->reason : std::string()));
  REQUIRE_FALSE(r);
  return p;
}
std::string stage(const Fixture &f) {
  return f.s.attack_stage() == AttackStage::None ? "none" : "pending";
}
json choose(const char *option) { return {{"type", "choose"}, {"option", option}}; }
json retreat(const std::string &unit, const std::string &to) {
  return {{"type", "retreat"}, {"unit", unit}, {"to", to}};
}
json advance(const std::string &unit) { return {{"type", "advance"}, {"unit", unit}}; }
} // namespace

TEST_CASE(
    "7.4 the rulebook's worked example: two A Veterans and a B Levy against a Levy, net DRM -3") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}});
  f.command("aw", {"combat"});
  CHECK(f.phase() == "combat");
  AttackPreview p = preview(f, attack("BL1", {"AV1", "AV2", "AL1"}, "AV1"));
  CHECK(cc_name(p.base_cc) == "A");
  CHECK(cc_name(p.cc) == "A");
  CHECK(p.drm == -3);
  REQUIRE(p.drm_terms.size() == 3);
  CHECK(p.drm_terms[0].value == -1); // UTMM V against L
  CHECK(p.drm_terms[1].value == -1); // AV2 shares the Primary's CC
  CHECK(p.drm_terms[2].value == -1); // one lower-CC participant, one per two rounded up
  // Said in words, counted ("participant(s)" read badly in the log and the preview).
  CHECK(p.drm_terms[1].reason == "1 other attacker of the Primary's CC");
  CHECK(p.drm_terms[2].reason == "1 other attacker of lower CC (one per two, rounded up)");
  // Columns -2..5 on row A: DE DE DL DL DL DR* DR* NE*
  CHECK(p.outcomes[static_cast<int>(CombatResult::DE)] == Approx(0.25));
  CHECK(p.outcomes[static_cast<int>(CombatResult::DL)] == Approx(0.375));
  CHECK(p.outcomes[static_cast<int>(CombatResult::DR)] == Approx(0.25));
  CHECK(p.outcomes[static_cast<int>(CombatResult::NE)] == Approx(0.125));
}

TEST_CASE("7.2 with tied best CC the player names the Primary; it must be the best") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}});
  f.command("aw", {"combat"});
  CHECK(f.refusal_rule(attack("BL1", {"AV1", "AV2"})) == "7.2");
  CHECK(f.refusal_rule(attack("BL1", {"AV1", "AL1"}, "AL1")) == "7.2");
  CHECK(preview(f, attack("BL1", {"AV1", "AL1"})).primary == f.u("AV1"));
  // Perft: subsets of the three adjacent foot units = 7; with AV1/AV2 tied, subsets holding both
  // offer two Primaries ({AV1,AV2}, {AV1,AV2,AL1}) -> 7 + 2 = 9 attacks, plus end_phase.
  CHECK(f.count(ActionType::Attack) == 9);
}

TEST_CASE("7.2 declaration limits: adjacency, one wing, horse with horse, rivers, Suppressed") {
  Fixture f("field.json", {{"BL1", "0404"},
                           {"AV1", "0403"},
                           {"AX", "0304"},
                           {"AHH", "0305"},
                           {"AI", "0101"},
                           {"BV1", "0708"},
                           {"AV2", "0707"},
                           {"AL1", "0505"}});
  f.command("aw", {"combat"});
  CHECK(f.refusal_rule(attack("BL1", {"AI"})) == "7.2");         // not adjacent
  CHECK(f.refusal_rule(attack("BL1", {"AX"})) == "4.1");         // its wing was not commanded
  CHECK(f.refusal_rule(attack("BL1", {"AV1", "AHH"})) == "7.2"); // horse with foot
  CHECK(f.refusal_rule(attack("BV1", {"AV2"})) == "12.2");       // across the river
  CHECK(f.refusal_rule(attack("AV1", {"AL1"})) == "7.2");        // target must be an enemy
  f.s.units[f.u("AL1")].suppressed = true;
  CHECK(f.refusal_rule(attack("BL1", {"AL1"})) == "9.3");
}

TEST_CASE("7.2 each unit attacks once and each target is attacked once per phase") {
  Fixture f("field.json",
            {{"BL1", "0404"}, {"BV1", "0502"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0503"}},
            {7, 7});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1"})); // roll 7 -> column 6: NE
  CHECK(stage(f) == "none");
  CHECK(f.refusal_rule(attack("BV1", {"AV1"})) == "7.2");
  CHECK(f.refusal_rule(attack("BL1", {"AV2"})) == "7.2");
  f.act(attack("BV1", {"AL1"}));
}

TEST_CASE("7.3 each CC shift on its own, and the rulebook's net example") {
  SECTION("Suppressed target +1") {
    Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}});
    f.s.units[f.u("BL1")].suppressed = true;
    f.command("aw", {"combat"});
    CHECK(cc_name(preview(f, attack("BL1", {"AV1"})).cc) == "AA");
  }
  SECTION("downhill +1 (12.1), uphill nothing") {
    Fixture f("field.json", {{"BL1", "0505"}, {"AV1", "0605"}, {"BV1", "0606"}, {"AV2", "0506"}});
    f.command("aw", {"combat"});
    AttackPreview p = preview(f, attack("BL1", {"AV1"}));
    CHECK(cc_name(p.cc) == "AA");
    REQUIRE(p.cc_shifts.size() == 1);
    CHECK(p.cc_shifts[0].rule == "12.1");
    CHECK(cc_name(preview(f, attack("BV1", {"AV2"})).cc) == "A");
  }
  SECTION("trench -2 (12.3)") {
    Fixture f("field.json", {{"BL1", "0304"}, {"AV1", "0303"}});
    f.command("aw", {"combat"});
    AttackPreview p = preview(f, attack("BL1", {"AV1"}));
    CHECK(cc_name(p.cc) == "C");
    CHECK(p.cc_shifts[0].value == -2);
  }
  SECTION("Shield Wall on either side -1 (8.0)") {
    Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}});
    f.s.units[f.u("BL1")].shield_wall = true;
    f.command("aw", {"combat"});
    CHECK(cc_name(preview(f, attack("BL1", {"AV1"})).cc) == "B");
    f.s.units[f.u("AV1")].shield_wall = true;
    CHECK(cc_name(preview(f, attack("BL1", {"AV1"})).cc) == "C");
  }
  SECTION("a B with +2 and -1 becomes an A (7.3 example)") {
    Fixture f("field.json", {{"BL1", "0505"}, {"AL1", "0605"}});
    f.s.units[f.u("BL1")].suppressed = true;  // +1
    f.s.units[f.u("BL1")].shield_wall = true; // -1
    f.command("aw", {"combat"});
    AttackPreview p = preview(f, attack("BL1", {"AL1"})); // downhill +1
    CHECK(p.cc_shifts.size() == 3);
    CHECK(cc_name(p.base_cc) == "B");
    CHECK(cc_name(p.cc) == "A");
  }
  SECTION("never worse than F") {
    Fixture f("field.json", {{"BL1", "0304"}, {"AL1", "0303"}});
    f.s.units[f.u("AL1")].steps = 1; // reduced: C
    f.s.units[f.u("AL1")].shield_wall = true;
    f.s.units[f.u("BL1")].shield_wall = true;
    f.command("aw", {"combat"});
    AttackPreview p = preview(f, attack("BL1", {"AL1"}));
    CHECK(cc_name(p.base_cc) == "C");
    CHECK(cc_name(p.cc) == "F"); // C shifted four levels down stops at F
  }
}

TEST_CASE("7.7 Pitched Combat Phase: +1 CC, and no second Combat Phase") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}});
  f.command("aw", {"combat", "bonus"});
  CHECK(f.phase() == "combat");
  CHECK(f.count(ActionType::CombatMode) == 2);
  CHECK(f.refusal_rule(attack("BL1", {"AV1"})) == "7.7");
  f.act({{"type", "combat_mode"}, {"mode", "pitched"}});
  CHECK(f.phase() == "pitched_combat");
  AttackPreview p = preview(f, attack("BL1", {"AV1"}));
  CHECK(cc_name(p.cc) == "AA");
  CHECK(p.cc_shifts[0].rule == "7.7");
}

TEST_CASE("7.7 Bonus + Combat as two Combat Phases: a unit may attack in each") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {7, 7});
  f.command("aw", {"combat", "bonus"});
  f.act({{"type", "combat_mode"}, {"mode", "two_phases"}});
  CHECK(f.phase() == "combat");
  f.act(attack("BL1", {"AV1"})); // 7 - 1 = column 6: NE; no attack is left, so the phase ends (R25)
  CHECK(f.phase() == "second_combat");
  AttackPreview p = preview(f, attack("BL1", {"AV1"}));
  CHECK(cc_name(p.cc) == "A"); // no Pitched shift
  f.act(attack("BL1", {"AV1"}));
}

TEST_CASE("10.0 a Charge: Bonus + Horse gives Heavy Horse +2 CC and Light Horse +1") {
  Fixture f("field.json",
            {{"BL1", "0404"}, {"AHH", "0403"}, {"AHH2", "0304"}, {"ALH", "0505"}, {"BV1", "0506"}});
  f.command("aw", {"horse", "bonus"});
  CHECK(f.phase() == "horse");
  f.act(kEndPhase);
  CHECK(f.phase() == "charge");
  CHECK(cc_name(preview(f, attack("BL1", {"AHH"})).cc) == "AA");  // A + 2, stopped at AA
  CHECK(cc_name(preview(f, attack("BL1", {"AHH2"})).cc) == "AA"); // B + 2
  AttackPreview lh = preview(f, attack("BV1", {"ALH"}));
  CHECK(cc_name(lh.cc) == "B"); // C + 1
  CHECK(lh.cc_shifts[0].rule == "10.0");
}

TEST_CASE("10.0 only activated Horse in EZOC charge; without Bonus there is no CC change") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AHH", "0403"}, {"AV1", "0304"}});
  f.command("aw", {"horse"});
  f.act(kEndPhase);
  CHECK(f.phase() == "charge");
  CHECK(f.refusal_rule(attack("BL1", {"AV1"})) == "10.0");
  CHECK(cc_name(preview(f, attack("BL1", {"AHH"})).cc) == "A");
}

TEST_CASE("7.5 DE eliminates the target, scores VP, and one attacker may advance (7.8)") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}},
            {1});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1", "AV2", "AL1"}, "AV1")); // 1 - 3 = column -2: DE
  CHECK(f.unit("BL1").steps == 0);
  CHECK(f.unit("BL1").hex == kOffMap);
  CHECK(f.s.vp[0] == 1);
  CHECK(f.count(ActionType::Advance) == 3);
  CHECK(f.count(ActionType::NoAdvance) == 1);
  f.act(advance("AV2"));
  CHECK(f.at("AV2") == "0404");
}

TEST_CASE("7.5 DL flips a fresh target; another DL eliminates it") {
  Fixture f("field.json", {{"BV1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {1});
  f.command("aw", {"combat"});
  f.act(attack("BV1", {"AV1"})); // V vs V +1: column 2, row A: DL
  CHECK(f.unit("BV1").steps == 1);
  CHECK(cc_name(visible_face(f.b(), f.s, f.u("BV1")).cc) == "C");
  CHECK(visible_face(f.b(), f.s, f.u("BV1")).crown); // the Crown on the reverse now shows
  CHECK(f.unit("BV1").hex == f.hex("0404"));
}

TEST_CASE("13.1 a Crown on the reverse is worth 2 VP more; R2 the opponent checks on their turn") {
  Fixture f("field.json", {{"BV1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}, {"BL1", "0808"}},
            {1});
  f.s.units[f.u("BV1")].steps = 1;
  f.command("aw", {"combat"});
  f.act(attack("BV1", {"AV1"})); // DL on a reduced unit: eliminated
  CHECK(f.s.vp[0] == 4);         // Veteran 2 + Crown 2 = side A's victory_vp
  if (f.s.attack_stage() != AttackStage::None) f.act({{"type", "no_advance"}});
  if (f.phase() == "combat") f.act(kEndPhase);
  // Side A's own total is checked at the end of side B's action phases (R2).
  CHECK(f.s.winner == -1);
  CHECK(f.b().sides[f.s.active].id == "b");
  f.act({{"type", "command"}, {"orders", json::array()}});
  CHECK(f.s.winner == 0);
  CHECK(f.phase() == "game_over");
  CHECK(f.legal().empty());
}

TEST_CASE("7.6 DR: the defender picks a hex away from the attackers and free of EZOC") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {4});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1"})); // column 3: DR*, no Shield Wall so it stands
  CHECK(side_to_act(f.setup, f.s) == 1);
  std::vector<std::string> hexes;
  for (const Action &a : f.legal())
    hexes.push_back(f.b().label(a.to));
  CHECK(hexes == std::vector<std::string>{"0305", "0405", "0505"});
  CHECK(f.refusal_rule(retreat("BL1", "0304")) == "R18");
  f.act(retreat("BL1", "0405"));
  CHECK(f.at("BL1") == "0405");
  CHECK(side_to_act(f.setup, f.s) == 0);
  f.act(advance("AV1"));
  CHECK(f.at("AV1") == "0404");
}

TEST_CASE("7.6 a defender with no legal retreat loses a step instead") {
  Fixture f("field.json",
            {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0405"}, {"AL1", "0305"}, {"AI", "0505"}},
            {4});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1"}));
  CHECK(f.unit("BL1").steps == 1);
  CHECK(f.at("BL1") == "0404");
}

TEST_CASE("5.3 a retreat off the map edge costs a step") {
  Fixture f("field.json", {{"BL1", "0101"}, {"AV1", "0201"}, {"AV2", "0808"}}, {4});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1"}));
  CHECK(f.unit("BL1").steps == 1);
  CHECK(f.at("BL1") == "0101");
}

TEST_CASE("7.6 Shield Wall ignores a retreat; 7.5 the asterisk lets the attacker take EX instead") {
  SECTION("keep the DR: no effect on a Shield Wall") {
    Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {3});
    f.s.units[f.u("BL1")].shield_wall = true;
    f.command("aw", {"combat"});
    f.act(attack("BL1", {"AV1"})); // CC B (Shield Wall), column 2: DR*
    CHECK(f.count(ActionType::Choose) == 2);
    f.act(choose("keep"));
    CHECK(f.at("BL1") == "0404");
    CHECK(f.unit("BL1").steps == 2);
  }
  SECTION("take EX: each side loses a step") {
    Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {3});
    f.s.units[f.u("BL1")].shield_wall = true;
    f.command("aw", {"combat"});
    f.act(attack("BL1", {"AV1"}));
    f.act(choose("EX"));
    CHECK(f.unit("BL1").steps == 1);
    CHECK(f.unit("AV1").steps == 1); // the only attacker takes it (R25)
  }
}

TEST_CASE("7.5 EX: the target and one attacker of the owner's choice lose a step") {
  Fixture f("field.json", {{"BV1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}}, {8});
  f.command("aw", {"combat"});
  f.act(attack("BV1", {"AV1", "AV2"}, "AV1")); // V vs V +1, same CC -1: column 8: EX
  CHECK(f.unit("BV1").steps == 1);
  CHECK(f.count(ActionType::LoseStep) == 2);
  f.act({{"type", "lose_step"}, {"unit", "AV2"}});
  CHECK(f.unit("AV2").steps == 1);
  CHECK(f.unit("AV1").steps == 2);
}

TEST_CASE("7.5 AR: every attacker retreats, each away from the defender") {
  Fixture f("field.json", {{"BV1", "0404"}, {"AL1", "0403"}, {"AI", "0304"}}, {8});
  f.command("aw", {"combat"});
  AttackPreview p = preview(f, attack("BV1", {"AL1", "AI"}));
  CHECK(p.drm == 0);                   // L vs V +1, one lower participant -1
  f.act(attack("BV1", {"AL1", "AI"})); // row B column 8: AR
  std::vector<std::string> first;
  for (const Action &a : f.legal())
    first.push_back(f.b().label(a.to));
  CHECK(first == std::vector<std::string>{"0303", "0402", "0503"});
  f.act(retreat("AL1", "0402"));
  std::vector<std::string> second;
  for (const Action &a : f.legal())
    second.push_back(f.b().label(a.to));
  CHECK(second == std::vector<std::string>{"0203", "0204", "0303"});
  f.act(retreat("AI", "0203"));
  CHECK(f.at("AL1") == "0402");
  CHECK(f.at("AI") == "0203");
  CHECK(f.unit("BV1").steps == 2);
}

TEST_CASE("7.5 AL and AE fall on the attackers") {
  SECTION("AL") {
    Fixture f("field.json", {{"BV1", "0404"}, {"ALH", "0403"}, {"AV2", "0101"}}, {6});
    f.command("aw", {"combat"});
    f.act(attack("BV1", {"ALH"})); // LH vs V +2: row C column 8: AL
    CHECK(f.unit("ALH").steps == 1);
  }
  SECTION("AE scores for the defender") {
    Fixture f("field.json", {{"BV1", "0304"}, {"ALH", "0303"}, {"AV2", "0101"}}, {6});
    f.command("aw", {"combat"});
    f.act(attack("BV1", {"ALH"})); // trench: C -> E; column 8: AE
    CHECK(f.unit("ALH").steps == 0);
    CHECK(f.s.vp[1] == 1);
  }
}

TEST_CASE("7.5 Heavy Horse Primary may take EX as DR") {
  Fixture f("field.json", {{"BV1", "0404"}, {"AHH", "0403"}, {"AV2", "0101"}}, {8});
  f.command("aw", {"combat"});
  f.act(attack("BV1", {"AHH"})); // HH vs V 0: row A column 8: EX
  CHECK(f.count(ActionType::Choose) == 2);
  f.act(choose("DR"));
  CHECK(f.count(ActionType::Retreat) == 3);
  f.act(retreat("BV1", "0505"));
  CHECK(f.unit("BV1").steps == 2);
  CHECK(f.at("BV1") == "0505");
  CHECK(f.unit("AHH").steps == 2);
}

TEST_CASE("7.5 Light Horse Primary may take EX as AR") {
  Fixture f("field.json", {{"BV1", "0404"}, {"ALH", "0403"}, {"AV2", "0101"}}, {4});
  f.command("aw", {"combat"});
  f.act(attack("BV1", {"ALH"})); // row C column 6: EX
  CHECK_FALSE(f.attempt(choose("DR")) == std::nullopt);
  f.act(choose("AR"));
  CHECK(f.count(ActionType::Retreat) == 3);
  f.act(retreat("ALH", "0402"));
  CHECK(f.at("ALH") == "0402");
  CHECK(f.unit("ALH").steps == 2);
  CHECK(f.unit("BV1").steps == 2);
}

TEST_CASE("7.5 a Light Horse defender may take EX as DR") {
  Fixture f("field.json", {{"BLH", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {8});
  f.command("aw", {"combat"});
  f.act(attack("BLH", {"AV1"})); // V vs LH 0: row A column 8: EX
  CHECK(side_to_act(f.setup, f.s) == 1);
  f.act(choose("DR"));
  CHECK(f.unit("BLH").steps == 2);
  CHECK(f.unit("AV1").steps == 2);
}

TEST_CASE("12.1 no advance uphill into EZOC; 7.8 none from Shield Wall") {
  SECTION("uphill into EZOC") {
    Fixture f("field.json", {{"BL1", "0605"}, {"AV1", "0505"}, {"BI", "0706"}, {"AV2", "0101"}},
              {1});
    f.s.units[f.u("BL1")].steps = 1;
    f.command("aw", {"combat"});
    f.act(attack("BL1", {"AV1"})); // DL on a reduced unit
    CHECK(f.unit("BL1").steps == 0);
    CHECK(f.at("AV1") == "0505");
    CHECK(f.s.attack_stage() == AttackStage::None);
  }
  SECTION("uphill with no EZOC is allowed") {
    Fixture f("field.json", {{"BL1", "0605"}, {"AV1", "0505"}, {"AV2", "0101"}}, {1});
    f.s.units[f.u("BL1")].steps = 1;
    f.command("aw", {"combat"});
    f.act(attack("BL1", {"AV1"}));
    CHECK(f.count(ActionType::Advance) == 1);
  }
  SECTION("Shield Wall attacker") {
    Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {1});
    f.s.units[f.u("BL1")].steps = 1;
    f.s.units[f.u("AV1")].shield_wall = true;
    f.command("aw", {"combat"});
    f.act(attack("BL1", {"AV1"})); // CC B: column 0 DL
    CHECK(f.unit("BL1").steps == 0);
    CHECK(f.at("AV1") == "0403");
  }
}

TEST_CASE("R20 charging Heavy Horse must advance when it can") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AHH", "0403"}, {"AV2", "0101"}}, {1});
  f.s.units[f.u("BL1")].steps = 1;
  f.command("aw", {"horse"});
  f.act(kEndPhase);
  f.act(attack("BL1", {"AHH"})); // HH vs L -1: column 0: DL, eliminated
  CHECK(f.at("AHH") == "0404");  // the only legal choice was to advance (R25)
  CHECK(f.has_event("advance", "7.8"));
}
