// The gallery's thumbnails: each battle's mapsheet (draw_mapsheet, the map's own renderer) and its
// counters at their starting hexes, painted once into a texture and kept until the battle file
// changes, so the start screen costs a copy per card per frame.
#include "start/gallery.hpp"
#include "widgets/counter_cache.hpp"

#include <SDL.h>
#include <algorithm>
#include <map>
#include <memory>

namespace sns::app {

namespace {

struct Thumbnail {
  std::shared_ptr<const Battle> battle; // held, so a rescanned file is never taken for this one
  int w = 0, h = 0;
  SDL_Texture *texture = nullptr;
};
std::map<std::string, Thumbnail> thumbnails; // by the battle file's path

// At this size a counter's face would be a few pixels: each is drawn as its wing's colour in a
// dark edge, where it stands, which is what a player reads from a map at arm's length.
void draw_armies(const Battle &b, const Camera &cam, ImDrawList &dl) {
  const float side = static_cast<float>(std::max(4.0, cam.size * 1.15));
  for (const UnitDef &u : b.units) {
    if (u.start == kOffMap) continue; // a reinforcement: not on the map at the start
    PointF c = cam.centre(b, u.start);
    ImVec2 lo(static_cast<float>(c.x) - side / 2, static_cast<float>(c.y) - side / 2);
    ImVec2 hi(lo.x + side, lo.y + side);
    dl.AddRectFilled(ImVec2(lo.x + 1, lo.y + 1), ImVec2(hi.x + 1, hi.y + 1),
                     IM_COL32(0, 0, 0, 110)); // its shadow
    dl.AddRectFilled(lo, hi, wing_colour(b.wings[u.wing].color));
    // Under 6 px the edge would leave a pixel of colour: Grunwald's armies read as black dots.
    if (side >= 6) dl.AddRect(lo, hi, IM_COL32(25, 22, 18, 255));
  }
}

SDL_Texture *paint(const Battle &b, int w, int h) {
  SDL_Renderer *renderer = map_renderer();
  if (!renderer) return nullptr;
  SDL_Texture *t =
      SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
  if (!t) return nullptr;
  const float fw = static_cast<float>(w), fh = static_cast<float>(h);
  Camera cam;
  cam.fit(b, 0, 0, w, h);
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRect(ImVec2(0, 0), ImVec2(fw, fh));
  draw_mapsheet(b, cam, &list, MapRect{0, 0, fw, fh}, false);
  draw_armies(b, cam, list);
  SDL_Texture *before = SDL_GetRenderTarget(renderer);
  SDL_SetRenderTarget(renderer, t);
  SDL_SetRenderDrawColor(renderer, 58, 62, 58, 255);
  SDL_RenderClear(renderer);
  render_draw_list(list, fw, fh);
  SDL_SetRenderTarget(renderer, before);
  return t;
}

} // namespace

ImTextureID battle_thumbnail(const BattleInfo &bi, int w, int h) {
  if (!bi.battle || w < 8 || h < 8) return nullptr;
  Thumbnail &t = thumbnails[bi.path];
  if (t.battle != bi.battle || t.w != w || t.h != h) { // a failed paint is not retried
    if (t.texture) SDL_DestroyTexture(t.texture);
    t = Thumbnail{bi.battle, w, h, paint(*bi.battle, w, h)};
  }
  return static_cast<ImTextureID>(t.texture);
}

void forget_thumbnails() {
  for (auto &[path, t] : thumbnails)
    if (t.texture) SDL_DestroyTexture(t.texture);
  thumbnails.clear();
}

} // namespace sns::app
