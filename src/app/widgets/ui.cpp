// Dear ImGui widgets that note what they showed (for --script): labels, text, places, enabled.
#include "widgets/ui.hpp"
#include "words.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <imgui_internal.h>

namespace sns::app::ui {

namespace {

bool recording = false;
Seen frames[2];
int current = 0;

std::string visible_label(const char *label) {
  std::string s = label;
  auto cut = s.find("##");
  return cut == std::string::npos ? s : s.substr(0, cut);
}

// Notes the item ImGui just submitted, when it is on screen.
bool note_item(const char *label, bool result) {
  if (recording && ImGui::IsItemVisible()) {
    bool enabled = (GImGui->LastItemData.InFlags & ImGuiItemFlags_Disabled) == 0;
    frames[current].items.push_back(
        {visible_label(label), ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled});
  }
  return result;
}

void note_visible_text(const char *text) {
  if (!recording || !ImGui::IsItemVisible()) return;
  frames[current].texts.emplace_back(text);
  // Visible in part is enough for `expect`; `whole` asks that the window's edge cuts none of it
  // (a fixed-height box once hid a lesson's last line below its fold).
  ImRect item(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  if (GImGui->CurrentWindow->ClipRect.Contains(item))
    frames[current].whole_texts.emplace_back(text);
}

std::string format(const char *fmt, va_list args) {
  char buffer[4096];
  std::vsnprintf(buffer, sizeof buffer, fmt, args);
  return buffer;
}

// Where ImGui::TextWrapped would wrap: at a PushTextWrapPos when one is pushed (the result
// screen's 28 characters), else at the window's edge. Breaking at the window's edge under a
// narrower wrap position broke a line twice ("... by 4" / "VP" / "or more)").
float wrap_width() {
  const ImGuiWindow *w = GImGui->CurrentWindow;
  return ImGui::CalcWrapWidthForPos(w->DC.CursorPos, std::max(0.0f, w->DC.TextWrapPos));
}

// ImGui's wrapped text, given lines already broken at spaces (break_at_spaces): ImGui still wraps
// a line that a single long word makes too wide.
std::string broken_at_spaces(const std::string &text) {
  auto width_of = [](std::string_view s) {
    return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x;
  };
  return break_at_spaces(text, wrap_width(), width_of);
}

void wrapped(const std::string &text) { ImGui::TextWrapped("%s", broken_at_spaces(text).c_str()); }

} // namespace

float wrapped_height(const std::string &text) {
  return ImGui::CalcTextSize(broken_at_spaces(text).c_str(), nullptr, false, wrap_width()).y;
}

bool Seen::shows(const std::string &text) const {
  for (const std::string &t : texts)
    if (t.find(text) != std::string::npos) return true;
  for (const SeenItem &i : items)
    if (i.label.find(text) != std::string::npos) return true;
  return false;
}

bool Seen::shows_whole(const std::string &text) const {
  for (const std::string &t : whole_texts)
    if (t.find(text) != std::string::npos) return true;
  return false;
}

const SeenItem *Seen::item(const std::string &label) const {
  for (const SeenItem &i : items)
    if (i.label == label) return &i;
  return nullptr;
}

void set_recording(bool on) { recording = on; }
Seen &seen_this_frame() { return frames[current]; }
Seen &seen_last_frame() { return frames[1 - current]; }
void next_frame() {
  current = 1 - current;
  frames[current].clear();
}
void note_text(const std::string &text) {
  if (recording) frames[current].texts.push_back(text), frames[current].whole_texts.push_back(text);
}

#define SNS_FORMATTED(call)                                                                        \
  va_list args;                                                                                    \
  va_start(args, fmt);                                                                             \
  std::string text = format(fmt, args);                                                            \
  va_end(args);                                                                                    \
  call;                                                                                            \
  note_visible_text(text.c_str());

void Text(const char *fmt, ...) { SNS_FORMATTED(ImGui::TextUnformatted(text.c_str())) }
void TextWrapped(const char *fmt, ...) { SNS_FORMATTED(wrapped(text)) }
void TextDisabled(const char *fmt, ...) { SNS_FORMATTED(ImGui::TextDisabled("%s", text.c_str())) }
void TextColored(const ImVec4 &colour, const char *fmt, ...) {
  SNS_FORMATTED(ImGui::TextColored(colour, "%s", text.c_str()))
}
// Wrapped, unlike ImGui's: a modifier's reason runs long in a narrow panel.
void BulletText(const char *fmt, ...) { SNS_FORMATTED(ImGui::Bullet(); wrapped(text)) }
#undef SNS_FORMATTED

bool Button(const char *label, const ImVec2 &size) {
  return note_item(label, ImGui::Button(label, size));
}
bool SmallButton(const char *label) { return note_item(label, ImGui::SmallButton(label)); }
bool Checkbox(const char *label, bool *value) {
  return note_item(label, ImGui::Checkbox(label, value));
}
bool RadioButton(const char *label, bool active) {
  return note_item(label, ImGui::RadioButton(label, active));
}
bool Selectable(const char *label, bool selected, ImGuiSelectableFlags flags, const ImVec2 &size) {
  return note_item(label, ImGui::Selectable(label, selected, flags, size));
}
bool MenuItem(const char *label, const char *shortcut, bool selected, bool enabled) {
  return note_item(label, ImGui::MenuItem(label, shortcut, selected, enabled));
}
bool MenuItem(const char *label, const char *shortcut, bool *selected, bool enabled) {
  return note_item(label, ImGui::MenuItem(label, shortcut, selected, enabled));
}
bool BeginMenu(const char *label, bool enabled) {
  bool open = ImGui::BeginMenu(label, enabled);
  note_item(label, open);
  return open;
}
bool BeginCombo(const char *label, const char *preview, ImGuiComboFlags flags) {
  bool open = ImGui::BeginCombo(label, preview, flags);
  // The combo's own item is the last one submitted before its popup opens.
  if (recording) {
    ImGuiContext &g = *GImGui;
    bool enabled = (g.LastItemData.InFlags & ImGuiItemFlags_Disabled) == 0;
    if (!open && ImGui::IsItemVisible()) {
      frames[current].items.push_back(
          {visible_label(label), ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), enabled});
      if (preview) frames[current].texts.emplace_back(preview); // the choice it shows
    }
  }
  return open;
}

bool CollapsingHeader(const char *label, ImGuiTreeNodeFlags flags) {
  return note_item(label, ImGui::CollapsingHeader(label, flags));
}
void ProgressBar(float fraction, const ImVec2 &size, const char *overlay) {
  ImGui::ProgressBar(fraction, size, overlay);
  if (overlay) note_visible_text(overlay);
}
// A text or number field is pressed (to give it the keyboard) by its label; its frame, left of the
// label, is what is clicked.
static void note_field(const char *label) {
  if (!recording || !ImGui::IsItemVisible()) return;
  std::string shown = visible_label(label);
  float label_w = shown.empty()
                      ? 0
                      : ImGui::CalcTextSize(shown.c_str()).x + ImGui::GetStyle().ItemInnerSpacing.x;
  ImVec2 max = ImGui::GetItemRectMax();
  frames[current].items.push_back(
      {shown, ImGui::GetItemRectMin(), ImVec2(max.x - label_w, max.y), true});
}

bool InputText(const char *label, char *buffer, size_t size, ImGuiInputTextFlags flags) {
  bool changed = ImGui::InputText(label, buffer, size, flags);
  note_field(label);
  return changed;
}

bool Begin(const char *title, bool *open, ImGuiWindowFlags flags) {
  bool shown = ImGui::Begin(title, open, flags);
  if (shown) note_text(visible_label(title));
  return shown;
}

bool InputInt(const char *label, int *value, int step, ImGuiInputTextFlags flags) {
  bool changed = ImGui::InputInt(label, value, step, step * 10, flags);
  note_field(label);
  return changed;
}

} // namespace sns::app::ui
