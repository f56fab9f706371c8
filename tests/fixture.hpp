// Test helpers: load a scenario, place only the units a test needs, act through the engine,
// inspect.
#pragma once
#include "sns/bots.hpp"
#include "sns/error.hpp"
#include "sns/game.hpp"
#include "sns/json_io.hpp"
#include "source_dir.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace sns::test {

inline std::string source_path(const std::string &rel) {
  return std::string(SNS_SOURCE_DIR) + "/" + rel;
}

// The paths of the battles shipped in battles/, sorted (every-battle tests walk them).
inline std::vector<std::string> shipped_battles() {
  std::vector<std::string> out;
  for (auto &e : std::filesystem::directory_iterator(source_path("battles")))
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// A game's setup around a loaded battle, the rest left at its defaults.
inline Setup setup_of(std::shared_ptr<const Battle> b) {
  Setup s;
  s.battle = std::move(b);
  return s;
}

inline nlohmann::json read_json(const std::string &rel) {
  std::ifstream in(source_path(rel));
  REQUIRE(in.good());
  return nlohmann::json::parse(in);
}

// Loads a mutated copy of the teaching battle; the error's JSON path, or "ok" when it loads.
inline std::string error_path(const std::function<void(nlohmann::json &)> &mutate,
                              std::string *message = nullptr) {
  nlohmann::json doc = read_json("battles/first-clash.json");
  mutate(doc);
  try {
    load_battle(doc, "bad.json");
  } catch (const LoadError &e) {
    if (message) *message = e.what();
    CHECK(std::string(e.what()).rfind("bad.json: ", 0) == 0);
    return e.path();
  }
  return "ok";
}

// Plays random actions, attacking or firing whenever it can, until `rolls` dice have been rolled
// (a fixed seed keeps it the same game).
inline void play_until_rolls(Game &game, uint32_t rolls, uint64_t seed) {
  BotRng rng{seed};
  while (game.state().rolls < rolls && !game.state().game_over()) {
    auto acts = legal_actions(game.setup(), game.state());
    std::vector<Action> rolling;
    for (const Action &a : acts)
      if (a.type == ActionType::Attack || a.type == ActionType::Fire) rolling.push_back(a);
    const auto &pool = rolling.empty() ? acts : rolling;
    REQUIRE_FALSE(game.play(pool[rng.below(pool.size())]));
  }
  REQUIRE(game.state().rolls >= rolls);
}

// The first position of a game played at random from `seed` where a search level searches: more
// than one action to choose from, and not a turn-shaping choice (commands, Initiative, Combat mode,
// a special verb), which `hard` takes by the heuristic player's judgement (docs/ai.md).
inline GameState first_searched_position(const Setup &setup, uint64_t seed) {
  BotRng rng{seed};
  GameState s = new_game(setup, seed);
  for (;;) {
    auto acts = legal_actions(setup, s);
    REQUIRE_FALSE(acts.empty());
    if (acts.size() > 1 && !shapes_turn(acts[0])) return s;
    REQUIRE_FALSE(apply(setup, s, acts[rng.below(acts.size())]));
  }
}

// Keeps only the listed units, at the listed hexes ("" keeps a unit off the map as a
// reinforcement).
inline nlohmann::json place(nlohmann::json battle,
                            const std::map<std::string, std::string> &hexes) {
  nlohmann::json kept = nlohmann::json::array();
  for (auto &u : battle["units"]) {
    auto it = hexes.find(u["id"].get<std::string>());
    if (it == hexes.end()) continue;
    if (it->second.empty())
      u.erase("hex");
    else
      u["hex"] = it->second;
    kept.push_back(u);
  }
  battle["units"] = kept;
  if (battle.contains("reinforcements")) {
    nlohmann::json r = nlohmann::json::array();
    for (auto &e : battle["reinforcements"])
      if (hexes.count(e["unit"].get<std::string>()) &&
          hexes.at(e["unit"].get<std::string>()).empty())
        r.push_back(e);
    battle["reinforcements"] = r;
  }
  if (battle.contains("special"))
    for (auto &s : battle["special"])
      if (s.contains("units")) {
        nlohmann::json ids = nlohmann::json::array();
        for (auto &id : s["units"])
          if (hexes.count(id.get<std::string>())) ids.push_back(id);
        s["units"] = ids;
      }
  return battle;
}

struct Fixture {
  Setup setup;
  GameState s;
  Events ev;

  explicit Fixture(const nlohmann::json &battle, std::vector<int> dice = {}, uint64_t seed = 1) {
    setup.battle = load_battle(battle, "scenario");
    setup.forced_dice = std::move(dice);
    s = new_game(setup, seed, &ev);
  }
  Fixture(const std::string &scenario, const std::map<std::string, std::string> &hexes,
          std::vector<int> dice = {})
      : Fixture(place(read_json("tests/scenarios/" + scenario), hexes), std::move(dice)) {}

  const Battle &b() const { return *setup.battle; }
  int u(const std::string &id) const {
    int i = b().unit_index(id);
    REQUIRE(i >= 0);
    return i;
  }
  HexId hex(const std::string &label) const { return *b().parse_hex(label); }
  std::string at(const std::string &id) const { return b().label(s.units[u(id)].hex); }
  Action parse(const nlohmann::json &j) const { return action_from_json(b(), j, "test"); }

  std::optional<Refusal> attempt(const nlohmann::json &j) { return apply(setup, s, parse(j), &ev); }
  void act(const nlohmann::json &j) {
    auto r = attempt(j);
    INFO("action " << j.dump() << " refused: " << (r ? r->rule + " " + r->reason : ""));
    REQUIRE_FALSE(r);
  }
  std::string refusal_rule(const nlohmann::json &j) {
    GameState before = s;
    auto r = attempt(j);
    REQUIRE(r);
    CHECK(before.units.size() == s.units.size());
    return r->rule;
  }
  void command(const std::string &wing, std::vector<std::string> cmds) {
    act({{"type", "command"}, {"orders", {{{"wing", wing}, {"commands", cmds}}}}});
  }
  std::vector<Action> legal() const { return legal_actions(setup, s); }
  std::vector<std::string> destinations(const std::string &id) const {
    std::vector<std::string> out;
    for (const Action &a : legal())
      if (a.type == ActionType::Move && a.unit == u(id)) out.push_back(b().label(a.to));
    return out;
  }
  size_t count(ActionType t) const {
    size_t n = 0;
    for (const Action &a : legal())
      n += a.type == t;
    return n;
  }
  std::string phase() const { return std::string(name(s.phase)); }
  const UnitState &unit(const std::string &id) const { return s.units[u(id)]; }
  bool has_event(const std::string &kind, const std::string &rule) const {
    for (const Event &e : ev)
      if (name(e.kind) == kind && e.rule == rule) return true; // kind: its JSON name
    return false;
  }
};

inline nlohmann::json move(const std::string &unit, const std::string &to) {
  return {{"type", "move"}, {"unit", unit}, {"to", to}};
}
inline nlohmann::json attack(const std::string &target, std::vector<std::string> attackers,
                             std::string primary = "") {
  nlohmann::json j = {{"type", "attack"}, {"target", target}, {"attackers", attackers}};
  if (!primary.empty()) j["primary"] = primary;
  return j;
}
inline const nlohmann::json kEndPhase = {{"type", "end_phase"}};
inline const nlohmann::json kNoCommands = {{"type", "command"},
                                           {"orders", nlohmann::json::array()}};

// Plays on, giving no commands, declining the Initiative and ending phases, until `side` is to act
// in `phase`.
inline void play_until(Fixture &f, int side, Phase phase) {
  const nlohmann::json decline = {{"type", "initiative"}, {"declare", false}};
  for (int n = 0; n < 60 && !(f.s.phase == phase && side_to_act(f.setup, f.s) == side); ++n)
    f.act(f.s.phase == Phase::Command      ? kNoCommands
          : f.s.phase == Phase::Initiative ? decline
                                           : kEndPhase);
  REQUIRE(f.s.phase == phase);
  REQUIRE(side_to_act(f.setup, f.s) == side);
}

// Is `h` a hex of one of the battle's instant-win objectives (a special rule whose entry wins the
// game at once)?
inline bool on_objective(const Battle &b, HexId h) {
  for (const Special &sp : b.special)
    if (sp.kind == SpecialKind::InstantWinOnEntry &&
        std::find(sp.hexes.begin(), sp.hexes.end(), h) != sp.hexes.end())
      return true;
  return false;
}

// A shipped battle with only the units of `hexes` on the map, where they are, and no wing
// integrity rule (so a hand-made position needs no wing's other units).
inline nlohmann::json loose_battle(const std::string &file,
                                   const std::map<std::string, std::string> &hexes) {
  nlohmann::json doc = place(read_json("battles/" + file), hexes);
  doc["rules"]["wing_integrity"] = "none";
  return doc;
}

} // namespace sns::test
