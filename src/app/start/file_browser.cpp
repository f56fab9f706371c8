// The Open dialog: browse folders for a saved game or a battle file (SDL 2.26 has no native file
// dialog). Lists the folder's subfolders and .json files; a click on a file opens it.
#include "app.hpp"
#include "widgets/ui.hpp"

#include "sns/input.hpp"

#include <algorithm>
#include <filesystem>
#include <imgui.h>

namespace sns::app {

namespace fs = std::filesystem;

namespace {

struct Listing {
  std::vector<std::string> folders, files;
  std::string error;
};

Listing list_folder(const std::string &folder) {
  Listing out;
  std::error_code ec;
  for (fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
       !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue; // hidden files stay hidden
    std::error_code kind;
    if (it->is_directory(kind))
      out.folders.push_back(name);
    else if (it->path().extension() == ".json")
      out.files.push_back(name);
  }
  if (ec) out.error = "Cannot read " + folder + ": " + ec.message();
  std::sort(out.folders.begin(), out.folders.end());
  std::sort(out.files.begin(), out.files.end());
  return out;
}

} // namespace

void open_browser(App &app) {
  App::Browser &br = app.browser;
  std::error_code ec;
  if (br.folder.empty() || !fs::is_directory(br.folder, ec)) {
    fs::path saves = app.session->file().saves_dir();
    br.folder =
        fs::is_directory(saves, ec) ? saves.string() : (fs::path(app.root) / "battles").string();
  }
  br.error.clear();
  br.open = true;
}

void open_dialog(App &app) {
  App::Browser &br = app.browser;
  if (!br.open) return;
  begin_centred_window("Open a game or a battle", 640, 520);
  ui::TextWrapped("Folder: %s", br.folder.c_str());
  if (ui::Button("Up")) {
    fs::path parent = fs::path(br.folder).parent_path();
    if (!parent.empty()) br.folder = parent.string();
  }
  ImGui::SameLine();
  if (ui::Button("Saved games")) { // made if missing: a newcomer's first look finds it empty
    br.folder = app.session->file().saves_dir();
    std::error_code made;
    fs::create_directories(br.folder, made);
  }
  ImGui::SameLine();
  if (ui::Button("Battles")) br.folder = (fs::path(app.root) / "battles").string();
  ImGui::SameLine();
  if (ui::Button("Home") && std::getenv("HOME")) br.folder = std::getenv("HOME");
  Listing list = list_folder(br.folder);
  ImGui::BeginChild("listing", ImVec2(0, -ImGui::GetFrameHeightWithSpacing() * 2.5f), true);
  if (!list.error.empty()) ui::TextWrapped("%s", list.error.c_str());
  std::string enter, open;
  // A name that is not UTF-8 is shown with its bad bytes as \xNN (opening it says why it is
  // refused).
  for (const std::string &f : list.folders)
    if (ui::Selectable((printable(f) + "/##" + f).c_str())) enter = f;
  for (const std::string &f : list.files)
    if (ui::Selectable((printable(f) + "##" + f).c_str())) open = f;
  if (list.folders.empty() && list.files.empty() && list.error.empty())
    ui::TextDisabled("No folders or .json files here.");
  ImGui::EndChild();
  if (!enter.empty()) br.folder = (fs::path(br.folder) / enter).string();
  if (!open.empty()) {
    std::string path = (fs::path(br.folder) / open).string();
    if (app.open(path, app.next_seed()))
      br.open = false;
    else
      br.error = app.session->message();
  }
  if (!br.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 150, 120, 255));
    ui::TextWrapped("%s", br.error.c_str());
    ImGui::PopStyleColor();
  }
  if (ui::Button("Cancel")) br.open = false;
  ImGui::End();
}

} // namespace sns::app
