// How a ruleset folder builds its row of the registration table (review D1): its facts, its
// tables and its operations, each a short list, put together in one place, so the two rows
// do not repeat the same eighteen lines and a new field of Ruleset is filled here once.
#pragma once
#include "sns/ruleset.hpp"

namespace sns {

// The words and numbers that set a ruleset apart (see Ruleset for each).
struct RulesetFacts {
  RulesetId id;
  int die_faces;
  const char *turn_name, *turn_word;
  int default_last_turn;
  const char *sequence_section, *unit_type_words, *hexside_words;
  int facings;
  const char *river_section, *score_label, *score_title, *rules_file, *summary;
};

// The ruleset's tables, in this order in every folder.
struct RulesetTables {
  std::span<const UnitType> unit_types;
  std::span<const TerrainRow> terrain;
  std::span<const HexsideFeature> hexsides;
  std::span<const char *const> facing_names;
  std::span<const MissingFeature> missing;
  std::span<const Phase> phases;
};

// The ruleset's operations, in this order in every folder.
struct RulesetOps {
  decltype(Ruleset::start) start;
  decltype(Ruleset::validate) validate;
  decltype(Ruleset::apply) apply;
  decltype(Ruleset::legal) legal;
  decltype(Ruleset::consistent) consistent;
  decltype(Ruleset::side_to_act) side_to_act;
  decltype(Ruleset::score) score;
  decltype(Ruleset::preview_hits) preview_hits;
  decltype(Ruleset::state_json) state_json;
  decltype(Ruleset::game_over) game_over;
  decltype(Ruleset::as_if_attacking) as_if_attacking;
  decltype(Ruleset::entered_hex) entered_hex;
  decltype(Ruleset::wear) wear;
  decltype(Ruleset::fights_ahead) fights_ahead;
};

constexpr Ruleset ruleset_row(const RulesetFacts &f, const RulesetTables &t, const RulesetOps &o) {
  return Ruleset{
      .id = f.id,
      .die_faces = f.die_faces,
      .turn_name = f.turn_name,
      .turn_word = f.turn_word,
      .default_last_turn = f.default_last_turn,
      .sequence_section = f.sequence_section,
      .unit_types = t.unit_types,
      .unit_type_words = f.unit_type_words,
      .terrain = t.terrain,
      .hexsides = t.hexsides,
      .hexside_words = f.hexside_words,
      .facings = f.facings,
      .facing_names = t.facing_names,
      .river_section = f.river_section,
      .missing = t.missing,
      .phases = t.phases,
      .score_label = f.score_label,
      .score_title = f.score_title,
      .rules_file = f.rules_file,
      .summary = f.summary,
      .start = o.start,
      .validate = o.validate,
      .apply = o.apply,
      .legal = o.legal,
      .consistent = o.consistent,
      .side_to_act = o.side_to_act,
      .score = o.score,
      .preview_hits = o.preview_hits,
      .state_json = o.state_json,
      .game_over = o.game_over,
      .as_if_attacking = o.as_if_attacking,
      .entered_hex = o.entered_hex,
      .wear = o.wear,
      .fights_ahead = o.fights_ahead,
  };
}

} // namespace sns
