// The counter face's layout (src/view/counter_layout.hpp): the CC and Fire Factor never lie over
// the unit-type plate, each other or the counter's edge, with one or two letters, at every size.
#include "counter_layout.hpp"
#include "fixture.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

using namespace sns;

namespace {

// Widths at a line height of 1 in the counters' font (DejaVu Sans Bold, 2048 units an em, a line
// 1.164 em): a digit 0.598, "A" 0.665, "D" (the widest CC letter) 0.713.
constexpr float kDigit = 0.598f, kLetter = 0.713f;

bool inside(const FaceBox &b, float size) {
  return b.x0 >= 0 && b.y0 >= 0 && b.x1 <= size && b.y1 <= size;
}

} // namespace

TEST_CASE(
    "a counter's values never lie over its plate, each other or its edge, one or two letters") {
  struct Values {
    const char *what;
    float cc, fire;
  };
  // The two-letter value a battle can hold is a CC of "AA" (the loader takes Fire Factors of 1 to
  // 9); two-digit Fire Factors are checked too, so the layout never relies on that limit.
  const Values values[] = {
      {"C 5", kLetter, kDigit},          {"AA 5", 2 * kLetter, kDigit},
      {"C 10", kLetter, 2 * kDigit},     {"AA 12", 2 * kLetter, 2 * kDigit},
      {"B, no Fire Factor", kLetter, 0}, {"AA, no Fire Factor", 2 * kLetter, 0}};
  // Counters are 1.35 hexes' size, and hexes 6 to 160 pixels (the camera's zoom).
  for (int size = 8; size <= 216; ++size)
    for (const Values &v : values) {
      const float s = static_cast<float>(size);
      const CounterFaceLayout l = counter_face_layout(s, v.cc, v.fire);
      INFO(v.what << " on a counter of " << size << " px");
      CHECK(l.value_px > 0);
      CHECK(l.fire_px > 0);
      CHECK(inside(l.plate, s));
      CHECK(inside(l.cc, s));
      CHECK_FALSE(boxes_meet(l.cc, l.plate));
      if (v.fire > 0) {
        CHECK(inside(l.fire, s));
        CHECK_FALSE(boxes_meet(l.fire, l.plate));
        CHECK_FALSE(boxes_meet(l.cc, l.fire));
      }
    }
}

TEST_CASE("a counter's values stay large enough to read, with one letter or two") {
  // Grunwald fitted at 1280x720 (about 18 px), 1920x1080 (about 30 px), and a close zoom (90 px).
  for (float s : {18.0f, 30.0f, 90.0f}) {
    INFO(s << " px");
    const float least = s * (s < kTinyCounter ? 0.5f : s < kCompactCounter ? 0.35f : 0.25f);
    const CounterFaceLayout one = counter_face_layout(s, kLetter, kDigit);
    CHECK(one.plate.x1 - one.plate.x0 >= s * 0.45f); // one letter each: the plate as drawn before
    CHECK(one.value_px >= least);
    CHECK(one.fire_px >= least);
    // A CC of "AA" beside a Fire Factor (the loader allows 1 to 9) is not shrunk out of reading.
    const CounterFaceLayout two = counter_face_layout(s, 2 * kLetter, kDigit);
    CHECK(two.value_px >= least);
    CHECK(two.fire_px >= least);
    CHECK(two.plate.x1 - two.plate.x0 >= s * 0.3f);
  }
}

// 2.2, issue 33 item 2: a wing with dark letters is pale or coloured, never a greyish middle tone
// (the Gray Banners' #9aa6b8 blurred a 17-pixel counter's "C5", new-player trial), and the wings of
// one side are told apart by colour (Gray Banners and Dark Gray were close, the second newcomer's
// list).
TEST_CASE("2.2 every shipped wing's colour takes readable letters and differs from its side's") {
  unsigned trial_grey = rgb_of_colour("#9aa6b8");
  CHECK(dark_letters_on(trial_grey));
  CHECK(luminance(trial_grey) < kPaleWing);
  CHECK(saturation(trial_grey) < kColouredWing);
  auto apart = [](unsigned a, unsigned b) { // the largest difference of one channel
    int most = 0;
    for (int shift : {0, 8, 16})
      most = std::max(most, std::abs(static_cast<int>((a >> shift) & 0xFF) -
                                     static_cast<int>((b >> shift) & 0xFF)));
    return most;
  };
  for (const std::string &file : test::shipped_battles()) {
    auto b = load_battle_file(file);
    for (const WingDef &w : b->wings) {
      INFO(file << ": wing " << w.id << " " << w.color);
      unsigned rgb = rgb_of_colour(w.color);
      if (dark_letters_on(rgb))
        CHECK((luminance(rgb) >= kPaleWing || saturation(rgb) >= kColouredWing));
      for (const WingDef &o : b->wings)
        if (&o != &w && o.side == w.side) {
          INFO("and wing " << o.id << " " << o.color);
          CHECK(apart(rgb, rgb_of_colour(o.color)) >= 60);
        }
    }
  }
}
