// Previews before an attack or a shot: the odds, the CRT (2.6, 7.5) with its column lit, fire
// (9.0).
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include "words.hpp"
#include <algorithm>
#include <cstdio>
#include <imgui.h>

namespace sns::app {

namespace {
// What each result of the CRT does (7.5), in the order of CombatResult: a few words on its odds
// bar, the whole sentence in the legend under the table and each cell's tooltip, and the bar's
// colour (the target's loss green, an exchange amber, no effect grey, the attackers' loss red).
struct ResultWords {
  const char *brief, *meaning;
  ImU32 colour;
};
constexpr ImU32 kGain = IM_COL32(60, 170, 80, 255), kLoss = IM_COL32(200, 80, 60, 255);
constexpr ResultWords kResultWords[kCombatResultCount] = {
    {"target eliminated", "DE: the target is eliminated", kGain},
    {"target loses a step", "DL: the target loses a step", kGain},
    {"target retreats", "DR: the target retreats", kGain},
    {"both lose a step", "EX: the target and one attacker each lose a step",
     IM_COL32(190, 150, 50, 255)},
    {"no effect", "NE: no effect", IM_COL32(120, 120, 120, 255)},
    {"attacker eliminated", "AE: an attacker is eliminated", kLoss},
    {"attacker loses a step", "AL: an attacker loses a step", kLoss},
    {"attackers retreat", "AR: the attackers retreat", kLoss},
};

void crt_legend() {
  ImGui::PushTextWrapPos(0.0f);
  // The log says "rolled 7 -> column 6": the caption names the table's lines as it does, columns.
  ui::TextDisabled("The rulebook's table turned on its side: its columns (the die roll plus the "
                   "DRM) run down, its rows (the Primary's CC) across. So the log's \"-> column "
                   "6\" is the line marked 6 here, read under the lit CC.");
  std::string legend;
  for (const ResultWords &r : kResultWords)
    legend += std::string(legend.empty() ? "" : "; ") + r.meaning;
  ui::TextDisabled(
      "%s; *: against a Shield Wall the attacker may take it as EX. Hover a result for its words.",
      legend.c_str());
  ImGui::PopTextWrapPos();
}
} // namespace

// The CRT (2.6, 7.5), turned on its side so that it fits the panel: a line for each column of
// roll + DRM, a column for each CC. The CC in use is lit, and the cell of the last roll.
void crt_table(App &app, CombatClass cc_used, int column) {
  const Tables &t = *app.game().setup().tables;
  if (!ImGui::BeginTable("crt", 1 + kWorstCC - kBestCC + 1,
                         ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
    return;
  ImGui::TableSetupColumn("column", ImGuiTableColumnFlags_WidthFixed,
                          ImGui::CalcTextSize("<=-2").x); // its widest line
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  ImGui::TableSetColumnIndex(0);
  ui::TextDisabled("col.");
  for (CombatClass cc = kBestCC; cc <= kWorstCC; ++cc) {
    ImGui::TableSetColumnIndex(cc - kBestCC + 1);
    if (cc == cc_used) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(90, 80, 20, 255));
    ui::Text("%s", cc_name(cc).c_str());
  }
  for (int c = Tables::kMinColumn; c <= Tables::kMaxColumn; ++c) {
    ImGui::TableNextRow();
    if (c == column) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(70, 40, 40, 255));
    ImGui::TableSetColumnIndex(0);
    ui::TextDisabled(c == Tables::kMinColumn ? "<=-2" : c == Tables::kMaxColumn ? "8+" : "%d", c);
    for (CombatClass cc = kBestCC; cc <= kWorstCC; ++cc) {
      ImGui::TableSetColumnIndex(cc - kBestCC + 1);
      if (cc == cc_used && c == column)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(200, 60, 40, 255));
      else if (cc == cc_used)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(90, 80, 20, 255));
      const CrtCell &cell = t.cell(cc, c);
      ui::Text("%s%s", std::string(name(cell.result)).c_str(), cell.asterisk ? "*" : "");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Column %d, CC %s: %s%s", c, cc_name(cc).c_str(),
            kResultWords[static_cast<int>(cell.result)].meaning,
            cell.asterisk ? " (*: against a Shield Wall the attacker may take it as EX)" : "");
    }
  }
  ImGui::EndTable();
  crt_legend();
}

void attack_preview(App &app, const Action &a, Footer &footer) {
  const Battle &b = app.game().battle();
  AttackPreview p;
  auto r = preview_attack(app.game().setup(), app.game().state(), a, p);
  if (r) {
    // A tie for Primary: offer the choice.
    if (r->kind == RefusalKind::PrimaryTie) {
      ui::Text("Choose the Primary (7.2):");
      for (int u : a.attackers)
        if (ui::RadioButton(unit_words(b, u).c_str(), app.sel().primary == u))
          app.sel().primary = u;
    } else {
      ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
      rule_link(app, r->rule);
    }
    return;
  }
  ui::TextWrapped("%s attacks %s", unit_words(b, p.primary).c_str(),
                  unit_words(b, a.target).c_str());
  if (a.attackers.size() > 1) ui::TextDisabled("(Primary, with %zu more)", a.attackers.size() - 1);
  ui::Text("CC %s", cc_name(p.base_cc).c_str());
  for (const Term &t : p.cc_shifts) {
    ui::BulletText("%s%s: %s", t.value < 0 ? "-" : "+",
                   counted(std::abs(t.value), "level", "levels").c_str(), t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Modified CC: %s", cc_name(p.cc).c_str());
  ui::Text("DRM %+d", p.drm);
  for (const Term &t : p.drm_terms) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  // The odds first, then the table, which is for reference: under the table and its legend the
  // odds had run below the panel's fold, under the footer, at 1920x1080. The die roll's results
  // are the lit CC's column of the open table, so they are listed only while it is closed.
  for (int res = 0; res < kCombatResultCount; ++res) {
    if (p.outcomes[res] <= 0) continue;
    char label[64];
    std::snprintf(label, sizeof label, "%s %.1f%%  %s",
                  std::string(name(static_cast<CombatResult>(res))).c_str(), p.outcomes[res] * 100,
                  kResultWords[res].brief);
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, kResultWords[res].colour);
    ui::ProgressBar(static_cast<float>(p.outcomes[res]), ImVec2(-1, 0), label);
    ImGui::PopStyleColor();
  }
  const char *table = "Combat Results Table";
  if (!ImGui::GetStateStorage()->GetInt(ImGui::GetID(table), 0)) {
    ui::Text("Result by die roll (CC %s):", cc_name(p.cc).c_str());
    for (int roll = 1; roll <= 8; ++roll) {
      const CrtCell &c = p.by_roll[roll - 1];
      ui::Text("%d:%s%s", roll, std::string(name(c.result)).c_str(), c.asterisk ? "*" : "");
      if (roll % 4) ImGui::SameLine();
    }
  }
  if (ui::CollapsingHeader(table)) crt_table(app, p.cc, -100);
  footer.label = "Attack: roll the die (Enter)";
  footer.action = a;
}

void fire_preview(App &app, const Action &a, Footer &footer) {
  FirePreview p;
  if (auto r = preview_fire(app.game().setup(), app.game().state(), a, p)) {
    ui::TextWrapped("%s: %s", r->rule.c_str(), r->reason.c_str());
    return;
  }
  const Battle &b = app.game().battle();
  ui::TextWrapped("%s fires at %s", unit_words(b, a.unit).c_str(), unit_words(b, a.target).c_str());
  ui::Text("Fire Factor %d", visible_face(b, app.game().state(), a.unit).fire);
  for (const Term &t : p.modifiers) {
    ui::BulletText("%+d %s", t.value, t.reason.c_str());
    rule_link(app, t.rule);
  }
  ui::Text("Suppresses on a roll of %d or more", p.needed);
  char label[32];
  std::snprintf(label, sizeof label, "%.1f%%", p.chance * 100);
  ui::ProgressBar(static_cast<float>(p.chance), ImVec2(-1, 0), label);
  footer.label = "Fire: roll the die (Enter)";
  footer.action = a;
}

} // namespace sns::app
