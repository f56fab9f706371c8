// D3 Medieval's row of kViews (ruleset_views.cpp), on screen: facing (D2) and front arc, hits
// track and elimination after 8 (D13), disorder (D13), activation and its D6 threshold (D5),
// straight moves, charges and end facings (D6, D7), shooting and melee previews with exact odds
// (D10, D12), the phase track (D4). Everything shown comes from the engine's state, legal actions
// and previews.
#include "app.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

namespace {

constexpr int kTrackBoxes = 8; // D13: a unit with more than 8 hits is eliminated

// The screen direction of hexside `dir` (D2: 0 north, clockwise), as a unit vector.
ImVec2 direction_vector(int dir) {
  PointF p = hex_to_pixel(kDirections[static_cast<size_t>(dir)], 1.0);
  float len = static_cast<float>(std::sqrt(p.x * p.x + p.y * p.y));
  return ImVec2(static_cast<float>(p.x) / len, static_cast<float>(p.y) / len);
}

ImVec2 along(ImVec2 c, ImVec2 d, float r) { return ImVec2(c.x + d.x * r, c.y + d.y * r); }

// An arrow head from `base` distance to `tip` distance out of c, in direction d.
void arrow(ImDrawList *dl, ImVec2 c, ImVec2 d, float base, float tip, float half_width, ImU32 fill,
           ImU32 edge, float edge_width) {
  ImVec2 n(-d.y, d.x);
  ImVec2 b = along(c, d, base);
  ImVec2 pts[3] = {along(c, d, tip), ImVec2(b.x + n.x * half_width, b.y + n.y * half_width),
                   ImVec2(b.x - n.x * half_width, b.y - n.y * half_width)};
  dl->AddTriangleFilled(pts[0], pts[1], pts[2], fill);
  if (edge_width > 0) dl->AddPolyline(pts, 3, edge, ImDrawFlags_Closed, edge_width);
}

// The corners of the hex of radius `r` around c bounding hexside `dir` (flat-topped hexes).
std::pair<ImVec2, ImVec2> hexside_ends(ImVec2 c, int dir, float r) {
  auto corners = hex_corners(Hex{0, 0}, r);
  static const int first[6] = {4, 5, 0, 1, 2, 3}; // corner before each direction, clockwise
  const PointF &p = corners[first[dir]], &q = corners[(first[dir] + 1) % 6];
  return {ImVec2(c.x + static_cast<float>(p.x), c.y + static_cast<float>(p.y)),
          ImVec2(c.x + static_cast<float>(q.x), c.y + static_cast<float>(q.y))};
}

// A hex outline of radius r around c, inside the hex's own edge.
void hex_ring(ImDrawList *dl, ImVec2 c, float r, ImU32 colour, float width) {
  auto corners = hex_corners(Hex{0, 0}, r);
  ImVec2 pts[6];
  for (int i = 0; i < 6; ++i)
    pts[i] = ImVec2(c.x + static_cast<float>(corners[i].x), c.y + static_cast<float>(corners[i].y));
  dl->AddPolyline(pts, 6, colour, ImDrawFlags_Closed, width);
}

ImVec2 centre_of(const App &app, HexId h) {
  PointF c = app.camera.centre(app.game().battle(), h);
  return ImVec2(static_cast<float>(c.x), static_cast<float>(c.y));
}

void centred_text(ImDrawList *dl, ImFont *font, float size, ImVec2 c, ImU32 col, const char *t) {
  ImVec2 ext = font->CalcTextSizeA(size, 1e9f, 0, t);
  dl->AddText(font, size, ImVec2(c.x - ext.x / 2, c.y - ext.y / 2), col, t);
}

// "D3+1": the dice of a preview, its modifiers summed (D10, D12).
std::string dice_words(int modifier) {
  if (modifier == 0) return "D3";
  char t[16];
  std::snprintf(t, sizeof t, "D3%+d", modifier);
  return t;
}

// The D3 block of the game on screen. Every function in this file is D3 Medieval's row of the app's
// tables (ruleset_views.cpp), so the state is D3's by construction: it is read here, once.
const D3State &d3_of(App &app) { return app.game().state().d3(); }

} // namespace

// --- Counters: facing, hits, disorder, drawn over the counter's face --------------------------

void draw_d3_markers(App &app, ImDrawList *dl, float cx, float cy, float size, int u) {
  const D3State &d3 = d3_of(app);
  const D3Unit &d = d3.units[static_cast<size_t>(u)];
  const float hex = size / 1.35f; // the counter is 1.35 hex radii wide (map_view.cpp)
  const ImVec2 c(cx, cy);
  // D2: the arrow through the faced hexside, outside the counter where it can (the front arc is
  // drawn under the counters, draw_d3_fronts).
  arrow(dl, c, direction_vector(d.facing), hex * 0.66f, hex * 1.02f, hex * 0.26f,
        IM_COL32(255, 236, 120, 255), IM_COL32(20, 20, 20, 255), std::max(1.0f, hex * 0.05f));

  ImFont *font = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  const float half = size / 2;
  const ImVec2 a(cx - half, cy - half), z(cx + half, cy + half);
  // D13: the hits track, one box a hit up to 8; this turn's hits in a brighter red.
  int hits = d.hits, earlier = hits - d.hits_this_turn;
  if (size >= 40) {
    float pad = size * 0.07f, gap = std::max(1.0f, size * 0.012f);
    float bw = (size - 2 * pad - gap * (kTrackBoxes - 1)) / kTrackBoxes, bh = size * 0.13f;
    float y = z.y - pad - bh;
    dl->AddRectFilled(ImVec2(a.x + pad - gap * 2, y - gap * 2),
                      ImVec2(z.x - pad + gap * 2, y + bh + gap * 2), IM_COL32(20, 20, 20, 200),
                      2.0f);
    for (int k = 0; k < kTrackBoxes; ++k) {
      ImVec2 p(a.x + pad + k * (bw + gap), y), q(p.x + bw, y + bh);
      ImU32 fill = k < earlier ? IM_COL32(150, 20, 20, 255)
                   : k < hits  ? IM_COL32(255, 80, 40, 255)
                               : IM_COL32(235, 230, 215, 255);
      dl->AddRectFilled(p, q, fill);
    }
    if (hits > kTrackBoxes) { // more than 8: eliminated in the disorder phase (D13)
      ImVec2 m(z.x - pad, y + bh / 2);
      dl->AddCircleFilled(m, bh * 0.9f, IM_COL32(255, 40, 20, 255));
      centred_text(dl, font, bh * 1.5f, m, IM_COL32(255, 255, 255, 255), "!");
    }
  } else if (hits > 0) { // small counters: the number of hits in a red disc
    ImVec2 m(z.x - size * 0.08f, z.y - size * 0.08f);
    char t[8];
    std::snprintf(t, sizeof t, "%d", hits);
    dl->AddCircleFilled(m, size * 0.24f, IM_COL32(200, 30, 30, 255));
    centred_text(dl, font, size * 0.36f, m, IM_COL32(255, 255, 255, 255), t);
  }
  // D13: disordered, an orange "D" disc in the top right corner, inside the counter (where the
  // selection and lesson rings on the hex edge cannot cover it).
  if (d.disordered) {
    float r = std::max(6.0f, size * 0.15f);
    ImVec2 m(z.x - r - size * 0.03f, a.y + r + size * 0.03f);
    dl->AddCircleFilled(m, r, IM_COL32(240, 140, 20, 255));
    dl->AddCircle(m, r, IM_COL32(40, 20, 0, 255), 0, 1.5f);
    centred_text(dl, font, r * 1.3f, m, IM_COL32(20, 20, 20, 255), "D");
  }
}

// D2: every unit's front, the faced hexside and its two neighbours, as a bright edge in its hex
// drawn under the counters (their corners cover the middle of the slanting sides).
void draw_d3_fronts(App &app, ImDrawList *dl) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const float hex = static_cast<float>(app.camera.size);
  const float width = std::max(2.0f, hex * 0.07f);
  for (size_t u = 0; u < b.units.size(); ++u) {
    if (s.units[u].hex == kOffMap) continue;
    ImVec2 c = centre_of(app, s.units[u].hex);
    for (int k = -1; k <= 1; ++k) {
      // Inside the hex's edge, which keeps rivers, fords and stakes in sight.
      auto [p, q] = hexside_ends(c, (d3.units[u].facing + k + 6) % 6, hex * 0.85f);
      dl->AddLine(p, q, IM_COL32(20, 20, 20, 230), width + 2.5f);
      dl->AddLine(p, q, IM_COL32(255, 236, 120, 255), width);
    }
  }
}

// --- The moving unit: its straight lines, charges and end facings (D6, D7) --------------------

void draw_d3_moves(App &app, ImDrawList *dl, const std::vector<uint16_t> &marks, HexId hover) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const Interaction &view = app.view();
  const Selection &sel = app.sel();
  const float hex = static_cast<float>(app.camera.size);
  if (s.phase != Phase::Movement || d3.moving < 0) return;
  const int u = d3.moving;
  const HexId from = s.units[u].hex;
  const ImVec2 c = centre_of(app, from);
  // Each straight line the unit may move along, out to its farthest lit hex.
  for (int dir = 0; dir < 6; ++dir) {
    HexId last = kOffMap;
    for (HexId h = b.adjacent[from][dir]; h != kOffMap && (marks[h] & kMarkDestination);
         h = b.adjacent[h][dir])
      last = h;
    if (last == kOffMap) continue;
    ImVec2 d = direction_vector(dir), end = centre_of(app, last);
    ImVec2 start = along(c, d, hex * 0.95f);
    dl->AddLine(start, end, IM_COL32(40, 30, 0, 200), std::max(3.0f, hex * 0.12f));
    dl->AddLine(start, end, IM_COL32(255, 235, 60, 255), std::max(1.5f, hex * 0.06f));
    for (HexId h = b.adjacent[from][dir]; h != kOffMap && (marks[h] & kMarkDestination);
         h = b.adjacent[h][dir])
      dl->AddCircleFilled(centre_of(app, h), std::max(2.5f, hex * 0.1f),
                          (marks[h] & kMarkCharge) ? IM_COL32(230, 60, 30, 255)
                                                   : IM_COL32(255, 235, 60, 255));
  }
  // D7: a charge's hex, with the arrow of its line of advance pointing at the enemy.
  for (HexId h = 0; h < b.hex_count(); ++h) {
    if (!(marks[h] & kMarkCharge)) continue;
    auto facings = view.d3_facings(u, h);
    if (facings.empty()) continue;
    ImVec2 m = centre_of(app, h);
    hex_ring(dl, m, hex * 0.92f, IM_COL32(230, 60, 30, 255), std::max(2.0f, hex * 0.09f));
    arrow(dl, m, direction_vector(facings[0]), -hex * 0.25f, hex * 0.75f, hex * 0.3f,
          IM_COL32(230, 60, 30, 230), IM_COL32(60, 10, 0, 255), 1.5f);
  }
  // The chosen destination: an arrow for each end facing the engine allows, and a faint ring on
  // each hex a click would face; the hovered one lit.
  for (HexId h = 0; h < b.hex_count(); ++h)
    if (marks[h] & kMarkFacing)
      hex_ring(dl, centre_of(app, h), hex * 0.85f, IM_COL32(255, 255, 255, h == hover ? 230 : 90),
               h == hover ? 3.0f : 1.5f);
  if (sel.to != kOffMap) {
    ImVec2 m = centre_of(app, sel.to);
    int hovered = hover == kOffMap ? -1 : b.direction(sel.to, hover);
    for (int f : view.d3_facings(u, sel.to)) {
      bool lit = f == hovered;
      arrow(dl, m, direction_vector(f), hex * 0.3f, hex * 0.95f, hex * 0.22f,
            lit ? IM_COL32(255, 255, 255, 255) : IM_COL32(255, 255, 255, 150),
            IM_COL32(20, 20, 20, 255), lit ? 2.5f : 1.0f);
    }
  }
}

// --- Panels -----------------------------------------------------------------------------------

void d3_phase_track(App &app) {
  const D3State &d3 = d3_of(app);
  const GameState &s = app.game().state();
  ui::Text("Sequence of play");
  rule_link(app, "D4");
  for (Phase p : app.game().battle().rules().phases) {
    bool current = s.phase == p;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          current ? IM_COL32(255, 230, 80, 255) : IM_COL32(220, 220, 220, 255));
    ui::Text("%s %s (%s)", current ? ">" : " ", phase_words(p).c_str(), phase_section(p));
    ImGui::PopStyleColor();
    if (p == Phase::Movement && current) {
      int needed = d3_activation_needed(s);
      ImGui::PushTextWrapPos(0.0f); // the left panel is narrow
      if (needed > 0)
        ui::TextDisabled("    %d activated (5 at most); next needs %d+", d3.activations, needed);
      else
        ui::TextDisabled("    5 activated: the most a phase allows");
      ImGui::PopTextWrapPos();
    }
  }
}

void d3_side_summary(App &app, int side) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  int units = 0, hits = 0, disordered = 0;
  for (size_t u = 0; u < b.units.size(); ++u) {
    if (b.units[u].side != side || s.units[u].hex == kOffMap) continue;
    ++units, hits += d3.units[u].hits, disordered += d3.units[u].disordered;
  }
  ui::Text("  %s, %s%s", counted(units, "unit", "units").c_str(),
           counted(hits, "hit", "hits").c_str(),
           disordered ? (", " + std::to_string(disordered) + " disordered").c_str() : "");
}

void d3_unit_card(App &app, int u) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const UnitDef &def = b.units[u];
  const D3Unit &d = d3.units[static_cast<size_t>(u)];
  ui::Text("%s %s", def.id.c_str(), def.name.c_str());
  ui::Text("%s, %s", type_words(def.type).c_str(), b.sides[def.side].name.c_str());
  ui::Text("Faces %s (%d), D2", facing_words(d.facing).c_str(), d.facing);
  ui::Text("Hits %d of 8%s, D13", d.hits,
           d.hits_this_turn ? (", " + std::to_string(d.hits_this_turn) + " this turn").c_str()
                            : "");
  if (d.disordered) ui::Text("Disordered: no move, one hit less (D13)");
  if (d.charged)
    ui::Text("Charged this turn");
  else if (d.moved)
    ui::Text("Moved this turn");
}

namespace {

// The exact odds of a shot or melee (D10, D12), from the engine's preview.
void hits_preview(App &app, const Action &a, Footer &footer) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  HitsPreview p;
  if (auto r = preview_hits(app.game().setup(), s, a, p)) {
    ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
    rule_link(app, r->rule);
    return;
  }
  bool shot = a.type == ActionType::Shoot;
  ui::TextWrapped("%s %s %s", unit_words(b, a.unit).c_str(), shot ? "shoots at" : "fights",
                  unit_words(b, a.target).c_str());
  ui::Text("Hits: %s, never below 0", dice_words(p.modifier).c_str());
  rule_link(app, p.rule);
  for (const Term &t : p.modifiers) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  int before = d3.units[static_cast<size_t>(a.target)].hits;
  double past_eight = 0;
  for (int n = 0; n < static_cast<int>(p.chance.size()); ++n) {
    if (p.chance[n] <= 0) continue;
    if (before + n > kTrackBoxes) past_eight += p.chance[n];
    char label[48];
    std::snprintf(label, sizeof label, "%s: %.1f%%", counted(n, "hit", "hits").c_str(),
                  p.chance[n] * 100);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                          n == 0 ? IM_COL32(120, 120, 120, 255) : IM_COL32(200, 80, 60, 255));
    ui::ProgressBar(static_cast<float>(p.chance[n]), ImVec2(-1, 0), label);
    ImGui::PopStyleColor();
  }
  ui::Text("Expected: %.2f hits", p.expected);
  ui::TextWrapped("%s has %s; more than 8 eliminates it at the end of this turn.",
                  b.units[a.target].id.c_str(), counted(before, "hit", "hits").c_str());
  rule_link(app, "D13");
  if (past_eight > 0) ui::Text("Chance to pass 8 hits now: %.1f%%", past_eight * 100);
  footer.label = shot ? "Shoot: roll the die (Enter)" : "Melee: roll the die (Enter)";
  footer.action = a;
}

void movement_panel(App &app, Footer &footer) {
  const D3State &d3 = d3_of(app);
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const Interaction &view = app.view();
  Selection &sel = app.sel();
  if (d3.moving < 0) {
    int needed = d3_activation_needed(s);
    if (needed == 0) {
      ui::TextWrapped("Five units have moved this phase: end the movement phase (E).");
      rule_link(app, "D5");
      return;
    }
    ui::TextWrapped("Activation: the next unit needs %d or more on the D6 (%d of 5 activated this "
                    "phase). A failed roll ends the movement phase.",
                    needed, d3.activations);
    rule_link(app, "D5");
    ui::TextWrapped("Click one of your lit units, then roll for it.");
    if (auto a = view.d3_pending(sel)) {
      ui::Text("Chosen: %s", unit_words(b, a->unit).c_str());
      ui::Text("Needs %d+ on the D6: %d in 6", needed, 7 - needed);
      footer.label = "Activate: roll the D6 (Enter)";
      footer.action = *a;
    }
    return;
  }
  ui::TextWrapped("%s is activated. Click a yellow hex on its straight lines (a red ring: a "
                  "charge into contact), or its own hex to turn in place; then the hex it should "
                  "face.",
                  unit_words(b, d3.moving).c_str());
  rule_link(app, "D6");
  rule_link(app, "D7");
  if (sel.to == kOffMap) return;
  ui::Text("End facing at %s:", b.label(sel.to).c_str());
  ui::TextDisabled("(a right-click chooses another hex)");
  auto facings = view.d3_facings(d3.moving, sel.to);
  std::optional<Action> chosen; // played after the loop: playing rebuilds the legal list
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  for (int f = 0; f < 6; ++f) {
    bool legal = std::find(facings.begin(), facings.end(), f) != facings.end();
    std::string label = "Face " + facing_words(f) + " (" + std::to_string(f) + ")";
    ImGui::BeginDisabled(!legal);
    if (ui::Button(label.c_str(), ImVec2(half, 0)))
      chosen = Action{.type = ActionType::Move,
                      .unit = d3.moving,
                      .to = sel.to,
                      .facing = static_cast<int8_t>(f)};
    ImGui::EndDisabled();
    if (f % 2 == 0) ImGui::SameLine();
  }
  if (chosen) app.session->play(*chosen);
}

} // namespace

void d3_decision_panel(App &app, Footer &footer) {
  const GameState &s = app.game().state();
  footer.end_phase = true;
  switch (s.phase) {
  case Phase::Movement:
    movement_panel(app, footer);
    return;
  case Phase::Shooting:
    ui::TextWrapped(
        "Bowmen that have not moved shoot once each at an enemy ahead of them, in range "
        "and in sight. Click a lit bowman, then its target (ringed in red).");
    rule_link(app, "D9", false);
    break;
  case Phase::Melee:
    ui::TextWrapped(
        "Every unit of yours in contact must fight one enemy it touches (a unit that "
        "moved fights only after a charge). Click a lit unit, then its enemy (ringed in red).");
    rule_link(app, "D11", false);
    break;
  default:
    return;
  }
  if (auto pending = app.view().pending_action(app.sel())) {
    ImGui::Separator();
    hits_preview(app, *pending, footer);
  }
}

} // namespace sns::app
