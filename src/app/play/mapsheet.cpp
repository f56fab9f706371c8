// The mapsheet (2.1, 12.0): the terrain drawn as a printed map draws it, procedurally, into the
// terrain layer the app keeps as a texture (frame.cpp): a paper sheet with a framed edge, open
// ground with a soft mottled wash, woods as tree clusters that run together, high ground tinted
// by elevation with a contour line and hachures at its edge, marsh, towns, camps, streams and
// lakes, the hexside art (mapsheet_hexsides.cpp), then a thin hex grid and small hex numbers.
#include "play/mapsheet.hpp"
#include "app.hpp"
#include "widgets/counter_cache.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

namespace sns::app {

ImU32 mix(ImU32 a, ImU32 b, float t) {
  auto ch = [&](int shift) {
    float x = static_cast<float>((a >> shift) & 0xFF), y = static_cast<float>((b >> shift) & 0xFF);
    return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
  };
  return ch(0) | ch(8) | ch(16) | ch(24);
}

ImU32 with_alpha(ImU32 c, int alpha) {
  return (c & 0x00FFFFFF) | (static_cast<ImU32>(alpha) << 24);
}

Sheet::Sheet(const Battle &battle, const Camera &cam, ImDrawList *list, ImVec2 lo, ImVec2 hi)
    : b(battle), dl(list), size(static_cast<float>(cam.size)), corners(battle.hex_count()),
      centres(battle.hex_count()), shown(battle.hex_count()) {
  auto cs = hex_corners(Hex{0, 0}, cam.size);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    PointF c = cam.centre(b, h);
    centres[h] = ImVec2(static_cast<float>(c.x), static_cast<float>(c.y));
    for (int i = 0; i < 6; ++i)
      corners[h][i] = ImVec2(static_cast<float>(c.x + cs[i].x), static_cast<float>(c.y + cs[i].y));
    shown[h] = c.x > lo.x - size && c.x < hi.x + size && c.y > lo.y - size && c.y < hi.y + size;
  }
}

namespace {
// Corners i and i+1 of a flat-topped hex bound the side in direction d (0 N, clockwise); the
// corners start at the east point and go clockwise (y down).
constexpr int kFirstCorner[6] = {4, 5, 0, 1, 2, 3};
} // namespace

ImVec2 Sheet::side_start(HexId h, int d) const { return corners[h][kFirstCorner[d]]; }
ImVec2 Sheet::side_end(HexId h, int d) const { return corners[h][(kFirstCorner[d] + 1) % 6]; }
ImVec2 Sheet::side_middle(HexId h, int d) const {
  ImVec2 p = side_start(h, d), q = side_end(h, d);
  return ImVec2((p.x + q.x) / 2, (p.y + q.y) / 2);
}

namespace {

// What a terrain type looks like on the sheet: one row per name the shipped battles and the
// editor use; any other name is open ground with a tint of its own.
enum class Ground : uint8_t { Open, Woods, Marsh, Town, Camp, Stream, Water, Road };
struct GroundRow {
  std::string_view name;
  Ground ground;
};
constexpr GroundRow kGrounds[] = {
    {"clear", Ground::Open},   {"high_ground", Ground::Open}, {"woods", Ground::Woods},
    {"forest", Ground::Woods}, {"marsh", Ground::Marsh},      {"town", Ground::Town},
    {"village", Ground::Town}, {"camp", Ground::Camp},        {"stream", Ground::Stream},
    {"lake", Ground::Water},   {"water", Ground::Water},      {"pond", Ground::Water},
    {"road", Ground::Road},
};

Ground ground_of(const Battle &b, HexId h) {
  const std::string &name = b.terrain_types[b.terrain[h]].name;
  for (const GroundRow &row : kGrounds)
    if (row.name == name) return row.ground;
  return Ground::Open;
}

// The paper colour of each ground at elevation 0.
ImU32 ground_colour(const Battle &b, HexId h, Ground g) {
  switch (g) {
  case Ground::Woods:
    return IM_COL32(164, 186, 120, 255);
  case Ground::Marsh:
    return IM_COL32(168, 192, 178, 255);
  case Ground::Town:
    return IM_COL32(218, 208, 186, 255);
  case Ground::Camp:
    return IM_COL32(214, 204, 164, 255);
  case Ground::Water:
    return IM_COL32(150, 190, 222, 255);
  default:
    break;
  }
  const std::string &name = b.terrain_types[b.terrain[h]].name;
  bool known = std::any_of(std::begin(kGrounds), std::end(kGrounds),
                           [&](const GroundRow &r) { return r.name == name; });
  if (known) return IM_COL32(208, 212, 160, 255);
  unsigned x = 2166136261u; // a terrain type of the player's own: a tint of its own
  for (char ch : name)
    x = (x ^ static_cast<unsigned char>(ch)) * 16777619u;
  return IM_COL32(170 + x % 50, 180 + (x >> 8) % 40, 130 + (x >> 16) % 50, 255);
}

// High ground goes from the paper's green to tan and brown as it rises; low ground greener.
ImU32 elevated(ImU32 base, int elevation, Ground g) {
  if (elevation == 0 || g == Ground::Water) return base;
  float strength = g == Ground::Woods ? 0.45f : 0.8f;
  if (elevation < 0) return mix(base, IM_COL32(172, 198, 150, 255), 0.6f * strength);
  static const ImU32 levels[3] = {IM_COL32(226, 204, 146, 255), IM_COL32(206, 176, 118, 255),
                                  IM_COL32(184, 150, 98, 255)};
  return mix(base, levels[std::min(elevation, 3) - 1], strength);
}

// Smooth value noise on the map's own coordinates (hex radii), so the wash does not swim when the
// map is panned or zoomed.
float lattice(int x, int y) {
  uint32_t h = static_cast<uint32_t>(x) * 374761393u + static_cast<uint32_t>(y) * 668265263u;
  h = (h ^ (h >> 13)) * 1274126177u;
  return static_cast<float>((h ^ (h >> 16)) & 0xFFFF) / 65535.0f;
}
float wash(float x, float y) {
  int ix = static_cast<int>(std::floor(x)), iy = static_cast<int>(std::floor(y));
  float fx = x - ix, fy = y - iy;
  fx = fx * fx * (3 - 2 * fx), fy = fy * fy * (3 - 2 * fy);
  float top = lattice(ix, iy) + (lattice(ix + 1, iy) - lattice(ix, iy)) * fx;
  float bottom = lattice(ix, iy + 1) + (lattice(ix + 1, iy + 1) - lattice(ix, iy + 1)) * fx;
  return top + (bottom - top) * fy;
}

// One hex filled as a fan whose corners take the wash's shade at that point of the map.
void fill_hex(const Sheet &s, HexId h, ImU32 base, ImVec2 origin) {
  auto shade = [&](ImVec2 p) {
    float n = wash((p.x - origin.x) / s.size * 0.9f, (p.y - origin.y) / s.size * 0.9f);
    return n < 0.5f ? mix(base, IM_COL32(120, 130, 80, 255), (0.5f - n) * 0.22f)
                    : mix(base, IM_COL32(250, 246, 220, 255), (n - 0.5f) * 0.3f);
  };
  ImDrawList *dl = s.dl;
  ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
  dl->PrimReserve(18, 7);
  auto first = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
  dl->PrimWriteVtx(s.centres[h], uv, shade(s.centres[h]));
  for (int i = 0; i < 6; ++i)
    dl->PrimWriteVtx(s.corners[h][i], uv, shade(s.corners[h][i]));
  for (int i = 0; i < 6; ++i) {
    dl->PrimWriteIdx(first);
    dl->PrimWriteIdx(static_cast<ImDrawIdx>(first + 1 + i));
    dl->PrimWriteIdx(static_cast<ImDrawIdx>(first + 1 + (i + 1) % 6));
  }
}

// Grass: short strokes scattered on open ground, faint, so the sheet reads as paper and not flat
// colour at close zoom.
void grass(const Sheet &s, HexId h, ImU32 base) {
  if (s.size < 22) return;
  Noise n(static_cast<uint32_t>(h) * 7 + 1);
  ImU32 ink = with_alpha(mix(base, IM_COL32(70, 90, 40, 255), 0.5f), 110);
  int strokes = std::min(14, static_cast<int>(s.size / 6));
  float w = std::max(1.0f, s.size * 0.02f);
  for (int k = 0; k < strokes; ++k) {
    ImVec2 p(s.centres[h].x + n.between(-0.7f, 0.7f) * s.size,
             s.centres[h].y + n.between(-0.6f, 0.6f) * s.size);
    float l = s.size * n.between(0.04f, 0.08f);
    s.dl->AddLine(p, ImVec2(p.x + l * 0.4f, p.y - l), ink, w);
    s.dl->AddLine(p, ImVec2(p.x - l * 0.3f, p.y - l * 0.8f), ink, w);
  }
}

// --- Woods: tree crowns drawn in layers over all wood hexes at once, so neighbouring crowns
// merge into one wood with a single dark edge.
struct Crown {
  ImVec2 at;
  float r;
};

std::vector<Crown> tree_crowns(const Sheet &s, const std::vector<Ground> &ground) {
  std::vector<Crown> crowns;
  for (HexId h = 0; h < s.b.hex_count(); ++h) {
    if (ground[h] != Ground::Woods || !s.shown[h]) continue;
    Noise n(static_cast<uint32_t>(h) * 31 + 5);
    auto crown = [&](ImVec2 p, float spread) {
      crowns.push_back({ImVec2(p.x + n.between(-spread, spread) * s.size,
                               p.y + n.between(-spread, spread) * s.size),
                        s.size * n.between(0.22f, 0.3f)});
    };
    crown(s.centres[h], 0.08f);
    for (int i = 0; i < 6; ++i) {
      const ImVec2 &c = s.centres[h], &k = s.corners[h][i];
      crown(ImVec2(c.x + (k.x - c.x) * 0.5f, c.y + (k.y - c.y) * 0.5f), 0.05f);
    }
    for (int d = 0; d < 6; ++d) { // across a side shared with another wood, once
      HexId m = s.b.adjacent[h][d];
      if (m != kOffMap && m > h && ground[m] == Ground::Woods) crown(s.side_middle(h, d), 0.04f);
    }
  }
  return crowns;
}

void draw_woods(const Sheet &s, const std::vector<Ground> &ground) {
  if (s.size < 6) return;
  std::vector<Crown> crowns = tree_crowns(s, ground);
  float edge = std::max(1.0f, s.size * 0.045f);
  for (const Crown &c : crowns) // shadow to the lower right
    s.dl->AddCircleFilled(ImVec2(c.at.x + c.r * 0.2f, c.at.y + c.r * 0.28f), c.r + edge,
                          IM_COL32(50, 70, 30, 110), 12);
  for (const Crown &c : crowns)
    s.dl->AddCircleFilled(c.at, c.r + edge, IM_COL32(34, 62, 30, 255), 12);
  for (const Crown &c : crowns)
    s.dl->AddCircleFilled(c.at, c.r, IM_COL32(72, 120, 56, 255), 12);
  if (s.size < 14) return;
  for (const Crown &c : crowns) // light from the upper left
    s.dl->AddCircleFilled(ImVec2(c.at.x - c.r * 0.28f, c.at.y - c.r * 0.3f), c.r * 0.48f,
                          IM_COL32(104, 152, 78, 255), 10);
}

// --- Marsh, towns, camps --------------------------------------------------------------------

void draw_marsh(const Sheet &s, HexId h) {
  Noise n(static_cast<uint32_t>(h) * 13 + 3);
  float w = std::max(1.0f, s.size * 0.035f);
  for (int k = 0; k < 5; ++k) {
    ImVec2 p(s.centres[h].x + n.between(-0.5f, 0.5f) * s.size,
             s.centres[h].y + n.between(-0.45f, 0.5f) * s.size);
    float l = s.size * 0.24f;
    s.dl->AddLine(ImVec2(p.x - l * 0.9f, p.y + w), ImVec2(p.x + l * 0.9f, p.y + w),
                  IM_COL32(60, 110, 170, 230), w * 1.4f);
    if (s.size < 12) continue;
    ImU32 reed = IM_COL32(40, 80, 40, 255);
    s.dl->AddLine(p, ImVec2(p.x, p.y - l), reed, w);
    s.dl->AddLine(p, ImVec2(p.x - l * 0.45f, p.y - l * 0.75f), reed, w);
    s.dl->AddLine(p, ImVec2(p.x + l * 0.45f, p.y - l * 0.75f), reed, w);
  }
}

void draw_town(const Sheet &s, HexId h) {
  Noise n(static_cast<uint32_t>(h) * 17 + 9);
  const ImVec2 c = s.centres[h];
  float w = std::max(1.0f, s.size * 0.03f);
  s.dl->AddLine(ImVec2(c.x - s.size * 0.8f, c.y + s.size * 0.05f),
                ImVec2(c.x + s.size * 0.8f, c.y - s.size * 0.05f), IM_COL32(170, 150, 120, 255),
                s.size * 0.1f); // the street
  for (int k = 0; k < 6; ++k) {
    float bw = s.size * n.between(0.16f, 0.3f), bh = s.size * n.between(0.14f, 0.24f);
    ImVec2 p(c.x + n.between(-0.55f, 0.55f) * s.size - bw / 2,
             c.y + n.between(-0.5f, 0.45f) * s.size - bh / 2);
    if (std::fabs(p.y + bh / 2 - c.y) < s.size * 0.12f) p.y += s.size * 0.2f; // off the street
    ImVec2 q(p.x + bw, p.y + bh);
    s.dl->AddRectFilled(ImVec2(p.x + w, p.y + w), ImVec2(q.x + w, q.y + w),
                        IM_COL32(60, 40, 30, 90));
    s.dl->AddRectFilled(p, q, k == 0 ? IM_COL32(150, 150, 160, 255) : IM_COL32(178, 86, 62, 255));
    s.dl->AddRect(p, q, IM_COL32(80, 40, 30, 255), 0, 0, w);
    s.dl->AddLine(ImVec2(p.x, (p.y + q.y) / 2), ImVec2(q.x, (p.y + q.y) / 2),
                  IM_COL32(110, 50, 36, 255), w); // the roof's ridge
  }
}

void draw_camp(const Sheet &s, HexId h) {
  const ImVec2 c = s.centres[h];
  float w = std::max(1.0f, s.size * 0.035f);
  const ImVec2 at[3] = {{-0.32f, 0.12f}, {0.3f, 0.18f}, {0.0f, -0.28f}};
  for (const ImVec2 &o : at) {
    ImVec2 top(c.x + o.x * s.size, c.y + (o.y - 0.2f) * s.size);
    ImVec2 l(top.x - s.size * 0.2f, top.y + s.size * 0.34f),
        r(top.x + s.size * 0.2f, top.y + s.size * 0.34f);
    s.dl->AddTriangleFilled(top, l, r, IM_COL32(246, 240, 226, 255));
    s.dl->AddTriangleFilled(top, ImVec2(top.x, l.y), r, IM_COL32(214, 204, 184, 255));
    s.dl->AddTriangle(top, l, r, IM_COL32(110, 78, 40, 255), w);
  }
  ImVec2 pole(c.x + s.size * 0.02f, c.y - s.size * 0.48f);
  s.dl->AddLine(pole, ImVec2(pole.x, pole.y - s.size * 0.3f), IM_COL32(80, 50, 20, 255), w);
  s.dl->AddTriangleFilled(ImVec2(pole.x, pole.y - s.size * 0.3f),
                          ImVec2(pole.x + s.size * 0.2f, pole.y - s.size * 0.24f),
                          ImVec2(pole.x, pole.y - s.size * 0.18f), IM_COL32(190, 40, 40, 255));
}

// --- Streams, lakes and roads as channels through the hexes ---------------------------------

// Whether a road runs through hex h: a road terrain, or any hex the battle marks "road" (D1, D6:
// a town with a road through it keeps its town).
bool has_road(const Battle &b, const std::vector<Ground> &ground, HexId h) {
  auto at = static_cast<size_t>(h);
  return ground[at] == Ground::Road || (at < b.road.size() && b.road[at] != 0);
}

// Which channel a hex is part of, and which neighbours its channel joins: a stream runs on into
// a stream or water, a road into a road.
enum class Channel : uint8_t { Stream, Road };
bool in_channel(const Sheet &s, const std::vector<Ground> &ground, HexId h, Channel c) {
  return c == Channel::Stream ? ground[h] == Ground::Stream : has_road(s.b, ground, h);
}
bool joins(const Sheet &s, const std::vector<Ground> &ground, HexId m, Channel c) {
  return in_channel(s, ground, m, c) || (c == Channel::Stream && ground[m] == Ground::Water);
}

// The sides of hex h its channel leaves by: towards each neighbour it joins; a channel with one
// such side runs on to the opposite side.
std::vector<int> channel_sides(const Sheet &s, const std::vector<Ground> &ground, HexId h,
                               Channel c) {
  std::vector<int> sides;
  for (int d = 0; d < 6; ++d) {
    HexId m = s.b.adjacent[h][d];
    if (m != kOffMap && joins(s, ground, m, c)) sides.push_back(d);
  }
  if (sides.size() == 1) sides.push_back((sides[0] + 3) % 6);
  return sides;
}

void channel(const Sheet &s, const std::vector<Ground> &ground, HexId h, Channel kind, ImU32 col,
             float width) {
  std::vector<int> sides = channel_sides(s, ground, h, kind);
  const ImVec2 c = s.centres[h];
  if (sides.size() == 2) {
    ImVec2 a = s.side_middle(h, sides[0]), z = s.side_middle(h, sides[1]);
    s.dl->AddBezierQuadratic(a, c, z, col, width, 12);
  } else {
    for (int d : sides)
      s.dl->AddLine(c, s.side_middle(h, d), col, width);
    s.dl->AddCircleFilled(c, width * (sides.empty() ? 1.2f : 0.5f), col, 12);
  }
  for (int d : sides)
    s.dl->AddCircleFilled(s.side_middle(h, d), width * 0.5f, col, 10);
}

void draw_channels(const Sheet &s, const std::vector<Ground> &ground) {
  struct Layer {
    Channel kind;
    ImU32 col;
    float width;
  };
  const Layer layers[] = {
      {Channel::Stream, IM_COL32(104, 120, 72, 255), 0.34f}, // banks
      {Channel::Stream, IM_COL32(86, 140, 200, 255), 0.2f},  // water
      {Channel::Road, IM_COL32(120, 90, 50, 255), 0.2f},     // road edge
      {Channel::Road, IM_COL32(214, 190, 140, 255), 0.13f},  // road
  };
  for (const Layer &l : layers)
    for (HexId h = 0; h < s.b.hex_count(); ++h)
      if (s.shown[h] && in_channel(s, ground, h, l.kind))
        channel(s, ground, h, l.kind, l.col, std::max(2.0f, s.size * l.width));
}

void draw_water(const Sheet &s, const std::vector<Ground> &ground) {
  for (HexId h = 0; h < s.b.hex_count(); ++h) {
    if (ground[h] != Ground::Water || !s.shown[h]) continue;
    for (int d = 0; d < 6; ++d) { // the shore where the water meets land
      HexId m = s.b.adjacent[h][d];
      if (m != kOffMap && ground[m] != Ground::Water)
        s.dl->AddLine(s.side_start(h, d), s.side_end(h, d), IM_COL32(60, 100, 150, 255),
                      std::max(1.5f, s.size * 0.06f));
    }
    Noise n(static_cast<uint32_t>(h) * 11 + 2);
    for (int k = 0; k < 3 && s.size >= 12; ++k) { // ripples
      ImVec2 p(s.centres[h].x + n.between(-0.4f, 0.4f) * s.size,
               s.centres[h].y + n.between(-0.4f, 0.4f) * s.size);
      s.dl->AddBezierQuadratic(ImVec2(p.x - s.size * 0.15f, p.y), ImVec2(p.x, p.y - s.size * 0.08f),
                               ImVec2(p.x + s.size * 0.15f, p.y), IM_COL32(230, 240, 250, 200),
                               std::max(1.0f, s.size * 0.03f), 6);
    }
  }
}

// --- Contours, grid, frame, hex numbers -----------------------------------------------------

// Where the ground falls to a neighbour: a brown contour line along the side and short hachures
// running down the slope, so each level's edge reads at a glance.
void draw_contours(const Sheet &s) {
  const Battle &b = s.b;
  float w = std::max(1.3f, s.size * 0.06f), tick = std::max(1.0f, s.size * 0.025f);
  ImU32 ink = IM_COL32(130, 84, 38, 255);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    if (!s.shown[h]) continue;
    for (int d = 0; d < 6; ++d) {
      HexId n = b.adjacent[h][d];
      if (n == kOffMap || b.elevation[h] <= b.elevation[n]) continue;
      ImVec2 p = s.side_start(h, d), q = s.side_end(h, d);
      s.dl->AddLine(p, q, ink, w);
      if (s.size < 14) continue;
      ImVec2 down(s.centres[n].x - s.centres[h].x, s.centres[n].y - s.centres[h].y);
      float len = std::sqrt(down.x * down.x + down.y * down.y);
      down = ImVec2(down.x / len * s.size * 0.11f, down.y / len * s.size * 0.11f);
      for (int k = 1; k <= 4; ++k) {
        ImVec2 m(p.x + (q.x - p.x) * (k - 0.5f) / 4, p.y + (q.y - p.y) * (k - 0.5f) / 4);
        s.dl->AddLine(m, ImVec2(m.x + down.x, m.y + down.y), with_alpha(ink, 170), tick);
      }
    }
  }
}

// The hex grid: each side once, thin over the art; the map's edge darker.
void draw_grid(const Sheet &s) {
  float w = std::max(1.0f, s.size * 0.022f), edge = std::max(1.5f, s.size * 0.05f);
  for (HexId h = 0; h < s.b.hex_count(); ++h) {
    if (!s.shown[h]) continue;
    for (int d = 0; d < 6; ++d) {
      HexId n = s.b.adjacent[h][d];
      if (n == kOffMap)
        s.dl->AddLine(s.side_start(h, d), s.side_end(h, d), IM_COL32(52, 44, 34, 255), edge);
      else if (n > h)
        s.dl->AddLine(s.side_start(h, d), s.side_end(h, d), IM_COL32(58, 54, 36, 90), w);
    }
  }
}

// The sheet of paper under the hexes, its shadow on the table and a ruled frame.
void draw_paper(const Sheet &s) {
  ImVec2 lo(1e9f, 1e9f), hi(-1e9f, -1e9f);
  for (const auto &cs : s.corners)
    for (const ImVec2 &p : cs)
      lo = ImVec2(std::min(lo.x, p.x), std::min(lo.y, p.y)),
      hi = ImVec2(std::max(hi.x, p.x), std::max(hi.y, p.y));
  auto grow = [&](float by, ImVec2 &a, ImVec2 &z) {
    a = ImVec2(lo.x - by, lo.y - by), z = ImVec2(hi.x + by, hi.y + by);
  };
  ImVec2 a, z;
  grow(static_cast<float>(sheet_margin(s.size)), a, z);
  const auto shadow = static_cast<float>(kSheetShadowPx);
  s.dl->AddRectFilled(ImVec2(a.x + shadow, a.y + shadow), ImVec2(z.x + shadow, z.y + shadow),
                      IM_COL32(0, 0, 0, 90));
  s.dl->AddRectFilled(a, z, IM_COL32(234, 226, 202, 255));
  grow(s.size * 0.3f + 4, a, z);
  s.dl->AddRect(a, z, IM_COL32(70, 56, 40, 255), 0, 0, std::max(2.0f, s.size * 0.07f));
  grow(s.size * 0.3f + 7, a, z);
  s.dl->AddRect(a, z, IM_COL32(70, 56, 40, 200), 0, 0, 1.0f);
}

// Hex numbers small in each hex's top, as on a printed map.
void draw_hex_numbers(const Sheet &s) {
  if (s.size < 12) return;
  float px = std::clamp(s.size * 0.24f, 8.0f, 17.0f);
  for (HexId h = 0; h < s.b.hex_count(); ++h) {
    if (!s.shown[h]) continue;
    std::string label = s.b.label(h);
    ImVec2 top(s.centres[h].x, s.centres[h].y - s.size * 0.84f);
    draw_map_text_centred(s.dl, px, top, IM_COL32(48, 40, 30, 200), label);
  }
}

} // namespace

// The static layer: the sheet, the terrain, the hexside art, the grid, the numbers. It changes
// only when the camera does, so the app renders it once into a texture (frame.cpp).
void draw_terrain(App &app, const Camera &cam, ImDrawList *dl, const MapRect &r) {
  draw_mapsheet(app.game().battle(), cam, dl, r, app.show_labels);
}

void draw_mapsheet(const Battle &b, const Camera &cam, ImDrawList *dl, const MapRect &r,
                   bool hex_numbers) {
  ImDrawListFlags flags = dl->Flags; // drawn once per view: smooth edges cost nothing per frame
  dl->Flags |= ImDrawListFlags_AntiAliasedFill | ImDrawListFlags_AntiAliasedLines;
  dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h), true);
  dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h), IM_COL32(58, 62, 58, 255));
  Sheet s(b, cam, dl, ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h));
  std::vector<Ground> ground(b.hex_count());
  for (HexId h = 0; h < b.hex_count(); ++h)
    ground[h] = ground_of(b, h);
  draw_paper(s);
  ImVec2 origin(static_cast<float>(cam.origin_x), static_cast<float>(cam.origin_y));
  for (HexId h = 0; h < b.hex_count(); ++h) {
    if (!s.shown[h]) continue;
    ImU32 base = elevated(ground_colour(b, h, ground[h]), b.elevation[h], ground[h]);
    fill_hex(s, h, base, origin);
    if (ground[h] == Ground::Open || ground[h] == Ground::Stream) grass(s, h, base);
    if (ground[h] == Ground::Marsh && s.size >= 8) draw_marsh(s, h);
  }
  draw_water(s, ground);
  draw_channels(s, ground);
  draw_contours(s);
  draw_woods(s, ground);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    if (!s.shown[h] || s.size < 8) continue;
    if (ground[h] == Ground::Town) draw_town(s, h);
    if (ground[h] == Ground::Camp) draw_camp(s, h);
  }
  draw_hexside_art(s);
  draw_grid(s);
  if (hex_numbers) draw_hex_numbers(s);
  dl->PopClipRect();
  dl->Flags = flags;
}

} // namespace sns::app
