// Counter art (2.2): wing colour, type symbol, CC, Fire Factor, Crown, reduced stripe, markers;
// a counter's look (the face cache's key) and its painting.
#include "widgets/counter_art.hpp"
#include "app.hpp"
#include "counter_layout.hpp"
#include "words.hpp"

#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

unsigned wing_colour(const std::string &hex) {
  unsigned rgb = rgb_of_colour(hex);
  return IM_COL32(rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF, 255);
}

namespace {

ImU32 with_alpha_of(ImU32 c, int alpha) {
  return (c & 0x00FFFFFF) | (static_cast<ImU32>(alpha) << 24);
}

ImU32 text_colour_on(ImU32 bg) { // ImGui's ABGR to the RGB the rule reads
  unsigned rgb = ((bg & 0xFF) << 16) | (bg & 0xFF00) | ((bg >> 16) & 0xFF);
  return dark_letters_on(rgb) ? IM_COL32(20, 20, 20, 255) : IM_COL32(250, 250, 250, 255);
}

void centred_text(CounterCanvas &canvas, float px, float cx, float cy, ImU32 col,
                  const char *text) {
  ImVec2 ext = canvas.text_size(px, text);
  canvas.text(px, ImVec2(cx - ext.x / 2, cy - ext.y / 2), col, text);
}

// Unit-type symbols in the spirit of map symbols: a box with a cross for foot, a slash for horse.
// Without `box` the plate's own edge is the box: on a tiny counter an outline's antialiased
// fringe would fill the plate.
void type_symbol(ImDrawList *dl, UnitType t, float cx, float cy, float w, ImU32 col,
                 bool box = true) {
  float h = w * 0.6f, th = std::max(1.0f, w * 0.07f);
  ImVec2 a(cx - w / 2, cy - h / 2), b(cx + w / 2, cy + h / 2);
  if (box) dl->AddRect(a, b, col, 0, 0, th);
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
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th * (w < 16 ? 1.4f : 2.2f));
    break;
  case UnitType::LH: // a light slash and a dot: light horse
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, a.y), col, th);
    dl->AddCircleFilled(ImVec2(cx + w * 0.22f, cy + h * 0.22f), th * 1.2f, col);
    break;
  // D3 Medieval's types borrow the nearest S&S II symbol; bowmen add a dot for their shooting.
  case UnitType::Levies:
    type_symbol(dl, UnitType::L, cx, cy, w, col, box);
    break;
  case UnitType::Knights:
    type_symbol(dl, UnitType::HH, cx, cy, w, col, box);
    break;
  case UnitType::MenAtArms:
    type_symbol(dl, UnitType::V, cx, cy, w, col, box);
    break;
  case UnitType::Longbows:
  case UnitType::Crossbows:
    type_symbol(dl, UnitType::I, cx, cy, w, col, box);
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

// A colour between a and b (t from 0 to 1).
ImU32 blend(ImU32 a, ImU32 b, float t) {
  auto ch = [&](int shift) {
    float x = static_cast<float>((a >> shift) & 0xFF), y = static_cast<float>((b >> shift) & 0xFF);
    return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
  };
  return ch(0) | ch(8) | ch(16) | ch(24);
}

// The colours of a face: the full-strength side prints on the wing's colour under a darker band;
// the reduced side on a pale tint of it, under a band of the wing's colour hatched in the tint.
struct Inks {
  ImU32 body, band, on_body, on_band;
};
Inks inks_of(const CounterLook &look) {
  Inks k;
  k.body = look.reduced ? blend(look.colour, IM_COL32(248, 244, 230, 255), 0.62f) : look.colour;
  k.band = look.reduced ? look.colour : blend(look.colour, IM_COL32(16, 16, 20, 255), 0.38f);
  k.on_body = text_colour_on(k.body);
  k.on_band = text_colour_on(k.band);
  return k;
}

// The die-cut piece: shadow, body, bevelled edge, the wing's band across the top (hatched on the
// reduced side).
void paint_piece(const CounterLook &look, const Inks &k, ImDrawList *dl, ImVec2 a, ImVec2 z,
                 float band_h) {
  float size = static_cast<float>(look.size), off = std::max(2.0f, size * 0.06f);
  dl->AddRectFilled(ImVec2(a.x + off, a.y + off), ImVec2(z.x + off, z.y + off),
                    IM_COL32(0, 0, 0, 110), size * 0.06f);
  dl->AddRectFilled(a, z, k.body, size * 0.06f);
  ImVec2 band_z(z.x, a.y + band_h);
  dl->AddRectFilled(a, band_z, k.band, size * 0.06f, ImDrawFlags_RoundCornersTop);
  if (look.reduced) { // diagonal hatching: the reduced side at a glance, whatever the colour
    dl->PushClipRect(a, band_z, true);
    float step = std::max(3.0f, size * 0.12f);
    for (float x = a.x - band_h; x < z.x; x += step)
      dl->AddLine(ImVec2(x, band_z.y), ImVec2(x + band_h, a.y), with_alpha_of(k.body, 200),
                  std::max(1.0f, step * 0.3f));
    dl->PopClipRect();
  }
  float t = std::max(1.0f, size * 0.025f);
  if (size < kTinyCounter) { // too small for a bevel: the outline only
    dl->AddRect(a, z, IM_COL32(20, 20, 20, 255), size * 0.06f, 0, 1.0f);
    return;
  }
  dl->AddLine(ImVec2(a.x + t, z.y - t), ImVec2(a.x + t, a.y + t), IM_COL32(255, 255, 255, 90), t);
  dl->AddLine(ImVec2(a.x + t, a.y + t), ImVec2(z.x - t, a.y + t), IM_COL32(255, 255, 255, 90), t);
  dl->AddLine(ImVec2(z.x - t, a.y + t), ImVec2(z.x - t, z.y - t), IM_COL32(0, 0, 0, 70), t);
  dl->AddLine(ImVec2(a.x + t, z.y - t), ImVec2(z.x - t, z.y - t), IM_COL32(0, 0, 0, 70), t);
  dl->AddRect(a, z, IM_COL32(20, 20, 20, 255), size * 0.06f, 0, std::max(1.0f, size * 0.03f));
}

// The unit-type symbol on a white plate, as map symbols are printed: readable on any wing colour.
void symbol_plate(ImDrawList *dl, UnitType t, float cx, float cy, float w, bool box = true) {
  float h = w * 0.6f;
  dl->AddRectFilled(ImVec2(cx - w / 2, cy - h / 2), ImVec2(cx + w / 2, cy + h / 2),
                    IM_COL32(250, 248, 238, 255));
  type_symbol(dl, t, cx, cy, w, IM_COL32(24, 24, 28, 255), box);
}

// Where this face's plate and values go (counter_layout.hpp), from its values' widths in the
// counters' own font (measured large, where hinting does not round them).
CounterFaceLayout face_layout(const CounterLook &look, CounterCanvas &canvas, const std::string &cc,
                              const std::string &fire) {
  auto width = [&](const std::string &t) { return canvas.text_size(100, t.c_str()).x / 100; };
  if (!look.values) return counter_face_layout(static_cast<float>(look.size), 0, 0);
  return counter_face_layout(static_cast<float>(look.size), width(cc), look.fire ? width(fire) : 0);
}

// The plate where the layout puts it, on the face whose top left is `a`.
void plate_at(ImDrawList *dl, UnitType t, ImVec2 a, const FaceBox &p, bool box = true) {
  symbol_plate(dl, t, a.x + (p.x0 + p.x1) / 2, a.y + (p.y0 + p.y1) / 2, p.x1 - p.x0, box);
}

// The CC and Fire Factor in their boxes (the boxes hold the letters' ink).
void paint_values(const CounterLook &look, CounterCanvas &canvas, ImVec2 a,
                  const CounterFaceLayout &l, ImU32 col, const std::string &cc,
                  const std::string &fire) {
  canvas.text(l.value_px, ImVec2(a.x + l.cc.x0, a.y + l.cc.y0 - kInkTop * l.value_px), col,
              cc.c_str());
  if (look.fire)
    canvas.text(l.fire_px, ImVec2(a.x + l.fire.x0, a.y + l.fire.y0 - kInkTop * l.fire_px), col,
                fire.c_str());
}

// The printed face (2.2): wing band, type symbol, CC and Fire Factor, Crown, the reduced side.
void paint_face(const CounterLook &look, CounterCanvas &canvas, ImVec2 a, ImVec2 z) {
  ImDrawList *dl = canvas.dl;
  float size = static_cast<float>(look.size), cx = (a.x + z.x) / 2;
  Inks k = inks_of(look);
  bool compact = size < kCompactCounter;
  float band_h = size < kTinyCounter ? 0.0f : size * (compact ? 0.2f : 0.25f);
  paint_piece(look, k, dl, a, z, band_h);
  std::string cc = cc_name(look.cc), fire = std::to_string(look.fire);
  const CounterFaceLayout l = face_layout(look, canvas, cc, fire);
  if (compact) {
    // Small counters (a big map at its fitted view): the band, the symbol, and CC and Fire
    // Factor as large as fit (D3: the unit's id instead).
    // Below 26 pixels (Grunwald fitted in a small window) the plate and the letters take all the
    // room there is: legibility before margins.
    bool tiny = size < kTinyCounter;
    // A tiny face gives the CC and Fire Factor, what a player reads most, over half its height
    // (at 18 px a letter of 11 px, read at 100% on Grunwald fitted at 1280x720) and the symbol's
    // plate the top third, the wing's colour round it: horse and foot read as on the larger faces,
    // where type letters ("HH") did not. The values sit two pixels in from a tiny face's edge:
    // dark letters on a pale wing (White Banners) touching the black outline lost their stroke.
    // Under D3 (no values) the id takes the values' place below the plate: a tiny D3 face showed
    // its id alone, and horse, foot and bows looked alike (new-player trial).
    plate_at(dl, look.type, a, l.plate, !tiny);
    if (look.values) {
      paint_values(look, canvas, a, l, k.on_body, cc, fire);
    } else {
      centred_text(canvas, size * 0.34f, cx, z.y - size * 0.2f, k.on_body, look.label.c_str());
    }
    if (look.crown) crown(dl, z.x - size * 0.34f, a.y - size * 0.08f, size * 0.3f);
    return;
  }
  plate_at(dl, look.type, a, l.plate);
  float band_text = band_h * 0.86f;
  if (look.values) paint_values(look, canvas, a, l, k.on_body, cc, fire);
  // In the band: the wing letter (for players who cannot tell the colours apart) and the type
  // code, or under D3 Medieval the unit's id, large enough to find the log's "RK" by.
  char letter[2] = {look.wing_letter, 0};
  canvas.text(band_text, ImVec2(a.x + size * 0.07f, a.y + band_h * 0.04f), k.on_band, letter);
  centred_text(canvas, band_text, cx + size * 0.02f, a.y + band_h * 0.52f, k.on_band,
               look.label.c_str());
  if (look.crown) crown(dl, z.x - size * 0.27f, a.y + size * 0.02f, size * 0.22f);
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
