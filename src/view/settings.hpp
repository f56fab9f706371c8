// Settings the app remembers between runs: window size and place, map zoom, overlays, explain mode,
// last battle and UI scale, as JSON in the XDG config folder. No SDL, no ImGui.
#pragma once
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sns::app {

struct Settings {
  int window_width = 1600, window_height = 900;
  std::optional<int> window_x, window_y; // unset: centred
  bool maximized = false;
  double hex_size = 0; // map zoom as pixels per hex; 0: fit the map to the window
  bool show_zoc = false, show_range = false, show_labels = false;
  std::optional<bool> explain; // unset: on in the teaching battles only
  std::string last_battle; // battle id (its file name without .json), chosen on the start screen
  float ui_scale = 0;      // 0: from the display's DPI
  // Play over the network's form as last used: the player's name, the port hosted on, the
  // address joined (HOST:PORT); empty: the form's own defaults.
  std::string player_name, network_port, network_address;

  bool operator==(const Settings &) const = default;
};

// The limits a value must lie in; anything outside them falls back to the default.
inline constexpr int kMinWindowWidth = 320, kMinWindowHeight = 240, kMaxWindowSide = 16384;
inline constexpr double kMinHexSize = 4, kMaxHexSize = 400;
inline constexpr float kMinUiScale = 0.5f, kMaxUiScale = 4.0f;
inline constexpr size_t kMaxPlayerName = 40, kMaxPortText = 5, kMaxAddress = 127;

// A settings file read: what was usable, and one line per value that was not (file, JSON path,
// what was expected). A missing file is not a problem: defaults, no warnings.
struct SettingsLoad {
  Settings settings;
  std::vector<std::string> warnings;
};

nlohmann::json settings_to_json(const Settings &s);
SettingsLoad settings_from_json(const nlohmann::json &j, const std::string &file_name);
SettingsLoad load_settings(const std::filesystem::path &file);
// Writes to a temporary file beside it and renames, so a crash never leaves half a file. Throws
// (sns::LoadError, a std::exception) naming the file when it cannot be written.
void save_settings(const std::filesystem::path &file, const Settings &s);

inline constexpr const char *kSettingsFileName = "settings.json";

} // namespace sns::app
