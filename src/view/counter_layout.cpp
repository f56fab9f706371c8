// The counter face's layout (counter_layout.hpp): the plate and the values' boxes for a size.
#include "counter_layout.hpp"

#include <algorithm>
#include <cstdio>

namespace sns {

bool boxes_meet(const FaceBox &a, const FaceBox &b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

namespace {

// Each form's look as drawn since the mapsheet (issue 33): the plate's centre, width and top (a
// tiny face's plate hangs from its top edge), the values' line height and baseline, the margin
// kept at the edges, and whether the values sit centred in their halves (the full face) or at the
// corners.
struct Form {
  float plate_cy, plate_w, value_px, baseline, inset;
  bool halves;
};

Form form_for(float s) {
  if (s < kTinyCounter) // legibility before margins: two pixels in from the outline
    return {
        1.5f + s * 0.165f, s * 0.55f, s * 0.62f, s * 0.405f + s * 0.62f * kInkBottom, 2.0f, false};
  if (s < kCompactCounter)
    return {s * 0.42f, s * 0.56f, s * 0.4f, s * 0.584f + s * 0.4f * kInkBottom, s * 0.08f, false};
  return {s * 0.45f, s * 0.46f, s * 0.3f, s * 0.67f + s * 0.3f * kInkBottom, s * 0.08f, true};
}

// The plate (3:5) centred across the face above `bottom`: narrower where it would reach it.
FaceBox plate_above(float s, const Form &f, float bottom) {
  float w = f.plate_w, cy = f.plate_cy;
  if (cy + w * 0.3f > bottom) {
    const float plate_top = cy - w * 0.3f;
    w = std::max(0.0f, (bottom - plate_top) / 0.6f);
    cy = plate_top + w * 0.3f;
  }
  return {s / 2 - w / 2, cy - w * 0.3f, s / 2 + w / 2, cy + w * 0.3f};
}

// A value's ink box: `w` wide at a line height of 1, at `px`, from x0, on `baseline`.
FaceBox value_box(float x0, float w, float px, float baseline) {
  return {x0, baseline - (kInkBottom - kInkTop) * px, x0 + w * px, baseline};
}

} // namespace

CounterFaceLayout counter_face_layout(float s, float cc_w, float fire_w) {
  const Form f = form_for(s);
  const float gap = std::max(1.0f, s * 0.05f); // between the two values, and under the plate
  // Smaller letters keep their baseline and the edge below it.
  const float baseline = std::min(f.baseline, s - f.inset);
  CounterFaceLayout l;
  if (f.halves) { // each value centred in its half, smaller where it would not fit there
    float px = f.value_px;
    if (std::max(cc_w, fire_w) > 0)
      px = std::min(px, (s / 2 - f.inset - gap / 2) / std::max(cc_w, fire_w));
    l.value_px = l.fire_px = px;
    l.cc = value_box(s * 0.25f - cc_w * px / 2, cc_w, px, baseline);
    l.fire = value_box(s * 0.75f - fire_w * px / 2, fire_w, px, baseline);
    l.plate = plate_above(s, f, l.cc.y0 - gap);
    return l;
  }
  // At the corners, side by side, smaller where they would not fit across.
  float px = f.value_px;
  if (cc_w + fire_w > 0)
    px = std::min(px, (s - 2 * f.inset - (fire_w > 0 ? gap : 0)) / (cc_w + fire_w));
  if (fire_w <= 0 || px >= 0.75f * f.value_px) {
    l.value_px = l.fire_px = px;
    l.cc = value_box(f.inset, cc_w, px, baseline);
    l.fire = value_box(s - f.inset - fire_w * px, fire_w, px, baseline);
    l.plate = plate_above(s, f, l.cc.y0 - gap);
    return l;
  }
  // Too small side by side ("AA" and a Fire Factor on a tiny face): the CC keeps the line to
  // itself, and the Fire Factor moves up beside a narrower plate, both as large as fit.
  l.value_px = std::min(f.value_px, (s - 2 * f.inset) / cc_w);
  l.cc = value_box(f.inset, cc_w, l.value_px, baseline);
  const float top = f.plate_cy - f.plate_w * 0.3f, bottom = l.cc.y0 - gap;
  l.fire_px = std::min(f.value_px, (bottom - top) / (kInkBottom - kInkTop));
  l.fire = value_box(s - f.inset - fire_w * l.fire_px, fire_w, l.fire_px, bottom);
  const float w =
      std::max(0.0f, std::min({f.plate_w, l.fire.x0 - gap - f.inset, (bottom - top) / 0.6f}));
  const float cy = (top + bottom) / 2;
  l.plate = {f.inset, cy - w * 0.3f, f.inset + w, cy + w * 0.3f};
  return l;
}

double luminance(unsigned rgb) {
  double r = ((rgb >> 16) & 0xFF) / 255.0, g = ((rgb >> 8) & 0xFF) / 255.0,
         b = (rgb & 0xFF) / 255.0;
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

double saturation(unsigned rgb) {
  unsigned r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF;
  unsigned most = std::max({r, g, b}), least = std::min({r, g, b});
  return most == 0 ? 0.0 : static_cast<double>(most - least) / most;
}

bool dark_letters_on(unsigned rgb) { return luminance(rgb) > 0.6; }

unsigned rgb_of_colour(const std::string &hex) {
  unsigned rgb = 0x808080;
  if (hex.size() == 7 && hex[0] == '#' && std::sscanf(hex.c_str() + 1, "%6x", &rgb) != 1)
    rgb = 0x808080;
  return rgb;
}

} // namespace sns
