// The app's view logic without a window: hex picking, what is lit, what clicks turn into (DESIGN.md
// "The app").
#include "fixture.hpp"
#include "script.hpp"
#include "search_words.hpp"
#include "view.hpp"
#include "words.hpp"

#include <fstream>
#include <set>
#include <sstream>

using namespace sns;
using namespace sns::test;
using namespace sns::app;
using json = nlohmann::json;

TEST_CASE("app: picking the centre of every hex finds that hex, and off-map points find none") {
  auto b = load_battle_file(source_path("battles/grunwald-1410.json"));
  Camera cam;
  cam.fit(*b, 250, 20, 990, 690);
  for (HexId h = 0; h < b->hex_count(); ++h) {
    PointF c = cam.centre(*b, h);
    CHECK(cam.pick(*b, c) == h);
    CHECK(cam.pick(*b, {c.x + cam.size * 0.5, c.y - cam.size * 0.3}) == h);
  }
  CHECK(cam.pick(*b, {cam.origin_x - 3 * cam.size, cam.origin_y - 3 * cam.size}) == kOffMap);
  // Zooming keeps the point under the cursor still.
  PointF c = cam.centre(*b, 100);
  cam.zoom_at(c, 1.7);
  CHECK(cam.pick(*b, c) == 100);
}

TEST_CASE(
    "app 5.0: choosing a unit lights exactly its legal destinations; a click on one moves it") {
  Fixture f(read_json("battles/first-clash.json"));
  f.command("host", {"move"});
  Interaction view(f.setup, f.s);
  Selection sel;
  HexId b2 = f.unit("B2").hex;
  ClickOutcome pick = view.click(sel, b2);
  CHECK_FALSE(pick.action);
  CHECK(sel.unit == f.u("B2"));
  auto marks = view.marks(sel, false, false);
  std::vector<std::string> lit;
  for (HexId h = 0; h < f.b().hex_count(); ++h)
    if (marks[h] & kMarkDestination) lit.push_back(f.b().label(h));
  CHECK(lit == f.destinations("B2"));
  ClickOutcome go = view.click(sel, f.hex(lit.front()));
  REQUIRE(go.action);
  CHECK(go.action->type == ActionType::Move);
  f.act(action_to_json(f.b(), *go.action));
  CHECK(f.at("B2") == lit.front());
}

TEST_CASE("app 5.2: hovering an illegal destination shows the engine's reason with its rule") {
  Fixture f("field.json", {{"AV1", "0304"}, {"BL1", "0306"}});
  f.command("aw", {"move"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0304"));
  CHECK(view.explain(sel, f.hex("0206")).rfind("5.2: ", 0) == 0);
  CHECK(view.explain(sel, f.hex("0205")).empty());
  CHECK(view.explain(sel, f.hex("0304")).empty()); // where it stands: no refusal to show
  ClickOutcome out = view.click(sel, f.hex("0206"));
  CHECK_FALSE(out.action);
  CHECK(out.message.rfind("5.2: ", 0) == 0);
}

TEST_CASE("app 7.2: pick a target, add attackers, and the attack the engine previews is built") {
  Fixture f("field.json",
            {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0304"}, {"AL1", "0305"}, {"AX", "0505"}});
  f.command("aw", {"combat"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0404"));
  CHECK(sel.target == f.u("BL1"));
  auto marks = view.marks(sel, false, false);
  CHECK((marks[f.hex("0403")] & kMarkAttacker));
  CHECK((marks[f.hex("0305")] & kMarkAttacker));
  CHECK_FALSE((marks[f.hex("0505")] & kMarkAttacker)); // AX's wing has no Combat command
  ClickOutcome refused = view.click(sel, f.hex("0505"));
  CHECK(refused.message.rfind("4.1: ", 0) == 0);
  view.click(sel, f.hex("0403"));
  view.click(sel, f.hex("0305"));
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  AttackPreview p;
  REQUIRE_FALSE(preview_attack(f.setup, f.s, *pending, p));
  CHECK(p.primary == f.u("AV1"));
  view.click(sel, f.hex("0305")); // a second click takes it out again
  CHECK(sel.attackers == std::vector<int>{f.u("AV1")});
}

TEST_CASE("app 7.5 9.2: a hinted attack or fire is said with its odds from the engine's preview") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AX", "0505"}});
  f.command("aw", {"combat"});
  Action attack_bl1 = f.parse(attack("BL1", {"AV1"}));
  AttackPreview p;
  REQUIRE_FALSE(preview_attack(f.setup, f.s, attack_bl1, p));
  std::string faces;
  for (const CrtCell &c : p.by_roll)
    faces += std::string(name(c.result)) + " ";
  // Three faces of eight eliminate a step, two push back, three do nothing.
  REQUIRE(faces == "DL DL DL DR DR NE NE NE ");
  CHECK(odds_words(f.setup, f.s, attack_bl1) == "Its odds: DL 37.5%, DR 25%, NE 37.5%.");
  // Anything else has no odds to give.
  CHECK(odds_words(f.setup, f.s, Action{.type = ActionType::EndPhase}).empty());

  Fixture g("field.json", {{"AI", "0104"}, {"BL1", "0504"}, {"AV1", "0108"}});
  g.command("aw", {"fire"});
  Action fire = g.parse({{"type", "fire"}, {"unit", "AI"}, {"target", "BL1"}});
  FirePreview fp;
  REQUIRE_FALSE(preview_fire(g.setup, g.s, fire, fp));
  REQUIRE(fp.needed == 5); // faces 5 to 8 of the d8 suppress
  CHECK(odds_words(g.setup, g.s, fire) == "Its odds: 50% to suppress (a roll of 5 or more).");
}

TEST_CASE("app 7.6: during a retreat the legal hexes are lit and a click retreats there") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}}, {4});
  f.command("aw", {"combat"});
  f.act(attack("BL1", {"AV1"}));
  Interaction view(f.setup, f.s);
  Selection sel;
  auto marks = view.marks(sel, false, false);
  std::vector<std::string> lit;
  for (HexId h = 0; h < f.b().hex_count(); ++h)
    if (marks[h] & kMarkRetreat) lit.push_back(f.b().label(h));
  CHECK(lit == std::vector<std::string>{"0305", "0405", "0505"});
  ClickOutcome out = view.click(sel, f.hex("0505"));
  REQUIRE(out.action);
  CHECK(out.action->type == ActionType::Retreat);
  CHECK(view.click(sel, f.hex("0304")).message.find("7.1") != std::string::npos);
}

TEST_CASE("app 9.1: a chosen firer lights its targets and its range comes from the engine") {
  Fixture f("field.json", {{"AI", "0104"}, {"BL1", "0504"}, {"BV1", "0604"}, {"AV1", "0108"}});
  f.command("aw", {"fire"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0104"));
  auto marks = view.marks(sel, false, true);
  CHECK((marks[f.hex("0504")] & kMarkTarget));
  CHECK_FALSE((marks[f.hex("0604")] & kMarkTarget));
  CHECK((marks[f.hex("0504")] & kMarkFireRange));
  CHECK_FALSE((marks[f.hex("0604")] & kMarkFireRange));
  view.click(sel, f.hex("0504"));
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  CHECK(pending->type == ActionType::Fire);
  // Target first: the only unit that can fire at it is picked with it; clicking that firer keeps
  // the target.
  Selection other;
  view.click(other, f.hex("0504"));
  CHECK(other.unit == f.u("AI"));
  view.click(other, f.hex("0104"));
  CHECK(other.unit == f.u("AI"));
  CHECK(other.target == f.u("BL1"));
}

TEST_CASE("app 9.1: in the Fire Phase the units that can fire are lit and the side's others not") {
  Fixture f("field.json", {{"AI", "0104"}, {"BL1", "0504"}, {"BV1", "0604"}, {"AV1", "0108"}});
  CHECK_FALSE(Interaction(f.setup, f.s).lights_acting_units()); // commands are no unit's
  f.command("aw", {"fire"});
  Interaction view(f.setup, f.s);
  CHECK(view.lights_acting_units()); // so the map dims AV1, which has nothing in range
  auto marks = view.marks(Selection{}, false, false);
  CHECK((marks[f.hex("0104")] & kMarkMovable));
  CHECK_FALSE((marks[f.hex("0108")] & kMarkMovable));
}

TEST_CASE("app 5.2: the zone-of-control toggle lights what the engine calls enemy zones") {
  Fixture f("line.json", {{"A1", "0101"}, {"B1", "0501"}});
  Interaction view(f.setup, f.s);
  auto marks = view.marks(Selection{}, true, false);
  for (HexId h = 0; h < f.b().hex_count(); ++h)
    CHECK(static_cast<bool>(marks[h] & kMarkEnemyZoc) == in_enemy_zoc(f.b(), f.s, h, 0));
  CHECK((marks[f.hex("0401")] & kMarkEnemyZoc));
}

TEST_CASE("app: the rules text has every section the app links to") {
  std::ifstream in(source_path("assets/rules.md"));
  std::stringstream text;
  text << in.rdbuf();
  auto sections = parse_rules_text(text.str());
  std::set<std::string> numbers;
  for (auto &s : sections) {
    numbers.insert(s.number);
    CHECK_FALSE(s.body.empty());
  }
  for (const char *n :
       {"1.0",  "2.0",  "2.1",  "2.2",  "2.3",  "2.4",  "2.5",  "2.6",  "3.0", "4.0", "4.1", "4.2",
        "4.3",  "4.4",  "5.0",  "5.1",  "5.2",  "5.3",  "5.4",  "5.5",  "5.6", "6.0", "7.0", "7.1",
        "7.2",  "7.3",  "7.4",  "7.5",  "7.6",  "7.7",  "7.8",  "8.0",  "9.0", "9.1", "9.2", "9.3",
        "10.0", "11.0", "12.0", "12.1", "12.2", "12.3", "13.0", "13.1", "13.2"})
    CHECK(numbers.count(n) == 1);
  for (int p = 0; p <= static_cast<int>(Phase::GameOver); ++p)
    CHECK(numbers.count(section_for_phase(static_cast<Phase>(p))) == 1);
}

TEST_CASE("app 7.2: when only one unit can attack the chosen target it is picked at once") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AV2", "0101"}});
  f.command("aw", {"combat"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0404"));
  CHECK(sel.target == f.u("BL1"));
  CHECK(sel.attackers == std::vector<int>{f.u("AV1")});
  REQUIRE(view.pending_action(sel)); // the preview shows without another click
  view.click(sel, f.hex("0403"));    // clicking the only attacker keeps it picked
  CHECK(sel.attackers == std::vector<int>{f.u("AV1")});
}

TEST_CASE("app 9.1: when only one unit can fire at the chosen target it is picked at once") {
  Fixture f("field.json", {{"AI", "0104"}, {"BL1", "0504"}, {"AV1", "0108"}});
  f.command("aw", {"fire"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0504"));
  CHECK(sel.target == f.u("BL1"));
  CHECK(sel.unit == f.u("AI"));
  auto pending = view.pending_action(sel);
  REQUIRE(pending);
  CHECK(pending->type == ActionType::Fire);
}

TEST_CASE("app: every rule tag the log and refusals carry opens a section of the rules window") {
  std::ifstream in(source_path("assets/rules.md"));
  std::stringstream text;
  text << in.rdbuf();
  auto sections = parse_rules_text(text.str());
  auto has = [&](const std::string &tag, const Battle &b) {
    std::string want = section_for_tag(tag);
    for (const RulesSection &s : sections)
      if (s.number == want) return true;
    for (const Special &sp : b.special) // the rules window lists the battle's own rules too
      if (sp.id == want) return true;
    return false;
  };
  for (int r = 1; r <= 26; ++r) {
    auto b = load_battle_file(source_path("battles/first-clash.json"));
    CHECK(has("R" + std::to_string(r), *b));
  }
  for (const char *battle : {"first-clash", "grunwald-1410", "morlaix-1342", "the-standard-1138"}) {
    auto b = load_battle_file(source_path(std::string("battles/") + battle + ".json"));
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      Game g(b, Options{}, seed);
      for (int step = 0; step < 400 && !g.state().game_over(); ++step) {
        auto legal = legal_actions(g.setup(), g.state());
        (void)g.play(legal[(seed * 7919 + step * 104729) % legal.size()]);
      }
      for (const Event &e : g.log()) {
        INFO(battle << " " << name(e.kind) << ": " << e.text);
        CHECK((e.rule.empty() || has(e.rule, *b)));
      }
    }
  }
}

TEST_CASE("app: actions, commands, phases and terrain are named in players' words, not file ids") {
  auto b = load_battle_file(source_path("battles/first-clash.json"));
  Action a{.type = ActionType::Command};
  a.orders.push_back({static_cast<int16_t>(b->wing_index("host")), {}});
  a.orders[0].commands.push_back(Command::Move);
  a.orders[0].commands.push_back(Command::ShieldWall);
  CHECK(action_words(*b, a) == "command Rebel Host: Move, Shield Wall");
  CHECK(phase_words(Phase::SecondMove) == "Second Move");
  CHECK(terrain_words("high_ground") == "High ground");
  Action pass{.type = ActionType::Initiative};
  CHECK(action_words(*b, pass) == "pass the turn");
  CHECK(button_words(*b, pass) == "Pass the turn"); // a button starts with a capital
  CHECK(sentence_words("the last turn is played: a draw") == "The last turn is played: a draw");
  CHECK(sentence_words("").empty());
}

TEST_CASE("the computer's reasons read as a player's words; the search's account is for Explain") {
  Suggestion only{};
  CHECK(suggestion_words(Level::Hard, only) == "It is the only move the rules allow here.");
  Suggestion drawn{};
  drawn.basis = SuggestionBasis::Random; // a random pick scores nothing, yet it had a choice
  CHECK(suggestion_words(Level::Random, drawn) == "Chosen at random among the legal moves.");
  Suggestion searched{};
  searched.basis = SuggestionBasis::Search;
  searched.iterations = 53;
  searched.value = 0.514;
  std::string words = suggestion_words(Level::Normal, searched);
  CHECK(words.find("53 short games") != std::string::npos);
  CHECK(words.find("about 51% of a win") != std::string::npos);
  CHECK(words.find("playouts") == std::string::npos);
  CHECK(words.find("Explain mode") == std::string::npos); // the panel says that, when it is off
  searched.basis = SuggestionBasis::OnePlyPosition;
  searched.value = 7.5; // greedy's points are not a share
  CHECK(suggestion_words(Level::Greedy, searched).find("one move ahead") != std::string::npos);
}

TEST_CASE("7.7 a hinted or asked Combat mode says to choose it; the search's account names wings "
          "and commands in players' words") {
  auto b = load_battle_file(source_path("battles/first-clash.json"));
  Action pitched{.type = ActionType::CombatMode, .mode = CombatMode::Pitched};
  CHECK(advice_words(*b, pitched) == "choose the Pitched Combat Phase"); // was "Hint: Pitched ..."
  CHECK(button_words(*b, pitched) == "Pitched Combat Phase"); // a button sits under its question
  Action two{.type = ActionType::CombatMode, .mode = CombatMode::TwoPhases};
  CHECK(advice_words(*b, two) == "choose two Combat Phases");
  Action pass{.type = ActionType::Initiative};
  CHECK(advice_words(*b, pass) == action_words(*b, pass));

  Suggestion s{};
  s.action = Action{.type = ActionType::Command};
  s.action.orders.push_back({static_cast<int16_t>(b->wing_index("host")), {}});
  s.action.orders[0].commands.push_back(Command::Fire);
  s.action.orders[0].commands.push_back(Command::ShieldWall);
  s.basis = SuggestionBasis::Random;
  s.account = {{AccountTerm::LegalActions, 6}};
  CHECK(suggestion_why(*b, s) == "command host: fire shield_wall: drawn at random among 6 legal "
                                 "actions"); // the command line's ids
  CHECK(account_words(*b, s) ==
        "command Rebel Host: Fire, Shield Wall: drawn at random among 6 legal actions");
}

namespace {

Suggestion searched_suggestion(double one_move_ahead) {
  Suggestion s{};
  s.action = Action{.type = ActionType::EndPhase};
  s.basis = SuggestionBasis::Search;
  s.account = {{AccountTerm::Candidates, 6},
               {AccountTerm::WinShare, 0.514},
               {AccountTerm::WinShareError, 0.031},
               {AccountTerm::Playouts, 40},
               {AccountTerm::HorizonTurns, 1},
               {AccountTerm::Worlds, 8},
               {AccountTerm::OnePlyGain, one_move_ahead}};
  return s;
}

} // namespace

TEST_CASE("the search's account: the command line's words from the search's numbers, every term "
          "kept; Explain drops terms of +/-0.00 (issue 32); D3 turns are Game turns") {
  auto ssii = load_battle_file(source_path("battles/first-clash.json"));
  Suggestion s = searched_suggestion(1.237);
  CHECK(suggestion_why(*ssii, s) ==
        "end the phase: the best of 6 candidates, 0.51 of a win on average (+/- 0.03) over 40 "
        "playouts to the end of the next Player Turn, in 8 guesses at the hidden reverses; one "
        "move ahead +1.24 points");
  Suggestion flat = searched_suggestion(-0.004); // shows as -0.00
  CHECK(suggestion_why(*ssii, flat).ends_with("; one move ahead -0.00 points"));
  CHECK(account_words(*ssii, flat).ends_with("in 8 guesses at the hidden reverses"));
  CHECK(account_words(*ssii, s).ends_with("; one move ahead +1.24 points"));
  Suggestion agreed = searched_suggestion(1.237); // the playouts agreed: an error of 0.00
  agreed.account[2].value = 0.004;
  CHECK(suggestion_why(*ssii, agreed).find("(+/- 0.00)") != std::string::npos);
  CHECK(account_words(*ssii, agreed).find("of a win on average over 40 playouts") !=
        std::string::npos);

  Suggestion greedy{};
  greedy.basis = SuggestionBasis::OnePlyDice;
  greedy.account = {{AccountTerm::OnePlyGain, 0.001}};
  CHECK(search_reason(*ssii, greedy) ==
        "best one-ply choice, expected over the die's faces +0.00 points (steps, VP, objectives)");
  CHECK(search_reason(*ssii, greedy, true) == "best one-ply choice, expected over the die's faces");

  auto d3 = load_battle_file(source_path("battles/d3-first-charge.json"));
  std::string why = suggestion_why(*d3, s);
  CHECK(why.find("to the end of the next Game turn") != std::string::npos);
  CHECK(why.find("Player Turn") == std::string::npos);
  CHECK(why.find("hidden reverses") == std::string::npos); // D3 units have no reverse to hide
}

TEST_CASE("app: Explain's last roll is this Player Turn's, or the last action's when it ended the "
          "turn; a roll of the turn before is not said again over the next player's orders") {
  Events log = {{EventKind::Turn, "3.0", "Player Turn 2: Royal Army"},
                {EventKind::Attack, "7.5", "Attack: R1 on B5", 4, "DR*", {}},
                {EventKind::Phase, "13.0", "Royal Army checks for victory"},
                {EventKind::Turn, "3.0", "Player Turn 3: Rebel Host"}};
  // The pass that began Player Turn 3 logged entries 2 and 3; the attack was an earlier action.
  CHECK(last_roll_entry(log, 2) == -1);
  // A command in the new turn, no roll yet: still nothing.
  log.push_back({EventKind::Command, "4.0", "Rebel Host commands Host: Move"});
  CHECK(last_roll_entry(log, 4) == -1);
  // D3: the action that ends the melee phase rolls disorder, then the next turn begins.
  Events d3 = {
      {EventKind::Turn, "D4", "Turn 1: Red; movement phase"},
      {EventKind::Melee, "D11", "RK fights BL", 4, "", {}},
      {EventKind::Phase, "D13", "disorder and elimination phase"},
      {EventKind::Disorder, "D13", "BL took 3 hits this turn and rolls 2D6 = 6", 6, "", {}},
      {EventKind::Turn, "D4", "Turn 1: Blue; movement phase"}};
  CHECK(last_roll_entry(d3, 2) == 3);             // the disorder roll, made by the last action
  CHECK(earlier_turn_of(d3, 3) == "Turn 1: Red"); // ... said with its turn over Blue's orders
  d3.push_back({EventKind::Face, "D6", "BX pivots to face north (0)"}); // Blue's first action
  CHECK(last_roll_entry(d3, 5) == -1); // Red's rolls are now the turn before's
  Events within = {{EventKind::Turn, "3.0", "Player Turn 2"},
                   {EventKind::Fire, "9.0", "R4 fires", 7, "", {}}};
  CHECK(last_roll_entry(within, 1) == 1);
  CHECK(earlier_turn_of(within, 1).empty()); // this turn's roll: said plainly
}

TEST_CASE("app 7.5: Explain's last roll says where an attack's roll lands on the CRT, without the "
          "log's sentence said over again") {
  auto b = load_battle_file(source_path("battles/first-clash.json"));
  Event attack{EventKind::Attack,
               "7.5",
               "Attack: R1 (Primary) on B5, CC A, DRM -1 [...], rolled 4 -> column 3: DR*",
               4,
               "DR*",
               {},
               1,
               3};
  CHECK(narrate_roll(*b, attack) ==
        "Rolled 4: with the DRM that reads column 3 of row A on the Combat Results Table: DR*.");
  Event activation{
      EventKind::Activate, "D5", "RB activation: needs 3+, rolls 2: failed", 2, "", {}};
  CHECK(narrate_roll(*b, activation) == activation.text); // its sentence is the whole story
}

TEST_CASE("app: a hex's tooltip opens where it fits on the map, so it never covers the Orders "
          "panel beside the map") {
  // A map 100..900 across, 20..620 down; the Orders panel is right of x = 900. A unit's card is
  // about 340 x 150.
  TooltipPlace right_low = tooltip_place(880, 600, 100, 20, 800, 600, 340, 150);
  CHECK(right_low.pivot_x == 1.0f); // its right edge at the pointer: it extends left
  CHECK(right_low.pivot_y == 1.0f); // and up
  CHECK(right_low.x < 880);
  TooltipPlace left_high = tooltip_place(120, 40, 100, 20, 800, 600, 340, 150);
  CHECK(left_high.pivot_x == 0.0f);
  CHECK(left_high.pivot_y == 0.0f);
  CHECK(left_high.x > 120);
  CHECK(left_high.y > 40);
  // Just left of the middle, a wide card would run over the panel: it opens to the left.
  CHECK(tooltip_place(600, 300, 100, 20, 800, 600, 340, 150).pivot_x == 1.0f);
  // A short line fits to the right there.
  CHECK(tooltip_place(600, 300, 100, 20, 800, 600, 200, 40).pivot_x == 0.0f);
  // Wider than the room on either side, left of the middle: it opens right, where there is more
  // room, instead of running off the window's left edge.
  CHECK(tooltip_place(300, 300, 100, 20, 800, 600, 650, 40).pivot_x == 0.0f);
  CHECK(tooltip_place(700, 300, 100, 20, 800, 600, 650, 40).pivot_x == 1.0f);
}

TEST_CASE("app 2.2: an S&S II counter shows its type code, a D3 counter its unit's id") {
  auto ssii = load_battle_file(source_path("battles/first-clash.json"));
  const std::set<std::string> codes{"V", "L", "I", "HH", "LH"};
  for (int u = 0; u < static_cast<int>(ssii->units.size()); ++u) {
    CHECK(codes.count(counter_label(*ssii, u)) == 1);
    CHECK(counter_label(*ssii, u) == std::string(name(ssii->units[u].type)));
  }
  CHECK(counter_label(*ssii, ssii->unit_index("B2")) == "HH"); // Rebel Knights
  auto d3 = load_battle_file(source_path("battles/d3-first-charge.json"));
  CHECK(counter_label(*d3, d3->unit_index("RK")) == "RK");
  CHECK(counter_label(*d3, d3->unit_index("BX")) == "BX");
}

TEST_CASE("app 2.2: units the hint, the computer or the log name by id are tagged on the map") {
  // An attack names its target and every attacker, each once; a move its unit; an end of phase
  // none.
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"AX", "0505"}});
  Action a = f.parse(attack("BL1", {"AV1"}));
  CHECK(action_units(a) == std::vector<int>{f.u("BL1"), f.u("AV1")});
  CHECK(action_units(Action{.type = ActionType::Move, .unit = f.u("AX")}) ==
        std::vector<int>{f.u("AX")});
  CHECK(action_units(Action{.type = ActionType::EndPhase}).empty());
  // S&S II counters print no id: each unit on the map named (twice here) is tagged once; one
  // off the map (eliminated) is not.
  f.s.units[f.u("AV1")].hex = kOffMap;
  CHECK(units_to_tag(f.b(), f.s, {f.u("BL1"), f.u("AV1"), f.u("BL1")}) ==
        std::vector<int>{f.u("BL1")});
  // A D3 counter prints its id (counter_label): nothing to tag.
  Setup d3{load_battle_file(source_path("battles/d3-first-charge.json"))};
  GameState s = new_game(d3, 1);
  CHECK(units_to_tag(*d3.battle, s, {d3.battle->unit_index("RK")}).empty());
}

TEST_CASE("app: each wing of a battle has its own letter on its counters") {
  auto letters = [](const std::string &battle) {
    auto b = load_battle_file(source_path("battles/" + battle));
    std::string t;
    for (int w = 0; w < static_cast<int>(b->wings.size()); ++w)
      t += wing_letter(*b, w);
    return t;
  };
  // Lincoln's wings: Ranulf of Chester, The Disinherited, Robert of Gloucester, The Welsh, King
  // Stephen (on foot), The Earls' horse, William of Ypres; by their first letters R T R T K T W.
  CHECK(letters("lincoln-1141.json") == "RDGWKEY");
  // Battles whose wings' first letters differ keep them.
  CHECK(letters("first-clash.json") == "VHR");
  CHECK(letters("grunwald-1410.json") == "WGDRPL");
  for (const char *battle : {"lincoln-1141.json", "the-standard-1138.json", "morlaix-1342.json",
                             "first-clash.json", "grunwald-1410.json"}) {
    std::string t = letters(battle);
    CHECK(std::set<char>(t.begin(), t.end()).size() == t.size());
  }
}

TEST_CASE("app: counts agree in number: one of each action type is singular, two are plural") {
  for (int t = 0; t <= static_cast<int>(ActionType::Melee); ++t) {
    auto type = static_cast<ActionType>(t);
    const ActionTypeInfo &noun = action_type_info(type);
    INFO("action type " << t << ": " << noun.one << " / " << noun.many);
    CHECK(std::string(noun.one) != noun.many);
    CHECK(action_count_words(type, 1) == "1 " + std::string(noun.one));
    CHECK(action_count_words(type, 2) == "2 " + std::string(noun.many));
  }
  CHECK(action_count_words(ActionType::Shoot, 1) == "1 shot");
  CHECK(action_count_words(ActionType::Move, 2) == "2 moves");
  CHECK(action_count_words(ActionType::Retreat, 1) == "1 retreat hex");
  CHECK(counted(1, "hit", "hits") == "1 hit");
  CHECK(counted(0, "hit", "hits") == "0 hits");
  // The teaching battle's Move Phase: the host's moves and the one way to end the phase.
  Fixture f(read_json("battles/first-clash.json"));
  f.command("host", {"move"});
  auto legal = legal_actions(f.setup, f.s);
  auto counts = action_counts(legal);
  REQUIRE(counts.size() == 2);
  CHECK(counts[0] == std::pair{ActionType::Move, static_cast<int>(legal.size()) - 1});
  CHECK(counts[1] == std::pair{ActionType::EndPhase, 1});
  CHECK(action_count_words(counts[1].first, counts[1].second) == "1 way to end the phase");
}

TEST_CASE("the phase banner is brief and fades: full at first, gone after 1.2 s") {
  CHECK(banner_alpha(0.0) == 1.0f);
  CHECK(banner_alpha(0.6) == 1.0f);
  CHECK(banner_alpha(0.95) == Approx(0.5f));
  CHECK(banner_alpha(1.2) == 0.0f);
  CHECK(banner_alpha(1.5) == 0.0f);
  CHECK(banner_alpha(2.0) == 0.0f);
}

TEST_CASE("the lesson and explain boxes take the height their text needs, the lesson's first") {
  // An Orders panel with 700 px of room; a box keeps at least 60 px (a few lines).
  const float room = 700, least = 60, boxes = room * (1 - kDecisionShare);
  // Both fit: each gets exactly what it needs (no scrolling, no empty space).
  LearningBoxes fit = learning_boxes(260, 130, room, least);
  CHECK(fit.lesson == 260);
  CHECK(fit.explain == 130);
  // A long step: the lesson is whole, Explain mode scrolls in what is left, the decision keeps its
  // share.
  LearningBoxes long_step = learning_boxes(400, 200, room, least);
  CHECK(long_step.lesson == 400);
  CHECK(long_step.explain == Approx(boxes - 400));
  CHECK(long_step.lesson + long_step.explain <= boxes + 0.01f);
  // Too long for the room: the lesson scrolls too, and Explain mode keeps a few lines.
  LearningBoxes too_long = learning_boxes(900, 200, room, least);
  CHECK(too_long.lesson == Approx(boxes - least));
  CHECK(too_long.explain == least);
  // No lesson (explain mode alone), or explain mode off.
  CHECK(learning_boxes(0, 150, room, least).lesson == 0);
  CHECK(learning_boxes(0, 150, room, least).explain == 150);
  CHECK(learning_boxes(300, 0, room, least).lesson == 300);
  CHECK(learning_boxes(300, 0, room, least).explain == 0);
}

TEST_CASE("the phase banner covers the turn strip in the band kept above the fitted map") {
  // A 900x700 map area from (300, 40); banner text 120 x 22 (a phase), the strip 400 wide.
  const float band = top_band_height(1.0f);
  BannerBox box = banner_box(300, 900, 40, 120, 22, 400);
  CHECK(box.y0 >= 40);                 // inside the map area's top band
  CHECK(box.y1 <= 40 + band);          // never below it, where the top row of counters is
  CHECK((box.x0 + box.x1) / 2 == 750); // centred on the map, as the strip is
  CHECK(box.x1 - box.x0 >= 400);       // the whole strip hidden, never half of it
  BannerBox wide = banner_box(300, 900, 40, 600, 22, 400);
  CHECK(wide.x1 - wide.x0 >= 600); // a new turn's longer text fits
  CHECK(wide.y1 <= 40 + band);
}

TEST_CASE("the result screen stands below the top band, centred where the map has room") {
  const float band = top_band_height(1.0f);
  // A tall map (900 high from y 40): the box, 200 high down to its buttons, is centred.
  CHECK(result_box_top(40, 900, 200, 1.0f) == Approx(40 + 450 - 100));
  // A replay at 1024x600 leaves the map 220 high: centred, the box rose over the band, whose strip
  // (drawn over every window) covered its title; it starts below the band, clear of the banner.
  const float top = result_box_top(250, 220, 200, 1.0f);
  CHECK(top == Approx(250 + band));
  CHECK(banner_box(250, 415, 250, 400, 22, 420).y1 <= top);
}

TEST_CASE(
    "the turn strip and the banner shrink to a narrow map instead of running over the panels") {
  // At 1024x600 a replay's map is about 415 px wide; the strip's line at 17 px was 445 px wide.
  CHECK(fitted_font_size(17, 445, 375) == Approx(17.0f * 375 / 445));
  CHECK(fitted_font_size(17, 445, 375) * 445 / 17 <= 375.01f); // the line fits its room
  CHECK(fitted_font_size(17, 300, 375) == 17);                 // room to spare: as it was
  CHECK(fitted_font_size(22, 500, -10) == 0);                  // no room at all: nothing drawn
}

TEST_CASE("the report's path breaks after a '/', never inside a folder's or file's name") {
  auto chars = [](const std::string &s) { return static_cast<float>(s.size()); };
  const std::string path =
      "/root/.local/share/shields-swords/reports/first-clash-20261206/report.md";
  auto lines = path_lines(path, 30, chars);
  CHECK(lines == std::vector<std::string>{"/root/.local/share/", "shields-swords/reports/",
                                          "first-clash-20261206/report.md"});
  std::string whole;
  for (const std::string &l : lines) {
    whole += l;
    CHECK((l.back() == '/' || l == lines.back()));
  }
  CHECK(whole == path);                                                  // nothing lost or added
  CHECK(path_lines(path, 500, chars) == std::vector<std::string>{path}); // room for all: one line
  // A name wider than the room stands alone rather than being cut.
  CHECK(path_lines("/a/very-long-folder-name/b", 8, chars) ==
        std::vector<std::string>{"/a/", "very-long-folder-name/", "b"});
  CHECK(path_lines("", 10, chars).empty());
}

TEST_CASE("the fitted map starts below the top band: no counter on row 01 under the banner") {
  auto battle = load_battle_file(source_path("battles/first-clash.json"));
  const Battle &b = *battle;
  Camera cam;
  const float band = top_band_height(1.0f);
  fit_below_top_band(cam, b, 300, 40, 670, 590, 1.0f);
  double top = 1e9, bottom = -1e9;
  for (HexId h = 0; h < b.hex_count(); ++h) {
    // A hex reaches sqrt(3)/2 of its radius up and down (flat-topped); a counter, 1.35 radii wide,
    // stays inside it.
    top = std::min(top, cam.centre(b, h).y - cam.size * 0.866);
    bottom = std::max(bottom, cam.centre(b, h).y + cam.size * 0.866);
  }
  CHECK(top >= 40 + band - 0.01);
  CHECK(bottom <= 40 + 590);
  CHECK(banner_box(300, 670, 40, 300, 22, 420).y1 <= top);
}

// The sheet's paper (at size 1: the hexes' corners' extent) around the fitted hexes, with its
// shadow: where it is drawn on screen.
namespace {
struct SheetBox {
  double left, top, right, bottom;
};
SheetBox fitted_sheet(const Battle &b, const Camera &cam) {
  SheetBox box{1e9, 1e9, -1e9, -1e9};
  for (HexId h = 0; h < b.hex_count(); ++h)
    for (PointF c : hex_corners(Hex{0, 0}, cam.size)) {
      PointF at = cam.centre(b, h);
      box.left = std::min(box.left, at.x + c.x), box.right = std::max(box.right, at.x + c.x);
      box.top = std::min(box.top, at.y + c.y), box.bottom = std::max(box.bottom, at.y + c.y);
    }
  double m = sheet_margin(cam.size);
  return {box.left - m, box.top - m, box.right + m + kSheetShadowPx,
          box.bottom + m + kSheetShadowPx};
}
} // namespace

TEST_CASE("the fitted map's sheet, its frame and shadow stay in the map area, above the log") {
  // Grunwald at 1920x1080 put the paper's lower edge under the Log panel: the map looked cut.
  auto battle = load_battle_file(source_path("battles/grunwald-1410.json"));
  const Battle &b = *battle;
  Camera cam;
  const double x = 250, y = 40, w = 1300, h = 850;
  fit_below_top_band(cam, b, x, y, w, h, 1.0f);
  SheetBox sheet = fitted_sheet(b, cam);
  CHECK(sheet.bottom <= y + h + 0.01);
  CHECK(sheet.left >= x - 0.01);
  CHECK(sheet.right <= x + w + 0.01);
  // One way or the other the sheet fills the area: no smaller than it must be.
  bool fills_height =
      sheet.bottom - (sheet.top + sheet_margin(cam.size)) >= h - top_band_height(1.0f) - 0.01;
  CHECK((fills_height || sheet.right - sheet.left >= w - 0.01));
  CHECK(sheet.top + sheet_margin(cam.size) >= y + top_band_height(1.0f) - 0.01); // hexes below
  CHECK(std::abs((sheet.left - x) - (x + w - sheet.right)) < 1.0);               // centred
}

TEST_CASE("a map fitted by its width is centred below the top band, never under it") {
  auto battle = load_battle_file(source_path("battles/grunwald-1410.json"));
  const Battle &b = *battle;
  Camera cam;
  const float band = top_band_height(1.0f);
  // Grunwald in a map area narrower than its height allows (a narrow window with the panels).
  fit_below_top_band(cam, b, 250, 20, 560, 560, 1.0f);
  double top = 1e9, bottom = -1e9, left = 1e9, right = -1e9;
  for (HexId h = 0; h < b.hex_count(); ++h)
    for (PointF c : hex_corners(Hex{0, 0}, cam.size)) {
      PointF at = cam.centre(b, h);
      top = std::min(top, at.y + c.y), bottom = std::max(bottom, at.y + c.y);
      left = std::min(left, at.x + c.x), right = std::max(right, at.x + c.x);
    }
  SheetBox sheet = fitted_sheet(b, cam);
  CHECK(sheet.right - sheet.left == Approx(560).margin(0.01)); // the width binds
  CHECK(bottom - top < 560 - band - 4); // so there is room to spare below the band
  CHECK(top >= 20 + band - 0.01);
  CHECK(sheet.top >= 20 + band - 0.01);
  CHECK(sheet.bottom <= 20 + 560);
  CHECK(std::abs((sheet.top - (20 + band)) - (20 + 560 - sheet.bottom)) < 1.0); // split evenly
}

TEST_CASE("app: panel text breaks only at spaces, so a number such as 2.00 stays on one line") {
  auto chars = [](std::string_view s) { return static_cast<float>(s.size()); }; // one unit a char
  // ImGui alone would end the first line after "(2." at this width.
  CHECK(break_at_spaces("Its odds: 1 hit 33.3% (2.00 hits on average).", 25, chars) ==
        "Its odds: 1 hit 33.3%\n(2.00 hits on average).");
  CHECK(break_at_spaces("one-ply -0.22 points", 12, chars) == "one-ply\n-0.22 points");
  // The text's own line breaks stay; a word wider than the panel keeps a line of its own.
  CHECK(break_at_spaces("a b\nc d", 80, chars) == "a b\nc d");
  CHECK(break_at_spaces("go 0504-0505-0506 now", 6, chars) == "go\n0504-0505-0506\nnow");
  CHECK(break_at_spaces("fits exactly", 12, chars) == "fits exactly");
  CHECK(break_at_spaces("", 10, chars).empty());
}

TEST_CASE("app scripts: whole \"TEXT\" is a step, as expect is (read whole, without scrolling)") {
  std::vector<ScriptStep> steps = parse_script("expect \"Asked:\"\nwhole \"Asked: RK\"\n", "t");
  REQUIRE(steps.size() == 2);
  CHECK(steps[1].kind == StepKind::Whole);
  CHECK(steps[1].arg == "Asked: RK");
  CHECK_THROWS_WITH(parse_script("whole\n", "t"), Catch::Contains("t:1"));
}

TEST_CASE("app scripts: mark and unmoved \"LABEL\" are steps (a widget stays where it stood)") {
  std::vector<ScriptStep> steps = parse_script("mark \"Move\"\nunmoved \"Move\"\n", "t");
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].kind == StepKind::Mark);
  CHECK(steps[1].kind == StepKind::Unmoved);
  CHECK(steps[1].arg == "Move");
  CHECK_THROWS_WITH(parse_script("unmoved Move\n", "t"), Catch::Contains("quoted"));
}

TEST_CASE("app scripts: wheel HEX N turns the mouse wheel N notches over a hex (up above 0)") {
  std::vector<ScriptStep> steps = parse_script("wheel 0302 4\nwheel 1208 -2\n", "t");
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].kind == StepKind::Wheel);
  CHECK(steps[0].arg == "0302");
  CHECK(steps[0].number == 4);
  CHECK(steps[1].arg == "1208");
  CHECK(steps[1].number == -2);
  for (const char *bad :
       {"wheel 0302\n", "wheel 0302 0\n", "wheel 0302 21\n", "wheel 302 1\n", "wheel up 3\n"})
    CHECK_THROWS_WITH(parse_script(bad, "t"), Catch::Contains("t:1"));
}

TEST_CASE(
    "app: an attack, a fire, a shot or a melee names its units by id and name as a move does; "
    "the log sentence that resolves it stands for it") {
  auto b = load_battle_file(source_path("battles/first-clash.json"));
  Action attack{.type = ActionType::Attack, .target = b->unit_index("B5")};
  attack.attackers.push_back(static_cast<int16_t>(b->unit_index("R1")));
  CHECK(action_words(*b, attack) == "attack B5 Valley Levy with R1 King's Knights (foot)");
  Action fire{.type = ActionType::Fire, .unit = b->unit_index("R4"), .target = b->unit_index("B4")};
  CHECK(action_words(*b, fire) == "R4 Royal Archers fires at B4 Hill Levy");
  // The computer's attack was said twice: "attack B5 with R1. Attack: R1 (Primary) on B5 ...".
  Events log = {{EventKind::Phase, "7.0", "Combat Phase begins"},
                {EventKind::Attack, "7.5", "Attack: R1 (Primary) on B5, CC A", 4, "DR*", {}}};
  CHECK(log_resolves(log, 0, attack));
  CHECK_FALSE(log_resolves(log, 2, attack)); // nothing logged since
  CHECK_FALSE(log_resolves(log, 0, fire));   // an attack's sentence does not resolve a fire
  Action move{.type = ActionType::Move, .unit = b->unit_index("R1"), .to = *b->parse_hex("0706")};
  CHECK_FALSE(log_resolves(log, 0, move)); // a move rolls nothing: it is said in words
}

TEST_CASE("app 7.2: once an attacker is chosen, only units that may join it stay ringed") {
  // Horse attack only with horse (7.2): with the Veteran chosen, the Heavy Horse beside the target
  // is no longer ringed as a possible attacker, the Infantry still is.
  Fixture f("field.json",
            {{"BL1", "0404"}, {"AV1", "0403"}, {"AHH", "0405"}, {"AI", "0304"}, {"AV2", "0101"}});
  f.command("aw", {"combat"});
  Interaction view(f.setup, f.s);
  Selection sel;
  view.click(sel, f.hex("0404"));
  REQUIRE(sel.target == f.u("BL1"));
  REQUIRE(sel.attackers.empty());
  auto before = view.marks(sel, false, false);
  CHECK((before[f.hex("0403")] & kMarkAttacker));
  CHECK((before[f.hex("0405")] & kMarkAttacker));
  CHECK((before[f.hex("0304")] & kMarkAttacker));
  view.click(sel, f.hex("0403"));
  REQUIRE(sel.attackers == std::vector<int>{f.u("AV1")});
  auto after = view.marks(sel, false, false);
  CHECK_FALSE((after[f.hex("0405")] & kMarkAttacker));
  CHECK((after[f.hex("0304")] & kMarkAttacker));
  CHECK((after[f.hex("0403")] & kMarkChosen));
  CHECK_FALSE(view.explain(sel, f.hex("0405")).empty()); // and a click on it says why
}

TEST_CASE("app: the result screen's losses per side are the log's eliminations and step losses") {
  Fixture f("field.json", {{"BL1", "0404"}, {"AV1", "0403"}, {"BV1", "0606"}});
  Events log;
  log.push_back(Event{.kind = EventKind::StepLoss, .units = {f.u("AV1")}});
  log.push_back(Event{.kind = EventKind::Eliminated, .units = {f.u("AV1")}});
  log.push_back(Event{.kind = EventKind::Eliminated, .units = {f.u("BL1")}});
  log.push_back(Event{.kind = EventKind::Eliminated, .units = {f.u("BV1")}});
  log.push_back(Event{.kind = EventKind::Attack, .units = {f.u("AV1"), f.u("BL1")}});
  std::array<SideLosses, 2> lost = side_losses(f.b(), log);
  CHECK(lost[0].eliminated == 1);
  CHECK(lost[0].reduced == 1);
  CHECK(lost[1].eliminated == 2);
  CHECK(lost[1].reduced == 0);
}

TEST_CASE("app: the rules search finds the rulebook's word for a player's (ditch -> trench)") {
  CHECK(rules_search_terms("  ").empty());
  CHECK(rules_search_terms("Ditch") == std::vector<std::string>{"ditch", "trench"});
  CHECK(rules_search_terms("river") == std::vector<std::string>{"river"});
  RulesSection trench{"12.3", "Trenches", "A trench hexside costs ..."};
  RulesSection other{"7.5", "The roll", "Roll the die."};
  CHECK(rules_section_matches(trench, rules_search_terms("ditch")));
  CHECK_FALSE(rules_section_matches(other, rules_search_terms("ditch")));
  CHECK(rules_section_matches(other, {})); // no search: every section
  CHECK(rules_section_matches(other, rules_search_terms("7.5")));
}

TEST_CASE("the banner's text and the strip's are never seen over each other, at any frame") {
  // The trial saw a few frames of doubled, garbled words as the fading banner's large text lay
  // over the strip's small one coming back. The strip's text fills the strip's box; at every
  // frame at 60 a second, and between them, if both texts are seen they must not overlap.
  const BannerBox strip{550, 44, 950, 70};
  for (float text_w : {300.0f, 560.0f}) { // a phase's short banner, a new turn's wide one
    const float text_h = 26, px = 22;
    const BannerBox full = banner_box(300, 900, 40, text_w, text_h, strip.x1 - strip.x0);
    for (int step = 0; step <= 2 * 120; ++step) { // 120 a second through the banner and after
      const double age = step / 120.0;
      const BannerFrame f = banner_frame(age, strip, full, text_w, text_h, px);
      INFO("text " << text_w << " px wide, at " << age << " s");
      const bool overlap = f.text_x < strip.x1 && f.text_x + f.text_w > strip.x0 &&
                           f.text_y < strip.y1 && f.text_y + f.text_h > strip.y0;
      CHECK_FALSE((f.text_alpha > 0 && f.strip_alpha > 0 && overlap));
      if (age >= kBannerSeconds) CHECK(f.strip_alpha == 1.0f); // then the strip, whole
    }
  }
}

TEST_CASE("the phase banner opens out of the strip in a quarter second, then stays open") {
  CHECK(banner_opening(0.0) == 0.0f);
  CHECK(banner_opening(0.125) == Approx(0.75f));
  CHECK(banner_opening(0.25) == 1.0f);
  CHECK(banner_opening(1.0) == 1.0f);
}

TEST_CASE("every frame of the banner's opening that draws its box draws its text, inside the box") {
  // The strip (400 x 26) and a new turn's banner whose text (560 x 26 at 22 px) is wider than the
  // strip, over a 900-pixel map from (300, 40).
  const BannerBox strip{550, 44, 950, 70};
  const float text_w = 560, text_h = 26, px = 22;
  const BannerBox full = banner_box(300, 900, 40, text_w, text_h, strip.x1 - strip.x0);
  for (int frame = 0; frame <= 90; ++frame) { // 60 frames a second through the whole banner
    const double age = frame / 60.0;
    const BannerFrame f = banner_frame(age, strip, full, text_w, text_h, px);
    if (f.box_alpha <= 0) continue;
    INFO("at " << age << " s");
    CHECK(f.text_alpha > 0.25f * f.box_alpha); // the words are seen whenever the box is
    CHECK(f.text_px > 0.5f * px);              // and can be read
    CHECK(f.text_x >= f.box.x0);
    CHECK(f.text_x + f.text_w <= f.box.x1);
    CHECK(f.text_y >= f.box.y0);
    CHECK(f.text_y + f.text_h <= f.box.y1);
  }
  // Once open, the banner is its own box and its text at full size, centred.
  const BannerFrame open = banner_frame(kBannerOpenSeconds, strip, full, text_w, text_h, px);
  CHECK(open.box.x0 == full.x0);
  CHECK(open.box.x1 == full.x1);
  CHECK(open.text_px == px);
  CHECK(open.text_w == text_w);
  CHECK(open.text_alpha == 1.0f);
}
