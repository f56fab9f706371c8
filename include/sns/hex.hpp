// Hex geometry (2.1): axial/cube coordinates inside, CCRR labels at the file and screen boundary.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace sns {

// Axial coordinates (q = column, r = diagonal row); the third cube coordinate is s = -q - r.
struct Hex {
  int q = 0;
  int r = 0;
  constexpr int s() const { return -q - r; }
  friend constexpr bool operator==(Hex, Hex) = default;
};

// The six directions, clockwise from north, for flat-topped hexes.
inline constexpr std::array<Hex, 6> kDirections{
    {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}};

constexpr Hex operator+(Hex a, Hex b) { return {a.q + b.q, a.r + b.r}; }
constexpr Hex operator-(Hex a, Hex b) { return {a.q - b.q, a.r - b.r}; }
// Hexes between centres; inline, as Wing Integrity and the bots ask it in their inner loops.
constexpr int distance(Hex a, Hex b) {
  Hex d = a - b;
  auto abs = [](int v) { return v < 0 ? -v : v; };
  return (abs(d.q) + abs(d.r) + abs(d.s())) / 2;
}
Hex neighbour(Hex h, int direction);
std::array<Hex, 6> neighbours(Hex h);
// Index of the direction from a to an adjacent b, or -1 when they are not adjacent.
int direction_to(Hex a, Hex b);
// Hexes on the straight line between centres, both ends included. The nudge (+1 or -1) decides
// which side wins when the line runs exactly along a hexside.
std::vector<Hex> line(Hex a, Hex b, int nudge = +1);
std::vector<Hex> ring(Hex centre, int radius);
std::vector<Hex> hexes_within(Hex centre, int radius);

// Map columns and rows, both from 0; even map columns (1-based) sit half a hex lower.
struct Offset {
  int col = 0;
  int row = 0;
  friend constexpr bool operator==(Offset, Offset) = default;
};
Hex from_offset(Offset o);
Offset to_offset(Hex h);
// "CCRR" with 1-based column and row; nullopt when the text is not four digits.
std::optional<Offset> parse_label(const std::string &label);
std::string label(Offset o);

// Pixel layout for flat-topped hexes of the given outer radius (centre of hex 0,0 at origin).
struct PointF {
  double x = 0;
  double y = 0;
};
PointF hex_to_pixel(Hex h, double size);
Hex pixel_to_hex(PointF p, double size);
std::array<PointF, 6> hex_corners(Hex h, double size);

} // namespace sns
