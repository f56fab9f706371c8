// One frame of the app: input, the screen shown (editor, start screen, lessons or the game with its
// map and panels), and its rendering with the cached terrain layer.
#pragma once
#include "app.hpp"

#include <SDL.h>

namespace sns::app {

// One SDL event: ImGui's, the window's close, lost render targets, the app's keys. `quit` is set
// once the player quits (App::quit), which in a live network game waits for Leave.
void handle_event(App &app, const SDL_Event &e, bool &quit, SDL_Renderer *renderer);
// Between ImGui's NewFrame and Render: the session's clock, a new roll, and the screen shown;
// `quit` as for handle_event.
void build_frame(App &app, bool &quit);
// ImGui's draw data onto the renderer: the clear colour, the panels' backgrounds, the terrain
// layer, then ImGui's shapes; where the window keeps its pixels, only the part that changed since
// the last frame (frame_damage.hpp). False when nothing changed and nothing was drawn.
bool render_frame(App &app, SDL_Renderer *renderer);

} // namespace sns::app
