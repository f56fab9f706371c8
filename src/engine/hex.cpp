// Hex geometry (2.1): distance, neighbours, lines, rings, offset labels and pixel conversion.
#include "sns/hex.hpp"

#include <cmath>
#include <cstdlib>

namespace sns {

Hex neighbour(Hex h, int direction) { return h + kDirections[direction]; }

std::array<Hex, 6> neighbours(Hex h) {
  std::array<Hex, 6> out;
  for (int d = 0; d < 6; ++d)
    out[d] = neighbour(h, d);
  return out;
}

int direction_to(Hex a, Hex b) {
  Hex d = b - a;
  for (int i = 0; i < 6; ++i)
    if (kDirections[i] == d) return i;
  return -1;
}

namespace {
Hex cube_round(double q, double r) {
  double s = -q - r;
  double rq = std::round(q), rr = std::round(r), rs = std::round(s);
  double dq = std::abs(rq - q), dr = std::abs(rr - r), ds = std::abs(rs - s);
  if (dq > dr && dq > ds)
    rq = -rr - rs;
  else if (dr > ds)
    rr = -rq - rs;
  return {static_cast<int>(rq), static_cast<int>(rr)};
}
} // namespace

std::vector<Hex> line(Hex a, Hex b, int nudge) {
  int n = distance(a, b);
  std::vector<Hex> out;
  out.reserve(n + 1);
  // A tiny offset keeps the line off exact hexside boundaries, so rounding is never a tie.
  const double e = 1e-6 * nudge;
  double aq = a.q + e, ar = a.r + e, bq = b.q + e, br = b.r + e;
  for (int i = 0; i <= n; ++i) {
    double t = n == 0 ? 0.0 : static_cast<double>(i) / n;
    out.push_back(cube_round(aq + (bq - aq) * t, ar + (br - ar) * t));
  }
  return out;
}

std::vector<Hex> ring(Hex centre, int radius) {
  if (radius == 0) return {centre};
  std::vector<Hex> out;
  Hex h = centre + Hex{kDirections[4].q * radius, kDirections[4].r * radius};
  for (int side = 0; side < 6; ++side)
    for (int step = 0; step < radius; ++step) {
      out.push_back(h);
      h = neighbour(h, side);
    }
  return out;
}

std::vector<Hex> hexes_within(Hex centre, int radius) {
  std::vector<Hex> out;
  for (int q = -radius; q <= radius; ++q)
    for (int r = std::max(-radius, -q - radius); r <= std::min(radius, -q + radius); ++r)
      out.push_back(centre + Hex{q, r});
  return out;
}

// Map column c (0-based) odd means a 1-based even column: shifted half a hex down ("odd-q").
Hex from_offset(Offset o) { return {o.col, o.row - (o.col - (o.col & 1)) / 2}; }
Offset to_offset(Hex h) { return {h.q, h.r + (h.q - (h.q & 1)) / 2}; }

std::optional<Offset> parse_label(const std::string &text) {
  if (text.size() != 4) return std::nullopt;
  for (char c : text)
    if (c < '0' || c > '9') return std::nullopt;
  int col = (text[0] - '0') * 10 + (text[1] - '0');
  int row = (text[2] - '0') * 10 + (text[3] - '0');
  if (col < 1 || row < 1) return std::nullopt;
  return Offset{col - 1, row - 1};
}

std::string label(Offset o) {
  char buf[8];
  int col = (o.col + 1) % 100, row = (o.row + 1) % 100;
  buf[0] = static_cast<char>('0' + col / 10);
  buf[1] = static_cast<char>('0' + col % 10);
  buf[2] = static_cast<char>('0' + row / 10);
  buf[3] = static_cast<char>('0' + row % 10);
  buf[4] = 0;
  return buf;
}

PointF hex_to_pixel(Hex h, double size) {
  return {size * 1.5 * h.q, size * std::sqrt(3.0) * (h.r + h.q / 2.0)};
}

Hex pixel_to_hex(PointF p, double size) {
  double q = (2.0 / 3.0 * p.x) / size;
  double r = (-1.0 / 3.0 * p.x + std::sqrt(3.0) / 3.0 * p.y) / size;
  return cube_round(q, r);
}

std::array<PointF, 6> hex_corners(Hex h, double size) {
  PointF c = hex_to_pixel(h, size);
  std::array<PointF, 6> out;
  for (int i = 0; i < 6; ++i) {
    double angle = M_PI / 180.0 * (60.0 * i);
    out[i] = {c.x + size * std::cos(angle), c.y + size * std::sin(angle)};
  }
  return out;
}

} // namespace sns
