// The mapsheet kept as a texture (issue 33, 2.1): the art of mapsheet.cpp drawn once per zoom and
// battle over the view and a margin around it, copied every frame; a pan only moves the copy.
#include "play/map_layer.hpp"
#include "widgets/counter_cache.hpp"

#include <SDL.h>
#include <algorithm>
#include <cmath>
#include <memory>

namespace sns::app {

namespace {

constexpr SDL_Color kBackdrop{58, 62, 58, 255}; // the table around the sheet (mapsheet.cpp)

// A box in map pixels at the layer's zoom, measured from the camera's origin, so a pan does not
// move it.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  bool inside(const Box &o) const {
    return empty() || (x0 >= o.x0 && y0 >= o.y0 && x1 <= o.x1 && y1 <= o.y1);
  }
  Box meet(const Box &o) const {
    return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
  }
  Box grown(double dx, double dy) const { return {x0 - dx, y0 - dy, x1 + dx, y1 + dy}; }
};

struct MapLayer {
  SDL_Texture *texture = nullptr;
  int w = 0, h = 0;    // the texture's size
  Box drawn;           // what the texture holds (w x h from its top left)
  Box sheet;           // the sheet's extent at this zoom
  double size = 0;     // the zoom it was drawn at (hex radius)
  bool labels = false; // hex numbers shown
  // Held, so the art is keyed on the battle itself: a new game or an editor change makes a new
  // Battle, and one kept alive here can never share an address with it.
  std::shared_ptr<const Battle> battle;
  SDL_Rect area{};      // this frame's map area, whole pixels
  SDL_Rect at{};        // where the texture's top left lands this frame
  bool visible = false; // copied this frame
  long redraws = 0;
};
MapLayer layer;

// Every hex with the paper around it: its margin, ruled frame and shadow (draw_paper).
Box sheet_extent(const Battle &b, double size) {
  Camera at_zero;
  at_zero.size = size, at_zero.origin_x = 0, at_zero.origin_y = 0;
  Box e{1e18, 1e18, -1e18, -1e18};
  for (HexId h = 0; h < b.hex_count(); ++h) {
    PointF c = at_zero.centre(b, h);
    e.x0 = std::min(e.x0, c.x), e.y0 = std::min(e.y0, c.y);
    e.x1 = std::max(e.x1, c.x), e.y1 = std::max(e.y1, c.y);
  }
  double m = size * 1.6 + 20; // a hex's corner, the paper's margin and its shadow, with room
  return e.grown(m, m);
}

Box view_of(const Camera &cam, const MapRect &r) {
  return {r.x - cam.origin_x, r.y - cam.origin_y, r.x + r.w - cam.origin_x,
          r.y + r.h - cam.origin_y};
}

bool stale(const App &app, const Box &needed) {
  return !layer.texture || layer.size != app.camera.size || layer.labels != app.show_labels ||
         layer.battle != app.game().setup().battle || !needed.inside(layer.drawn.grown(-1, -1));
}

// The part of the sheet to draw: the view and half of it again on each side, so a pan redraws
// only once it has gone that far; a texture too large for the renderer keeps to the view.
Box part_to_draw(const Box &view, const Box &sheet, SDL_Renderer *renderer) {
  Box part = view.grown((view.x1 - view.x0) / 2, (view.y1 - view.y0) / 2).meet(sheet);
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer, &info);
  bool too_large = (info.max_texture_width > 0 && part.x1 - part.x0 + 4 > info.max_texture_width) ||
                   (info.max_texture_height > 0 && part.y1 - part.y0 + 4 > info.max_texture_height);
  if (too_large) part = view.meet(sheet);
  return part.grown(2, 2); // whole pixels either way
}

// Draws the art of `part` into the texture; false when no texture can be made.
bool draw_layer(App &app, const Box &part, SDL_Renderer *renderer) {
  const Camera &cam = app.camera;
  // The texture's top left on a whole screen pixel, so the copy lands where the art was drawn.
  double left = std::floor(cam.origin_x + part.x0) - cam.origin_x;
  double top = std::floor(cam.origin_y + part.y0) - cam.origin_y;
  int w = static_cast<int>(std::ceil(part.x1 - left)),
      h = static_cast<int>(std::ceil(part.y1 - top));
  if (!layer.texture || w != layer.w || h != layer.h) {
    if (layer.texture) SDL_DestroyTexture(layer.texture);
    layer.texture =
        SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    layer.w = layer.texture ? w : 0, layer.h = layer.texture ? h : 0;
    if (!layer.texture) return false;
    // Opaque (cleared to the backdrop, then drawn over): copied without blending, which the
    // software renderer would do pixel by pixel whatever the alpha.
    SDL_SetTextureBlendMode(layer.texture, SDL_BLENDMODE_NONE);
  }
  layer.drawn = {left, top, left + w, top + h};
  layer.size = cam.size, layer.labels = app.show_labels, layer.battle = app.game().setup().battle;
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  // The backend draws vertices where they are, so the part is drawn at the texture's origin.
  Camera local = cam;
  local.origin_x = -left, local.origin_y = -top;
  auto fw = static_cast<float>(w), fh = static_cast<float>(h);
  list.PushClipRect(ImVec2(0, 0), ImVec2(fw, fh));
  draw_terrain(app, local, &list, MapRect{0, 0, fw, fh});
  SDL_Texture *target = SDL_GetRenderTarget(renderer);
  SDL_SetRenderTarget(renderer, layer.texture);
  SDL_SetRenderDrawColor(renderer, kBackdrop.r, kBackdrop.g, kBackdrop.b, 255);
  SDL_RenderClear(renderer);
  render_draw_list(list, fw, fh);
  SDL_SetRenderTarget(renderer, target);
  ++layer.redraws;
  return true;
}

} // namespace

void update_map_layer(App &app, const MapRect &r, ImDrawList *fallback) {
  SDL_Renderer *renderer = map_renderer();
  const Camera &cam = app.camera;
  if (layer.size != cam.size || layer.battle != app.game().setup().battle)
    layer.sheet = sheet_extent(app.game().battle(), cam.size);
  Box view = view_of(cam, r);
  if (renderer && stale(app, view.meet(layer.sheet)) &&
      !draw_layer(app, part_to_draw(view, layer.sheet, renderer), renderer))
    layer.battle = nullptr; // drawn again next frame, after this one's art is drawn below
  if (!renderer || !layer.battle) {
    draw_terrain(app, cam, fallback, r);
    ++layer.redraws;
    return;
  }
  layer.area = {static_cast<int>(r.x), static_cast<int>(r.y), static_cast<int>(r.w),
                static_cast<int>(r.h)};
  layer.at = {static_cast<int>(std::lround(cam.origin_x + layer.drawn.x0)),
              static_cast<int>(std::lround(cam.origin_y + layer.drawn.y0)), layer.w, layer.h};
  layer.visible = true;
}

void render_map_layer(SDL_Renderer *renderer) {
  if (!layer.visible) return;
  const SDL_Rect &r = layer.area;
  SDL_Rect dst; // the drawn part in the map area, copied by a plain blit
  if (!SDL_IntersectRect(&layer.at, &r, &dst)) dst = SDL_Rect{r.x, r.y, r.w, 0};
  // The backdrop only where the copy does not cover: each pixel written once.
  SDL_Rect around[4] = {{r.x, r.y, r.w, dst.y - r.y},
                        {r.x, dst.y + dst.h, r.w, r.y + r.h - dst.y - dst.h},
                        {r.x, dst.y, dst.x - r.x, dst.h},
                        {dst.x + dst.w, dst.y, r.x + r.w - dst.x - dst.w, dst.h}};
  SDL_BlendMode mode;
  SDL_GetRenderDrawBlendMode(renderer, &mode);
  SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(renderer, kBackdrop.r, kBackdrop.g, kBackdrop.b, 255);
  for (const SDL_Rect &part : around)
    if (part.w > 0 && part.h > 0) SDL_RenderFillRect(renderer, &part);
  SDL_SetRenderDrawBlendMode(renderer, mode);
  if (dst.w <= 0 || dst.h <= 0) return;
  SDL_Rect src{dst.x - layer.at.x, dst.y - layer.at.y, dst.w, dst.h};
  SDL_RenderCopy(renderer, layer.texture, &src, &dst);
}

void hide_map_layer() { layer.visible = false; }

void forget_map_layer() { layer.battle = nullptr; }

void close_map_layer() {
  if (layer.texture) SDL_DestroyTexture(layer.texture);
  layer = MapLayer{};
}

long map_art_redraws() { return layer.redraws; }

std::vector<int> map_layer_copy() {
  if (!layer.visible) return {};
  const SDL_Rect &a = layer.area, &t = layer.at;
  return {a.x, a.y, a.w, a.h, t.x, t.y, t.w, t.h, static_cast<int>(layer.redraws)};
}

} // namespace sns::app
