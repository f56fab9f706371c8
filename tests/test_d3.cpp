// D3 Medieval (shared/rules/D3-RULINGS.md D1-D14): each ruling from hand-made positions with forced
// d6s, perft-style counts of legal actions, exact previews, loader and record checks.
#include "fixture.hpp"
#include "sns/json_views.hpp"
#include "sns/players.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

// The hex `n` steps from `label` in direction `dir` (D2: 0 north, clockwise).
std::string nb(const std::string &label, int dir, int n = 1) {
  Hex h = from_offset(*parse_label(label));
  for (int i = 0; i < n; ++i)
    h = neighbour(h, dir);
  return sns::label(to_offset(h));
}

json unit(const std::string &id, const std::string &type, const std::string &hex, int facing) {
  return {{"id", id},
          {"side", id[0] == 'R' ? "red" : "blue"},
          {"type", type},
          {"hex", hex},
          {"facing", facing}};
}

// A 12 x 12 open field: red moves first; the map features a test needs are added to `extra`.
json field(std::vector<json> units, json hexes = json::object(), json hexsides = json::array()) {
  return {{"format", "shields-swords-battle/1"},
          {"ruleset", "d3-medieval"},
          {"id", "d3-field"},
          {"name", "D3 test field"},
          {"map", {{"columns", 12}, {"rows", 12}, {"hexes", hexes}, {"hexsides", hexsides}}},
          {"sides", {{{"id", "red"}, {"name", "Red"}}, {{"id", "blue"}, {"name", "Blue"}}}},
          {"units", units},
          {"rules", {{"first_player", "red"}, {"last_turn", 3}}}};
}

json activate(const std::string &u) { return {{"type", "activate"}, {"unit", u}}; }
json go(const std::string &u, const std::string &to, int facing) {
  return {{"type", "move"}, {"unit", u}, {"to", to}, {"facing", facing}};
}
json shoot(const std::string &u, const std::string &t) {
  return {{"type", "shoot"}, {"unit", u}, {"target", t}};
}
json melee(const std::string &u, const std::string &t) {
  return {{"type", "melee"}, {"unit", u}, {"target", t}};
}

const D3Unit &d3u(const Fixture &f, const std::string &id) { return f.s.d3().units[f.u(id)]; }

// Destinations (with end facings) of the unit being moved, as "CCRR/f".
std::set<std::string> moves(const Fixture &f) {
  std::set<std::string> out;
  for (const Action &a : f.legal())
    if (a.type == ActionType::Move) out.insert(f.b().label(a.to) + "/" + std::to_string(a.facing));
  return out;
}
bool can_reach(const Fixture &f, const std::string &hex) {
  for (const Action &a : f.legal())
    if (a.type == ActionType::Move && f.b().label(a.to) == hex) return true;
  return false;
}

HitsPreview hits(Fixture &f, const json &a) {
  HitsPreview p;
  auto r = preview_hits(f.setup, f.s, f.parse(a), p);
  INFO((r ? r->rule + " " + r->reason : std::string()));
  REQUIRE_FALSE(r);
  return p;
}

// Ends phases until `phase` (or the game's end).
void until(Fixture &f, const std::string &phase) {
  for (int i = 0; i < 20 && f.phase() != phase && !f.s.game_over(); ++i)
    f.act(kEndPhase);
  REQUIRE(f.phase() == phase);
}

} // namespace

// --- loader, JSON, dice ------------------------------------------------------------------------

TEST_CASE("D3 loader: ruleset, facing, implicit wings, road, stakes, last turn 15 by default") {
  json doc = field({unit("RK", "knights", "0505", 2), unit("BL", "levies", "0909", 5)},
                   {{"0606", {{"terrain", "clear"}, {"road", true}}},
                    {"0707", {{"terrain", "lake"}}},
                    {"0708", {{"terrain", "stream"}}}},
                   {{{"between", {"0303", "0304"}}, {"feature", "stakes"}}});
  doc["rules"].erase("last_turn");
  auto b = load_battle(doc, "d3.json");
  CHECK(b->ruleset == RulesetId::D3);
  CHECK(b->last_turn == 15);
  CHECK(b->units[0].facing == 2);
  CHECK(b->wings.size() == 2);
  CHECK(b->wings[b->units[1].wing].id == "blue");
  CHECK(b->road[*b->parse_hex("0606")] == 1);
  CHECK(b->terrain_impassable(*b->parse_hex("0707")));
  CHECK_FALSE(b->terrain_impassable(*b->parse_hex("0708")));
  HexId h = *b->parse_hex("0303");
  CHECK(b->hexsides[h][b->direction(h, *b->parse_hex("0304"))] == HexsideFeature::Stakes);
}

TEST_CASE("D3 loader: bad input names the JSON path and what was expected") {
  auto path_of = [](json doc) {
    try {
      load_battle(doc, "bad.json");
    } catch (const LoadError &e) {
      return e.path();
    }
    return std::string("accepted");
  };
  json ok = field({unit("RK", "knights", "0505", 2), unit("BL", "levies", "0909", 5)});
  json d = ok;
  d["units"][0]["type"] = "HH";
  CHECK(path_of(d) == "/units/0/type");
  d = ok;
  d["units"][0]["facing"] = 6;
  CHECK(path_of(d) == "/units/0/facing");
  d = ok;
  d["units"][0].erase("facing");
  CHECK(path_of(d) == "/units/0/facing");
  d = ok;
  d["ruleset"] = "d4";
  CHECK(path_of(d) == "/ruleset");
  d = ok;
  d["map"]["hexsides"] = {{{"between", {"0303", "0304"}}, {"feature", "trench"}}};
  CHECK(path_of(d) == "/map/hexsides/0/feature");
  d = ok;
  d["rules"]["initiative"] = "red";
  CHECK(path_of(d) == "/rules/initiative");
  // S&S II battles keep their own vocabulary: no roads, no D3 types.
  json ssii = read_json("battles/first-clash.json");
  ssii["units"][0]["type"] = "knights";
  CHECK(path_of(ssii) == "/units/0/type");
}

TEST_CASE("D3 actions: JSON both ways, and the other ruleset's actions are refused by name") {
  Fixture f(field({unit("RK", "knights", "0505", 0), unit("BL", "levies", "0909", 3)}));
  for (json j :
       {activate("RK"), go("RK", "0503", 0), shoot("RK", "BL"), melee("RK", "BL"), json(kEndPhase)})
    CHECK(action_to_json(f.b(), f.parse(j)) == j);
  CHECK_THROWS_AS(f.parse({{"type", "attack"}, {"target", "BL"}, {"attackers", {"RK"}}}),
                  LoadError);
  CHECK_THROWS_AS(f.parse({{"type", "move"}, {"unit", "RK"}, {"to", "0503"}}), LoadError);
  Fixture s("field.json", {{"AV1", "0403"}, {"BL1", "0404"}});
  CHECK_THROWS_AS(s.parse(activate("AV1")), LoadError);
}

TEST_CASE("D3 state JSON: ruleset, facing, hits, disorder, activations, eliminated hex null") {
  Fixture f(field({unit("RK", "knights", "0505", 1), unit("BL", "levies", "0909", 3)}));
  json j = state_to_json(f.setup, f.s, nullptr, false);
  CHECK(j["ruleset"] == "d3-medieval");
  CHECK(j["phase"] == "movement");
  CHECK(j["activations"] == 0);
  CHECK(j["activation_needed"] == 2);
  CHECK(j["units"][0]["facing"] == 1);
  CHECK(j["units"][0]["hits"] == 0);
  CHECK(j["units"][0]["disordered"] == false);
  CHECK(j["units"][1]["type"] == "levies");
}

TEST_CASE("D14 a D3 is one d6 read 1-2, 3-4, 5-6; d6s share the seeded generator and forced dice") {
  Setup setup;
  setup.battle = load_battle(field({unit("RK", "knights", "0505", 0)}), "d3");
  GameState s;
  s.rng = 0;
  std::vector<int> faces;
  for (int i = 0; i < 600; ++i)
    faces.push_back(roll_die(setup, s, 6));
  for (int face = 1; face <= 6; ++face)
    CHECK(std::count(faces.begin(), faces.end(), face) > 60);
  CHECK(*std::min_element(faces.begin(), faces.end()) == 1);
  CHECK(*std::max_element(faces.begin(), faces.end()) == 6);
  // A d8 is still the top three bits: the S&S II sequence is unchanged.
  GameState t;
  t.rng = 0;
  CHECK(roll_d8(setup, t) == 8);
  setup.forced_dice = {4};
  GameState u;
  CHECK(roll_die(setup, u, 6) == 4);
  CHECK(die_faces(*setup.battle) == 6);
}

TEST_CASE("D14 a forced die outside 1-6 in a D3 record is bad input with its path") {
  Game game(
      load_battle(field({unit("RK", "knights", "0505", 0), unit("BL", "levies", "0909", 3)}), "d3"),
      Options{}, 1, {3});
  json rec = game.record();
  rec["forced_dice"] = {7};
  try {
    Game::from_record(rec, "rec.json");
    FAIL("accepted");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/forced_dice/0");
  }
}

// --- D1, D6: moves -----------------------------------------------------------------------------

TEST_CASE("D1 D6 perft: an activated unit in the open has 6 pivots and 6 facings per hex reached") {
  // Knights move 4 hexes in 6 directions: 6 + 6*4*6 = 150; levies move 2: 6 + 6*2*6 = 78.
  Fixture k(field({unit("RK", "knights", "0606", 0), unit("BL", "levies", "1212", 3)}), {6});
  k.act(activate("RK"));
  CHECK(k.legal().size() == 150);
  CHECK(moves(k).size() == 150);
  CHECK(can_reach(k, nb("0606", 0, 4)));
  CHECK_FALSE(can_reach(k, nb("0606", 0, 5)));
  CHECK(k.refusal_rule(go("RK", nb("0606", 0, 5), 0)) == "D1");
  Fixture l(field({unit("RL", "levies", "0606", 0), unit("BL", "levies", "1212", 3)}), {6});
  l.act(activate("RL"));
  CHECK(l.legal().size() == 78);
}

TEST_CASE("D1 a move wholly along a road gains 50%: levies 3, knights 6") {
  json road = json::object();
  for (int row = 1; row <= 12; ++row)
    road[sns::label({4, row - 1})] = {{"terrain", "clear"}, {"road", true}};
  Fixture l(field({unit("RL", "levies", "0510", 0), unit("BL", "levies", "1212", 3)}, road), {6});
  l.act(activate("RL"));
  CHECK(can_reach(l, "0507")); // three hexes north, all road
  CHECK_FALSE(can_reach(l, "0506"));
  CHECK_FALSE(can_reach(l, nb("0510", 1, 3))); // off the road: 2 only
  CHECK(can_reach(l, nb("0510", 1, 2)));
  Fixture k(field({unit("RK", "knights", "0510", 0), unit("BL", "levies", "1212", 3)}, road), {6});
  k.act(activate("RK"));
  CHECK(can_reach(k, "0504"));
  CHECK_FALSE(can_reach(k, "0503"));
}

TEST_CASE("D6 a move goes straight ahead; a pivot alone is a move to the own hex") {
  Fixture f(field({unit("RL", "levies", "0606", 0), unit("RZ", "levies", "0101", 3),
                   unit("BL", "levies", "1212", 3)}),
            {6});
  CHECK(f.refusal_rule(go("RL", "0605", 0)) == "D5"); // not activated yet
  f.act(activate("RL"));
  std::string bent = nb(nb("0606", 0), 1); // one north, then one north-east: not a straight line
  CHECK(f.refusal_rule(go("RL", bent, 1)) == "D6");
  f.act(go("RL", "0606", 4));
  CHECK(d3u(f, "RL").facing == 4);
  CHECK(d3u(f, "RL").moved);
  CHECK(f.at("RL") == "0606");
}

TEST_CASE("D6 woods, marsh and lake stop a move; a stream does not; towns only along a road") {
  json hexes = {{nb("0606", 0), {{"terrain", "woods"}}},
                {nb("0606", 1), {{"terrain", "marsh"}}},
                {nb("0606", 2), {{"terrain", "lake"}}},
                {nb("0606", 3), {{"terrain", "stream"}}},
                {nb("0606", 4), {{"terrain", "town"}}},
                {nb("0606", 5), {{"terrain", "town"}, {"road", true}}}};
  Fixture f(field({unit("RL", "levies", "0606", 0), unit("BL", "levies", "1212", 3)}, hexes), {6});
  f.act(activate("RL"));
  CHECK_FALSE(can_reach(f, nb("0606", 0)));
  CHECK_FALSE(can_reach(f, nb("0606", 1)));
  CHECK(f.refusal_rule(go("RL", nb("0606", 2), 2)) == "D6");
  CHECK(can_reach(f, nb("0606", 3, 2)));
  CHECK_FALSE(can_reach(f, nb("0606", 4)));
  CHECK_FALSE(can_reach(f, nb("0606", 5))); // a road in the town, but the unit is not on one
}

TEST_CASE("D6 rivers are crossed only at fords and bridges; stakes are never crossed") {
  std::string n = nb("0606", 0), s = nb("0606", 3), e = nb("0606", 2);
  json sides = {{{"between", {"0606", n}}, {"feature", "river"}},
                {{"between", {"0606", s}}, {"feature", "ford"}},
                {{"between", {"0606", e}}, {"feature", "stakes"}}};
  Fixture f(field({unit("RL", "levies", "0606", 0), unit("BL", "levies", "1212", 3)},
                  json::object(), sides),
            {6});
  f.act(activate("RL"));
  CHECK(f.refusal_rule(go("RL", n, 0)) == "D6");
  CHECK(can_reach(f, s));
  CHECK(f.refusal_rule(go("RL", e, 2)) == "D6");
}

TEST_CASE("D6 a unit never passes through another unit, friend or enemy") {
  Fixture f(field({unit("RL", "levies", "0606", 0), unit("RM", "men_at_arms", nb("0606", 0), 0),
                   unit("BL", "levies", "1212", 3)}),
            {6});
  f.act(activate("RL"));
  CHECK_FALSE(can_reach(f, nb("0606", 0)));
  CHECK_FALSE(can_reach(f, nb("0606", 0, 2)));
}

// --- D2, D3, D7, D8: contact and charges
// ----------------------------------------------------------

TEST_CASE("D7 a move stops next to an enemy and enters it only as a charge facing the enemy") {
  // Blue levies 3 hexes north of red knights: the knights stop in the hex next to them.
  std::string target = nb("0608", 0, 3);
  Fixture f(field({unit("RK", "knights", "0608", 0), unit("RZ", "levies", "0101", 3),
                   unit("BL", "levies", target, 3)}),
            {6});
  f.act(activate("RK"));
  std::string stop = nb("0608", 0, 2);
  CHECK(moves(f).count(stop + "/0") == 1);
  CHECK(moves(f).count(stop + "/1") == 0); // no pivot at the end of a charge
  CHECK(f.refusal_rule(go("RK", stop, 1)) == "D7");
  CHECK(f.refusal_rule(go("RK", target, 0)) == "D7"); // it stops before: never into the enemy
  f.act(go("RK", stop, 0));
  CHECK(d3u(f, "RK").charged);
  CHECK(d3_in_contact(f.setup, f.s, f.u("RK")));
  CHECK(f.has_event("charge", "D7"));
}

TEST_CASE("D7 a charge may not end next to a second enemy") {
  std::string stop = nb("0608", 0, 2);
  Fixture f(field({unit("RK", "knights", "0608", 0), unit("BL", "levies", nb(stop, 0), 3),
                   unit("BM", "men_at_arms", nb(stop, 2), 3)}),
            {6});
  f.act(activate("RK"));
  CHECK(f.refusal_rule(go("RK", stop, 0)) == "D7");
}

TEST_CASE("D3 contact: one enemy per side, and a river without a ford keeps units apart") {
  // BL faces south (3); RM already contacts its front from the south. RK may not charge into the
  // front through the south-west hexside (also front), but may charge the flank from the
  // north-west.
  std::string bl = "0606";
  std::string front_hex = nb(bl, 3);
  std::string other_front = nb(bl, 4);
  Fixture f(field({unit("RM", "men_at_arms", front_hex, 0),
                   unit("RK", "knights", nb(other_front, 4, 2), 1), unit("BL", "levies", bl, 3)}),
            {6});
  f.act(activate("RK"));
  CHECK(f.refusal_rule(go("RK", other_front, 1)) == "D3");
  // A river without a ford between two adjacent enemies: no contact, so the unit may activate.
  std::string n = nb("0606", 0);
  Fixture r(field({unit("RL", "levies", "0606", 0), unit("BL", "levies", n, 3)}, json::object(),
                  {{{"between", {"0606", n}}, {"feature", "river"}}}),
            {6});
  CHECK_FALSE(d3_in_contact(r.setup, r.s, r.u("RL")));
  r.act(activate("RL"));
  Fixture ford(field({unit("RL", "levies", "0606", 0), unit("BL", "levies", n, 3),
                      unit("RZ", "levies", "1212", 0), unit("BZ", "levies", "0112", 0)},
                     json::object(), {{{"between", {"0606", n}}, {"feature", "ford"}}}),
               {6});
  CHECK(d3_in_contact(ford.setup, ford.s, ford.u("RL")));
  CHECK(ford.refusal_rule(activate("RL")) == "D5");
}

TEST_CASE("D8 a unit contacted on its flank turns to face unless engaged in front (then +1)") {
  // BL faces north (0). RK charges it from the east-south-east (hexside 2: its right flank).
  std::string bl = "0606";
  std::string stop = nb(bl, 2);
  Fixture f(field({unit("RK", "knights", nb(stop, 2, 2), 5), unit("BL", "levies", bl, 0)}), {6});
  f.act(activate("RK"));
  f.act(go("RK", stop, 5));
  CHECK(d3u(f, "BL").facing == 2);
  CHECK(f.has_event("face", "D8"));
  CHECK_FALSE(f.has_event("turn", "D8")); // "turn" opens a player turn (the log's sections)
  // Engaged in front already (RM at hexside 0): BL stays and RK's attack has +1 for the flank.
  Fixture g(field({unit("RM", "men_at_arms", nb(bl, 0), 3),
                   unit("RK", "knights", nb(stop, 2, 2), 5), unit("BL", "levies", bl, 0)}),
            {6});
  g.act(activate("RK"));
  g.act(go("RK", stop, 5));
  CHECK(d3u(g, "BL").facing == 0);
  CHECK(g.has_event("flank", "D8"));
  until(g, "melee");
  HitsPreview p = hits(g, melee("RK", "BL"));
  CHECK(p.modifier == 2); // Knights +1, right flank +1
}

// --- D4, D5: sequence and activation
// ----------------------------------------------------------------

TEST_CASE("D5 activation needs 2+, then 3+, 4+, 5+, 6+; a failure ends the movement phase") {
  std::vector<json> units;
  for (int i = 0; i < 6; ++i)
    units.push_back(unit("R" + std::to_string(i), "levies", sns::label({1 + i, 1}), 3));
  units.push_back(unit("BL", "levies", "1212", 0));
  Fixture f(field(units), {2, 3, 4, 5, 6});
  for (int i = 0; i < 5; ++i) {
    CHECK(d3_activation_needed(f.s) == i + 2);
    f.act(activate("R" + std::to_string(i)));
    CHECK(f.s.d3().moving == f.u("R" + std::to_string(i)));
    f.act(go("R" + std::to_string(i), sns::label({1 + i, 1}), 3));
  }
  // Five units have moved: no sixth activation; the phase ended by itself (R25), and with nothing
  // to shoot or fight, so did red's turn.
  CHECK(f.s.d3().activations == 0);
  CHECK(f.s.active == 1);
  CHECK(f.has_event("auto", "R25"));
  Fixture g(field(units), {2, 2});
  g.act(activate("R0"));
  CHECK(g.refusal_rule(activate("R1")) == "D5"); // R0 must make its move first
  CHECK(g.refusal_rule(kEndPhase) == "D5");
  g.act(go("R0", sns::label({1, 1}), 3));
  CHECK(g.refusal_rule(activate("R0")) == "D5"); // once a phase
  g.act(activate("R1"));                         // needs 3, rolls 2
  CHECK(g.s.active == 1);                        // the phase, and so red's turn, ended
  CHECK(g.s.d3().moving == -1);
  CHECK(g.has_event("activate", "D5"));
}

TEST_CASE(
    "D4 player turns alternate; the game turn advances after the second; it ends at last_turn") {
  // No shooters and no contact: shooting and melee offer only their end (R25 takes it), so each
  // end_phase in movement hands the turn over.
  Fixture f(field({unit("RL", "levies", "0202", 3), unit("BL", "levies", "1111", 0)}));
  CHECK(f.s.turn == 1);
  CHECK(f.s.active == 0);
  CHECK(f.phase() == "movement");
  f.act(kEndPhase);
  CHECK(f.phase() == "movement");
  CHECK(f.s.active == 1);
  CHECK(f.s.turn == 1);
  CHECK(f.has_event("phase", "D13"));
  f.act(kEndPhase);
  CHECK(f.s.turn == 2);
  CHECK(f.s.active == 0);
  for (int i = 0; i < 4; ++i)
    f.act(kEndPhase);
  CHECK(f.s.game_over());
  CHECK(f.s.turn == 3); // last_turn 3: over after blue's third turn
  CHECK(f.s.winner == kDraw);
  CHECK(f.refusal_rule(kEndPhase) == "D4");
}

TEST_CASE("D4 at_end names the side that wins by holding to the end") {
  json doc = field({unit("RL", "levies", "0202", 3), unit("BL", "levies", "1111", 0)});
  doc["rules"]["last_turn"] = 1;
  doc["rules"]["at_end"] = "blue";
  Fixture f(doc);
  f.act(kEndPhase);
  f.act(kEndPhase);
  CHECK(f.s.winner == 1);
}

// --- D9, D10: shooting
// -------------------------------------------------------------------------------

TEST_CASE("D9 D1 shooting: ahead of the shooter, range 6 for longbows and 4 for crossbows") {
  Fixture f(field({unit("RB", "longbows", "0312", 0), unit("RX", "crossbows", "1012", 0),
                   unit("B6", "levies", "0306", 3), unit("B7", "levies", "0305", 3),
                   unit("BX4", "levies", "1008", 3), unit("BX5", "levies", "1007", 3),
                   unit("BR", "levies", nb(nb("0312", 1), 2), 3)}));
  f.act(kEndPhase);
  CHECK(f.phase() == "shooting");
  CHECK(f.count(ActionType::Shoot) == 2);
  CHECK(f.refusal_rule(shoot("RB", "B7")) == "D1");
  CHECK(f.refusal_rule(shoot("RB", "BR")) == "D2");
  CHECK(f.refusal_rule(shoot("RX", "BX5")) == "D1");
  f.act(shoot("RB", "B6"));
  CHECK(f.refusal_rule(shoot("RB", "B6")) == "D9"); // once
}

TEST_CASE("D9 woods, towns and units between block the line; units in combat cannot be shot") {
  Fixture f(field({unit("RB", "longbows", "0312", 0), unit("RL", "levies", "0310", 0),
                   unit("RX", "crossbows", "1012", 0), unit("B1", "levies", "0308", 3),
                   unit("B2", "levies", "1009", 3), unit("B3", "levies", "0811", 3)},
                  {{"1010", {{"terrain", "woods"}}}}));
  f.act(kEndPhase);
  CHECK(f.refusal_rule(shoot("RB", "B1")) == "D9"); // RL stands between
  CHECK(f.refusal_rule(shoot("RX", "B2")) == "D9"); // woods between
  // A shooter that moved or pivoted this turn may not shoot; nor one in contact.
  Fixture g(field({unit("RB", "longbows", "0312", 0), unit("RX", "crossbows", "1012", 0),
                   unit("B1", "levies", "0308", 3), unit("B2", "levies", "1011", 3)}),
            {6});
  g.act(activate("RB"));
  g.act(go("RB", "0312", 1));
  g.act(kEndPhase);
  CHECK(g.refusal_rule(shoot("RB", "B1")) == "D9");
  CHECK(g.refusal_rule(shoot("RX", "B2")) == "D9"); // RX is in contact with B2
}

TEST_CASE("D9 a target in contact with an enemy cannot be shot at") {
  Fixture f(field({unit("RB", "longbows", "0312", 0), unit("RM", "men_at_arms", "0305", 3),
                   unit("B1", "levies", "0306", 0), unit("B2", "levies", "0309", 3)}));
  // RM contacts B1: red's melee will be compulsory, but first the shooting phase.
  f.act(kEndPhase);
  CHECK(f.phase() == "shooting");
  CHECK(f.refusal_rule(shoot("RB", "B1")) == "D9");
  CHECK_FALSE(f.attempt(shoot("RB", "B2")));
}

TEST_CASE(
    "D10 shooting hits: Longbows D3, Crossbows D3+1, -1 at Men at Arms, -1 disordered, >= 0") {
  Fixture f(field({unit("RB", "longbows", "0312", 0), unit("RX", "crossbows", "1012", 0),
                   unit("B1", "levies", "0308", 3), unit("BM", "men_at_arms", "1009", 3)}),
            {6, 1});
  f.act(kEndPhase);
  HitsPreview lb = hits(f, shoot("RB", "B1"));
  CHECK(lb.modifier == 0);
  CHECK(lb.chance[1] == Approx(1.0 / 3));
  CHECK(lb.chance[2] == Approx(1.0 / 3));
  CHECK(lb.chance[3] == Approx(1.0 / 3));
  CHECK(lb.expected == Approx(2.0));
  HitsPreview xb = hits(f, shoot("RX", "BM"));
  CHECK(xb.modifier == 0); // +1 crossbow, -1 Men at Arms
  CHECK(xb.modifiers.size() == 2);
  f.act(shoot("RB", "B1")); // d6 6: D3 3
  CHECK(d3u(f, "B1").hits == 3);
  f.act(shoot("RX", "BM")); // d6 1: D3 1, +1 -1
  CHECK(d3u(f, "BM").hits == 1);
  // Disordered longbows at Men at Arms: D3 -2, never below 0.
  Fixture g(field({unit("RB", "longbows", "0312", 0), unit("BM", "men_at_arms", "0308", 3),
                   unit("B2", "levies", "1111", 3)}));
  g.s.d3().units[g.u("RB")].disordered = true;
  g.act(kEndPhase);
  HitsPreview p = hits(g, shoot("RB", "BM"));
  CHECK(p.modifier == -2);
  CHECK(p.chance[0] == Approx(4.0 / 6));
  CHECK(p.chance[1] == Approx(2.0 / 6));
}

// --- D11, D12: melee
// ---------------------------------------------------------------------------------

TEST_CASE("D11 melee is compulsory and only the active player's units inflict hits") {
  // RM touches BL and BM: two choices, so the phase waits for red; end_phase is refused.
  std::string rm = "0606";
  Fixture f(field({unit("RM", "men_at_arms", rm, 0), unit("BL", "levies", nb(rm, 0), 3),
                   unit("BM", "men_at_arms", nb(rm, 1), 4)}),
            {4});
  CHECK(f.phase() == "melee");
  CHECK(f.count(ActionType::Melee) == 2);
  CHECK(f.refusal_rule(kEndPhase) == "D11");
  CHECK(f.refusal_rule(melee("BL", "RM")) == "D11");
  f.act(melee("RM", "BL")); // d6 4: D3 2
  CHECK(d3u(f, "BL").hits == 2);
  CHECK(f.refusal_rule(melee("RM", "BM")) == "D11"); // fought already
}

TEST_CASE("D11 a charge into contact fights in the same turn") {
  std::string target = nb("0608", 0, 3);
  Fixture f(field({unit("RK", "knights", "0608", 0), unit("BL", "levies", target, 3),
                   unit("B2", "levies", "1212", 3)}),
            {6, 6, 6, 6});
  f.act(activate("RK"));
  f.act(go("RK", nb("0608", 0, 2), 0));
  // Red's turn runs on by itself; its only melee is taken at once (R25): d6 6, D3 3 + 1.
  CHECK(d3u(f, "BL").hits == 4);
}

TEST_CASE("D12 melee modifiers: type, Men at Arms, flank and rear, ford, stakes, disorder") {
  std::string c = "0606";
  // Knights at the rear of levies: D3 +1 +1.
  Fixture rear(
      field({unit("RK", "knights", nb(c, 3), 0), unit("BL", "levies", c, 0),
             unit("RX", "crossbows", "1212", 0), unit("B2", "levies", nb("1212", 0, 1), 3)}));
  CHECK(rear.phase() == "melee");
  CHECK(hits(rear, melee("RK", "BL")).modifier == 2);
  CHECK(hits(rear, melee("RX", "B2")).modifier == -1); // bowmen D3-1, front
  // Longbows against Men at Arms across stakes, disordered: -1 -1 -1 -1 = D3-4: always 0.
  Fixture st(field({unit("RB", "longbows", nb(c, 0), 3), unit("BM", "men_at_arms", c, 0),
                    unit("RL", "levies", "0111", 0), unit("B2", "levies", nb("0111", 0), 3)},
                   json::object(), {{{"between", {c, nb(c, 0)}}, {"feature", "stakes"}}}));
  st.s.d3().units[st.u("RB")].disordered = true;
  HitsPreview p = hits(st, melee("RB", "BM"));
  CHECK(p.modifier == -4);
  CHECK(p.chance[0] == Approx(1.0));
  CHECK(p.expected == Approx(0.0));
  // Across a ford: -1.
  Fixture fd(field({unit("RL", "levies", nb(c, 0), 3), unit("BL", "levies", c, 0),
                    unit("RK", "knights", "0111", 0), unit("B2", "levies", nb("0111", 0), 3)},
                   json::object(), {{{"between", {c, nb(c, 0)}}, {"feature", "ford"}}}));
  HitsPreview q = hits(fd, melee("RL", "BL"));
  CHECK(q.modifier == -1);
  CHECK(q.modifiers[0].rule == "D12");
}

TEST_CASE("D5 D12 hard's evaluation counts the hits a fight in contact still holds, until a side "
          "falls or time runs out") {
  // Units in contact are not activated (D5), so a fight goes on every melee phase. Knights meet
  // levies front to front: the knights inflict D3+1 (3 a game turn on average), the levies D3 (2).
  std::string c = "0606";
  json doc = field({unit("RK", "knights", nb(c, 3), 0), unit("BL", "levies", c, 3),
                    unit("RX", "crossbows", "1212", 0), unit("BX", "crossbows", "0101", 3)});
  auto gain = [](const Fixture &f) { // what the term adds to Red's judgement
    return evaluate_position(f.setup, f.s, 0, {.fights_ahead = true}) -
           evaluate_position(f.setup, f.s, 0);
  };
  Fixture f(doc);
  const Battle &b = f.b();
  const double knights = unit_worth(b, f.u("RK")), levies = unit_worth(b, f.u("BL"));
  // Three game turns left: the levies fall in three (9 hits), the knights take 2 a turn until then.
  CHECK(gain(f) == Approx(levies * 9 / 9 - knights * 6 / 9));
  // With six hits on the levies the fight ends after one turn: 3 hits for them, 2 for the knights.
  f.s.d3().units[f.u("BL")].hits = 6;
  CHECK(gain(f) == Approx(levies * 3 / 9 - knights * 2 / 9));
  // On the last turn one turn is left whatever the hits.
  f.s.d3().units[f.u("BL")].hits = 0;
  f.s.turn = 3;
  CHECK(gain(f) == Approx(levies * 3 / 9 - knights * 2 / 9));
  // Out of contact nothing is ahead.
  Fixture apart(field({unit("RK", "knights", nb(c, 3, 3), 0), unit("BL", "levies", c, 3),
                       unit("RX", "crossbows", "1212", 0), unit("BX", "crossbows", "0101", 3)}));
  CHECK(gain(apart) == 0);
  // A unit a battle special rule forbids to fight its enemy inflicts nothing: at D3 Morlaix the
  // French knights may not fight while the levies stand (the waves), nor the longbows before the
  // English men-at-arms (the honour). Knights against EB1's stakes take the longbows' D3-1-1
  // (bowmen, stakes: 1/3 a turn) for all 15 turns, since EB1 takes nothing back: 5 hits.
  Fixture mx(read_json("battles/morlaix-1342-d3.json"));
  mx.s.units[mx.u("FK1")].hex = mx.hex(nb("0605", 3));
  mx.s.d3().units[mx.u("FK1")].facing = 0;
  const int french = mx.b().side_index("french");
  CHECK(evaluate_position(mx.setup, mx.s, french, {.fights_ahead = true}) -
            evaluate_position(mx.setup, mx.s, french) ==
        Approx(-unit_worth(mx.b(), mx.u("FK1")) * 5 / 9));
  // S&S II holds no unit in a fight (retreats end it): the term changes nothing there.
  Setup ssii = setup_of(load_battle_file(source_path("battles/morlaix-1342.json")));
  GameState s = new_game(ssii, 1);
  CHECK(evaluate_position(ssii, s, 0, {.fights_ahead = true}) == evaluate_position(ssii, s, 0));
}

TEST_CASE("D7 D8 D12 hard's evaluation counts a charge that could join a fight next turn, at "
          "half weight") {
  // The fight of the test above (knights against levies front to front, three turns left), and
  // red levies two hexes behind the blue levies, free to charge them in the rear next turn: a
  // rear charge at a unit engaged in front earns D12's +1 (D8 turns only a unit free in front).
  std::string c = "0606";
  auto doc = [&](std::string helper) {
    return field({unit("RK", "knights", nb(c, 3), 0), unit("BL", "levies", c, 3),
                  unit("RX", "crossbows", "1212", 0), unit("BX", "crossbows", "0101", 3),
                  unit("RL", "levies", helper, 3)});
  };
  auto gain = [](const Fixture &f) {
    return evaluate_position(f.setup, f.s, 0, {.fights_ahead = true}) -
           evaluate_position(f.setup, f.s, 0);
  };
  Fixture f(doc(nb(c, 0, 2)));
  const double knights = unit_worth(f.b(), f.u("RK")), levies = unit_worth(f.b(), f.u("BL"));
  // The levies' D3+1 (3 a turn) joins the knights' 3 at half weight: 4.5 a turn, so the blue
  // levies fall in two turns and the knights take 2 hits a turn for two turns, not three.
  CHECK(gain(f) == Approx(levies * 9 / 9 - knights * 4 / 9));
  // Disordered units are not activated (D5, D13): nothing joins.
  f.s.d3().units[f.u("RL")].disordered = true;
  CHECK(gain(f) == Approx(levies * 9 / 9 - knights * 6 / 9));
  // A charge that joins no fight counts for nothing: with the knights away, no fight is ahead.
  Fixture apart(field({unit("RK", "knights", nb(c, 3, 3), 0), unit("BL", "levies", c, 3),
                       unit("RX", "crossbows", "1212", 0), unit("BX", "crossbows", "0101", 3),
                       unit("RL", "levies", nb(c, 0, 2), 3)}));
  CHECK(gain(apart) == 0);
  // Out of a charge's reach (a levy moves two hexes straight, D1), nothing joins either.
  Fixture far(doc(nb(c, 0, 4)));
  CHECK(gain(far) == Approx(levies * 9 / 9 - knights * 6 / 9));
}

TEST_CASE("D12 preview odds match a seeded simulation of the same melee") {
  std::string c = "0606";
  Fixture f(field({unit("RK", "knights", nb(c, 4), 1), unit("BM", "men_at_arms", c, 0),
                   unit("RL", "levies", "0111", 0), unit("B2", "levies", nb("0111", 0), 3)}));
  Action a = f.parse(melee("RK", "BM"));
  HitsPreview p = hits(f, melee("RK", "BM"));
  CHECK(p.modifier == 1); // +1 Knights, -1 Men at Arms, +1 left flank
  std::array<double, 8> seen{};
  const int trials = 6000;
  for (int i = 0; i < trials; ++i) {
    GameState copy = f.s;
    copy.rng = static_cast<uint64_t>(i) * 7919u;
    REQUIRE_FALSE(apply(f.setup, copy, a));
    seen[copy.d3().units[f.u("BM")].hits] += 1.0 / trials;
  }
  for (int n = 0; n < 8; ++n)
    CHECK(seen[n] == Approx(p.chance[n]).margin(0.02));
}

// --- D13: disorder and elimination --------------------------------------------------------------

TEST_CASE("D13 more than 8 hits eliminates; a side with no unit left loses at once") {
  std::string c = "0606";
  Fixture g(field({unit("RK", "knights", nb(c, 3), 0), unit("BL", "levies", c, 3),
                   unit("RX", "crossbows", "1212", 0), unit("B2", "levies", nb("1212", 0), 3)}),
            {1, 1});
  g.s.d3().units[g.u("BL")].hits = 8;
  g.act(melee("RK", "BL")); // d6 1: D3 1 + 1 = 2 hits, 10 in all; RX's melee follows (R25)
  CHECK(g.s.units[g.u("BL")].hex == kOffMap);
  CHECK(g.s.units[g.u("BL")].steps == 0);
  CHECK(g.has_event("eliminated", "D13"));
  CHECK_FALSE(g.s.game_over()); // blue still has B2
  CHECK(state_to_json(g.setup, g.s, nullptr, false)["units"][1]["hex"].is_null());
  Fixture h(field({unit("RK", "knights", nb(c, 3), 0), unit("BL", "levies", c, 3),
                   unit("RZ", "levies", "0101", 3)}),
            {6});
  h.s.d3().units[h.u("BL")].hits = 8;
  h.act(kEndPhase); // RK's melee is the only one (R25): 4 hits, 12 in all
  CHECK(h.s.game_over());
  CHECK(h.s.winner == 0);
  CHECK(h.s.end_reason == EndReason::SideEliminated);
}

TEST_CASE("D13 2D6 not above the hits taken this turn disorders, in order of unit id") {
  std::string c = "0606";
  // Two blue units fought by red: B10 and B9 (B10 rolls first, as text).
  Fixture f(field({unit("RK", "knights", nb(c, 3), 0), unit("B9", "levies", c, 0),
                   unit("RX", "knights", "1111", 0), unit("B10", "levies", nb("1111", 0), 3)}),
            {6, 6, 1, 1, 6, 6});
  f.act(melee("RK", "B9")); // 4 hits; RX's melee on B10 follows (R25): 4 hits
  // The disorder phase: B10 rolls 1 + 1 = 2 (disordered), B9 rolls 6 + 6 = 12 (steady).
  CHECK(d3u(f, "B10").disordered);
  CHECK_FALSE(d3u(f, "B9").disordered);
  CHECK(f.s.active == 1);
  CHECK(d3u(f, "B10").hits_this_turn == 0);
  CHECK(d3u(f, "B10").hits == 4);
}

TEST_CASE("D13 a disordered unit cannot move; disorder ends with its own next player turn") {
  Fixture f(field({unit("RB", "longbows", "0312", 0), unit("B1", "levies", "0308", 3),
                   unit("B2", "levies", "1111", 3)}),
            {6, 1, 1});
  f.act(kEndPhase);
  f.act(shoot("RB", "B1")); // 3 hits, then 2D6 = 2: disordered
  CHECK(f.s.active == 1);
  CHECK(d3u(f, "B1").disordered);
  CHECK(f.refusal_rule(activate("B1")) == "D13");
  f.act(kEndPhase); // blue's turn ends: the disorder with it
  CHECK(f.s.active == 0);
  CHECK_FALSE(d3u(f, "B1").disordered);
}

// --- battle special rules in D3 ------------------------------------------------------------------

TEST_CASE("D3 attack_waves and attack_precondition bind charges and melee by their rule id") {
  json doc =
      field({unit("BK", "knights", "0608", 0), unit("BL", "levies", "0101", 0),
             unit("RM", "men_at_arms", "0212", 0), unit("RB", "longbows", nb("0608", 0, 3), 3)});
  doc["rules"]["first_player"] = "blue";
  doc["sides"][1]["wings"] = {{{"id", "first"}, {"name", "First"}},
                              {{"id", "second"}, {"name", "Second"}}};
  doc["units"][0]["wing"] = "second";
  doc["units"][1]["wing"] = "first";
  doc["special"] = {{{"id", "waves"},
                     {"kind", "attack_waves"},
                     {"side", "blue"},
                     {"waves", {{"first"}, {"second"}}}},
                    {{"id", "honour"},
                     {"kind", "attack_precondition"},
                     {"side", "blue"},
                     {"attacker_types", {"knights"}},
                     {"target_types", {"longbows"}},
                     {"until_target_types", {"men_at_arms"}}}};
  Fixture f(doc, {6});
  f.act(activate("BK"));
  CHECK(f.refusal_rule(go("BK", nb("0608", 0, 2), 0)) == "waves");
  doc["units"][1]["wing"] = "second"; // no first wave left on the map
  doc["units"][1]["hex"] = "0101";
  doc["sides"][1]["wings"] = {{{"id", "first"}, {"name", "First"}},
                              {{"id", "second"}, {"name", "Second"}}};
  doc["special"][0]["waves"] = {{"first"}, {"second"}};
  Fixture g(doc, {6});
  g.act(activate("BK"));
  CHECK(g.refusal_rule(go("BK", nb("0608", 0, 2), 0)) == "honour");
}

TEST_CASE("D3 attack_precondition lifts once no unit of its until types is left (at Morlaix the "
          "knights charge the bows once the English men-at-arms are gone)") {
  json doc = read_json("battles/morlaix-1342-d3.json");
  Fixture f(doc, {6});
  auto status = [&] { return special_status(f.setup, f.s)[1].triggered; };
  CHECK_FALSE(status());
  f.s.units[f.u("EM")].steps = 0; // the English men-at-arms eliminated
  f.s.units[f.u("EM")].hex = kOffMap;
  CHECK(status());
}

TEST_CASE("D6 the ford battle's river is crossed only at its one ford") {
  // The river runs between rows 04 and 05; on flat-topped hexes that line zigzags, so the slanting
  // hexsides between an odd column's 05 and its neighbours' 04 are river too. Before they were
  // marked, a unit crossed anywhere on a slant and the app drew the river in dashes.
  auto b = load_battle_file(source_path("battles/d3-first-charge.json"));
  int fords = 0, open = 0;
  for (HexId h = 0; h < b->hex_count(); ++h)
    for (int d = 0; d < 6; ++d) {
      HexId n = b->adjacent[h][d];
      if (n == kOffMap || b->offset(h).row < 4 || b->offset(n).row > 3) continue; // 05+ to 04-
      HexsideFeature f = b->hexsides[h][d];
      fords += f == HexsideFeature::Ford;
      open += f != HexsideFeature::Ford && f != HexsideFeature::River;
    }
  CHECK(fords == 1);
  CHECK(open == 0);
}
