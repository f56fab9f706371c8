// Where a counter's face puts its unit-type plate and its CC and Fire Factor (2.2), at every size
// the map draws counters at: the app paints by it (src/app/widgets/counter_art.cpp), tests check
// it.
#pragma once
#include <string>

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

// The letters' ink on a wing's colour (0xRRGGBB): dark on a light colour, white on any other.
// White letters read better on a tiny counter than their contrast ratio says (dark strokes look
// thin), but dark ones on a greyish middle tone blurred: the Gray Banners' #9aa6b8 made a 17-pixel
// counter's "C5" unreadable (new-player trial). So a wing with dark letters is pale (luminance at
// least kPaleWing) or coloured (saturation at least kColouredWing); the shipped battles are
// checked (tests/test_counter_layout.cpp).
inline constexpr double kPaleWing = 0.8, kColouredWing = 0.4;
double luminance(unsigned rgb);                 // 0 black .. 1 white (the eye's weights)
double saturation(unsigned rgb);                // 0 grey .. 1 pure colour
bool dark_letters_on(unsigned rgb);             // the letters on this colour are dark
unsigned rgb_of_colour(const std::string &hex); // "#rrggbb", else mid grey

} // namespace sns
