// The "about" block of a battle file (docs/battle-format.md "About the battle"): read with every
// check, side ids resolved against the battle's sides. Descriptive: play never reads it.
#include "sns/battle_about.hpp"
#include "json_reader.hpp"

namespace sns {

namespace {

constexpr long long kMostGames = 1000000;

int side_of(const JsonReader &in, const Battle &b, const json &v, const std::string &path) {
  std::string id = in.str(v, path);
  int side = b.side_index(id);
  if (side < 0)
    in.fail(path, "expected a side id (\"" + b.sides[0].id + "\" or \"" + b.sides[1].id +
                      "\"), got \"" + id + "\"");
  return side;
}

MeasuredBalance read_measured(const JsonReader &in, const Battle &b, const json &v,
                              const std::string &path) {
  in.object(v, path);
  in.only_keys(v, path, {"players", "games", "wins"});
  MeasuredBalance m;
  m.players = in.str(in.field(v, path, "players"), JsonReader::at(path, "players"));
  m.games = static_cast<int>(
      in.integer(in.field(v, path, "games"), JsonReader::at(path, "games"), 1, kMostGames));
  const std::string wins_path = JsonReader::at(path, "wins");
  const json &wins = in.object(in.field(v, path, "wins"), wins_path);
  for (auto it = wins.begin(); it != wins.end(); ++it) {
    std::string at = JsonReader::at(wins_path, it.key());
    int side = side_of(in, b, json(it.key()), at);
    m.wins[side] = static_cast<int>(in.integer(it.value(), at, 0, m.games));
  }
  if (m.draws() < 0)
    in.fail(wins_path, "wins adding up to at most " + std::to_string(m.games) + " games, got " +
                           std::to_string(m.wins[0] + m.wins[1]));
  return m;
}

// [won, played]: the stronger bot's wins from one seat.
std::array<int, 2> won_of(const JsonReader &in, const json &v, const std::string &path) {
  in.array(v, path);
  if (v.size() != 2) in.fail(path, "expected [games won, games played]");
  int played = static_cast<int>(in.integer(v[1], JsonReader::at(path, size_t{1}), 1, kMostGames));
  int won = static_cast<int>(in.integer(v[0], JsonReader::at(path, size_t{0}), 0, played));
  return {won, played};
}

SeatResult read_seat(const JsonReader &in, const json &v, const std::string &path) {
  in.object(v, path);
  in.only_keys(v, path, {"match", "as_first", "as_second"});
  SeatResult r;
  r.match = in.str(in.field(v, path, "match"), JsonReader::at(path, "match"));
  r.won[0] = won_of(in, in.field(v, path, "as_first"), JsonReader::at(path, "as_first"));
  r.won[1] = won_of(in, in.field(v, path, "as_second"), JsonReader::at(path, "as_second"));
  return r;
}

} // namespace

BattleAbout read_battle_about(const json &doc, const Battle &b, const std::string &file) {
  JsonReader in(file);
  BattleAbout a;
  const json *about = in.optional(doc, "about");
  if (!about) return a;
  in.object(*about, "/about");
  in.only_keys(*about, "/about", {"place", "note", "history_favours", "measured", "seats"});
  if (auto *v = in.optional(*about, "place")) a.place = in.str(*v, "/about/place");
  if (auto *v = in.optional(*about, "note")) a.note = in.str(*v, "/about/note");
  if (auto *v = in.optional(*about, "history_favours"))
    a.history_favours = side_of(in, b, *v, "/about/history_favours");
  if (auto *v = in.optional(*about, "measured")) {
    in.array(*v, "/about/measured");
    for (size_t i = 0; i < v->size(); ++i)
      a.measured.push_back(read_measured(in, b, (*v)[i], JsonReader::at("/about/measured", i)));
  }
  if (auto *v = in.optional(*about, "seats")) {
    in.array(*v, "/about/seats");
    for (size_t i = 0; i < v->size(); ++i)
      a.seats.push_back(read_seat(in, (*v)[i], JsonReader::at("/about/seats", i)));
  }
  return a;
}

} // namespace sns
