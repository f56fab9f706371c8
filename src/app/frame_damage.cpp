// What changed on the screen since the frame last drawn, and ImGui's draw data drawn within it
// (issue 33, item 6; docs/performance.md "Only what changed is drawn").
#include "frame_damage.hpp"
#include "widgets/counter_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace sns::app {

void PixelBox::add(const PixelBox &o) {
  if (o.empty()) return;
  if (empty()) {
    *this = o;
    return;
  }
  x0 = std::min(x0, o.x0), y0 = std::min(y0, o.y0);
  x1 = std::max(x1, o.x1), y1 = std::max(y1, o.y1);
}

PixelBox PixelBox::meet(const PixelBox &o) const {
  PixelBox m{std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
  return m.empty() ? PixelBox{} : m;
}

std::vector<PixelBox> uncovered(const PixelBox &box, const std::vector<PixelBox> &covers) {
  std::vector<PixelBox> left{box};
  for (const PixelBox &c : covers) {
    std::vector<PixelBox> next;
    for (const PixelBox &b : left) {
      PixelBox m = b.meet(c);
      if (m.empty()) {
        next.push_back(b);
        continue;
      }
      // What is left of b around m: the bands above and below, then the sides between them.
      for (PixelBox part : {PixelBox{b.x0, b.y0, b.x1, m.y0}, PixelBox{b.x0, m.y1, b.x1, b.y1},
                            PixelBox{b.x0, m.y0, m.x0, m.y1}, PixelBox{m.x1, m.y0, b.x1, m.y1}})
        if (!part.empty()) next.push_back(part);
    }
    left = std::move(next);
  }
  return left;
}

PixelBox layer_area(const std::vector<int> &layer) {
  return layer.size() >= 4 ? PixelBox{layer[0], layer[1], layer[0] + layer[2], layer[1] + layer[3]}
                           : PixelBox{};
}

namespace {

// Where the window changed because of what ImGui does not draw.
PixelBox base_change(const FrameBase &before, const FrameBase &now) {
  PixelBox whole{0, 0, now.width, now.height};
  if (before.width != now.width || before.height != now.height || before.textures != now.textures)
    return whole;
  PixelBox box;
  size_t panels = std::max(before.panels.size(), now.panels.size());
  for (size_t k = 0; k < panels; ++k) {
    PixelBox was = k < before.panels.size() ? before.panels[k] : PixelBox{};
    PixelBox is = k < now.panels.size() ? now.panels[k] : PixelBox{};
    if (!(was == is)) box.add(was), box.add(is);
  }
  if (before.layer != now.layer) box.add(layer_area(before.layer)), box.add(layer_area(now.layer));
  return box;
}

} // namespace

bool FrameMemory::Command::same_kind(const Command &o) const {
  return std::memcmp(&clip, &o.clip, sizeof clip) == 0 && texture == o.texture &&
         callback == o.callback && copied == o.copied && to.x == o.to.x && to.y == o.to.y &&
         to.w == o.to.w && to.h == o.to.h;
}

namespace {

// A command's clip rectangle in whole pixels, as the backend projects it.
PixelBox clip_box(const ImVec4 &clip) {
  auto x0 = static_cast<int>(std::max(clip.x, 0.0f)), y0 = static_cast<int>(std::max(clip.y, 0.0f));
  return {x0, y0, x0 + static_cast<int>(clip.z - std::max(clip.x, 0.0f)),
          y0 + static_cast<int>(clip.w - std::max(clip.y, 0.0f))};
}

// The pixels a shape with these extremes can touch, a pixel wider for rounding.
PixelBox pixels_touched(float x0, float y0, float x1, float y1) {
  return {static_cast<int>(std::floor(x0)) - 1, static_cast<int>(std::floor(y0)) - 1,
          static_cast<int>(std::ceil(x1)) + 1, static_cast<int>(std::ceil(y1)) + 1};
}

// The pixels a run of vertices can touch.
void add_vertices(PixelBox &box, const std::vector<ImDrawVert> &v, size_t from, size_t to) {
  if (from >= to) return;
  float x0 = v[from].pos.x, y0 = v[from].pos.y, x1 = x0, y1 = y0;
  for (size_t i = from + 1; i < to; ++i) {
    x0 = std::min(x0, v[i].pos.x), y0 = std::min(y0, v[i].pos.y);
    x1 = std::max(x1, v[i].pos.x), y1 = std::max(y1, v[i].pos.y);
  }
  box.add(pixels_touched(x0, y0, x1, y1));
}

// The vertices a run of indices names.
void add_indexed(PixelBox &box, const FrameMemory::List &l, size_t from, size_t to) {
  for (size_t k = from; k < to; ++k)
    if (l.indices[k] < l.vertices.size())
      add_vertices(box, l.vertices, l.indices[k], l.indices[k] + 1);
}

// What one command draws: a copy's rectangle, or the vertices its indices name, within its clip.
void add_command(PixelBox &box, const FrameMemory::List &l, const FrameMemory::Command &c) {
  PixelBox drawn;
  if (c.copied)
    drawn = {c.to.x, c.to.y, c.to.x + c.to.w, c.to.y + c.to.h};
  else if (!c.callback)
    add_indexed(drawn, l, c.first, c.first + c.count);
  else
    drawn = clip_box(c.clip); // a callback of another kind may draw anywhere in its clip
  box.add(drawn.meet(clip_box(c.clip)));
}

// How many leading and trailing elements two sequences share (the two counts never overlap).
template <class T, class Front, class Back>
std::pair<size_t, size_t> common_ends(const std::vector<T> &a, const std::vector<T> &b,
                                      Front same_front, Back same_back) {
  size_t n = std::min(a.size(), b.size()), front = 0, back = 0;
  while (front < n && same_front(a[front], b[front]))
    ++front;
  while (back < n - front && same_back(a[a.size() - 1 - back], b[b.size() - 1 - back]))
    ++back;
  return {front, back};
}

bool same_bytes(const ImDrawVert &a, const ImDrawVert &b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool any_vertex_offset(const ImDrawList &list) {
  for (const ImDrawCmd &c : list.CmdBuffer)
    if (c.VtxOffset != 0) return true;
  return false;
}

std::vector<FrameMemory::Command> read_commands(const ImDrawList &list) {
  std::vector<FrameMemory::Command> out;
  out.reserve(static_cast<size_t>(list.CmdBuffer.Size));
  for (const ImDrawCmd &c : list.CmdBuffer) {
    FrameMemory::Command k{c.ClipRect, c.TextureId, reinterpret_cast<const void *>(c.UserCallback),
                           nullptr,    SDL_Rect{},  c.IdxOffset,
                           c.ElemCount};
    if (const TextureCopy *copy = texture_copy(c)) k.copied = copy->texture, k.to = copy->to;
    out.push_back(k);
  }
  return out;
}

// The same command at the same place in the indices.
bool same_command(const FrameMemory::Command &a, const FrameMemory::Command &b) {
  return a.same_kind(b) && a.first == b.first && a.count == b.count;
}

bool same_commands(const std::vector<FrameMemory::Command> &a,
                   const std::vector<FrameMemory::Command> &b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), same_command);
}

// Whether the kept list holds exactly this frame's list (the common case: compared, not copied).
bool unchanged(const FrameMemory::List &kept, const ImDrawList &now,
               const std::vector<FrameMemory::Command> &commands) {
  auto nv = static_cast<size_t>(now.VtxBuffer.Size), ni = static_cast<size_t>(now.IdxBuffer.Size);
  // An empty list's buffers may be null, which memcmp must not be given even for no bytes.
  auto same = [](const void *a, const void *b, size_t bytes) {
    return bytes == 0 || std::memcmp(a, b, bytes) == 0;
  };
  return kept.vertices.size() == nv && kept.indices.size() == ni &&
         same_commands(kept.commands, commands) &&
         same(kept.vertices.data(), now.VtxBuffer.Data, nv * sizeof(ImDrawVert)) &&
         same(kept.indices.data(), now.IdxBuffer.Data, ni * sizeof(ImDrawIdx));
}

FrameMemory::List read_list(const ImDrawList &list) {
  return {std::vector<ImDrawVert>(list.VtxBuffer.begin(), list.VtxBuffer.end()),
          std::vector<ImDrawIdx>(list.IdxBuffer.begin(), list.IdxBuffer.end()),
          read_commands(list)};
}

// Where one list differs from the same list last frame, in display pixels (empty when equal).
PixelBox list_change(const FrameMemory::List &before, const FrameMemory::List &now) {
  PixelBox box;
  // Shapes added, removed or changed: their vertices, before and now.
  auto [vf, vb] = common_ends(before.vertices, now.vertices, same_bytes, same_bytes);
  add_vertices(box, before.vertices, vf, before.vertices.size() - vb);
  add_vertices(box, now.vertices, vf, now.vertices.size() - vb);
  // The same vertices joined otherwise (never seen from ImGui, but cheap to cover).
  auto same_index = [](ImDrawIdx a, ImDrawIdx b) { return a == b; };
  auto [xf, xb] = common_ends(before.indices, now.indices, same_index, same_index);
  add_indexed(box, before, xf, before.indices.size() - xb);
  add_indexed(box, now, xf, now.indices.size() - xb);
  // Commands whose clip, texture, copy or share of the indices changed: what each drew and draws.
  auto ib = before.indices.size(), in = now.indices.size();
  using Command = FrameMemory::Command;
  auto same_back = [&](const Command &a, const Command &b) {
    return a.same_kind(b) && ib - a.first == in - b.first && a.count == b.count;
  };
  auto [cf, cb] = common_ends(before.commands, now.commands, same_command, same_back);
  for (size_t k = cf; k < before.commands.size() - cb; ++k)
    add_command(box, before, before.commands[k]);
  for (size_t k = cf; k < now.commands.size() - cb; ++k)
    add_command(box, now, now.commands[k]);
  return box;
}

} // namespace

PixelBox FrameMemory::changed(const FrameBase &base, const ImDrawData &data) {
  PixelBox whole{0, 0, base.width, base.height};
  bool same_frame = kept_ && static_cast<int>(lists_.size()) == data.CmdListsCount;
  PixelBox box = same_frame ? base_change(base_, base) : whole;
  lists_.resize(static_cast<size_t>(data.CmdListsCount));
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList &now = *data.CmdLists[n];
    std::vector<Command> commands = read_commands(now);
    List &kept = lists_[static_cast<size_t>(n)];
    if (same_frame && unchanged(kept, now, commands)) continue;
    List fresh = read_list(now);
    if (same_frame) // indices count from each command's vertex offset: any but zero, all its clips
      box.add(any_vertex_offset(now) ? whole : list_change(kept, fresh));
    kept = std::move(fresh);
  }
  kept_ = true;
  base_ = base;
  return box.meet(whole);
}

namespace {

// Grows `box` by the textured triangles it cuts (returns whether it grew): SDL's software
// renderer draws a letter's quad as a scaled copy, and a copy cut by a clip samples its texture
// from another offset, so a letter cut by the box would not match the whole frame's.
bool take_whole_letters(const ImDrawData &data, PixelBox &box) {
  PixelBox grown = box;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList &list = *data.CmdLists[n];
    for (const ImDrawCmd &cmd : list.CmdBuffer) {
      if (cmd.UserCallback || clip_box(cmd.ClipRect).meet(box).empty()) continue;
      const ImDrawVert *v = list.VtxBuffer.Data + cmd.VtxOffset;
      const ImDrawIdx *idx = list.IdxBuffer.Data + cmd.IdxOffset;
      for (unsigned t = 0; t + 2 < cmd.ElemCount; t += 3) {
        const ImDrawVert &a = v[idx[t]], &b = v[idx[t + 1]], &c = v[idx[t + 2]];
        bool plain = a.uv.x == b.uv.x && a.uv.x == c.uv.x && a.uv.y == b.uv.y && a.uv.y == c.uv.y;
        if (plain) continue; // one texel (ImGui's solid shapes): the same wherever it is cut
        PixelBox shape = pixels_touched(
            std::min({a.pos.x, b.pos.x, c.pos.x}), std::min({a.pos.y, b.pos.y, c.pos.y}),
            std::max({a.pos.x, b.pos.x, c.pos.x}), std::max({a.pos.y, b.pos.y, c.pos.y}));
        if (!shape.meet(box).empty()) grown.add(shape.meet(clip_box(cmd.ClipRect)));
      }
    }
  }
  bool grew = !(grown == box);
  box = grown;
  return grew;
}

} // namespace

PixelBox uncut_letters(const ImDrawData &data, PixelBox box, const PixelBox &whole) {
  if (box.empty()) return box;
  for (int pass = 0; pass < 8; ++pass)
    if (!take_whole_letters(data, box)) return box.meet(whole);
  return whole; // a chain of letters still growing: draw everything
}

void render_draw_data_within(SDL_Renderer *renderer, const ImDrawData &data,
                             const PixelBox &within) {
  SDL_RenderSetViewport(renderer, nullptr);
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList &list = *data.CmdLists[n];
    const ImDrawVert *vertices = list.VtxBuffer.Data;
    for (const ImDrawCmd &cmd : list.CmdBuffer) {
      ImVec4 c = cmd.ClipRect;
      c.x -= data.DisplayPos.x, c.z -= data.DisplayPos.x;
      c.y -= data.DisplayPos.y, c.w -= data.DisplayPos.y;
      PixelBox clip = clip_box(c).meet(within);
      if (cmd.UserCallback == ImDrawCallback_ResetRenderState || clip.empty() ||
          (!cmd.UserCallback && cmd.ElemCount == 0))
        continue; // nothing to draw (an empty list's buffers may be null)
      SDL_Rect r{clip.x0, clip.y0, clip.x1 - clip.x0, clip.y1 - clip.y0};
      SDL_RenderSetClipRect(renderer, &r);
      if (const TextureCopy *copy = texture_copy(cmd)) {
        SDL_RenderCopy(renderer, copy->texture, nullptr, &copy->to);
      } else if (cmd.UserCallback) {
        cmd.UserCallback(&list, &cmd);
      } else {
        const ImDrawVert *v = vertices + cmd.VtxOffset;
        SDL_RenderGeometryRaw(renderer, static_cast<SDL_Texture *>(cmd.GetTexID()), &v->pos.x,
                              sizeof(ImDrawVert), reinterpret_cast<const SDL_Color *>(&v->col),
                              sizeof(ImDrawVert), &v->uv.x, sizeof(ImDrawVert),
                              list.VtxBuffer.Size - static_cast<int>(cmd.VtxOffset),
                              list.IdxBuffer.Data + cmd.IdxOffset, static_cast<int>(cmd.ElemCount),
                              sizeof(ImDrawIdx));
      }
    }
  }
  SDL_RenderSetClipRect(renderer, nullptr);
}

} // namespace sns::app
