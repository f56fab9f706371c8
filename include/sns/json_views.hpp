// The JSON views of a game (DESIGN.md "state" and "preview"), as the command line prints them.
// Hidden reverse sides appear only with spoilers (R22).
#pragma once
#include "sns/game.hpp"

#include <nlohmann/json.hpp>

namespace sns {

nlohmann::json state_to_json(const Setup &setup, const GameState &state, const Events *log,
                             bool spoilers);
// {"id", "name", "side"} of the battle's victory level `level` (an index into victory_levels).
nlohmann::json victory_level_json(const Battle &b, int level);
nlohmann::json event_to_json(const Battle &b, const Event &e);
nlohmann::json attack_preview_to_json(const Battle &b, const AttackPreview &p);
nlohmann::json fire_preview_to_json(const FirePreview &p);
nlohmann::json hits_preview_to_json(const HitsPreview &p);

} // namespace sns
