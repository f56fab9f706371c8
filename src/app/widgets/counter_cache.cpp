// Counter faces and map letters kept as textures (issue 10): each look (counter_art.hpp) painted
// once into a texture, its letters drawn by SDL2_ttf at their exact pixel size; every frame a
// counter is one copy of its face. The software renderer spent most of a frame on the counters'
// text triangles. Hex labels are SDL2_ttf texts kept the same way.
#include "widgets/counter_cache.hpp"
#include "app.hpp"
#include "widgets/counter_art.hpp"

#include <SDL.h>
#include <SDL_ttf.h>
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <string>

namespace sns::app {

namespace {

using Copy = TextureCopy;

long painted = 0; // textures_painted

void copy_at_callback(const ImDrawList *, const ImDrawCmd *cmd) {
  const Copy &c = *static_cast<const Copy *>(cmd->UserCallbackData);
  SDL_Rect clip{static_cast<int>(cmd->ClipRect.x), static_cast<int>(cmd->ClipRect.y),
                static_cast<int>(cmd->ClipRect.z - cmd->ClipRect.x),
                static_cast<int>(cmd->ClipRect.w - cmd->ClipRect.y)};
  SDL_RenderSetClipRect(c.renderer, &clip);
  SDL_RenderCopy(c.renderer, c.texture, nullptr, &c.to);
}

struct Face {
  SDL_Texture *texture = nullptr;
  int w = 0, h = 0;
  int used = 0; // the ImGui frame that last showed it
};

// Drops the textures not shown in this frame.
template <class Key> void forget_unused(std::map<Key, Face> &kept, int frame) {
  for (auto it = kept.begin(); it != kept.end();)
    if (it->second.used != frame) {
      SDL_DestroyTexture(it->second.texture);
      it = kept.erase(it);
    } else
      ++it;
}

class FaceCache {
public:
  bool open(SDL_Renderer *renderer, const char *font_path);
  void close();
  void forget_painted(); // the textures' pictures were lost: paint them again when next shown
  // The face for a look, painted now if it is not kept yet.
  const Face &face(const CounterLook &look);
  // Copies a face centred on (cx, cy) at this point of the draw list.
  void place(ImDrawList *dl, const Face &face, float cx, float cy);
  // A text's texture, drawn now if it is not kept yet (hex labels).
  const Face &text(float px, ImU32 col, const std::string &text);
  TTF_Font *font(float px);
  SDL_Renderer *renderer() const { return renderer_; }

private:
  // Faces kept before the ones not shown in the current frame are dropped (zooming makes new
  // sizes every step).
  static constexpr size_t kMostFaces = 600;
  SDL_Renderer *renderer_ = nullptr;
  std::string font_path_;
  double points_per_pixel_ = 1;     // the font's point size per pixel of line height
  std::map<int, TTF_Font *> fonts_; // by point size
  std::map<CounterLook, Face> faces_;
  struct TextKey {
    int points;
    ImU32 col;
    std::string text;
    auto operator<=>(const TextKey &) const = default;
  };
  // Labels are drawn into the terrain layer only when it is rebuilt: they are kept across frames
  // (a pan draws mostly the same ones) up to this many.
  static constexpr size_t kMostTexts = 5000;
  std::map<TextKey, Face> texts_;
  std::deque<Copy> copies_; // this frame's copies, which the draw lists point at
  int copies_frame_ = -1;

  Face paint(const CounterLook &look);
  int points(float px) const;
};

FaceCache cache;

// Letters drawn by SDL2_ttf into the face's texture, in order with the shapes (a draw-list
// callback each), so a marker painted over a letter stays over it.
class TtfCanvas : public CounterCanvas {
public:
  explicit TtfCanvas(ImDrawList *list) : CounterCanvas(list) {}
  ~TtfCanvas() override {
    for (Copy &c : letters_)
      SDL_DestroyTexture(c.texture);
  }
  void text(float px, ImVec2 at, ImU32 col, const char *text) override {
    SDL_Color colour{static_cast<Uint8>(col & 0xFF), static_cast<Uint8>((col >> 8) & 0xFF),
                     static_cast<Uint8>((col >> 16) & 0xFF), static_cast<Uint8>(col >> 24)};
    SDL_Surface *s = TTF_RenderUTF8_Blended(cache.font(px), text, colour);
    if (!s) return;
    SDL_Texture *t = SDL_CreateTextureFromSurface(cache.renderer(), s);
    SDL_Rect to{static_cast<int>(std::floor(at.x)), static_cast<int>(std::floor(at.y)), s->w, s->h};
    SDL_FreeSurface(s);
    if (!t) return;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    letters_.push_back({cache.renderer(), t, to});
    dl->AddCallback(copy_at_callback, &letters_.back());
  }
  ImVec2 text_size(float px, const char *text) override {
    int w = 0, h = 0;
    TTF_SizeUTF8(cache.font(px), text, &w, &h);
    return ImVec2(static_cast<float>(w), static_cast<float>(h));
  }

private:
  std::deque<Copy> letters_;
};

bool FaceCache::open(SDL_Renderer *renderer, const char *font_path) {
  if (!TTF_WasInit() && TTF_Init() != 0) return false;
  font_path_ = font_path;
  // ImGui sizes letters by line height, SDL2_ttf by points: measure the font once.
  TTF_Font *probe = TTF_OpenFont(font_path, 100);
  if (!probe) return false;
  points_per_pixel_ = 100.0 / TTF_FontHeight(probe);
  TTF_CloseFont(probe);
  renderer_ = renderer;
  return true;
}

void FaceCache::forget_painted() {
  for (auto &[look, face] : faces_)
    SDL_DestroyTexture(face.texture);
  faces_.clear();
}

void FaceCache::close() {
  forget_painted();
  for (auto &[key, face] : texts_)
    SDL_DestroyTexture(face.texture);
  texts_.clear();
  for (auto &[points, font] : fonts_)
    TTF_CloseFont(font);
  fonts_.clear();
  copies_.clear();
  renderer_ = nullptr;
  if (TTF_WasInit()) TTF_Quit();
}

int FaceCache::points(float px) const {
  return std::max(4, static_cast<int>(std::lround(px * points_per_pixel_)));
}

TTF_Font *FaceCache::font(float px) {
  int size = points(px);
  TTF_Font *&f = fonts_[size];
  if (!f) f = TTF_OpenFont(font_path_.c_str(), size);
  return f;
}

const Face &FaceCache::text(float px, ImU32 col, const std::string &text) {
  int frame = ImGui::GetFrameCount();
  TextKey key{points(px), col, text};
  auto it = texts_.find(key);
  if (it == texts_.end()) {
    if (texts_.size() >= kMostTexts) forget_unused(texts_, frame);
    Face face;
    SDL_Color colour{static_cast<Uint8>(col & 0xFF), static_cast<Uint8>((col >> 8) & 0xFF),
                     static_cast<Uint8>((col >> 16) & 0xFF), static_cast<Uint8>(col >> 24)};
    if (SDL_Surface *s = TTF_RenderUTF8_Blended(font(px), text.c_str(), colour)) {
      face.texture = SDL_CreateTextureFromSurface(renderer_, s);
      note_texture_painted();
      face.w = s->w, face.h = s->h;
      SDL_FreeSurface(s);
      if (face.texture) SDL_SetTextureBlendMode(face.texture, SDL_BLENDMODE_BLEND);
    }
    it = texts_.emplace(std::move(key), face).first;
  }
  it->second.used = frame;
  return it->second;
}

Face FaceCache::paint(const CounterLook &look) {
  Face face;
  int margin = counter_overhang(look.size);
  face.w = face.h = look.size + 2 * margin;
  face.texture = SDL_CreateTexture(renderer_, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET,
                                   face.w, face.h);
  if (!face.texture) return face;
  SDL_SetTextureBlendMode(face.texture, SDL_BLENDMODE_BLEND);
  ImDrawList list(ImGui::GetDrawListSharedData());
  list._ResetForNewFrame();
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRect(ImVec2(0, 0), ImVec2(static_cast<float>(face.w), static_cast<float>(face.h)));
  {
    TtfCanvas canvas(&list);
    paint_counter(look, canvas, ImVec2(face.w / 2.0f, face.h / 2.0f));
    SDL_Texture *target = SDL_GetRenderTarget(renderer_);
    SDL_SetRenderTarget(renderer_, face.texture);
    SDL_SetRenderDrawColor(renderer_, 0, 0, 0, 0);
    SDL_RenderClear(renderer_);
    render_draw_list(list, static_cast<float>(face.w), static_cast<float>(face.h));
    SDL_SetRenderTarget(renderer_, target);
  }
  return face;
}

const Face &FaceCache::face(const CounterLook &look) {
  int frame = ImGui::GetFrameCount();
  auto it = faces_.find(look);
  if (it == faces_.end()) {
    if (faces_.size() >= kMostFaces) forget_unused(faces_, frame);
    it = faces_.emplace(look, paint(look)).first;
  }
  it->second.used = frame;
  return it->second;
}

void FaceCache::place(ImDrawList *dl, const Face &face, float cx, float cy) {
  if (!face.texture) return;
  int frame = ImGui::GetFrameCount();
  if (copies_frame_ != frame) copies_.clear(), copies_frame_ = frame; // last frame is drawn
  copies_.push_back({renderer_, face.texture,
                     SDL_Rect{static_cast<int>(std::lround(cx - face.w / 2.0f)),
                              static_cast<int>(std::lround(cy - face.h / 2.0f)), face.w, face.h}});
  dl->AddCallback(copy_at_callback, &copies_.back());
}

} // namespace

bool open_counter_cache(SDL_Renderer *renderer, const char *font_path) {
  if (cache.open(renderer, font_path)) return true;
  report_error(std::string("cannot open the counters' font ") + font_path + ": " + TTF_GetError());
  return false;
}

void close_counter_cache() { cache.close(); }

SDL_Renderer *map_renderer() { return cache.renderer(); }

void forget_counter_faces() { cache.forget_painted(); }

const TextureCopy *texture_copy(const ImDrawCmd &cmd) {
  return cmd.UserCallback == copy_at_callback ? static_cast<const Copy *>(cmd.UserCallbackData)
                                              : nullptr;
}

long textures_painted() { return painted; }

void note_texture_painted() { ++painted; }

void draw_map_text(ImDrawList *dl, float px, ImVec2 at, ImU32 col, const std::string &text) {
  const Face &face = cache.text(px, col, text);
  cache.place(dl, face, std::floor(at.x) + face.w / 2.0f, std::floor(at.y) + face.h / 2.0f);
}

void draw_map_text_centred(ImDrawList *dl, float px, ImVec2 top, ImU32 col,
                           const std::string &text) {
  const Face &face = cache.text(px, col, text);
  cache.place(dl, face, std::floor(top.x - face.w / 2.0f) + face.w / 2.0f,
              std::floor(top.y) + face.h / 2.0f);
}

void draw_map_tag(ImDrawList *dl, float px, ImVec2 centre, ImU32 col, ImU32 box,
                  const std::string &text) {
  const Face &face = cache.text(px, col, text);
  float pad = std::max(2.0f, px * 0.3f);
  ImVec2 a(std::floor(centre.x - face.w / 2.0f - pad), std::floor(centre.y - face.h / 2.0f));
  dl->AddRectFilled(a, ImVec2(a.x + face.w + 2 * pad, a.y + face.h), box, face.h / 2.0f);
  cache.place(dl, face, std::floor(centre.x), std::floor(centre.y));
}

void draw_counter(App &app, ImDrawList *dl, float cx, float cy, float size, int unit, bool dim) {
  CounterLook look = counter_look(app, unit, size, dim);
  cache.place(dl, cache.face(look), cx, cy);
}

} // namespace sns::app
