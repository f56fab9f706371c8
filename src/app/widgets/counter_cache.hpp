// Counter faces and hex labels kept as textures (issue 10): each counter's look painted once, its
// letters drawn by SDL2_ttf, then copied every frame; painted again only when a unit's look
// changes.
#pragma once
#include <SDL.h>
#include <imgui.h>
#include <string>

namespace sns::app {

// Opens the counters' font; false (with the error reported) when it cannot be read.
bool open_counter_cache(SDL_Renderer *renderer, const char *font_path);
void close_counter_cache(); // before the renderer goes
// The renderer the map's textures are made with (the start screen's thumbnails are made with it
// too), or null before open_counter_cache.
SDL_Renderer *map_renderer();
// The renderer lost what was drawn into textures (SDL_RENDER_TARGETS_RESET): faces are painted
// again when next shown.
void forget_counter_faces();

// A texture copied where a draw list's command stands (a counter's face, a letter, a label), so it
// keeps its place among the shapes.
struct TextureCopy {
  SDL_Renderer *renderer;
  SDL_Texture *texture;
  SDL_Rect to;
};
// The copy a draw command stands for, or null for any other command (frame_damage.cpp compares
// and draws them).
const TextureCopy *texture_copy(const ImDrawCmd &cmd);
// How many times a texture was painted or made since the program started: a picture that may
// have changed behind a texture's unchanged address (frame_damage.hpp draws the whole window).
long textures_painted();
void note_texture_painted();

// Letters on the map (hex labels) drawn by SDL2_ttf, `px` pixels high with their box's top left
// at `at`, each text kept as a texture.
void draw_map_text(ImDrawList *dl, float px, ImVec2 at, ImU32 col, const std::string &text);
// The same, its box's top centred on `top` (the mapsheet's hex numbers).
void draw_map_text_centred(ImDrawList *dl, float px, ImVec2 top, ImU32 col,
                           const std::string &text);
// A short text on a rounded box of colour `box`, both centred on `centre` (a unit's id tag).
void draw_map_tag(ImDrawList *dl, float px, ImVec2 centre, ImU32 col, ImU32 box,
                  const std::string &text);

} // namespace sns::app
