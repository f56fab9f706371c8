// The start screen's gallery (issue 33): each battle as a card (its thumbnail, date and place,
// sides, size, ruleset, length, history and measured balance, a line of history) in rows for the
// shipped battles and the player's own, then the lessons; arrows move the choice through every
// row, Enter starts it.
#include "start/gallery.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <utility>
#include <vector>

namespace sns::app {

namespace {

constexpr float kCardWidth = 262, kGap = 12, kPad = 8;

// The card's layout for the gallery's width: as many columns as fit, widened to fill the row.
struct Grid {
  int columns = 1;
  float w = kCardWidth, h = 0, thumb_h = 0;
};

Grid grid_for(float width, float scale) {
  Grid g;
  const float gap = kGap * scale;
  g.columns = std::max(1, static_cast<int>((width + gap) / (kCardWidth * scale + gap)));
  g.w =
      std::floor((width - gap * static_cast<float>(g.columns - 1)) / static_cast<float>(g.columns));
  g.thumb_h = std::floor((g.w - 2 * kPad * scale) * 0.56f);
  // The name, the thumbnail and thirteen lines of words (several of them wrap to two).
  g.h = std::ceil(g.thumb_h + 13.6f * ImGui::GetTextLineHeightWithSpacing() + 2 * kPad * scale);
  return g;
}

// "30 Player Turns", from the ruleset's word for a turn.
std::string length(const BattleInfo &bi) {
  if (bi.last_turn <= 0) return "no turn limit";
  return counted(bi.last_turn, bi.ruleset->turn_name, std::string(bi.ruleset->turn_name) + "s");
}

// "History: the Polish-Lithuanian army won." An invented battle says so; the player's own say
// what their file says, or nothing.
std::string history_line(const BattleInfo &bi) {
  if (bi.about.history_favours >= 0)
    return "History: " + bi.sides[static_cast<size_t>(bi.about.history_favours)] + " won.";
  return bi.own ? "" : "Invented: no history.";
}

// "Computer play (normal, 100 games): Teutonic Order 15, Polish-Lithuanian army 85."
std::string balance_line(const BattleInfo &bi) {
  if (bi.about.measured.empty()) return bi.own ? "" : "Balance: not measured.";
  const MeasuredBalance &m = bi.about.measured.front();
  std::string line = "Computer play (" + m.players + ", " + std::to_string(m.games) +
                     " games): " + bi.sides[0] + " " + std::to_string(m.wins[0]) + ", " +
                     bi.sides[1] + " " + std::to_string(m.wins[1]);
  if (m.draws() > 0) line += ", " + std::to_string(m.draws()) + " drawn";
  return line + ".";
}

// A line of a card, wrapped by ImGui at the card's edge (ui::TextWrapped breaks lines at the
// window's width, wider than a card) and noted for scripts; faint lines in the disabled colour.
void words(const std::string &text, bool faint = false) {
  if (faint) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text.c_str());
  if (faint) ImGui::PopStyleColor();
  ui::note_text(text);
}

// The words under the thumbnail.
void card_words(const BattleInfo &bi) {
  std::string where = bi.date;
  if (!bi.about.place.empty()) where += (where.empty() ? "" : " - ") + bi.about.place;
  if (!where.empty()) words(where, true);
  std::string rules = std::string(bi.ruleset->title()) + " rules";
  if (bi.draft) {
    words(rules + " - your draft: Edit a battle to finish it", true);
    return;
  }
  words(bi.sides[0] + " vs " + bi.sides[1]);
  words(std::to_string(bi.columns) + "x" + std::to_string(bi.rows) + " hexes, " +
            counted(bi.units, "unit", "units"),
        true);
  words(rules + " - " + (bi.own ? "your battle" : length(bi)), true);
  if (bi.own) words(bi.path, true); // which file: the player may have several of one name
  if (std::string history = history_line(bi); !history.empty()) words(history);
  if (std::string balance = balance_line(bi); !balance.empty()) words(balance);
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(226, 212, 170, 255)); // the history, in ink
  words(bi.about.note.empty() ? bi.summary : bi.about.note);
  ImGui::PopStyleColor();
}

// The thumbnail's width: the map's own shape at the thumbnail's height with a margin, at most
// `most` (a flat-topped hex map is 1.5 radii a column wide and sqrt(3) radii a row high).
float map_width(const BattleInfo &bi, float most, float h) {
  if (bi.rows <= 0) return most;
  const float wide = (1.5f * static_cast<float>(bi.columns) + 0.5f) /
                     (1.7320508f * (static_cast<float>(bi.rows) + 0.5f));
  return std::min(most, std::floor(h * wide * 1.08f));
}

void choose(App &app, int index) {
  app.gallery_lesson = -1; // the keyboard's focus comes back to the battles with the choice
  if (app.chosen_battle == index) return;
  app.chosen_battle = index;
  // Seats belong to the sides of the battle they were chosen for: another battle's first side is
  // not the Royal Army, so both start as people again.
  app.seat_choice[0] = app.seat_choice[1] = 0;
}

// One card: a Selectable the size of the card, labelled with the battle's name (what a script
// presses), with the thumbnail and words drawn over it. True when it was double-clicked.
bool card(App &app, int i, const Grid &g) {
  const BattleInfo &bi = app.battles[static_cast<size_t>(i)];
  const float s = app.ui_scale, pad = kPad * s;
  const bool chosen = app.chosen_battle == i, focused = chosen && app.gallery_lesson < 0;
  ImGui::PushID(i);
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList *dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + g.w, p.y + g.h),
                    chosen ? IM_COL32(74, 62, 44, 255) : IM_COL32(48, 46, 42, 255), 6 * s);
  if (focused) // the keyboard's focus; on a lesson, the chosen card keeps only its fill
    dl->AddRect(p, ImVec2(p.x + g.w, p.y + g.h), IM_COL32(232, 196, 110, 255), 6 * s, 0, 2.5f * s);
  // The card's own colours show the choice: ImGui's blue highlight washed out its faint lines.
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0.5f, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_Header, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_HeaderHovered, IM_COL32(255, 240, 200, 22));
  ImGui::PushStyleColor(ImGuiCol_HeaderActive, IM_COL32(255, 240, 200, 40));
  bool clicked = ui::Selectable(bi.name.c_str(), chosen, ImGuiSelectableFlags_AllowDoubleClick,
                                ImVec2(g.w, g.h));
  ImGui::PopStyleColor(3);
  ImGui::PopStyleVar();
  bool twice = clicked && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
  if (clicked) choose(app, i);
  if (app.show_chosen && focused) ImGui::SetScrollHereY(0.3f);
  ImGui::PushClipRect(p, ImVec2(p.x + g.w, p.y + g.h), true);
  ImGui::SetCursorScreenPos(ImVec2(p.x + pad, p.y + ImGui::GetTextLineHeightWithSpacing()));
  ImGui::BeginGroup();
  const float thumb_w = map_width(bi, g.w - 2 * pad, g.thumb_h);
  ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (g.w - 2 * pad - thumb_w) / 2);
  if (ImTextureID t = battle_thumbnail(bi, static_cast<int>(thumb_w), static_cast<int>(g.thumb_h)))
    ImGui::Image(t, ImVec2(thumb_w, g.thumb_h));
  else
    ImGui::Dummy(ImVec2(thumb_w, g.thumb_h)); // a draft does not load: no map to show yet
  ImGui::SetCursorPosX(p.x + pad - ImGui::GetWindowPos().x + ImGui::GetScrollX());
  ImGui::PushTextWrapPos(p.x + g.w - pad - ImGui::GetWindowPos().x + ImGui::GetScrollX());
  card_words(bi);
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  ImGui::PopClipRect();
  // The card's own box as the last item, so the next card on the row lines up with its top.
  ImGui::SetCursorScreenPos(p);
  ImGui::Dummy(ImVec2(g.w, g.h));
  ImGui::PopID();
  return twice;
}

// A row's title: "Battles", "Your battles", "Lessons".
void row_title(App &app, const char *title) {
  ImGui::Spacing();
  ImGui::PushFont(app.fonts.bold);
  ImGui::SetWindowFontScale(0.62f);
  ui::Text("%s", title);
  ImGui::SetWindowFontScale(1.0f);
  ImGui::PopFont();
}

// The cards of battles [from, to) in rows of g.columns.
void card_rows(App &app, int from, int to, const Grid &g, void (*start)(App &app)) {
  for (int i = from; i < to; ++i) {
    if ((i - from) % g.columns) ImGui::SameLine(0, kGap * app.ui_scale);
    if (card(app, i, g) && !app.battles[static_cast<size_t>(i)].draft) start(app);
  }
}

// A lesson card's title broken at spaces into lines that fit the card `width` wide (inside the
// button's padding): "Lesson 2: Commands, wings and the Bonus marker" was cut at the card's edge.
std::string lesson_card_lines(const std::string &title, float width) {
  auto width_of = [](std::string_view t) {
    return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x;
  };
  return break_at_spaces(title, width - 2 * ImGui::GetStyle().FramePadding.x, width_of);
}

// `lines` centred one by one in the button just drawn; noted for scripts as shown whole when
// every line fits inside it (`whole` in a script).
void centred_lines(const std::string &title, const std::string &lines) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const float line_h = ImGui::GetTextLineHeight();
  const int count = static_cast<int>(std::count(lines.begin(), lines.end(), '\n')) + 1;
  float y = (lo.y + hi.y - count * line_h) / 2;
  bool fits = y >= lo.y;
  ImDrawList *draw = ImGui::GetWindowDrawList();
  const ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text);
  for (size_t start = 0; start <= lines.size(); y += line_h) {
    size_t end = std::min(lines.find('\n', start), lines.size());
    const char *a = lines.data() + start, *b = lines.data() + end;
    const float w = ImGui::CalcTextSize(a, b).x;
    fits = fits && w <= hi.x - lo.x;
    draw->AddText(ImVec2(std::round((lo.x + hi.x - w) / 2), std::round(y)), colour, a, b);
    start = end + 1;
  }
  if (fits && ImGui::IsItemVisible()) ui::note_text(title);
}

// The lessons, each a short card that starts it (Learn to play lists them with their summaries);
// the one the keyboard is on drawn as the chosen battle's card is. A long title wraps, centred;
// every card of the row is as tall as the one with the most lines.
void lesson_rows(App &app, const Grid &g) {
  const auto &lessons = app.session->lessons().list();
  const float s = app.ui_scale;
  std::vector<std::string> titles, lines;
  int most_lines = 2;
  for (size_t i = 0; i < lessons.size(); ++i) {
    bool done = app.session->lessons().completed().count(lessons[i].id) > 0;
    titles.push_back("Lesson " + std::to_string(i + 1) + ": " + lessons[i].title +
                     (done ? " (done)" : ""));
    lines.push_back(lesson_card_lines(titles.back(), g.w));
    most_lines =
        std::max(most_lines,
                 static_cast<int>(std::count(lines.back().begin(), lines.back().end(), '\n')) + 1);
  }
  const float h = most_lines * ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().FramePadding.y +
                  ImGui::GetStyle().ItemSpacing.y;
  for (size_t i = 0; i < lessons.size(); ++i) {
    if (i % static_cast<size_t>(g.columns)) ImGui::SameLine(0, kGap * s);
    const bool focused = app.gallery_lesson == static_cast<int>(i);
    if (focused) ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(74, 62, 44, 255));
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0)); // the label: centred_lines draws it
    const bool pressed =
        ui::Button((titles[i] + "##lesson" + std::to_string(i)).c_str(), ImVec2(g.w, h));
    ImGui::PopStyleColor();
    centred_lines(titles[i], lines[i]);
    if (pressed) app.start_lesson(i);
    if (!focused) continue;
    ImGui::PopStyleColor();
    ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(),
                                        IM_COL32(232, 196, 110, 255), 4 * s, 0, 2.5f * s);
    if (app.show_chosen) ImGui::SetScrollHereY(0.7f);
  }
}

// Where an arrow takes the keyboard's focus from item `at`, the items numbered through the
// gallery's groups in order (battles, the player's own, lessons), each group starting a row of its
// own in rows of `columns`: Left and Right go along the items, Up and Down to the same column of
// the row above or below (that row's last item when it is shorter), from one group into the next;
// at an edge the focus stays.
int step_focus(const std::vector<int> &groups, int columns, int at, int across, int down) {
  std::vector<std::pair<int, int>> place; // each item's row and column
  int row = 0;
  for (int n : groups) {
    for (int k = 0; k < n; ++k)
      place.emplace_back(row + k / columns, k % columns);
    row += (n + columns - 1) / columns;
  }
  const int count = static_cast<int>(place.size());
  if (count == 0) return at;
  int to = std::clamp(at + across, 0, count - 1);
  if (down == 0) return to;
  const auto [r, c] = place[static_cast<size_t>(to)];
  int below = -1; // the last item of the row wanted up to column c
  for (int i = 0; i < count; ++i)
    if (place[static_cast<size_t>(i)].first == r + down &&
        place[static_cast<size_t>(i)].second <= c)
      below = i;
  return below >= 0 ? below : to;
}

// Arrows move the focus through every row (the battles, the player's own, the lessons), Enter
// starts what it is on; not while a field has the keyboard or a list or dialog is open.
void gallery_keys(App &app, int columns, int own, void (*start)(App &app)) {
  if (app.battles.empty() || ImGui::GetIO().WantTextInput || app.browser.open ||
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId))
    return;
  auto pressed = [](ImGuiKey key) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key)) ? 1 : 0; };
  const int n = static_cast<int>(app.battles.size());
  const int lessons = static_cast<int>(app.session->lessons().list().size());
  const int at = app.gallery_lesson >= 0 ? n + app.gallery_lesson : app.chosen_battle;
  const int to = step_focus({own, n - own, lessons}, columns, at,
                            pressed(ImGuiKey_RightArrow) - pressed(ImGuiKey_LeftArrow),
                            pressed(ImGuiKey_DownArrow) - pressed(ImGuiKey_UpArrow));
  if (to != at) {
    if (to < n)
      choose(app, to);
    else
      app.gallery_lesson = to - n;
    app.show_chosen = true;
  }
  if (!pressed(ImGuiKey_Enter)) return;
  if (app.gallery_lesson >= 0)
    app.start_lesson(static_cast<size_t>(app.gallery_lesson));
  else if (!app.battles[static_cast<size_t>(app.chosen_battle)].draft)
    start(app);
}

} // namespace

void draw_gallery(App &app, ImVec2 size, void (*start)(App &app)) {
  ImGui::BeginChild("gallery", size, false);
  const Grid g =
      grid_for(ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize, app.ui_scale);
  const int n = static_cast<int>(app.battles.size());
  const int own = static_cast<int>(
      std::find_if(app.battles.begin(), app.battles.end(), [](auto &b) { return b.own; }) -
      app.battles.begin());
  gallery_keys(app, g.columns, own, start);
  row_title(app, "Battles");
  card_rows(app, 0, own, g, start);
  if (own < n) {
    row_title(app, "Your battles");
    card_rows(app, own, n, g, start);
  }
  row_title(app, "Lessons");
  lesson_rows(app, g);
  app.show_chosen = false;
  ImGui::EndChild();
}

} // namespace sns::app
