// Victory levels (DESIGN.md "Victory levels"): read from a battle file with every check, and
// decided once when the game ends, from public facts only (the winner, VP, losses, hexes, turn).
#include "sns/victory_levels.hpp"
#include "json_reader.hpp"
#include "sns/battle.hpp"
#include "sns/ruleset.hpp"
#include "sns/state.hpp"

#include <algorithm>

namespace sns {

// --- deciding ---------------------------------------------------------------------------------

namespace {

bool lost(const UnitState &u) { return u.steps == 0 && !u.away; }

bool stands_in(const Battle &b, const GameState &s, int side, HexId h) {
  for (size_t u = 0; u < b.units.size(); ++u)
    if (b.units[u].side == side && s.units[u].steps > 0 && !s.units[u].away && s.units[u].hex == h)
      return true;
  return false;
}

} // namespace

int level_fact(const Battle &b, const GameState &s, const LevelCondition &c) {
  int count = 0;
  switch (c.fact) {
  case LevelFact::Winner:
    return s.winner == c.side ? 1 : 0;
  case LevelFact::VpMargin:
    return s.vp[c.side] - s.vp[1 - c.side];
  case LevelFact::UnitsLost:
    for (size_t u = 0; u < b.units.size(); ++u)
      count += b.units[u].side == c.side && lost(s.units[u]);
    return count;
  case LevelFact::StepsLost:
    for (size_t u = 0; u < b.units.size(); ++u)
      if (b.units[u].side == c.side && !s.units[u].away)
        count += b.units[u].max_steps() - s.units[u].steps;
    return count;
  case LevelFact::HitsTaken: // the loader lets only battles whose units take hits test it (D13)
    for (size_t u = 0; u < b.units.size(); ++u)
      count += b.units[u].side == c.side ? s.d3().units[u].hits : 0;
    return count;
  case LevelFact::HexesHeld:
    for (HexId h : c.hexes)
      count += stands_in(b, s, c.side, h);
    return count;
  case LevelFact::EndTurn:
    return s.turn;
  }
  return 0;
}

int decide_victory_level(const Battle &b, const GameState &s) {
  for (size_t i = 0; i < b.victory_levels.size(); ++i) {
    const auto &when = b.victory_levels[i].when;
    if (std::all_of(when.begin(), when.end(), [&](const LevelCondition &c) {
          int v = level_fact(b, s, c);
          return v >= c.at_least && v <= c.at_most;
        }))
      return static_cast<int>(i);
  }
  return -1;
}

// --- reading ----------------------------------------------------------------------------------

namespace {

// Reads "victory_levels" of a battle whose sides, units and map are already read.
class LevelReader {
public:
  LevelReader(const JsonReader &in, Battle &b) : in_(in), b_(b) {}

  void read(const json &list) {
    const std::string path = "/victory_levels";
    in_.array(list, path);
    if (list.empty() || list.size() > kMaxVictoryLevels)
      in_.fail(path, "expected 1 to " + std::to_string(kMaxVictoryLevels) + " levels, got " +
                         std::to_string(list.size()));
    for (size_t i = 0; i < list.size(); ++i) {
      std::string at = JsonReader::at(path, i);
      VictoryLevel level = read_level(in_.object(list[i], at), at);
      for (const VictoryLevel &other : b_.victory_levels)
        if (other.id == level.id)
          in_.fail(at + "/id", "duplicate victory level id \"" + level.id + "\"");
      bool last = i + 1 == list.size();
      if (last && !level.when.empty())
        in_.fail(at + "/when", "the last level is the one reached when no other is: expected no "
                               "conditions (an empty \"when\" or none), got " +
                                   std::to_string(level.when.size()));
      if (!last && level.when.empty())
        in_.fail(at + "/when", "expected at least one condition: a level without any is always "
                               "reached, so the levels after it never would be");
      b_.victory_levels.push_back(std::move(level));
    }
  }

private:
  const JsonReader &in_;
  Battle &b_;

  int side(const json &v, const std::string &path, bool draw_allowed) const {
    std::string id = in_.str(v, path);
    if (draw_allowed && id == "draw") return kDraw;
    int s = b_.side_index(id);
    if (s < 0)
      in_.fail(path, "unknown side \"" + id + "\"; expected \"" + b_.sides[0].id + "\" or \"" +
                         b_.sides[1].id + "\"" + (draw_allowed ? " or \"draw\"" : ""));
    return s;
  }

  VictoryLevel read_level(const json &v, const std::string &path) const {
    in_.only_keys(v, path, {"id", "name", "side", "text", "when"});
    VictoryLevel level;
    level.id = in_.str(in_.field(v, path, "id"), path + "/id");
    if (level.id.empty()) in_.fail(path + "/id", "expected a non-empty id");
    level.name = in_.str(in_.field(v, path, "name"), path + "/name");
    if (level.name.empty()) in_.fail(path + "/name", "expected the level's name for players");
    if (auto *s = in_.optional(v, "side")) level.side = side(*s, path + "/side", false);
    if (auto *t = in_.optional(v, "text")) level.text = in_.str(*t, path + "/text");
    if (auto *w = in_.optional(v, "when")) {
      in_.array(*w, path + "/when");
      for (size_t i = 0; i < w->size(); ++i) {
        std::string at = JsonReader::at(path + "/when", i);
        level.when.push_back(read_condition(in_.object((*w)[i], at), at));
      }
    }
    return level;
  }

  // "unknown fact "x"; expected a, b, ... or z", the facts read from their table.
  std::string expected_fact() const {
    std::string out = "expected ";
    bool first = true;
    for (const auto &row : kLevelFacts) {
      if (!used_in(row.id, b_.rules().bit())) continue;
      out += (first ? "" : ", ") + std::string("\"") + std::string(row.json) + "\"";
      first = false;
    }
    return out + " (" + std::string(b_.rules().title()) + ")";
  }

  LevelCondition read_condition(const json &v, const std::string &path) const {
    LevelCondition c;
    std::string fact = in_.str(in_.field(v, path, "fact"), path + "/fact");
    auto known = parse_name<LevelFact>(fact);
    if (!known || !used_in(*known, b_.rules().bit()))
      in_.fail(path + "/fact", expected_fact() + ", got \"" + fact + "\"");
    c.fact = *known;
    switch (c.fact) {
    case LevelFact::Winner:
      in_.only_keys(v, path, {"fact", "side"});
      c.side = side(in_.field(v, path, "side"), path + "/side", true);
      c.at_least = 1;
      return c;
    case LevelFact::EndTurn:
      in_.only_keys(v, path, {"fact", "at_least", "at_most"});
      break;
    case LevelFact::HexesHeld:
      in_.only_keys(v, path, {"fact", "side", "hexes", "at_least", "at_most"});
      read_hexes(v, path, c);
      break;
    default:
      in_.only_keys(v, path, {"fact", "side", "at_least", "at_most"});
    }
    if (c.fact != LevelFact::EndTurn)
      c.side = side(in_.field(v, path, "side"), path + "/side", false);
    read_bounds(v, path, c);
    return c;
  }

  void read_hexes(const json &v, const std::string &path, LevelCondition &c) const {
    const json &hx = in_.array(in_.field(v, path, "hexes"), path + "/hexes");
    if (hx.empty()) in_.fail(path + "/hexes", "expected at least one hex");
    for (size_t i = 0; i < hx.size(); ++i) {
      std::string at = JsonReader::at(path + "/hexes", i), text = in_.str(hx[i], at);
      auto h = b_.parse_hex(text);
      if (!h) in_.fail(at, "expected a hex label CCRR on the map, got \"" + text + "\"");
      c.hexes.push_back(*h);
    }
    c.at_least = static_cast<int>(c.hexes.size()); // all of them unless the file says how many
  }

  void read_bounds(const json &v, const std::string &path, LevelCondition &c) const {
    const json *lo = in_.optional(v, "at_least"), *hi = in_.optional(v, "at_most");
    if (!lo && !hi && c.fact != LevelFact::HexesHeld)
      in_.fail(path, "expected \"at_least\" or \"at_most\" (or both)");
    constexpr long long kBound = 100000;
    if (lo) c.at_least = static_cast<int>(in_.integer(*lo, path + "/at_least", -kBound, kBound));
    if (hi) c.at_most = static_cast<int>(in_.integer(*hi, path + "/at_most", -kBound, kBound));
    if (lo && hi && c.at_least > c.at_most)
      in_.fail(path + "/at_most", "expected at least \"at_least\" (" + std::to_string(c.at_least) +
                                      "), got " + std::to_string(c.at_most));
  }
};

} // namespace

void read_victory_levels(const JsonReader &in, const json &doc, Battle &b) {
  if (const json *list = in.optional(doc, "victory_levels")) LevelReader(in, b).read(*list);
}

} // namespace sns
