// Drawn over the map: the hovered hex's tooltip (zones of control, 5.2), the last roll's dice,
// the turn strip and the banner when the Player Turn or the phase changes.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

namespace {

// Zones of control as the hovered unit's owner sees them (5.2): whose zone it stands in; on an
// empty hex, whose zones cover it.
std::string zoc_words(const Battle &b, const GameState &s, HexId hex, int unit) {
  if (unit >= 0) {
    int owner = b.units[unit].side;
    if (!in_enemy_zoc(b, s, hex, owner)) return "";
    return b.units[unit].id + " stands in the zone of control of the " + b.sides[1 - owner].name +
           " (5.2)";
  }
  bool of[2] = {in_enemy_zoc(b, s, hex, 1), in_enemy_zoc(b, s, hex, 0)}; // zone exerted by side i
  if (of[0] && of[1]) return "In the zones of control of both sides (5.2)";
  // Said with whom it stops: a player hovering a hex beside their own unit reads that it is the
  // other side's units this zone stops, not theirs.
  for (int side = 0; side < 2; ++side)
    if (of[side])
      return "In the zone of control of the " + b.sides[side].name + " (5.2):\na " +
             b.sides[1 - side].name + " unit entering it ends its move";
  return "";
}

} // namespace

void ssii_unit_card(App &app, int u) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  const UnitDef &d = b.units[u];
  const UnitFace &f = visible_face(b, s, u);
  ui::Text("%s %s", d.id.c_str(), d.name.c_str());
  ui::Text("%s (%s), %s", type_words(d.type).c_str(), std::string(name(d.type)).c_str(),
           b.wings[d.wing].name.c_str());
  ui::Text("CC %s%s%s", cc_name(f.cc).c_str(), f.fire ? ", Fire Factor " : "",
           f.fire ? std::to_string(f.fire).c_str() : "");
  ui::Text("%s%s%s", d.back && s.units[u].steps == 1 ? "Reduced" : "Fresh",
           f.crown ? ", Crown" : "", s.units[u].suppressed ? ", Suppressed (9.3)" : "");
  if (s.units[u].shield_wall) ui::Text("In Shield Wall (8.0)");
}

void hover_tooltip(App &app, const MapRect &map, HexId hover) {
  if (hover == kOffMap || ImGui::GetIO().WantCaptureMouse) return;
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  ImVec2 mouse = ImGui::GetIO().MousePos;
  TooltipPlace at = tooltip_place(mouse.x, mouse.y, map.x, map.y, map.w, map.h, app.tooltip_size[0],
                                  app.tooltip_size[1]);
  ImGui::SetNextWindowPos(ImVec2(at.x, at.y), ImGuiCond_Always, ImVec2(at.pivot_x, at.pivot_y));
  ImGui::BeginTooltip();
  ui::Text("Hex %s: %s, elevation %d", b.label(hover).c_str(),
           terrain_words(b.terrain_types[b.terrain[hover]].name).c_str(), b.elevation[hover]);
  int u = app.view().unit_at(hover);
  if (u >= 0) {
    // The unit card: the counter drawn large enough to read on any map, and its values in words.
    float card = 88 * app.ui_scale;
    ImVec2 corner = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(card + 8, card + 8));
    draw_counter(app, ImGui::GetWindowDrawList(), corner.x + 4 + card / 2, corner.y + 4 + card / 2,
                 card, u, false);
    const RulesetViews &views = views_of(b);
    if (views.counter_marks) // facing, hits, disorder over the face (d3/panels.cpp)
      views.counter_marks(app, ImGui::GetWindowDrawList(), corner.x + 4 + card / 2,
                          corner.y + 4 + card / 2, card, u);
    ImGui::SameLine();
    ImGui::BeginGroup();
    views.unit_card(app, u);
    ImGui::EndGroup();
  }
  if (std::string zoc = b.rules().has(Feature::ZonesOfControl) ? zoc_words(b, s, hover, u) : "";
      !zoc.empty())
    ui::Text("%s", zoc.c_str());
  std::string why = app.view().explain(app.sel(), hover);
  if (!why.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 130, 110, 255));
    ui::TextWrapped("%s", why.c_str());
    ImGui::PopStyleColor();
  }
  app.tooltip_size[0] = ImGui::GetWindowSize().x, app.tooltip_size[1] = ImGui::GetWindowSize().y;
  ImGui::EndTooltip();
}

namespace {

// One die at (x, y), s wide: a d8 seen from above, or a d6 (a square), its face in the middle.
void draw_die(App &app, float x, float y, float s, int faces, int face, bool rolling) {
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  ImVec2 pts[4] = {{x + s / 2, y}, {x + s, y + s / 2}, {x + s / 2, y + s}, {x, y + s / 2}};
  if (faces == 6)
    pts[0] = {x + 4, y + 4}, pts[1] = {x + s - 4, y + 4}, pts[2] = {x + s - 4, y + s - 4},
    pts[3] = {x + 4, y + s - 4};
  dl->AddConvexPolyFilled(pts, 4,
                          rolling ? IM_COL32(200, 200, 200, 230) : IM_COL32(250, 245, 230, 255));
  dl->AddPolyline(pts, 4, IM_COL32(40, 40, 40, 255), ImDrawFlags_Closed, 2);
  std::string t = std::to_string(face);
  ImFont *f = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  float fs = s * 0.48f;
  ImVec2 ext = f->CalcTextSizeA(fs, 100, 0, t.c_str());
  dl->AddText(f, fs, ImVec2(x + s / 2 - ext.x / 2, y + s / 2 - ext.y / 2),
              IM_COL32(20, 20, 20, 255), t.c_str());
}

} // namespace

// The last roll's dice at the right end of the map's top band (view.hpp), clear of the counters:
// one die, or both of D13's 2D6 side by side.
void die_overlay(App &app, const MapRect &map) {
  // A take-back past the roll takes its dice away too: the faces shown are always a roll of the
  // game as it stands.
  if (app.game().actions().size() < app.die_rolled_by) app.dice_shown.clear();
  if (app.dice_shown.empty()) return;
  const float s = top_band_height(app.ui_scale) - 4, gap = 8;
  const int count = static_cast<int>(app.dice_shown.size());
  float x = map.x + map.w - 20 - count * s - (count - 1) * gap, y = map.y + 2;
  bool rolling = app.die_frames > 0;
  int faces = die_faces(app.game().battle()); // a d8 (R23), or a d6 in D3 Medieval (D14)
  std::string said;
  for (int i = 0; i < count; ++i) {
    int face = rolling ? 1 + (app.die_frames * 5 + i * 3) % faces : app.dice_shown[i];
    draw_die(app, x + i * (s + gap), y, s, faces, face, rolling);
    said += (i ? " + " : "") + std::to_string(face);
  }
  if (!rolling) ui::note_text((count == 1 ? "Die: " : "Dice: ") + said);
  if (rolling) --app.die_frames;
}

void turn_banner(App &app, const MapRect &map) {
  const Battle &b = app.game().battle();
  const GameState &s = app.game().state();
  App::Banner &bn = app.banner;
  double now = ImGui::GetTime();
  // "Player Turn"; D3 Medieval counts game turns (D4)
  std::string turn = sentence_words(b.rules().turn_word);
  turn += " " + std::to_string(s.turn) + ": " + b.sides[s.active].name;
  std::string phase = s.game_over() ? "The battle is over" : phase_words(s.phase) + " Phase";
  bool same_game = bn.game == &app.game();
  bool new_turn = !same_game || s.turn != bn.turn || s.active != bn.active;
  if (new_turn || s.phase != bn.phase) {
    // A new Player Turn: the last turn's die goes (unless it is the roll that ended that turn,
    // still rolling); the Last attack panel is the session's and goes by itself.
    if (new_turn && same_game && app.die_frames <= 0) app.dice_shown.clear();
    bn.text = new_turn ? turn + "  -  " + phase : phase; // one line: a strip, not a card
    bn.since = same_game ? now : -1; // a game just opened has the strip; the banner marks changes
    bn.turn = s.turn, bn.active = s.active, bn.phase = s.phase, bn.game = &app.game();
  }
  ImDrawList *dl = ImGui::GetForegroundDrawList();
  ImFont *font = app.fonts.bold ? app.fonts.bold : ImGui::GetFont();
  // The strip along the top of the map says where the turn stands, always.
  int first_wing = 0;
  for (size_t w = 0; w < b.wings.size(); ++w)
    if (b.wings[w].side == s.active) {
      first_wing = static_cast<int>(w);
      break;
    }
  std::string strip = turn + "  -  " + phase;
  // Each line shrinks to the map's width (view.hpp, fitted_font_size), its box's padding and a
  // margin either side kept.
  auto fitted = [&](float size, const std::string &text, float padding) {
    float w = font->CalcTextSizeA(size, 1e9f, 0, text.c_str()).x;
    return fitted_font_size(size, w, map.w - padding - 16);
  };
  float fs = fitted(kStripFontSize * app.ui_scale, strip, 24);
  ImVec2 ext = font->CalcTextSizeA(fs, 1e9f, 0, strip.c_str());
  ImVec2 a(map.x + map.w / 2 - ext.x / 2 - 14, map.y + 4);
  ImVec2 z(map.x + map.w / 2 + ext.x / 2 + 10, map.y + 10 + ext.y);
  // The banner lies over the strip for a moment, then fades, and only then the strip comes back
  // (view.hpp, banner_frame): their two texts are never seen over each other. It opens out of
  // the strip, from the strip's box to its own, its text coming with it.
  float fs_banner = fitted(kBannerFontSize * app.ui_scale, bn.text, 28);
  ImVec2 text_ext = font->CalcTextSizeA(fs_banner, 1e9f, 0, bn.text.c_str());
  BannerBox box = banner_box(map.x, map.w, map.y, text_ext.x, text_ext.y, z.x - a.x);
  const BannerFrame f = bn.since < 0 ? BannerFrame{}
                                     : banner_frame(now - bn.since, {a.x, a.y, z.x, z.y}, box,
                                                    text_ext.x, text_ext.y, fs_banner);
  auto faded = [&](ImU32 col) {
    float a0 = static_cast<float>((col >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
    return (col & ~IM_COL32_A_MASK) |
           (static_cast<ImU32>(255 * a0 * f.strip_alpha) << IM_COL32_A_SHIFT);
  };
  dl->AddRectFilled(a, z, faded(IM_COL32(20, 20, 24, 215)), 5);
  dl->AddRectFilled(a, ImVec2(a.x + 8, z.y), faded(wing_colour(b.wings[first_wing].color)), 5);
  dl->AddText(font, fs, ImVec2(a.x + 16, a.y + 3), faded(IM_COL32(240, 235, 210, 255)),
              strip.c_str());
  ui::note_text(strip);
  if (f.box_alpha <= 0) return;
  ImVec2 ba(f.box.x0, f.box.y0), bz(f.box.x1, f.box.y1);
  dl->AddRectFilled(ba, bz, IM_COL32(15, 15, 20, static_cast<int>(250 * f.box_alpha)), 5);
  dl->AddRect(ba, bz,
              (wing_colour(b.wings[first_wing].color) & 0x00FFFFFF) |
                  (static_cast<ImU32>(255 * f.box_alpha) << 24),
              5, 0, 2);
  dl->PushClipRect(ba, bz, true);
  dl->AddText(font, f.text_px, ImVec2(f.text_x, f.text_y),
              IM_COL32(255, 240, 200, static_cast<int>(255 * f.text_alpha)), bn.text.c_str());
  dl->PopClipRect();
  ui::note_text("Banner: " + bn.text);
}

} // namespace sns::app
