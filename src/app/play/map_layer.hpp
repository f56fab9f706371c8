// The mapsheet kept as a texture (issue 33): drawn once per zoom and battle over the map and a
// margin around the view, so a pan only moves the copy and an idle window draws nothing.
#pragma once
#include "app.hpp"

#include <vector>

struct SDL_Renderer;

namespace sns::app {

// Brings the layer up to date for this frame's map area (drawing the art again only when the
// zoom, the hex-number toggle or the battle changed, or the view left the drawn part), and marks
// it to be copied by render_map_layer. Without a texture it draws the art into `fallback`.
void update_map_layer(App &app, const MapRect &r, ImDrawList *fallback);
// Copies the layer under ImGui's draw data: the backdrop, then the drawn part in the map area.
void render_map_layer(SDL_Renderer *renderer);
// Forgets whether the layer is shown, at the start of each frame.
void hide_map_layer();
// The renderer lost what was drawn into textures: the layer is drawn again when next shown.
void forget_map_layer();
void close_map_layer(); // before the renderer goes
// What the layer's copy puts on the window this frame (where, from where, which drawing of the
// art), compared from frame to frame by frame_damage.hpp; empty when it is not shown.
std::vector<int> map_layer_copy();
// How many times the art was drawn since the program started (--bench-frames prints it).
long map_art_redraws();

} // namespace sns::app
