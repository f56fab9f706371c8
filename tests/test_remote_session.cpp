// The session's side of a network game (Session::play_remote, src/view/remote_game.hpp) with a
// RemoteGame written by the test: what the link brings is shown, the local side's legal actions
// are handed over, and the opponent's turn, illegal actions, undo, replays and notes are refused
// with words that say why, the game left as it was.
#include "session_fixture.hpp"

#include "sns/rules.hpp"

#include <catch2/catch.hpp>

using namespace sns;
using namespace sns::app;
using sns::test::Folder;
using sns::test::TestSession;

namespace {

// The test's link: it hands out the game it is given and keeps what the session submits.
class FakeRemote final : public RemoteGame {
public:
  std::optional<Game> next;
  int side = 1;
  std::vector<std::pair<Action, size_t>> submitted;
  std::vector<std::string> said;
  bool gone = false; // the game stopped (a state-hash difference, the peer gone for good)

  std::optional<Game> take_game() override { return std::exchange(next, std::nullopt); }
  int local_side() const override { return side; }
  void submit(const Action &a, size_t at) override { submitted.emplace_back(a, at); }
  bool sending() const override { return false; }
  void say(const std::string &text) override { said.push_back(text); }
  std::string why = "Stopped: the states differ after action 3"; // the link's line once gone
  std::string connection() const override { return gone ? why : "Connected to Ann"; }
  std::string opponent() const override { return "Ann"; }
  bool stopped() const override { return gone; }
  std::vector<News> news() const override { return {}; }
  std::string record_path() const override { return "/data/network/first-clash-host.json"; }
};

Game first_clash() {
  return Game(load_battle_file(std::string(SNS_SOURCE_DIR) + "/battles/first-clash.json"),
              Options{}, 1);
}

// The session plays a FakeRemote the test drives; the session owns it.
FakeRemote &play_fake_remote(TestSession &s) {
  auto owned = std::make_unique<FakeRemote>();
  FakeRemote &remote = *owned;
  s.play_remote(std::move(owned));
  return remote;
}

// ... and its link brings first-clash, this window playing `side` (1: the Rebel Host, who moves
// first).
FakeRemote &show_fake_remote_game(TestSession &s, int side = 1) {
  FakeRemote &remote = play_fake_remote(s);
  remote.side = side;
  remote.next = first_clash();
  s.tick(0);
  REQUIRE(s.has_game());
  return remote;
}

} // namespace

TEST_CASE("remote session: the link's game is shown and only this side's legal actions are sent",
          "[session][net]") {
  Folder f("remote-play");
  TestSession s(f.path.string());
  FakeRemote &remote = play_fake_remote(s);
  CHECK_FALSE(s.has_game()); // nothing until the link brings the game
  remote.next = first_clash();
  s.tick(0);
  REQUIRE(s.has_game());
  const Game &g = s.game();
  REQUIRE(side_to_act(g.setup(), g.state()) == 1); // the Rebel Host acts first: this side

  // An illegal action is refused here, with its rule, and nothing is sent.
  Action move{.type = ActionType::Move, .unit = 0, .to = 0};
  CHECK_FALSE(s.play(move));
  CHECK_FALSE(s.message().empty());
  CHECK(remote.submitted.empty());

  // A legal one is sent with the game's length; the game shown waits for the link.
  Action legal = legal_actions(g.setup(), g.state()).front();
  CHECK(s.play(legal));
  REQUIRE(remote.submitted.size() == 1);
  CHECK(remote.submitted[0].second == 0);
  CHECK(s.game().actions().empty());

  // The link's next game holds it; in the Royal Army's turn this side's actions are refused.
  Game after = first_clash();
  REQUIRE_FALSE(after.play(legal));
  while (side_to_act(after.setup(), after.state()) == 1)
    REQUIRE_FALSE(after.play(legal_actions(after.setup(), after.state()).front()));
  remote.next = after;
  s.tick(0.1);
  REQUIRE(s.game().actions().size() == after.actions().size());
  const Game &now = s.game();
  CHECK_FALSE(s.play(legal_actions(now.setup(), now.state()).front()));
  CHECK(s.message() == "Ann plays Royal Army over the network: wait for their move.");
  CHECK(remote.submitted.size() == 1);
}

TEST_CASE("remote session: undo, replays and notes are refused, the network game kept",
          "[session][net]") {
  Folder f("remote-refusals");
  TestSession s(f.path.string());
  FakeRemote &remote = show_fake_remote_game(s);
  s.undo();
  CHECK(s.message().find("A network game cannot take back") == 0);
  CHECK_FALSE(s.replays().replay_game());
  CHECK(s.message().find("/data/network/first-clash-host.json") != std::string::npos);
  CHECK_FALSE(s.replays().add_note("a plan", false));
  CHECK(s.message().find("Notes go on a network game's record") == 0);
  s.seat().set_computer(0, Level::Normal);
  CHECK(s.message() == "In a network game each side is played by its player.");
  CHECK(s.remote() == &remote);
  CHECK(s.mode() == Mode::Play);
  s.close(); // another game or the start screen ends it
  CHECK(s.remote() == nullptr);
}

TEST_CASE("remote session: in the opponent's move a click and a hint say whose move it is",
          "[session][net]") {
  Folder f("remote-waiting");
  TestSession s(f.path.string());
  FakeRemote &remote = show_fake_remote_game(s, 0); // the Royal Army: Ann's Rebel Host first
  CHECK(s.network_wait() == "Ann's move (Rebel Host): waiting for it.");
  const HexId hex = s.game().state().units[0].hex;
  s.click(hex);
  CHECK(s.message() == "Ann's move (Rebel Host): waiting for it.");
  CHECK(s.selection().unit == -1); // nothing chosen on a map not this player's now
  s.seat().ask_hint();
  CHECK(s.message().find("Hints are off in a network game") == 0);
  CHECK_FALSE(s.seat().hint_pending());
  CHECK(remote.submitted.empty());
}

TEST_CASE("remote session: once the game stopped, play and clicks say why and where the record is",
          "[session][net]") {
  Folder f("remote-stopped");
  TestSession s(f.path.string());
  FakeRemote &remote = show_fake_remote_game(s);
  CHECK(s.network_wait().empty()); // the Rebel Host's move: this side's
  remote.gone = true;
  const std::string why = "The game stopped: the states differ after action 3; the record is "
                          "kept at /data/network/first-clash-host.json.";
  CHECK(s.network_wait() == why);
  const Game &g = s.game();
  CHECK_FALSE(s.play(legal_actions(g.setup(), g.state()).front()));
  CHECK(s.message() == why);
  s.click(g.state().units[0].hex);
  CHECK(s.message() == why);
  CHECK(remote.submitted.empty());
  // A reason that names the record already is not followed by it again.
  remote.why =
      "Stopped: Ann left the game; the record /data/network/first-clash-host.json keeps it";
  CHECK(s.network_wait() == "The game stopped: Ann left the game; the record "
                            "/data/network/first-clash-host.json keeps it.");
}
