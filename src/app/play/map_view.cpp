// The map's moving layer (2.1, 12.0): highlights, counters, hover, id tags over the mapsheet
// (mapsheet.cpp), which the app keeps as a texture.
#include "app.hpp"
#include "widgets/counter_cache.hpp"
#include "widgets/ui.hpp"

#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

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
    auto ring = [&](ImU32 col, float th) { // a dark edge under it: readable on any ground
      dl->AddPolyline(corners[h].data(), 6, IM_COL32(20, 20, 20, 150), ImDrawFlags_Closed,
                      th + 2.5f);
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
