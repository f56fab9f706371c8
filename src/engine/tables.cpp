// Loads the series charts (2.6, 7.3, 7.4, 7.5, 9.2) from data: assets/tables.json, embedded or
// replaced by a player.
#include "sns/tables.hpp"
#include "json_reader.hpp"
#include "sns/battle.hpp"

#include <algorithm>

namespace sns {

extern const char *const kEmbeddedTablesJson;

const CrtCell &Tables::cell(CombatClass cc, int column) const {
  column = std::clamp(column, kMinColumn, kMaxColumn);
  return crt[cc][column - kMinColumn];
}

Tables load_tables(const json &doc, const std::string &file) {
  JsonReader in(file);
  Tables t;
  in.object(doc, "");
  std::string format = in.str(in.field(doc, "", "format"), "/format");
  if (format != "shields-swords-tables/1")
    in.fail("/format", "expected \"shields-swords-tables/1\"");
  in.object(in.field(doc, "", "provenance"), "/provenance");
  const json &utmm = in.object(in.field(doc, "", "utmm"), "/utmm");
  for (int a = 0; a < kUnitTypeCount; ++a) {
    std::string an(name(static_cast<UnitType>(a)));
    const json &row = in.object(in.field(utmm, "/utmm", an.c_str()), "/utmm/" + an);
    for (int d = 0; d < kUnitTypeCount; ++d) {
      std::string dn(name(static_cast<UnitType>(d)));
      t.utmm[a][d] = static_cast<int>(
          in.integer(in.field(row, "/utmm/" + an, dn.c_str()), "/utmm/" + an + "/" + dn, -5, 5));
    }
  }
  const json &cols = in.array(in.field(doc, "", "crt_columns"), "/crt_columns");
  if (cols.size() != 11) in.fail("/crt_columns", "expected the eleven columns -2 .. 8");
  for (int c = 0; c < 11; ++c)
    if (in.integer(cols[c], JsonReader::at("/crt_columns", c), -100, 100) != c + Tables::kMinColumn)
      in.fail(JsonReader::at("/crt_columns", c),
              "expected column " + std::to_string(c + Tables::kMinColumn));
  const json &crt = in.object(in.field(doc, "", "crt"), "/crt");
  for (int cc = kBestCC; cc <= kWorstCC; ++cc) {
    std::string ccn = cc_name(cc);
    const json &row = in.array(in.field(crt, "/crt", ccn.c_str()), "/crt/" + ccn);
    if (row.size() != 11) in.fail("/crt/" + ccn, "expected eleven results, one per column -2 .. 8");
    for (int c = 0; c < 11; ++c) {
      std::string path = JsonReader::at("/crt/" + ccn, c);
      std::string text = in.str(row[c], path);
      bool star = !text.empty() && text.back() == '*';
      auto r = parse_result(star ? text.substr(0, text.size() - 1) : text);
      if (!r)
        in.fail(
            path,
            "expected a result DE, DL, DR, EX, NE, AE, AL or AR (DR and NE may carry *), got \"" +
                text + "\"");
      if (star && *r != CombatResult::DR && *r != CombatResult::NE)
        in.fail(path, "only DR and NE may carry an asterisk (7.5)");
      t.crt[cc][c] = {*r, star};
    }
  }
  const json &fire = in.object(in.field(doc, "", "fire"), "/fire");
  auto num = [&](const char *key, int lo, int hi) {
    return static_cast<int>(
        in.integer(in.field(fire, "/fire", key), std::string("/fire/") + key, lo, hi));
  };
  t.fire_range = num("range", 1, 20);
  t.fire_high_ground_range_bonus = num("high_ground_range_bonus", 0, 20);
  t.fire_target_shield_wall = num("target_shield_wall", -5, 5);
  t.fire_firer_high_ground = num("firer_high_ground", -5, 5);
  t.fire_target_horse = num("target_horse", -5, 5);
  t.fire_bonus = num("bonus", -5, 5);
  // Older tables files have no "cc_shifts": the rulebook's values stay.
  if (doc.contains("cc_shifts")) {
    const json &cc = in.object(doc.at("cc_shifts"), "/cc_shifts");
    auto shift = [&](const char *key) {
      return static_cast<int>(
          in.integer(in.field(cc, "/cc_shifts", key), std::string("/cc_shifts/") + key, -6, 6));
    };
    t.cc_target_suppressed = shift("target_suppressed");
    t.cc_pitched = shift("pitched");
    t.cc_downhill = shift("downhill");
    t.cc_target_shield_wall = shift("target_shield_wall");
    t.cc_primary_shield_wall = shift("primary_shield_wall");
    t.cc_across_trench = shift("across_trench");
    t.cc_charge_bonus_heavy = shift("charge_bonus_heavy");
    t.cc_charge_bonus_light = shift("charge_bonus_light");
  }
  return t;
}

Tables load_tables_file(const std::string &path) {
  return load_tables(read_json_file(path, kMaxInputBytes), path);
}

const Tables &default_tables() {
  static const Tables tables =
      load_tables(parse_json_text(kEmbeddedTablesJson, "assets/tables.json"), "assets/tables.json");
  return tables;
}

} // namespace sns
