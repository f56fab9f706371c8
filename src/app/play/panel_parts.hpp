// What the play screen's panel files share (play/*.cpp, start/*.cpp): the seats, the wing swatch,
// the previews and each panel's entry point for the layout in panels.cpp.
#pragma once
#include "app.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sns::app {

// Who plays each side: a person at this screen, or the computer at a level (docs/ai.md).
struct Seat {
  std::string label; // "Human", "Computer (easy)"
  std::optional<Level> level;
};
// Human, then the computer at each level a game's seat may take, in the engine's order
// (level_names(true)): a new level is offered without a change here.
const std::vector<Seat> &seats();

// A drop-down of seats() showing `chosen`; true, with `chosen` changed, when another is picked.
bool seat_combo(const std::string &label, int &chosen);
// A small square of the wing's colour, in line with the text that follows.
void wing_swatch(const Battle &b, int wing);

void status_panel(App &app);                                   // status_panel.cpp
void decision_panel(App &app, Footer &footer);                 // orders_panel.cpp
void footer_buttons(App &app, const Footer &footer);           // orders_panel.cpp
void log_panel(App &app);                                      // log_panel.cpp
void rules_window(App &app);                                   // learn/rules_window.cpp
void hover_tooltip(App &app, const MapRect &map, HexId hover); // map_overlays.cpp
void die_overlay(App &app, const MapRect &map);                // map_overlays.cpp

// previews.cpp: the CRT with the CC in use and the last roll's column lit, and the previews of an
// attack or a shot, which may set the footer's main action.
void crt_table(App &app, CombatClass cc_used, int column);
void attack_preview(App &app, const Action &a, Footer &footer);
void fire_preview(App &app, const Action &a, Footer &footer);

} // namespace sns::app
