// D3 Medieval in the app's view logic, without a window (D5 activation, D6/D7 moves and end
// facings, D9 shots, D11 melee): what is lit and what clicks turn into, all from the engine.
#include "fixture.hpp"
#include "lesson_script.hpp"
#include "session.hpp"
#include "view.hpp"
#include "words.hpp"

#include <filesystem>

using namespace sns;
using namespace sns::test;
using namespace sns::app;
using json = nlohmann::json;

namespace {

// The teaching battle with only the listed units, each at a hex with a facing (D2).
json ford(const std::map<std::string, std::pair<std::string, int>> &at) {
  std::map<std::string, std::string> hexes;
  for (auto &[id, where] : at)
    hexes[id] = where.first;
  json b = place(read_json("battles/d3-first-charge.json"), hexes);
  for (auto &u : b["units"])
    u["facing"] = at.at(u["id"].get<std::string>()).second;
  return b;
}

std::vector<std::string> lit(const Fixture &f, const std::vector<uint16_t> &marks, uint16_t mark) {
  std::vector<std::string> out;
  for (HexId h = 0; h < f.b().hex_count(); ++h)
    if (marks[h] & mark) out.push_back(f.b().label(h));
  return out;
}

// Plays a click's action through the engine, as the session does.
void play(Fixture &f, const ClickOutcome &out) {
  REQUIRE(out.action);
  f.act(action_to_json(f.b(), *out.action));
}

} // namespace

TEST_CASE("D5 app: a click chooses a unit to activate; a unit in contact is refused with D5") {
  Fixture f(
      ford({{"RK", {"0507", 0}}, {"RL", {"0807", 0}}, {"BL", {"0503", 3}}, {"BM", {"0806", 3}}}),
      {4});
  Interaction view(f.setup, f.s);
  Selection sel;
  auto marks = view.marks(sel, false, false);
  CHECK(lit(f, marks, kMarkMovable) == std::vector<std::string>{"0507"}); // RL is in contact
  ClickOutcome blocked = view.click(sel, f.hex("0807"));
  CHECK_FALSE(blocked.action);
  CHECK(blocked.message.rfind("D5: ", 0) == 0);
  CHECK(sel.unit < 0);
  CHECK_FALSE(view.pending_action(sel));
  ClickOutcome chosen = view.click(sel, f.hex("0507"));
  CHECK_FALSE(chosen.action); // the roll is the panel's button
  CHECK(sel.unit == f.u("RK"));
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  CHECK(pending->type == ActionType::Activate);
  CHECK(pending->unit == f.u("RK"));
  CHECK(d3_activation_needed(f.s) == 2);
}

TEST_CASE("D6 app: the activated unit's lit hexes are the engine's; a hex, then the hex to face, "
          "plays that move") {
  Fixture f(ford({{"RK", {"0507", 0}}, {"BL", {"0103", 3}}}), {4});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  Interaction view(f.setup, f.s);
  Selection sel;
  auto marks = view.marks(sel, false, false);
  std::set<std::string> engine;
  for (const Action &a : f.legal())
    if (a.type == ActionType::Move) engine.insert(f.b().label(a.to));
  auto shown = lit(f, marks, kMarkDestination);
  CHECK(std::set<std::string>(shown.begin(), shown.end()) == engine);
  CHECK(view.d3_facings(f.u("RK"), f.hex("0505")).size() == 6);
  // A hex off the straight lines is explained by the engine, with its ruling.
  CHECK(view.explain(sel, f.hex("0605")).rfind("D6: ", 0) == 0);
  ClickOutcome to = view.click(sel, f.hex("0505"));
  CHECK_FALSE(to.action);
  CHECK(sel.to == f.hex("0505"));
  marks = view.marks(sel, false, false);
  CHECK(lit(f, marks, kMarkFacing).size() == 6); // every neighbour of 0505 is on the map
  ClickOutcome face = view.click(sel, f.hex("0605"));
  REQUIRE(face.action);
  CHECK(face.action->facing == f.b().direction(f.hex("0505"), f.hex("0605")));
  play(f, face);
  CHECK(f.at("RK") == "0505");
  CHECK(f.s.d3().units[f.u("RK")].facing == face.action->facing);
}

TEST_CASE("D7 app: a charge's hex is marked and one click charges, facing the enemy") {
  Fixture f(ford({{"RK", {"0507", 0}}, {"BL", {"0503", 5}}}), {4});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  Interaction view(f.setup, f.s);
  Selection sel;
  auto marks = view.marks(sel, false, false);
  CHECK(lit(f, marks, kMarkCharge) == std::vector<std::string>{"0504"});
  ClickOutcome charge = view.click(sel, f.hex("0504"));
  REQUIRE(charge.action);
  CHECK(charge.action->facing == 0);
  play(f, charge);
  CHECK(f.s.d3().units[f.u("BL")].facing == 3); // D8: turned to face the charge
}

TEST_CASE("D9 app: a bowman with one target picks it at once; a target not ahead is refused (D2)") {
  Fixture f(ford({{"RB", {"0607", 0}}, {"BX", {"0603", 3}}, {"BL", {"0908", 3}}}));
  f.act(kEndPhase); // movement: nobody activated
  REQUIRE(f.phase() == "shooting");
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0607"));
  CHECK(sel.unit == f.u("RB"));
  CHECK(sel.target == f.u("BX"));
  auto marks = view.marks(sel, false, false);
  CHECK(lit(f, marks, kMarkTarget) == std::vector<std::string>{"0603"});
  CHECK(view.explain(sel, f.hex("0908")).rfind("D2: ", 0) == 0); // behind the bowmen: not ahead
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  CHECK(pending->type == ActionType::Shoot);
  HitsPreview p;
  REQUIRE_FALSE(preview_hits(f.setup, f.s, *pending, p));
  CHECK(p.chance[1] == Approx(1.0 / 3));
}

TEST_CASE("D11 app: melee waits for the enemy when a unit touches two; an enemy first picks its "
          "one attacker") {
  Fixture f(ford({{"RK", {"0505", 0}}, {"BL", {"0504", 3}}, {"BM", {"0605", 4}}}));
  // Both Blue units stand in contact with the knights from the start: nothing can move or shoot,
  // so the sequencer has passed those phases by itself (R25).
  REQUIRE(f.phase() == "melee");
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0505"));
  CHECK(sel.unit == f.u("RK"));
  CHECK(sel.target < 0); // two enemies in contact: the player picks
  CHECK_FALSE(view.pending_action(sel));
  view.click(sel, f.hex("0605"));
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  CHECK(pending->type == ActionType::Melee);
  CHECK(pending->target == f.u("BM"));
  Selection enemy_first;
  view.click(enemy_first, f.hex("0504"));
  CHECK(enemy_first.target == f.u("BL"));
  CHECK(enemy_first.unit == f.u("RK"));
}

TEST_CASE("D3 app: the lesson script clicks a unit and presses the roll; a move clicks its hex "
          "and the hex it faces; a charge is one click") {
  Fixture f(ford({{"RK", {"0507", 0}}, {"BL", {"0503", 5}}}), {4});
  auto steps = steps_for_action(f.setup, f.s, f.parse({{"type", "activate"}, {"unit", "RK"}}));
  CHECK(steps == std::vector<std::string>{"click 0507", "press \"Activate: roll the D6 (Enter)\""});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  steps = steps_for_action(
      f.setup, f.s, f.parse({{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 1}}));
  CHECK(steps == std::vector<std::string>{"click 0505", "click 0604"});
  steps = steps_for_action(
      f.setup, f.s, f.parse({{"type", "move"}, {"unit", "RK"}, {"to", "0504"}, {"facing", 0}}));
  CHECK(steps == std::vector<std::string>{"click 0504"});
}

TEST_CASE("D5 D14 session: a D3 game played by clicks; practice take-backs roll fresh d6s") {
  auto dir = std::filesystem::temp_directory_path() / "sns-d3-session";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  Session s(SNS_SOURCE_DIR, dir.string());
  s.file().new_game(load_battle_file(source_path("battles/d3-first-charge.json")),
                    Options{.practice = true}, 7);
  const Battle &b = s.game().battle();
  auto hex = [&](const char *label) { return *b.parse_hex(label); };
  s.click(hex("0507"));
  auto roll = s.view().pending_action(s.selection());
  REQUIRE(roll);
  REQUIRE(s.play(*roll));
  // The die came from the seed; each take-back past it replaces it with a fresh d6 (D14).
  for (int i = 0; i < 12; ++i) {
    const Events &log = s.game().log();
    auto rolled = std::find_if(log.rbegin(), log.rend(),
                               [](const Event &e) { return e.kind == EventKind::Activate; });
    REQUIRE(rolled != log.rend());
    int face = rolled->roll;
    CHECK(face >= 1);
    CHECK(face <= 6);
    s.undo();
    s.click(hex("0507"));
    auto again = s.view().pending_action(s.selection());
    REQUIRE(again);
    REQUIRE(s.play(*again));
  }
  if (s.game().state().d3().moving == b.unit_index("RK")) { // the last roll let the knights move
    s.click(hex("0505"));
    s.click(hex("0504"));
    CHECK(b.label(s.game().state().units[b.unit_index("RK")].hex) == "0505");
    CHECK(s.game().state().d3().units[b.unit_index("RK")].facing == 0);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("D13 app: the die box shows both dice of a 2D6 disorder test, one die otherwise") {
  // The teaching battle's first turn with forced dice: RK activates on a 3 and moves, RL fails on
  // a 1 (the movement phase ends), RB shoots BX with a 6 (3 hits); the shooting and melee phases
  // end by themselves (R25) and BX rolls 4 + 3 for disorder (D13).
  Fixture f(read_json("battles/d3-first-charge.json"), {3, 1, 6, 4, 3});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  CHECK(last_roll_faces(f.ev, 0) == std::vector<int>{3});
  f.act({{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 0}});
  size_t before = f.ev.size();
  CHECK(last_roll_faces(f.ev, before).empty()); // nothing rolled since
  f.act({{"type", "activate"}, {"unit", "RL"}});
  CHECK(last_roll_faces(f.ev, before) == std::vector<int>{1});
  before = f.ev.size();
  f.act({{"type", "shoot"}, {"unit", "RB"}, {"target", "BX"}});
  REQUIRE(f.has_event("disorder", "D13"));
  CHECK(last_roll_faces(f.ev, before) == std::vector<int>{4, 3});
  // An S&S II roll is one d8 face.
  Events fire = {{EventKind::Fire, "9.2", "B1 fires at R1", 5, "no effect", {}}};
  CHECK(last_roll_faces(fire, 0) == std::vector<int>{5});
}

TEST_CASE(
    "D5 D10 D13 app: a roll's outcome in words, as the log says it, for the computer's line") {
  // The same forced dice: RK activates on a 3, RL fails on a 1, RB shoots BX with a 6, and BX
  // rolls 4 + 3 for disorder as the turn ends by itself.
  Fixture f(read_json("battles/d3-first-charge.json"), {3, 1, 6, 4, 3});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  CHECK(roll_words(f.ev, 0) == "RK activation: needs 2+, rolls 3: it moves");
  size_t before = f.ev.size();
  f.act({{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 0}});
  CHECK(roll_words(f.ev, before).empty()); // a move rolls nothing
  before = f.ev.size();
  f.act({{"type", "activate"}, {"unit", "RL"}});
  CHECK(roll_words(f.ev, before) ==
        "RL activation: needs 3+, rolls 1: failed, the movement phase ends");
  before = f.ev.size();
  f.act({{"type", "shoot"}, {"unit", "RB"}, {"target", "BX"}});
  // The shot, then the disorder test it led to as the turn ended by itself (its 2D6 said once).
  CHECK(roll_words(f.ev, before) == "RB shoots at BX: d6 6 (D3 3) = 3 hits. BX took 3 hits this "
                                    "turn and rolls 2D6 = 7: steady");
  Events fire = {{EventKind::Fire, "9.2", "B1 fires at R1", 5, "no effect", {}}};
  CHECK(roll_words(fire, 0) == "B1 fires at R1");
}

TEST_CASE("D10 app: a hinted shot is said with the chance of each number of hits") {
  // RK activates on a 3 and moves, RL fails on a 1: the shooting phase, RB's D3 shot at BX.
  Fixture f(read_json("battles/d3-first-charge.json"), {3, 1});
  f.act({{"type", "activate"}, {"unit", "RK"}});
  f.act({{"type", "move"}, {"unit", "RK"}, {"to", "0505"}, {"facing", 0}});
  f.act({{"type", "activate"}, {"unit", "RL"}});
  Action shot = f.parse({{"type", "shoot"}, {"unit", "RB"}, {"target", "BX"}});
  // A D3 without modifiers: 1, 2 or 3 hits, a third each.
  CHECK(odds_words(f.setup, f.s, shot) ==
        "Its odds: 1 hit 33.3%, 2 hits 33.3%, 3 hits 33.3% (2.00 hits on average).");
}

TEST_CASE("D3 counters print the unit's id, the name the log and lessons use; S&S II its type") {
  auto d3_file = load_battle_file(source_path("battles/d3-first-charge.json"));
  const Battle &d3 = *d3_file;
  CHECK(counter_label(d3, d3.unit_index("RK")) == "RK");
  CHECK(counter_label(d3, d3.unit_index("BL")) == "BL");
  CHECK(type_words(d3.units[d3.unit_index("RK")].type) == "Knights"); // the card names the type
  auto ss_file = load_battle_file(source_path("battles/first-clash.json"));
  const Battle &ss = *ss_file;
  int u = 0;
  CHECK(counter_label(ss, u) == std::string(name(ss.units[u].type)));
}
