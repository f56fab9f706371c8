// Player-facing words for the app (DESIGN.md "The app"): actions, terrain and unit names as a
// player reads them, never the file ids (shield_wall, high_ground, wing ids) the engine stores.
#pragma once
#include "sns/game.hpp"
#include "sns/players.hpp"
#include "sns/ruleset.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace sns::app {

// "1 hit", "2 hits": a count with its noun agreeing in number (every count the app words).
std::string counted(int n, std::string_view one, std::string_view many);
// "Shield Wall", "Second Move": the engine's own title tables (types.hpp).
std::string command_words(Command c);
// The victory level a finished game reached, for the end screen: "Victory level: French moral
// victory (two English units eliminated)"; "" while the game goes on or when the battle has none.
std::string victory_level_words(const Battle &b, const GameState &s);
std::string phase_words(Phase p);
// "High ground" for "high_ground": a terrain type's name as a player reads it.
std::string terrain_words(const std::string &terrain_id);
// "Heavy Horse" for HH.
std::string type_words(UnitType t);
// The name printed at the top of a unit's counter: S&S II's type code (2.2), or under D3 Medieval
// the unit's id (RK, BL), the name its log, lessons and rules use, so "RK charges BL" can be
// matched to a counter (the card and tooltip still give the type).
std::string counter_label(const Battle &b, int unit);
// The letter a wing's counters carry beside its colour, for players who cannot tell the colours
// apart: each wing of the battle its own, so the letter alone says the wing (Lincoln's "Ranulf of
// Chester" and "Robert of Gloucester" both began with R, three wings with T for "The").
char wing_letter(const Battle &b, int wing);
// A phrase as a sentence starts: its first letter a capital ("the Order holds" -> "The ...").
std::string sentence_words(std::string text);
// An action as a button names it: action_words with a capital first letter ("Pass the turn").
std::string button_words(const Battle &b, const Action &a);
// An action as advice standing alone, for a hint or a lesson's "Asked": action_words, with the
// verb a button leaves to its question ("choose the Pitched Combat Phase").
std::string advice_words(const Battle &b, const Action &a);
std::string facing_words(int facing); // D2: "north" .. "north-west"
// "R3 Border Riders": how a unit is named in buttons and hints.
std::string unit_words(const Battle &b, int unit);
// An action as a sentence for a button or a lesson's "Asked": "command Rebel Host: Move".
std::string action_words(const Battle &b, const Action &a);
// Why the computer at `level` chose its action, for a player ("tried in 53 games played out from
// here, it did best"); the search's own account (account_words) is for Explain mode.
std::string suggestion_words(Level level, const Suggestion &s);
// The search's own account for Explain mode: the action in a player's words instead of the command
// line's ids, then the search's reason (search_reason) without its terms of +/-0.00.
std::string account_words(const Battle &b, const Suggestion &s);
// The odds of an attack, fire, shot or melee from the engine's preview, in one line ("Its odds:
// DL 25%, DR 25%, EX 12.5%, NE 37.5%."), for a hint's why; "" for any other action or a refused
// one.
std::string odds_words(const Setup &setup, const GameState &state, const Action &a);

// Text for a panel `width` wide, with a line break at the last space before each line would
// overflow (a word wider than the panel keeps its own line). ImGui 1.86's wrapping may also end a
// line after a '.' or ',', splitting "2.00" or "-0.22" in two; TextWrapped and BulletText draw
// through this instead. `width_of` measures a piece of text in the panel's font.
std::string break_at_spaces(std::string_view text, float width,
                            const std::function<float(std::string_view)> &width_of);

} // namespace sns::app
