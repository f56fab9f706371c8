// Counter art (2.2): what a counter shows (its look, the key of the face cache) and how it is
// painted; counter_cache.cpp keeps the painted faces as textures.
#pragma once
#include "sns/types.hpp"

#include <compare>
#include <cstdint>
#include <imgui.h>
#include <string>

namespace sns::app {

struct App;

// Everything a counter's picture depends on, and nothing else: two units with equal looks share
// one cached texture, and a unit's face is painted again only when its look changes. A marker
// that should show on the counter is a field here and is painted in paint_markers.
struct CounterLook {
  int size = 0;           // the counter's side, pixels
  uint32_t colour = 0;    // the wing's colour (IM_COL32)
  char wing_letter = ' '; // for players who cannot tell the colours apart
  UnitType type = UnitType::V;
  std::string label; // printed at the top: the type code, or the unit's id (D3 Medieval)
  CombatClass cc = 3;
  int fire = 0;
  bool crown = false;
  bool reduced = false; // the reduced side's stripe
  bool values = true;   // prints CC and Fire Factor (D3 Medieval's counters do not, D1)
  // Markers (9.3, 8.0).
  bool suppressed = false;
  bool shield_wall = false;
  bool dim = false; // may not act in this phase: darkened
  auto operator<=>(const CounterLook &) const = default;
};

// The look of unit `u` at `size` pixels, from the face a player may see (never the hidden reverse
// of a fresh unit, 2.2, R22).
CounterLook counter_look(const App &app, int u, float size, bool dim);

// Where a counter is painted: shapes go to the draw list, letters through text(), which the
// cache draws with SDL2_ttf at the exact pixel size.
class CounterCanvas {
public:
  explicit CounterCanvas(ImDrawList *list) : dl(list) {}
  virtual ~CounterCanvas() = default;
  ImDrawList *const dl;
  // Letters `px` pixels high (line height), their box's top left at `at`.
  virtual void text(float px, ImVec2 at, ImU32 col, const char *text) = 0;
  virtual ImVec2 text_size(float px, const char *text) = 0;
};

// Paints a counter centred on `c`: the face (2.2), then its markers, then the dimming.
void paint_counter(const CounterLook &look, CounterCanvas &canvas, ImVec2 c);

// How far a counter's picture reaches beyond its square (shadow, markers on its edges), pixels.
int counter_overhang(int size);

} // namespace sns::app
