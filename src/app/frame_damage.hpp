// What changed on the screen since the frame last drawn (issue 33, item 6): the software renderer
// keeps the window's pixels between frames, so only the part of the window where ImGui's shapes,
// the counters' copies, the panels or the map layer differ is drawn again, and a frame where
// nothing differs draws nothing.
#pragma once
#include "app.hpp"

#include <SDL.h>
#include <imgui.h>
#include <vector>

namespace sns::app {

// A box of window pixels, [x0, x1) x [y0, y1).
struct PixelBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  void add(const PixelBox &o);
  PixelBox meet(const PixelBox &o) const;
  bool operator==(const PixelBox &) const = default;
};

// The parts of `box` outside every one of `covers`.
std::vector<PixelBox> uncovered(const PixelBox &box, const std::vector<PixelBox> &covers);

// What a frame draws besides ImGui's lists. A change of size or of a texture's picture draws the
// whole window again; a panel or the map layer that changed, its place before and now.
struct FrameBase {
  int width = 0, height = 0;    // the window's pixels
  long textures = 0;            // textures painted so far (textures_painted)
  std::vector<PixelBox> panels; // the fixed panels' backgrounds, whole pixels around each
  std::vector<int> layer;       // the map layer's copy (map_layer_copy): its area first
};

// The area of the map layer's copy in a FrameBase's `layer`, or nothing when it is not shown.
PixelBox layer_area(const std::vector<int> &layer);

// The frame last drawn, kept to be compared with the next.
class FrameMemory {
public:
  // The part of the window to draw again for this frame: empty when it equals the last frame,
  // the whole window when the base changed or no frame is kept. Keeps this frame.
  PixelBox changed(const FrameBase &base, const ImDrawData &data);
  // The window's pixels are no longer the last frame's (shown again, resized, a new renderer).
  void forget() { kept_ = false; }

  // One draw command as compared: its clip, texture and share of the indices, and for a copy
  // callback (counter_cache.cpp: a counter's face, a label) the texture copied and where.
  struct Command {
    ImVec4 clip;
    ImTextureID texture;
    const void *callback;
    SDL_Texture *copied; // null for geometry
    SDL_Rect to;
    unsigned first, count; // its indices
    bool same_kind(const Command &o) const;
  };
  struct List { // one draw list as it was drawn
    std::vector<ImDrawVert> vertices;
    std::vector<ImDrawIdx> indices;
    std::vector<Command> commands;
  };

private:
  bool kept_ = false;
  FrameBase base_;
  std::vector<List> lists_;
};

// The box grown until it cuts no letter (a textured triangle), or the whole window.
PixelBox uncut_letters(const ImDrawData &data, PixelBox box, const PixelBox &whole);

// Draws ImGui's draw data, each command clipped to `within` too (the backend's loop with the
// damage box; the counters' copies drawn here, not by their callbacks, so they are clipped alike).
void render_draw_data_within(SDL_Renderer *renderer, const ImDrawData &data,
                             const PixelBox &within);

} // namespace sns::app
