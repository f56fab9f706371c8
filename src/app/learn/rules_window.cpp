// The rules window: the rulebook's sections (S&S II or D3 Medieval) and the battle's special
// rules, searchable, opened at a section by any rule tag.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <cstring>
#include <imgui.h>

namespace sns::app {

namespace {

// The rules text, then the battle's own special rules (their ids are log tags too).
std::vector<RulesSection> rules_with_battle(const App &app) {
  if (!app.has_game()) return app.rules[static_cast<size_t>(default_ruleset().id)];
  const Battle &b = app.game().battle();
  std::vector<RulesSection> all = app.rules[static_cast<size_t>(b.ruleset)];
  for (const Special &sp : b.special)
    all.push_back(
        {sp.id, "(" + b.name + ")", sp.text.empty() ? "A special rule of this battle." : sp.text});
  return all;
}

// What the search found, said: nothing found is said rather than an empty window, and a word
// found as the rulebook's own word says which.
void search_result_line(const std::vector<std::string> &terms, size_t found) {
  if (terms.empty()) return;
  std::string also;
  for (size_t i = 1; i < terms.size(); ++i)
    also += (i > 1 ? ", \"" : "\"") + terms[i] + "\"";
  if (found == 0)
    ui::TextColored(ImVec4(1, 0.7f, 0.5f, 1),
                    "Nothing in the rules matches \"%s\"%s. Try another word or a number such "
                    "as 7.5.",
                    terms[0].c_str(), also.empty() ? "" : (" or " + also).c_str());
  else
    ui::TextDisabled("%s%s", counted(static_cast<int>(found), "section", "sections").c_str(),
                     also.empty() ? "" : (" (also searched for " + also + ")").c_str());
}

} // namespace

void rules_window(App &app) {
  if (!app.show_rules) return;
  ImGui::SetNextWindowSize(ImVec2(560, 520), ImGuiCond_FirstUseEver);
  // At the window's right edge: the Keys card opens at ImGui's default place, top left, and the
  // Rules window opened on exactly that place hid it (issue 33).
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(std::max(0.0f, display.x - 560 - 24), 60), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f); // text over the map must stay readable
  if (!ui::Begin("Rules (F1)", &app.show_rules)) {
    ImGui::End();
    return;
  }
  ui::InputText("Search", app.rules_search, sizeof app.rules_search);
  const std::vector<std::string> terms = rules_search_terms(app.rules_search);
  const std::vector<RulesSection> sections = rules_with_battle(app);
  size_t found = std::count_if(sections.begin(), sections.end(), [&](const RulesSection &sec) {
    return rules_section_matches(sec, terms);
  });
  search_result_line(terms, found);
  ImGui::BeginChild("rules_text");
  bool rulings_shown = false, specials_shown = false;
  for (const RulesSection &sec : sections) {
    if (!rules_section_matches(sec, terms)) continue;
    auto numbered = [&](char letter) {
      return sec.number.size() > 1 && sec.number[0] == letter &&
             std::isdigit(static_cast<unsigned char>(sec.number[1]));
    };
    bool ruling = numbered('R'), d3_ruling = numbered('D'); // D3 Medieval's D1-D14
    bool special =
        !ruling && !d3_ruling && !std::isdigit(static_cast<unsigned char>(sec.number[0]));
    if (ruling && !rulings_shown)
      rulings_shown = true, ImGui::Separator(), ui::Text("Project rulings (R1-R26)");
    if (d3_ruling && !rulings_shown)
      rulings_shown = true, ui::Text("D3 Medieval on hexes: our rulings D1-D14");
    if (special && !specials_shown)
      specials_shown = true, ImGui::Separator(), ui::Text("This battle's special rules");
    bool open_now = sec.number == app.rules_open;
    if (open_now) {
      ImGui::SetNextItemOpen(true);
      ImGui::SetScrollHereY(0.0f);
    }
    if (ui::CollapsingHeader(("\xC2\xA7" + sec.number + " " + sec.title).c_str()))
      ui::TextWrapped("%s", sec.body.c_str());
  }
  app.rules_open.clear();
  ImGui::EndChild();
  ImGui::End();
}

} // namespace sns::app
