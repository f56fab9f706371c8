// Network games' records (docs/protocol.md "Network dice"): the dice both players made, put on the
// next rolls by Game::replace_next_dice, replay from the record; its network object is kept as
// given and must be an object.
#include "fixture.hpp"
#include "sns/bots.hpp"

using namespace sns;
using namespace sns::test;
using json = nlohmann::json;

namespace {

// Random actions, attacks and fire first, until the first action that rolls (a fixed seed).
Game play_to_first_roll(uint64_t seed) {
  Game game(load_battle_file(source_path("battles/first-clash.json")), Options{}, 21);
  play_until_rolls(game, 1, seed);
  return game;
}

} // namespace

TEST_CASE("network game: the shared dice show on the next rolls and replay from the record") {
  Game plain = play_to_first_roll(5);
  const std::vector<int> natural = plain.dice().back();
  REQUIRE_FALSE(natural.empty());
  Game net(plain.setup().battle, Options{}, 21);
  for (size_t i = 0; i + 1 < plain.actions().size(); ++i)
    REQUIRE_FALSE(net.play(plain.actions()[i]));
  std::vector<int> shared;
  for (int face : natural)
    shared.push_back(face % 8 + 1); // surely other faces than the seed's
  net.replace_next_dice(shared);
  REQUIRE_FALSE(net.play(plain.actions().back()));
  CHECK(net.dice().back() == shared);
  CHECK(net.state().rng == plain.state().rng); // the generator advances as usual

  const json chains = {{"protocol", 1}, {"chains", json::array({"as", "given"})}};
  net.set_network(chains);
  json rec = net.record();
  CHECK(rec["network"] == chains);
  Game replayed = Game::from_record(json::parse(rec.dump()), "network.json");
  CHECK(replayed.dice() == net.dice());
  CHECK(replayed.state() == net.state());
  CHECK(replayed.network() == chains);
  CHECK(replayed.prefix(0).network() == chains);
}

TEST_CASE("network game: a record's network that is not an object is refused with its path") {
  Game game = play_to_first_roll(5);
  json rec = game.record();
  CHECK_FALSE(rec.contains("network")); // a game played at one table has none
  rec["network"] = json::array();
  try {
    Game::from_record(rec, "network.json");
    FAIL("a network array was taken");
  } catch (const LoadError &e) {
    CHECK(e.path() == "/network");
  }
}
