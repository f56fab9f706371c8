// Writes app scripts that play lessons through the app's own controls (clicks, buttons, keys), so
// an end-to-end test of every lesson can be made from the lesson's data and read like a player's.
#pragma once
#include "tutorial.hpp"

#include <string>
#include <vector>

namespace sns::app {

// The script steps that play one action from the position before it.
std::vector<std::string> steps_for_action(const Setup &setup, const GameState &state,
                                          const Action &action);
// Every action of a game, from its set-up: the steps a player would take to play it again.
std::string game_script(const Game &game);
// A whole lesson: opened from the start screen, every step played, the end expected.
std::string lesson_script(const Lesson &lesson, size_t index, const std::string &root);

} // namespace sns::app
