// Counter art (2.2): wing colour, type symbol, CC, Fire Factor, Crown, reduced stripe, markers;
// a counter's look (the face cache's key) and its painting.
#include "widgets/counter_art.hpp"
#include "app.hpp"
#include "words.hpp"

#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

unsigned wing_colour(const std::string &hex) {
  unsigned r = 128, g = 128, b = 128;
  if (hex.size() == 7) std::sscanf(hex.c_str() + 1, "%02x%02x%02x", &r, &g, &b);
  return IM_COL32(r, g, b, 255);
}

namespace {

// Below this size (pixels) a counter is drawn in its compact form: letters only.
constexpr float kCompactCounter = 40.0f;

ImU32 text_colour_on(ImU32 bg) {
  float r = (bg & 0xFF) / 255.f, g = ((bg >> 8) & 0xFF) / 255.f, b = ((bg >> 16) & 0xFF) / 255.f;
  float lum = 0.299f * r + 0.587f * g + 0.114f * b;
  return lum > 0.6f ? IM_COL32(20, 20, 20, 255) : IM_COL32(250, 250, 250, 255);
}

void centred_text(CounterCanvas &canvas, float px, float cx, float cy, ImU32 col,
                  const char *text) {
  ImVec2 ext = canvas.text_size(px, text);
  canvas.text(px, ImVec2(cx - ext.x / 2, cy - ext.y / 2), col, text);
}

// Unit-type symbols in the spirit of map symbols: a box with a cross for foot, a slash for horse.
void type_symbol(ImDrawList *dl, UnitType t, float cx, float cy, float w, ImU32 col) {
  float h = w * 0.6f, th = std::max(1.0f, w * 0.07f);
  ImVec2 a(cx - w / 2, cy - h / 2), b(cx + w / 2, cy + h / 2);
  dl->AddRect(a, b, col, 0, 0, th);
  switch (t) {
  case UnitType::V: // crossed, with a bar: disciplined foot
    dl->AddLine(a, b, col, th);
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th);
    dl->AddLine(ImVec2(a.x, cy), ImVec2(b.x, cy), col, th);
    break;
  case UnitType::I: // crossed: infantry
    dl->AddLine(a, b, col, th);
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th);
    break;
  case UnitType::L: // a single upright: a levy's spear
    dl->AddLine(ImVec2(cx, a.y), ImVec2(cx, b.y), col, th);
    break;
  case UnitType::HH: // a heavy slash: heavy horse
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th * 2.2f);
    break;
  case UnitType::LH: // a light slash and a dot: light horse
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th);
    dl->AddCircleFilled(ImVec2(cx + w * 0.22f, cy + h * 0.22f), th * 1.2f, col);
    break;
  // D3 Medieval's types borrow the nearest S&S II symbol; bowmen add a dot for their shooting.
  case UnitType::Levies:
    type_symbol(dl, UnitType::L, cx, cy, w, col);
    break;
  case UnitType::Knights:
    type_symbol(dl, UnitType::HH, cx, cy, w, col);
    break;
  case UnitType::MenAtArms:
    type_symbol(dl, UnitType::V, cx, cy, w, col);
    break;
  case UnitType::Longbows:
  case UnitType::Crossbows:
    type_symbol(dl, UnitType::I, cx, cy, w, col);
    // the dot beside the box: above it is the unit's id (D3 counters)
    dl->AddCircleFilled(ImVec2(b.x + th * 2.8f, cy), th * (t == UnitType::Longbows ? 1.6f : 1.1f),
                        col);
    break;
  }
}

void crown(ImDrawList *dl, float x, float y, float s) {
  ImVec2 pts[7] = {{x, y + s},
                   {x, y + s * 0.3f},
                   {x + s * 0.25f, y + s * 0.6f},
                   {x + s * 0.5f, y},
                   {x + s * 0.75f, y + s * 0.6f},
                   {x + s, y + s * 0.3f},
                   {x + s, y + s}};
  dl->AddConvexPolyFilled(pts, 7, IM_COL32(245, 200, 40, 255));
  dl->AddPolyline(pts, 7, IM_COL32(90, 60, 0, 255), ImDrawFlags_Closed, 1.0f);
}

} // namespace

CounterLook counter_look(const App &app, int u, float size, bool dim) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const UnitDef &d = b.units[u];
  const UnitState &us = s.units[u];
  const UnitFace &f = visible_face(b, s, u); // never the hidden reverse of a fresh unit (2.2, R22)
  CounterLook look;
  look.size = static_cast<int>(std::lround(size));
  look.colour = wing_colour(b.wings[d.wing].color);
  look.wing_letter = wing_letter(b, d.wing);
  look.type = d.type;
  look.label = counter_label(b, u); // the type code, or the unit's id under D3 Medieval
  look.cc = f.cc;
  look.fire = f.fire;
  look.crown = f.crown;
  look.reduced = d.back && us.steps == 1;
  look.suppressed = us.suppressed;
  look.shield_wall = us.shield_wall;
  look.dim = dim;
  look.values = b.rules().has(Feature::UnitFaces); // D3 Medieval counters print no CC (D1)
  return look;
}

int counter_overhang(int size) { return static_cast<int>(std::ceil(size * 0.21f)) + 3; }

namespace {

// The printed face: wing colour, type, CC, Fire Factor, Crown, the reduced stripe (2.2).
void paint_face(const CounterLook &look, CounterCanvas &canvas, ImVec2 a, ImVec2 z) {
  ImDrawList *dl = canvas.dl;
  float size = static_cast<float>(look.size), cx = (a.x + z.x) / 2, cy = (a.y + z.y) / 2;
  ImU32 bg = look.colour, fg = text_colour_on(bg);
  dl->AddRectFilled(ImVec2(a.x + 2, a.y + 2), ImVec2(z.x + 2, z.y + 2), IM_COL32(0, 0, 0, 90));
  dl->AddRectFilled(a, z, bg);
  dl->AddRect(a, z, IM_COL32(20, 20, 20, 255), 0, 0, 1.2f);
  if (look.reduced) // the reduced side's stripe, under the header line (which turns dark to stay
                    // readable)
    dl->AddRectFilled(ImVec2(a.x + 1, a.y + 1), ImVec2(z.x - 1, a.y + size * 0.26f),
                      IM_COL32(255, 255, 255, 190));
  ImU32 head = look.reduced ? IM_COL32(20, 20, 20, 255) : fg;
  const std::string &type = look.label;
  std::string cc = cc_name(look.cc), fire = std::to_string(look.fire);
  if (size < kCompactCounter) {
    // Small counters (a big map at its fitted view): no symbol, the letters as large as fit.
    // Type code at the top, CC and Fire Factor at the bottom, each at least 40% of the counter.
    float letters = size * 0.42f;
    canvas.text(letters, ImVec2(a.x + size * 0.06f, a.y - size * 0.02f), head, type.c_str());
    if (look.values)
      canvas.text(letters, ImVec2(a.x + size * 0.06f, z.y - letters * 1.08f), fg, cc.c_str());
    if (look.fire && look.values) {
      ImVec2 ext = canvas.text_size(letters, fire.c_str());
      canvas.text(letters, ImVec2(z.x - ext.x - size * 0.06f, z.y - letters * 1.08f), fg,
                  fire.c_str());
    }
    if (look.crown) crown(dl, z.x - size * 0.36f, a.y + size * 0.06f, size * 0.3f);
    return;
  }
  type_symbol(dl, look.type, cx, cy - size * 0.02f, size * 0.44f, fg);
  float big = size * 0.32f, small = size * 0.2f;
  if (look.values) centred_text(canvas, big, cx - size * 0.24f, cy + size * 0.32f, fg, cc.c_str());
  if (look.fire && look.values)
    centred_text(canvas, big, cx + size * 0.26f, cy + size * 0.32f, fg, fire.c_str());
  if (!look.values) // D3 Medieval: the unit's id, large enough to find the log's "RK" by
    centred_text(canvas, size * 0.23f, cx + size * 0.04f, a.y + size * 0.13f, head, type.c_str());
  else if (size >= 34) // too small to read below
    centred_text(canvas, small, cx, a.y + size * 0.15f, head, type.c_str());
  char letter[2] = {look.wing_letter, 0};
  canvas.text(small, ImVec2(a.x + size * 0.06f, a.y + size * 0.03f), head, letter);
  if (look.crown) crown(dl, z.x - size * 0.28f, a.y + size * 0.05f, size * 0.22f);
}

// Markers on the face (9.3 Suppression, 8.0 Shield Wall), painted after it. A new marker is a
// field of CounterLook (so a change repaints the face) painted here.
void paint_markers(const CounterLook &look, CounterCanvas &canvas, ImVec2 a, ImVec2 z) {
  ImDrawList *dl = canvas.dl;
  float size = static_cast<float>(look.size), cy = (a.y + z.y) / 2;
  if (size < kCompactCounter) {
    float letters = size * 0.42f;
    if (look.suppressed) {
      ImVec2 c(z.x, a.y);
      dl->AddCircleFilled(c, size * 0.2f, IM_COL32(200, 30, 30, 255));
      centred_text(canvas, letters * 0.8f, c.x, c.y, IM_COL32(255, 255, 255, 255), "S");
    }
    if (look.shield_wall) // a shield's edge down the left side
      dl->AddRectFilled(ImVec2(a.x - size * 0.1f, a.y + size * 0.2f),
                        ImVec2(a.x + size * 0.02f, z.y - size * 0.2f),
                        IM_COL32(200, 200, 210, 255));
    return;
  }
  if (look.shield_wall) { // a small shield
    float sx = a.x - size * 0.08f, sy = cy - size * 0.15f, sw = size * 0.26f;
    ImVec2 pts[5] = {{sx, sy},
                     {sx + sw, sy},
                     {sx + sw, sy + sw * 0.7f},
                     {sx + sw / 2, sy + sw * 1.1f},
                     {sx, sy + sw * 0.7f}};
    dl->AddConvexPolyFilled(pts, 5, IM_COL32(200, 200, 210, 255));
    dl->AddPolyline(pts, 5, IM_COL32(30, 30, 60, 255), ImDrawFlags_Closed, 1.5f);
  }
  if (look.suppressed) { // a red "S" disc
    ImVec2 c(z.x, a.y + size * 0.1f);
    dl->AddCircleFilled(c, size * 0.16f, IM_COL32(200, 30, 30, 255));
    centred_text(canvas, size * 0.22f, c.x, c.y, IM_COL32(255, 255, 255, 255), "S");
  }
}

} // namespace

void paint_counter(const CounterLook &look, CounterCanvas &canvas, ImVec2 c) {
  float half = static_cast<float>(look.size) / 2;
  ImVec2 a(c.x - half, c.y - half), z(c.x + half, c.y + half);
  paint_face(look, canvas, a, z);
  paint_markers(look, canvas, a, z);
  if (look.dim) canvas.dl->AddRectFilled(a, z, IM_COL32(0, 0, 0, 110));
}

} // namespace sns::app
