// The mapsheet's hexside art (2.1, 12.0; D3 Medieval D6, D12): rivers as water between banks,
// fords as a shallow stony crossing, bridges as a timber deck, trenches as a ditch with its
// spoil, stakes as a row of crossed stakes. Drawn in layers over every side at once, so a
// river's banks never cut across the water of the next side.
#include "play/mapsheet.hpp"

#include <algorithm>
#include <cmath>

namespace sns::app {

namespace {

bool is_water(HexsideFeature f) {
  return f == HexsideFeature::River || f == HexsideFeature::Ford || f == HexsideFeature::Bridge;
}

// One hexside, with the unit vectors along it and across it (from h towards its neighbour).
struct Side {
  ImVec2 p, q, mid, along, across;
  float length;
  uint32_t seed; // the side's own, for its art's scatter
};

Side side_of(const Sheet &s, HexId h, int d) {
  Side e;
  e.seed = static_cast<uint32_t>(h) * 6 + static_cast<uint32_t>(d);
  e.p = s.side_start(h, d), e.q = s.side_end(h, d);
  e.mid = ImVec2((e.p.x + e.q.x) / 2, (e.p.y + e.q.y) / 2);
  float dx = e.q.x - e.p.x, dy = e.q.y - e.p.y;
  e.length = std::sqrt(dx * dx + dy * dy);
  e.along = ImVec2(dx / e.length, dy / e.length);
  HexId n = s.b.adjacent[h][d];
  ImVec2 c = s.centres[h], m = s.centres[n];
  float ax = m.x - c.x, ay = m.y - c.y, al = std::sqrt(ax * ax + ay * ay);
  e.across = ImVec2(ax / al, ay / al);
  return e;
}

ImVec2 at(const Side &e, float t_along, float t_across, float size) {
  return ImVec2(e.mid.x + (e.along.x * t_along + e.across.x * t_across) * size,
                e.mid.y + (e.along.y * t_along + e.across.y * t_across) * size);
}

// A quadrilateral centred on the side's middle: `half_along` and `half_across` hex radii.
void band(ImDrawList *dl, const Side &e, float half_along, float half_across, float size,
          ImU32 col) {
  dl->AddQuadFilled(at(e, -half_along, -half_across, size), at(e, half_along, -half_across, size),
                    at(e, half_along, half_across, size), at(e, -half_along, half_across, size),
                    col);
}

// A line along the side with round ends, so sides of one river join without a notch.
void stroke(ImDrawList *dl, const Side &e, ImU32 col, float width) {
  dl->AddLine(e.p, e.q, col, width);
  dl->AddCircleFilled(e.p, width / 2, col, 10);
  dl->AddCircleFilled(e.q, width / 2, col, 10);
}

float water_width(float size) { return std::max(3.0f, size * 0.17f); }
float bank_width(float size) { return std::max(1.5f, size * 0.06f); }

void draw_ford(const Sheet &s, const Side &e) {
  float w = water_width(s.size) / s.size + bank_width(s.size) / s.size;
  band(s.dl, e, 0.2f, w * 0.7f, s.size, IM_COL32(214, 198, 150, 235)); // the shallow crossing
  Noise n(e.seed);
  for (int k = 0; k < 6; ++k)
    s.dl->AddCircleFilled(at(e, n.between(-0.17f, 0.17f), n.between(-w * 0.5f, w * 0.5f), s.size),
                          std::max(1.0f, s.size * 0.03f), IM_COL32(130, 120, 104, 255), 8);
}

void draw_bridge(const Sheet &s, const Side &e) {
  float reach = (water_width(s.size) + 2 * bank_width(s.size)) / s.size * 0.5f + 0.12f;
  band(s.dl, e, 0.14f, reach, s.size, IM_COL32(150, 104, 62, 255));
  float w = std::max(1.0f, s.size * 0.035f);
  for (float side : {-0.14f, 0.14f}) // the rails
    s.dl->AddLine(at(e, side, -reach, s.size), at(e, side, reach, s.size),
                  IM_COL32(64, 40, 18, 255), w);
  for (int k = -3; k <= 3 && s.size >= 16; ++k) // planks
    s.dl->AddLine(at(e, -0.14f, reach * k / 3.5f, s.size), at(e, 0.14f, reach * k / 3.5f, s.size),
                  IM_COL32(110, 72, 38, 255), std::max(1.0f, s.size * 0.015f));
}

// A ditch along the side, dark, with the spoil thrown up as short ticks towards the neighbour.
void draw_trench(const Sheet &s, const Side &e) {
  ImU32 earth = IM_COL32(96, 62, 30, 255);
  stroke(s.dl, e, earth, std::max(2.0f, s.size * 0.08f));
  float w = std::max(1.0f, s.size * 0.035f);
  for (int k = 0; k < 7; ++k) {
    float t = -0.42f + 0.84f * k / 6.0f;
    s.dl->AddLine(at(e, t, 0.0f, s.size), at(e, t, 0.14f, s.size), earth, w);
  }
}

// D3 Medieval's stakes (D6, D12): a row of sharpened stakes across the side.
void draw_stakes(const Sheet &s, const Side &e) {
  ImU32 wood = IM_COL32(96, 56, 20, 255), tip = IM_COL32(220, 200, 160, 255);
  float w = std::max(1.5f, s.size * 0.045f);
  s.dl->AddLine(e.p, e.q, wood, w * 0.8f);
  for (int k = 1; k <= 5; ++k) {
    float t = -0.5f + k / 6.0f;
    for (float lean : {-0.06f, 0.06f}) {
      ImVec2 foot = at(e, t - lean, -0.1f, s.size), point = at(e, t + lean, 0.14f, s.size);
      s.dl->AddLine(foot, point, wood, w);
      s.dl->AddCircleFilled(point, w * 0.6f, tip, 6);
    }
  }
}

} // namespace

void draw_hexside_art(const Sheet &s) {
  const Battle &b = s.b;
  std::vector<std::pair<Side, HexsideFeature>> sides;
  for (HexId h = 0; h < b.hex_count(); ++h)
    for (int d = 0; d < 6; ++d) {
      HexId n = b.adjacent[h][d];
      HexsideFeature f = b.hexsides[h][d];
      if (n == kOffMap || n < h || f == HexsideFeature::None || !(s.shown[h] || s.shown[n]))
        continue;
      sides.push_back({side_of(s, h, d), f});
    }
  float water = water_width(s.size), bank = bank_width(s.size);
  for (const auto &[e, f] : sides) // banks first, so the water of every side stays on top
    if (is_water(f)) stroke(s.dl, e, IM_COL32(92, 108, 64, 255), water + 2 * bank);
  for (const auto &[e, f] : sides)
    if (is_water(f)) stroke(s.dl, e, IM_COL32(80, 134, 198, 255), water);
  for (const auto &[e, f] : sides)
    if (is_water(f) && s.size >= 16) // a glint along the current
      s.dl->AddLine(at(e, -0.3f, -0.02f, s.size), at(e, 0.3f, -0.02f, s.size),
                    IM_COL32(170, 204, 236, 200), std::max(1.0f, water * 0.18f));
  for (const auto &[e, f] : sides) {
    if (f == HexsideFeature::Ford) draw_ford(s, e);
    if (f == HexsideFeature::Bridge) draw_bridge(s, e);
    if (f == HexsideFeature::Trench) draw_trench(s, e);
    if (f == HexsideFeature::Stakes) draw_stakes(s, e);
  }
}

} // namespace sns::app
