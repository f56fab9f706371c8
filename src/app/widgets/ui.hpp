// Dear ImGui widgets as the panels use them, each also noting what it showed this frame (its
// visible label or text and where), so a script can press a button by its label and expect text.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

namespace sns::app::ui {

struct SeenItem {
  std::string label; // what the player reads (the part before "##")
  ImVec2 min, max;   // on screen
  bool enabled = true;
};

// What this frame showed: the widgets that can be pressed and every piece of text.
struct Seen {
  std::vector<SeenItem> items;
  std::vector<std::string> texts;
  std::vector<std::string> whole_texts; // those of `texts` that no panel edge cuts off
  void clear() { items.clear(), texts.clear(), whole_texts.clear(); }
  bool shows(const std::string &text) const;       // anywhere in a text or label
  bool shows_whole(const std::string &text) const; // in a text seen without scrolling
  const SeenItem *item(const std::string &label) const;
};

// Noting costs a little per widget, so it is on only while a script runs.
void set_recording(bool on);
Seen &seen_this_frame();
Seen &seen_last_frame();
void next_frame();                       // this frame becomes the last one
void note_text(const std::string &text); // text drawn directly (the map, window titles)

// The height TextWrapped gives this text at the cursor (it breaks lines at spaces only).
float wrapped_height(const std::string &text);

void Text(const char *fmt, ...) IM_FMTARGS(1);
void TextWrapped(const char *fmt, ...) IM_FMTARGS(1);
void TextDisabled(const char *fmt, ...) IM_FMTARGS(1);
void TextColored(const ImVec4 &colour, const char *fmt, ...) IM_FMTARGS(2);
void BulletText(const char *fmt, ...) IM_FMTARGS(1);
bool Button(const char *label, const ImVec2 &size = ImVec2(0, 0));
bool SmallButton(const char *label);
bool Checkbox(const char *label, bool *value);
bool RadioButton(const char *label, bool active);
bool Selectable(const char *label, bool selected = false, ImGuiSelectableFlags flags = 0,
                const ImVec2 &size = ImVec2(0, 0));
bool MenuItem(const char *label, const char *shortcut = nullptr, bool selected = false,
              bool enabled = true);
bool MenuItem(const char *label, const char *shortcut, bool *selected, bool enabled = true);
bool BeginMenu(const char *label, bool enabled = true);
bool CollapsingHeader(const char *label, ImGuiTreeNodeFlags flags = 0);
// A drop-down list, pressed by its label to open; its choices are Selectables (EndCombo it). The
// choice it shows (preview) is noted as text.
bool BeginCombo(const char *label, const char *preview, ImGuiComboFlags flags = 0);
void ProgressBar(float fraction, const ImVec2 &size, const char *overlay);
bool InputText(const char *label, char *buffer, size_t size, ImGuiInputTextFlags flags = 0);
bool Begin(const char *title, bool *open = nullptr, ImGuiWindowFlags flags = 0);
// A number field (the editor), pressed by its label like InputText; step 0 shows no +/- buttons.
bool InputInt(const char *label, int *value, int step = 1, ImGuiInputTextFlags flags = 0);

} // namespace sns::app::ui
