// Game records (R23, DESIGN.md "Game records, format 2"): the dice each action used, take-backs
// that roll again, verified saves, format 1 still loading.
#include "fixture.hpp"
#include "sns/bots.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

std::string temp_file(const std::string &name) {
  auto dir = std::filesystem::temp_directory_path() / "sns-record-tests";
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

} // namespace

TEST_CASE("R23 a practice take-back past a generator roll, rolled again, replays exactly") {
  // The failure players met: three rolls from the generator, the last taken back and rolled
  // again; format 1 put the new die in the forced queue, so replay gave it to the first roll.
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{.practice = true},
            11);
  play_until_rolls(game, 3, 4);
  while (!game.last_action_rolled())
    game.undo();
  uint32_t at = game.state().rolls - 1;
  Action rolled = game.actions().back();
  int before = game.dice().back().at(0);
  game.undo();
  int fresh = before % 8 + 1; // surely a different face
  game.replace_next_die(fresh);
  REQUIRE_FALSE(game.play(rolled));
  CHECK(game.dice().back() == std::vector<int>{fresh});
  CHECK(game.state().rolls == at + 1);
  play_until_rolls(game, game.state().rolls + 1, 9); // play on past another generator roll

  json rec = game.record();
  CHECK(rec["format"] == "shields-swords-game/2");
  Game replayed = Game::from_record(json::parse(rec.dump()), "practice.json");
  CHECK(replayed.state() == game.state());
  CHECK(replayed.dice() == game.dice());
  CHECK(replayed.log().size() == game.log().size());
  // The save on disk loads too, and the CLI's loader is the same function.
  std::string path = temp_file("practice.json");
  game.save(path);
  CHECK(Game::load(path).state() == game.state());
}

TEST_CASE("R23 a replaced die changes only its face: the generator advances as usual") {
  auto battle = load_battle_file(source_path("battles/first-clash.json"));
  Game plain(battle, Options{}, 21), replaced(battle, Options{.practice = true}, 21);
  play_until_rolls(plain, 1, 5);
  Action first_roll = plain.actions().back();
  // The same actions up to the roll, then the roll with a replaced face.
  for (size_t i = 0; i + 1 < plain.actions().size(); ++i)
    REQUIRE_FALSE(replaced.play(plain.actions()[i]));
  int natural = plain.dice().back().at(0);
  replaced.replace_next_die(natural % 8 + 1);
  REQUIRE_FALSE(replaced.play(first_roll));
  CHECK(replaced.dice().back().at(0) == natural % 8 + 1);
  CHECK(replaced.state().rng == plain.state().rng);
  CHECK(replaced.state().rolls == plain.state().rolls);
}

TEST_CASE("game record: format 1 records keep loading") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 3, {4, 6});
  play_until_rolls(game, 3, 2);
  json rec = game.record();
  rec["format"] = "shields-swords-game/1";
  rec.erase("engine");
  rec.erase("replaced_dice");
  rec.erase("rolls");
  Game old = Game::from_record(rec, "old.json");
  CHECK(old.state() == game.state());
  CHECK(old.dice() == game.dice());
}

TEST_CASE("game record: a format 2 record claiming dice an action never rolled is refused") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 8);
  play_until_rolls(game, 2, 3);
  json rec = game.record();
  REQUIRE(game.dice().at(0).empty()); // the first action is a command: no die
  rec["rolls"].push_back({{"action", 0}, {"dice", {3}}});
  try {
    Game::from_record(rec, "altered.json");
    FAIL("an altered record loaded");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/actions/0");
    CHECK(e.expected().find("rolled [3]") != std::string::npos);
  }
}

TEST_CASE("game record: bad dice fields are refused with their JSON path") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 8);
  play_until_rolls(game, 1, 3);
  json rec = game.record();
  auto refused_at = [&](const json &r) {
    try {
      Game::from_record(r, "bad.json");
    } catch (const LoadError &e) {
      return e.path();
    }
    return std::string("(loaded)");
  };
  json r1 = rec;
  r1["replaced_dice"] = {{"x", 3}};
  CHECK(refused_at(r1) == "/replaced_dice/x");
  json r2 = rec;
  r2["replaced_dice"] = {{"4", 9}};
  CHECK(refused_at(r2) == "/replaced_dice/4");
  json r3 = rec;
  r3["rolls"] = {{{"action", 99999}, {"dice", {1}}}};
  CHECK(refused_at(r3) == "/rolls/0/action");
  json r4 = rec;
  r4["rolls"] = {{{"action", 0}, {"dice", {0}}}};
  CHECK(refused_at(r4) == "/rolls/0/dice/0");
}

TEST_CASE("game record: the computer's seats are kept, and bad ones refused with their JSON path") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 8);
  play_until_rolls(game, 1, 3);
  CHECK_FALSE(game.record().contains("computer")); // two people: nothing written
  game.set_computer(0, Level::Hard);
  json rec = game.record();
  CHECK(rec["computer"] == json{{"royal", "hard"}});
  Game again = Game::from_record(rec, "seats.json");
  CHECK(again.computer(0) == Level::Hard);
  CHECK_FALSE(again.computer(1));
  CHECK(game.prefix(0).computer(0) == Level::Hard); // a game branched from it keeps them
  auto refusal = [&](const json &computer) {
    json r = rec;
    r["computer"] = computer;
    try {
      Game::from_record(r, "bad.json");
    } catch (const LoadError &e) {
      return e.path() + ": " + e.expected();
    }
    return std::string("(loaded)");
  };
  CHECK(refusal({{"scots", "hard"}}) ==
        "/computer/scots: expected a side of the battle (royal or rebels) as the key");
  CHECK(refusal({{"rebels", "greedy"}}) ==
        "/computer/rebels: expected the computer's level: easy, normal, hard or heuristic");
  CHECK(refusal({{"rebels", "expert"}}) ==
        "/computer/rebels: expected the computer's level: easy, normal, hard or heuristic");
  CHECK(refusal({{"rebels", "random"}}) ==
        "/computer/rebels: expected the computer's level: easy, normal, hard or heuristic");
  CHECK(refusal({{"rebels", 3}}).rfind("/computer/rebels: ", 0) == 0);
  CHECK(refusal(json::array()).rfind("/computer: ", 0) == 0);
}

TEST_CASE("game record: a save is verified by replay before it replaces the file") {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 8);
  play_until_rolls(game, 1, 3);
  json rec = game.record();
  CHECK_NOTHROW(game.verify_record(rec));
  json wrong = rec;
  wrong["seed"] = 6; // another seed: the dice kept in "rolls" no longer come out
  wrong["actions"].erase(wrong["actions"].size() - 1);
  CHECK_THROWS_AS(game.verify_record(wrong), SaveError);
  // A failed write is an I/O error, not a load error, and leaves the old file whole.
  std::string dir = temp_file("a-folder");
  std::filesystem::create_directories(dir);
  CHECK_THROWS_AS(game.save(dir), IoError);
  CHECK(std::filesystem::is_directory(dir));
}
