// 2.1 hex grid: coordinates, CCRR labels, distance, neighbours, lines, rings, pixel conversion.
#include "sns/battle.hpp"
#include "sns/hex.hpp"

#include <catch2/catch.hpp>
#include <set>

using namespace sns;

namespace {
Hex at(const char *label) { return from_offset(*parse_label(label)); }
} // namespace

TEST_CASE("2.1 DESIGN example: 0201 touches 0101 0102 0202 0301 0302") {
  std::set<std::string> got;
  for (Hex n : neighbours(at("0201")))
    got.insert(label(to_offset(n)));
  for (const char *expected : {"0101", "0102", "0202", "0301", "0302", "0200"})
    CHECK(got.count(expected) == 1);
  // 0101 touches 0102 and 0201 on the map (the others are off the top or left edge)
  std::set<std::string> on_map;
  for (Hex n : neighbours(at("0101"))) {
    Offset o = to_offset(n);
    if (o.col >= 0 && o.row >= 0) on_map.insert(label(o));
  }
  CHECK(on_map == std::set<std::string>{"0102", "0201"});
}

TEST_CASE("2.1 labels round-trip through axial coordinates") {
  for (int c = 0; c < 30; ++c)
    for (int r = 0; r < 30; ++r) {
      Offset o{c, r};
      CHECK(to_offset(from_offset(o)) == o);
      CHECK(parse_label(label(o)) == o);
    }
  CHECK_FALSE(parse_label("101"));
  CHECK_FALSE(parse_label("01a1"));
  CHECK_FALSE(parse_label("0001"));
}

TEST_CASE("2.1 distance is symmetric and neighbours are at distance one") {
  for (int q = -4; q <= 4; ++q)
    for (int r = -4; r <= 4; ++r) {
      Hex a{q, r};
      for (int d = 0; d < 6; ++d) {
        CHECK(distance(a, neighbour(a, d)) == 1);
        CHECK(direction_to(a, neighbour(a, d)) == d);
        CHECK(direction_to(neighbour(a, d), a) == (d + 3) % 6);
      }
      Hex b{r, -q};
      CHECK(distance(a, b) == distance(b, a));
      CHECK(distance(a, a) == 0);
    }
}

TEST_CASE("2.1 fixed distances between labelled hexes") {
  CHECK(distance(at("0101"), at("0102")) == 1);
  CHECK(distance(at("0101"), at("0201")) == 1);
  CHECK(distance(at("0101"), at("0202")) == 2);
  CHECK(distance(at("0101"), at("0501")) == 4);
  CHECK(distance(at("0101"), at("0105")) == 4);
  CHECK(distance(at("0404"), at("0808")) == 6);
}

TEST_CASE("2.1 rings and ranges have 6n and 3n(n+1)+1 hexes") {
  Hex c{2, -1};
  for (int n = 0; n <= 5; ++n) {
    auto ring_hexes = ring(c, n);
    CHECK(ring_hexes.size() == static_cast<size_t>(n == 0 ? 1 : 6 * n));
    for (Hex h : ring_hexes)
      CHECK(distance(c, h) == n);
    CHECK(hexes_within(c, n).size() == static_cast<size_t>(3 * n * (n + 1) + 1));
  }
}

TEST_CASE("R21 lines run through adjacent hexes from end to end") {
  for (int q = -5; q <= 5; ++q)
    for (int r = -5; r <= 5; ++r) {
      Hex a{0, 0}, b{q, r};
      for (int nudge : {+1, -1}) {
        auto l = line(a, b, nudge);
        REQUIRE(l.size() == static_cast<size_t>(distance(a, b) + 1));
        CHECK(l.front() == a);
        CHECK(l.back() == b);
        for (size_t i = 1; i < l.size(); ++i)
          CHECK(distance(l[i - 1], l[i]) == 1);
      }
    }
}

TEST_CASE("2.1 pixel and hex conversions round-trip at the centre and near it") {
  for (int q = -6; q <= 6; ++q)
    for (int r = -6; r <= 6; ++r) {
      Hex h{q, r};
      PointF p = hex_to_pixel(h, 30.0);
      CHECK(pixel_to_hex(p, 30.0) == h);
      CHECK(pixel_to_hex({p.x + 10, p.y - 8}, 30.0) == h);
      auto corners = hex_corners(h, 30.0);
      for (auto &cp : corners)
        CHECK(std::hypot(cp.x - p.x, cp.y - p.y) == Approx(30.0));
    }
}
