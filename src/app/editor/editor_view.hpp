// The battle editor's screen (docs/editor.md): tool palette, map painting, side, unit and rules
// panels, the problem list, Save and Play from here. The battle itself is editor_model.hpp's.
#pragma once
#include "app.hpp"

#include <SDL.h>
#include <string>

namespace sns::app {

// Opens the editor on a battle file (or a draft), or on a new map when path is empty. False when
// the file cannot be read at all (the session's message says why).
bool open_editor(App &app, const std::string &path, int columns = 14, int rows = 10,
                 const std::string &ruleset = ""); // "": the default ruleset
// Draws the whole frame while the editor is shown (true), or only the "Back to the editor" button
// while a battle started with Play from here is shown (false: the game's frame follows).
bool editor_frame(App &app);
// What the menu bar says while the editor is shown ("Battle editor: NAME - FILE", and whether it
// has unsaved edits); "" when it is not shown.
std::string editor_title(const App &app);
// The editor's keys; true when the key was the editor's.
bool editor_key(App &app, const SDL_Event &e);
// The seed of games started with Play from here (--seed); 0: from the clock.
void set_editor_seed(App &app, uint64_t seed);
// "Edit a battle", "New battle" and "New D3 Medieval battle", on the start screen.
void editor_start_buttons(App &app);

} // namespace sns::app
