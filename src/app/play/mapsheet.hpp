// The mapsheet's shared parts (2.1, 12.0): the hexes' screen geometry and the art's deterministic
// noise, used by mapsheet.cpp (terrain) and mapsheet_hexsides.cpp (rivers, fords, bridges,
// trenches, stakes). All art is drawn procedurally: no image of the publisher's map is used.
#pragma once
#include "sns/battle.hpp"
#include "view.hpp"

#include <array>
#include <cstdint>
#include <imgui.h>
#include <vector>

namespace sns::app {

// What one drawing of the terrain reads: the battle, where each hex is on screen, which hexes
// can be seen.
struct Sheet {
  const Battle &b;
  ImDrawList *dl;
  float size; // the hex radius, pixels
  std::vector<std::array<ImVec2, 6>> corners;
  std::vector<ImVec2> centres;
  std::vector<char> shown; // the hex touches the drawn area
  Sheet(const Battle &battle, const Camera &cam, ImDrawList *list, ImVec2 lo, ImVec2 hi);
  // The hexside between h and its neighbour in direction d: its two corners.
  ImVec2 side_start(HexId h, int d) const;
  ImVec2 side_end(HexId h, int d) const;
  ImVec2 side_middle(HexId h, int d) const;
};

// A repeatable stream of numbers in [0, 1) for one hex's art, so the map looks the same every
// time it is drawn.
struct Noise {
  uint32_t state;
  explicit Noise(uint32_t seed) : state(seed * 2654435761u + 0x9E3779B9u) { next(); }
  float next() {
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    return static_cast<float>(state & 0xFFFFFF) / 16777216.0f;
  }
  float between(float lo, float hi) { return lo + (hi - lo) * next(); }
};

// A colour between a and b (t from 0 to 1), and a colour with another alpha.
ImU32 mix(ImU32 a, ImU32 b, float t);
ImU32 with_alpha(ImU32 c, int alpha);

// Rivers, fords, bridges, trenches and stakes on the hexsides (mapsheet_hexsides.cpp).
void draw_hexside_art(const Sheet &sheet);

} // namespace sns::app
