// The map (2.1, 12.0): hexes shaded by terrain and elevation, contours, hexside features,
// highlights.
#include "app.hpp"
#include "widgets/counter_cache.hpp"
#include "widgets/ui.hpp"

#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

namespace {

ImU32 terrain_fill(const std::string &t, int elevation) {
  int lift = elevation * 18;
  auto c = [&](int r, int g, int b) {
    return IM_COL32(std::min(255, r + lift / 3), std::max(0, g - lift / 2), std::max(0, b - lift),
                    255);
  };
  if (t == "woods") return c(86, 128, 70);
  if (t == "marsh") return c(128, 160, 150);
  if (t == "camp") return c(214, 190, 140);
  if (t == "town") return c(170, 165, 160);
  if (t == "high_ground") return c(206, 190, 128);
  if (t == "clear") return elevation > 0 ? c(206, 190, 128) : c(186, 204, 146);
  unsigned h = 2166136261u;
  for (char ch : t)
    h = (h ^ static_cast<unsigned char>(ch)) * 16777619u;
  return c(150 + h % 60, 170 + (h >> 8) % 50, 120 + (h >> 16) % 60);
}

void terrain_pattern(ImDrawList *dl, const std::string &t, ImVec2 c, float s) {
  if (t == "woods") {
    for (int i = 0; i < 3; ++i) {
      float x = c.x + (i - 1) * s * 0.38f, y = c.y + (i == 1 ? -s * 0.25f : s * 0.15f);
      dl->AddTriangleFilled(ImVec2(x, y - s * 0.22f), ImVec2(x - s * 0.15f, y + s * 0.1f),
                            ImVec2(x + s * 0.15f, y + s * 0.1f), IM_COL32(40, 80, 35, 255));
    }
  } else if (t == "marsh") {
    for (int i = -1; i <= 1; ++i)
      dl->AddLine(ImVec2(c.x - s * 0.3f, c.y + i * s * 0.25f),
                  ImVec2(c.x + s * 0.3f, c.y + i * s * 0.25f), IM_COL32(50, 100, 130, 255), 1.5f);
  } else if (t == "camp") {
    for (int i = 0; i < 2; ++i) {
      float x = c.x + (i ? s * 0.2f : -s * 0.2f);
      dl->AddTriangleFilled(ImVec2(x, c.y - s * 0.25f), ImVec2(x - s * 0.18f, c.y + s * 0.15f),
                            ImVec2(x + s * 0.18f, c.y + s * 0.15f), IM_COL32(240, 235, 225, 255));
      dl->AddTriangle(ImVec2(x, c.y - s * 0.25f), ImVec2(x - s * 0.18f, c.y + s * 0.15f),
                      ImVec2(x + s * 0.18f, c.y + s * 0.15f), IM_COL32(120, 90, 50, 255));
    }
  } else if (t == "town") {
    dl->AddRectFilled(ImVec2(c.x - s * 0.25f, c.y - s * 0.15f),
                      ImVec2(c.x + s * 0.05f, c.y + s * 0.15f), IM_COL32(110, 100, 95, 255));
    dl->AddRectFilled(ImVec2(c.x + s * 0.1f, c.y - s * 0.25f),
                      ImVec2(c.x + s * 0.3f, c.y + s * 0.1f), IM_COL32(110, 100, 95, 255));
  } else if (t == "stream") {
    dl->AddBezierCubic(ImVec2(c.x, c.y - s * 0.85f), ImVec2(c.x + s * 0.3f, c.y - s * 0.3f),
                       ImVec2(c.x - s * 0.3f, c.y + s * 0.3f), ImVec2(c.x, c.y + s * 0.85f),
                       IM_COL32(90, 140, 200, 200), 2.0f);
  }
}

// Corners i and i+1 of a flat-topped hex bound the side facing the direction below.
int corner_for_direction(int dir) {
  // directions: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW; corners start at the east point going clockwise
  // (y down)
  static const int first[6] = {4, 5, 0, 1, 2, 3};
  return first[dir];
}

} // namespace

namespace {
std::vector<std::array<ImVec2, 6>> all_corners(const Battle &b, const Camera &cam) {
  std::vector<std::array<ImVec2, 6>> corners(b.hex_count());
  auto cs = hex_corners(Hex{0, 0}, cam.size);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    PointF c = cam.centre(b, h);
    for (int i = 0; i < 6; ++i)
      corners[h][i] = ImVec2(static_cast<float>(c.x + cs[i].x), static_cast<float>(c.y + cs[i].y));
  }
  return corners;
}
} // namespace

namespace {

// A hexside's feature between h and its neighbour n, along the side from p to q.
void draw_hexside_feature(ImDrawList *dl, const Battle &b, const Camera &cam, HexsideFeature f,
                          HexId h, HexId n, ImVec2 p, ImVec2 q, float size) {
  switch (f) {
  case HexsideFeature::River:
    dl->AddLine(p, q, IM_COL32(40, 90, 200, 255), std::max(3.0f, size * 0.18f));
    break;
  case HexsideFeature::Ford:
    dl->AddLine(p, q, IM_COL32(110, 160, 230, 255), std::max(3.0f, size * 0.18f));
    for (int i = 1; i <= 3; ++i) {
      ImVec2 m(p.x + (q.x - p.x) * i / 4, p.y + (q.y - p.y) * i / 4);
      dl->AddCircleFilled(m, std::max(1.5f, size * 0.05f), IM_COL32(230, 220, 190, 255));
    }
    break;
  case HexsideFeature::Bridge: {
    dl->AddLine(p, q, IM_COL32(40, 90, 200, 255), std::max(3.0f, size * 0.18f));
    PointF c1 = cam.centre(b, h), c2 = cam.centre(b, n);
    ImVec2 m((p.x + q.x) / 2, (p.y + q.y) / 2);
    float dx = static_cast<float>(c2.x - c1.x) * 0.22f,
          dy = static_cast<float>(c2.y - c1.y) * 0.22f;
    dl->AddLine(ImVec2(m.x - dx, m.y - dy), ImVec2(m.x + dx, m.y + dy), IM_COL32(120, 75, 35, 255),
                std::max(4.0f, size * 0.25f));
    break;
  }
  case HexsideFeature::Trench: { // a ditch: a dark zigzag across the side
    PointF c1 = cam.centre(b, h), c2 = cam.centre(b, n);
    float nx = static_cast<float>(c2.x - c1.x), ny = static_cast<float>(c2.y - c1.y);
    float len = std::sqrt(nx * nx + ny * ny);
    nx = nx / len * size * 0.12f, ny = ny / len * size * 0.12f;
    const int teeth = 6;
    ImVec2 pts[teeth + 1];
    for (int i = 0; i <= teeth; ++i) {
      float along = static_cast<float>(i) / teeth, sgn = (i % 2) ? 1.0f : -1.0f;
      pts[i] = ImVec2(p.x + (q.x - p.x) * along + nx * sgn, p.y + (q.y - p.y) * along + ny * sgn);
    }
    dl->AddPolyline(pts, teeth + 1, IM_COL32(60, 30, 10, 255), 0, std::max(2.0f, size * 0.07f));
    break;
  }
  case HexsideFeature::Stakes: { // D3 Medieval (D6, D12): a row of crossed stakes
    PointF c1 = cam.centre(b, h), c2 = cam.centre(b, n);
    float nx = static_cast<float>(c2.x - c1.x), ny = static_cast<float>(c2.y - c1.y);
    float len = std::sqrt(nx * nx + ny * ny);
    nx = nx / len * size * 0.13f, ny = ny / len * size * 0.13f;
    float tx = (q.x - p.x) * 0.08f, ty = (q.y - p.y) * 0.08f;
    ImU32 wood = IM_COL32(90, 50, 15, 255);
    float w = std::max(1.5f, size * 0.05f);
    dl->AddLine(p, q, wood, w);
    for (int i = 1; i <= 4; ++i) {
      ImVec2 m(p.x + (q.x - p.x) * i / 5, p.y + (q.y - p.y) * i / 5);
      dl->AddLine(ImVec2(m.x - nx - tx, m.y - ny - ty), ImVec2(m.x + nx + tx, m.y + ny + ty), wood,
                  w);
      dl->AddLine(ImVec2(m.x - nx + tx, m.y - ny + ty), ImVec2(m.x + nx - tx, m.y + ny - ty), wood,
                  w);
    }
    break;
  }
  default:
    break;
  }
}

} // namespace

// The static layer: terrain, patterns, contours, hexside features, labels. It changes only when the
// camera does, so the app renders it once into a texture.
void draw_terrain(App &app, const Camera &cam, ImDrawList *dl, const MapRect &r) {
  const Battle &b = app.game().battle();
  float size = static_cast<float>(cam.size);
  dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h), true);
  dl->AddRectFilled(ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h), IM_COL32(58, 62, 58, 255));
  auto corners = all_corners(b, cam);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    PointF c = cam.centre(b, h);
    if (c.x < r.x - size || c.x > r.x + r.w + size || c.y < r.y - size || c.y > r.y + r.h + size)
      continue;
    const std::string &t = b.terrain_types[b.terrain[h]].name;
    dl->AddConvexPolyFilled(corners[h].data(), 6, terrain_fill(t, b.elevation[h]));
    dl->AddPolyline(corners[h].data(), 6, IM_COL32(80, 80, 60, 90), ImDrawFlags_Closed, 1.0f);
    if (size > 10)
      terrain_pattern(dl, t, ImVec2(static_cast<float>(c.x), static_cast<float>(c.y)), size);
    if (app.show_labels && size > 14) {
      draw_map_text(
          dl, size * 0.3f,
          ImVec2(static_cast<float>(c.x) - size * 0.3f, static_cast<float>(c.y) - size * 0.85f),
          IM_COL32(40, 40, 40, 170), b.label(h));
    }
  }
  // Contours where elevation changes, then hexside features.
  for (HexId h = 0; h < b.hex_count(); ++h)
    for (int d = 0; d < 6; ++d) {
      HexId n = b.adjacent[h][d];
      int k = corner_for_direction(d);
      ImVec2 p = corners[h][k], q = corners[h][(k + 1) % 6];
      if (n != kOffMap && b.elevation[h] > b.elevation[n])
        dl->AddLine(p, q, IM_COL32(120, 80, 30, 255), std::max(1.5f, size * 0.08f));
      if (n == kOffMap || n < h) continue; // draw each shared side once
      draw_hexside_feature(dl, b, cam, b.hexsides[h][d], h, n, p, q, size);
    }
  dl->PopClipRect();
}

namespace {

// Each tagged unit's id on its counter's top edge, over its wing letter and type code (the
// tooltip still gives them): the words beside the map name units by id, their counters do not.
void draw_id_tags(const Battle &b, const GameState &s, const Camera &cam, ImDrawList *dl,
                  const std::vector<int> &tags) {
  float size = static_cast<float>(cam.size);
  for (int u : tags) {
    PointF c = cam.centre(b, s.units[u].hex);
    ImVec2 at(static_cast<float>(c.x), static_cast<float>(c.y) - size * 0.62f);
    draw_map_tag(dl, std::max(14.0f, size * 0.48f), at, IM_COL32(255, 255, 255, 255),
                 IM_COL32(20, 20, 24, 225), b.units[u].id);
    ui::note_text("Tag " + b.units[u].id + " on " + b.label(s.units[u].hex));
  }
}

} // namespace

// The moving layer: highlights, counters, hover, id tags.
void draw_overlay(App &app, ImDrawList *dl, const MapRect &r, HexId hover,
                  const std::vector<uint16_t> &marks, const std::vector<int> &tags) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const Camera &cam = app.camera;
  float size = static_cast<float>(cam.size);
  dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.x + r.w, r.y + r.h), true);
  auto corners = all_corners(b, cam);
  for (HexId h = 0; h < b.hex_count(); ++h) {
    uint16_t m = marks[h];
    if (m & kMarkEnemyZoc) { // red hatching, so it never reads as a terrain colour
      dl->AddConvexPolyFilled(corners[h].data(), 6, IM_COL32(230, 30, 30, 45));
      for (int k = 0; k < 3; ++k)
        dl->AddLine(corners[h][(3 + k) % 6], corners[h][(5 + k) % 6], IM_COL32(200, 20, 20, 150),
                    1.5f);
    }
    if (m & kMarkFireRange) { // violet, a colour no terrain uses, with a ring inside the hex
      dl->AddConvexPolyFilled(corners[h].data(), 6, IM_COL32(150, 60, 255, 70));
      PointF c = cam.centre(b, h);
      dl->AddCircle(ImVec2(static_cast<float>(c.x), static_cast<float>(c.y)), size * 0.7f,
                    IM_COL32(130, 40, 230, 130), 0, std::max(1.0f, size * 0.04f));
    }
    if (m & kMarkDestination)
      dl->AddConvexPolyFilled(corners[h].data(), 6, IM_COL32(255, 235, 60, 120));
    if (m & kMarkRetreat)
      dl->AddConvexPolyFilled(corners[h].data(), 6, IM_COL32(80, 200, 255, 130));
  }
  // Units.
  std::vector<int> hover_units;
  if (app.hover_log >= 0 && app.hover_log < static_cast<int>(app.game().log().size()))
    hover_units = app.game().log()[app.hover_log].units;
  const RulesetViews &views = views_of(b);
  if (views.under_counters) views.under_counters(app, dl); // D2: each unit's front
  for (size_t u = 0; u < s.units.size(); ++u) {
    HexId h = s.units[u].hex;
    if (h == kOffMap) continue;
    PointF c = cam.centre(b, h);
    float cs = size * 1.35f; // as large as fits between neighbours
    bool dim = s.attack_stage() == AttackStage::None && app.view().lights_acting_units() &&
               !(marks[h] & kMarkMovable) && b.units[u].side == s.active;
    draw_counter(app, dl, static_cast<float>(c.x), static_cast<float>(c.y), cs, static_cast<int>(u),
                 dim);
    if (views.counter_marks) // facing, hits and disorder over the face (d3/panels.cpp)
      views.counter_marks(app, dl, static_cast<float>(c.x), static_cast<float>(c.y), cs,
                          static_cast<int>(u));
  }
  if (views.over_counters) views.over_counters(app, dl, marks, hover);
  // Highlights on top of the counters.
  for (HexId h = 0; h < b.hex_count(); ++h) {
    uint16_t m = marks[h];
    if (!m) continue;
    auto ring = [&](ImU32 col, float th) {
      dl->AddPolyline(corners[h].data(), 6, col, ImDrawFlags_Closed, th);
    };
    if (m & kMarkTarget) ring(IM_COL32(230, 30, 30, 255), 3.0f);
    if (m & kMarkAttacker) ring(IM_COL32(40, 200, 80, 255), 2.5f);
    if (m & kMarkChosen) ring(IM_COL32(40, 255, 120, 255), 4.5f);
    if (m & kMarkAdvance) ring(IM_COL32(60, 170, 255, 255), 3.5f);
    if (m & kMarkLoss) ring(IM_COL32(255, 120, 0, 255), 3.5f);
    if (m & kMarkSelected) ring(IM_COL32(255, 255, 255, 255), 4.0f);
    if (m & kMarkLesson) ring(IM_COL32(60, 220, 255, 255), 5.0f);
    if (m & kMarkComputerFrom) ring(IM_COL32(255, 200, 0, 170), 2.0f); // where it came from
    if (m & kMarkComputer) ring(IM_COL32(255, 200, 0, 255), 4.0f);
  }
  for (int u : hover_units)
    if (s.units[u].hex != kOffMap)
      dl->AddPolyline(corners[s.units[u].hex].data(), 6, IM_COL32(255, 0, 255, 255),
                      ImDrawFlags_Closed, 4.0f);
  if (hover != kOffMap)
    dl->AddPolyline(corners[hover].data(), 6, IM_COL32(255, 255, 255, 160), ImDrawFlags_Closed,
                    2.0f);
  draw_id_tags(b, s, cam, dl, tags);
  dl->PopClipRect();
}

} // namespace sns::app
