// Where a counter's face puts its unit-type plate and its CC and Fire Factor (2.2), at every size
// the map draws counters at: the app paints by it (src/app/widgets/counter_art.cpp), tests check
// it.
#pragma once

namespace sns {

// Below this size (pixels) a counter is drawn in its compact form (band, plate, values), and below
// the tiny one without a bevel, its plate at the top and its values taking half its height.
inline constexpr float kCompactCounter = 40, kTinyCounter = 26;

// The counters' letters (DejaVu Sans Bold): where capitals' and digits' ink lies in a line of text,
// as parts of the line height from its top.
inline constexpr float kInkTop = 0.171f, kInkBottom = 0.797f;

struct FaceBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
bool boxes_meet(const FaceBox &a, const FaceBox &b); // they share more than an edge

struct CounterFaceLayout {
  FaceBox plate;                   // the unit-type symbol's plate
  float value_px = 0, fire_px = 0; // the CC's and the Fire Factor's line heights
  FaceBox cc, fire; // each value's ink; its text's top left is (x0, y0 - kInkTop * its px)
};

// The face of a counter `size` pixels square, its top left at (0, 0), whose CC and Fire Factor are
// `cc_w` and `fire_w` wide at a line height of 1 (fire_w 0: no Fire Factor). Values too wide for
// their place (a CC of "AA" beside a Fire Factor) get smaller letters, and the plate gives way
// above them; on a tiny face the Fire Factor moves up beside a narrower plate. No value ever lies
// over the plate or the other value, or past the counter's edge.
CounterFaceLayout counter_face_layout(float size, float cc_w, float fire_w);

} // namespace sns
