// The keys card (Help > Keys): every key the play screen and the editor answer, one table, so a
// player finds H for a hint without reading the source (issue 33). frame.cpp's handle_keys and the
// editor's editor_key are what the keys do; this table is what the player is told.
#include "app.hpp"
#include "widgets/ui.hpp"

#include <imgui.h>

namespace sns::app {

namespace {

struct KeyRow {
  const char *key;
  const char *what;
};

// The play screen's keys, in the order a newcomer needs them.
constexpr KeyRow kPlayKeys[] = {
    {"Left click", "choose a unit, then where it goes or whom it attacks"},
    {"Enter", "the Orders panel's main button (give commands, attack, roll)"},
    {"E", "end the phase"},
    {"Esc", "close the open menu or window; else clear the map's choice (or go Back)"},
    {"H", "a hint: what the computer would do here, and why"},
    {"Space", "skip the computer's pause between its moves"},
    {"Ctrl+Z / Ctrl+Y", "undo / redo (in a replay: an action back / on)"},
    {"Ctrl+S", "save the game"},
    {"Ctrl+O", "the start screen"},
    {"Ctrl+Q", "quit (the game is autosaved; a network game asks first)"},
    {"F1", "the rules, at the phase being played"},
    {"X", "Explain mode on or off"},
    {"Z", "enemy zones of control on the map"},
    {"R", "the chosen unit's fire range"},
    {"L", "hex labels"},
    {"Tab", "hide or show the panels"},
    {"Home", "fit the map to the window"},
    {"+ / -, wheel", "zoom"},
    {"Arrows, right drag", "move the map"},
    {"F12", "a screenshot into the data folder"},
};

// The battle editor's own keys (its other keys are the play screen's).
constexpr KeyRow kEditorKeys[] = {
    {"T / F / E / H / R", "terrain, fill, elevation, hexside, road (D3) tools"},
    {"U / A", "units tool / area tool"},
    {"[ / ]", "smaller / larger brush"},
    {"Ctrl+C / Ctrl+V", "copy / paste an area"},
    {"M", "mirror the area"},
    {", / .", "turn the unit one hexside (D3)"},
    {"Delete", "remove the chosen unit"},
    {"F5", "play the battle from here"},
    {"Ctrl+S / Ctrl+Shift+S", "save / save as"},
};

void key_table(const char *id, const KeyRow *rows, size_t n) {
  if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
  for (size_t i = 0; i < n; ++i) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ui::Text("%s", rows[i].key);
    ImGui::TableSetColumnIndex(1);
    ui::Text("%s", rows[i].what);
  }
  ImGui::EndTable();
}

} // namespace

void keys_card(App &app) {
  if (!app.show_keys) return;
  ImGui::SetNextWindowSize(ImVec2(560 * app.ui_scale, 0), ImGuiCond_Appearing);
  ImGui::SetNextWindowBgAlpha(1.0f);
  if (ui::Begin("Keys", &app.show_keys,
                ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
    key_table("play_keys", kPlayKeys, std::size(kPlayKeys));
    ImGui::Separator();
    ui::Text("In the battle editor");
    key_table("editor_keys", kEditorKeys, std::size(kEditorKeys));
  }
  ImGui::End();
}

} // namespace sns::app
