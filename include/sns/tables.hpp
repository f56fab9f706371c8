// The series charts as data (2.6, 7.4, 7.5, 9.2): UTMM, CRT with asterisks, fire modifiers.
#pragma once
#include "sns/types.hpp"

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace sns {

struct CrtCell {
  CombatResult result = CombatResult::NE;
  bool asterisk = false;
};

struct Tables {
  std::array<std::array<int, kUnitTypeCount>, kUnitTypeCount> utmm{}; // [attacker][defender]
  static constexpr int kMinColumn = -2;
  static constexpr int kMaxColumn = 8;
  std::array<std::array<CrtCell, 11>, 7> crt{}; // [combat class][column - kMinColumn]
  int fire_range = 4;
  int fire_high_ground_range_bonus = 2;
  int fire_target_shield_wall = -1;
  int fire_firer_high_ground = 1;
  int fire_target_horse = 1;
  int fire_bonus = 1;
  // Combat-class shifts (7.3, 7.7, 8.0, 10.0, 12.1, 12.3): + worsens the Primary's CC, - improves.
  int cc_target_suppressed = 1;
  int cc_pitched = 1;
  int cc_downhill = 1;
  int cc_target_shield_wall = -1;
  int cc_primary_shield_wall = -1;
  int cc_across_trench = -2;
  int cc_charge_bonus_heavy = 2;
  int cc_charge_bonus_light = 1;

  const CrtCell &cell(CombatClass cc, int column) const;
};

// The tables from assets/tables.json, embedded at build time.
const Tables &default_tables();
// Reads a tables file; throws LoadError naming the file and JSON path on any malformed entry.
Tables load_tables(const nlohmann::json &doc, const std::string &file);
Tables load_tables_file(const std::string &path);

} // namespace sns
