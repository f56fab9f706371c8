// The Save as dialog: a name for a game that has none, Replace when that file exists.
#include "app.hpp"
#include "play/panel_parts.hpp"
#include "widgets/ui.hpp"
#include <imgui.h>
#include <string>

namespace sns::app {

// Save as: asked when a game without a name is saved (Ctrl+S) or from the Game menu.
void save_as_dialog(App &app) {
  if (!app.save_as_open || !app.has_game()) return;
  ImGui::SetNextWindowFocus(); // over the panels while it is open
  begin_centred_window("Save as", 640, 200);
  ui::TextWrapped("Save this game as a file of its own (the autosave is the app's, rewritten "
                  "after every move).");
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("File name").x - 12);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool enter = ui::InputText("File name##file", app.save_as_buffer, sizeof app.save_as_buffer,
                             ImGuiInputTextFlags_EnterReturnsTrue);
  auto saved = [&](Session::Saved result) {
    app.save_as_exists = result == Session::Saved::Exists; // ask before replacing another file
    if (result == Session::Saved::Yes) app.save_as_open = false;
  };
  // The typed name as a path when a button asks for it, not every frame the dialog is drawn.
  auto path = [&] { return app.session->file().typed_save_path(app.save_as_buffer); };
  if (ui::Button("Save") || enter) saved(app.session->file().save_as(path()));
  if (app.save_as_exists) {
    ImGui::SameLine();
    if (ui::Button("Replace")) saved(app.session->file().save_as(path(), true));
  }
  ImGui::SameLine();
  if (ui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    app.save_as_open = app.save_as_exists = false;
  if (!app.session->message().empty()) ui::TextWrapped("%s", app.session->message().c_str());
  ImGui::End();
}

} // namespace sns::app
