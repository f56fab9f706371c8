// Settings the app remembers between runs: written atomically, read back the same, and a bad file
// (not JSON, wrong types, out of range) never stops the app: src/view/settings.hpp.
#include "settings.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace sns::app;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct TempFolder {
  fs::path path;
  TempFolder() {
    path = fs::temp_directory_path() / ("sns-settings-" + std::to_string(::getpid()) + "-" +
                                        std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempFolder() { fs::remove_all(path); }
};

Settings changed_settings() {
  Settings s;
  s.window_width = 1280, s.window_height = 720;
  s.window_x = 40, s.window_y = -10; // a display left of or above the primary one
  s.maximized = true;
  s.hex_size = 47.5;
  s.show_zoc = true, s.show_labels = true;
  s.explain = false;
  s.last_battle = "grunwald-1410";
  s.ui_scale = 1.5f;
  s.player_name = "Alice";
  s.network_port = "4000";
  s.network_address = "192.168.1.5:4000";
  return s;
}

} // namespace

TEST_CASE("settings: what is saved is read back the same, in a folder made on the way") {
  TempFolder t;
  fs::path file = t.path / "config" / "shields-swords" / "settings.json";
  save_settings(file, changed_settings());
  SettingsLoad back = load_settings(file);
  CHECK(back.warnings.empty());
  CHECK(back.settings == changed_settings());
  // Written atomically: no temporary file is left beside it.
  CHECK(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()) == 1);
}

TEST_CASE("settings: unset values (centred window, explain by battle) stay unset") {
  TempFolder t;
  fs::path file = t.path / "settings.json";
  save_settings(file, Settings{});
  SettingsLoad back = load_settings(file);
  CHECK(back.warnings.empty());
  CHECK_FALSE(back.settings.window_x.has_value());
  CHECK_FALSE(back.settings.explain.has_value());
  CHECK(back.settings == Settings{});
}

TEST_CASE("settings: a missing file gives the defaults without a warning") {
  TempFolder t;
  SettingsLoad s = load_settings(t.path / "none.json");
  CHECK(s.warnings.empty());
  CHECK(s.settings == Settings{});
}

TEST_CASE("settings: a file that is not JSON gives the defaults and a warning naming it") {
  TempFolder t;
  fs::path file = t.path / "settings.json";
  std::ofstream(file) << "{\"window\": {\"width\": 12"; // cut short, as by a full disc
  SettingsLoad s = load_settings(file);
  CHECK(s.settings == Settings{});
  REQUIRE(s.warnings.size() == 1);
  CHECK_THAT(s.warnings[0], Catch::Contains(file.string()) && Catch::Contains("not valid JSON"));
}

TEST_CASE("settings: a wrong value falls back alone, with its JSON path; the others are kept") {
  json doc = settings_to_json(changed_settings());
  doc["window"]["width"] = "wide";
  doc["map"]["hex_size"] = 9000;
  doc["ui_scale"] = -2;
  doc["map"]["zones_of_control"] = 1;
  doc["explain"] = "yes";
  SettingsLoad s = settings_from_json(doc, "settings.json");
  Settings expected = changed_settings();
  expected.window_width = Settings{}.window_width;
  expected.hex_size = 0;
  expected.ui_scale = 0;
  expected.show_zoc = false;
  expected.explain.reset();
  CHECK(s.settings == expected);
  REQUIRE(s.warnings.size() == 5);
  CHECK_THAT(s.warnings[0], Catch::Contains("settings.json: /window/width: expected an integer"));
  CHECK_THAT(s.warnings[1], Catch::Contains("/map/hex_size: expected 0 or a number from 4 to 400"));
  CHECK_THAT(s.warnings[2], Catch::Contains("/map/zones_of_control: expected true or false"));
  CHECK_THAT(s.warnings[3], Catch::Contains("/explain: expected true or false"));
  CHECK_THAT(s.warnings[4], Catch::Contains("/ui_scale"));
}

TEST_CASE("settings: a window smaller than the app can use is not restored") {
  json doc = settings_to_json(Settings{});
  doc["window"]["height"] = 10;
  SettingsLoad s = settings_from_json(doc, "settings.json");
  CHECK(s.settings.window_height == Settings{}.window_height);
  CHECK(s.warnings.size() == 1);
}

TEST_CASE("settings: a window place with only x is dropped, not half used") {
  json doc = settings_to_json(Settings{});
  doc["window"]["x"] = 100;
  SettingsLoad s = settings_from_json(doc, "settings.json");
  CHECK_FALSE(s.settings.window_x.has_value());
  CHECK_FALSE(s.settings.window_y.has_value());
}

TEST_CASE("settings: an older file without some keys keeps their defaults silently") {
  SettingsLoad s = settings_from_json(json{{"last_battle", "morlaix-1342"}}, "settings.json");
  CHECK(s.warnings.empty());
  Settings expected;
  expected.last_battle = "morlaix-1342";
  CHECK(s.settings == expected);
}

TEST_CASE("settings: a document of the wrong shape or format gives the defaults with a warning") {
  CHECK(settings_from_json(json::array(), "s.json").warnings.size() == 1);
  CHECK(settings_from_json(json{{"format", "something-else/9"}}, "s.json").warnings.size() == 1);
  // A section that is not an object: its values are as if missing.
  SettingsLoad s = settings_from_json(json{{"window", 5}, {"map", json::array()}}, "s.json");
  CHECK(s.settings == Settings{});
}

TEST_CASE("settings: a file that cannot be written is an error naming it") {
  TempFolder t;
  std::ofstream(t.path / "not-a-folder") << "x";
  fs::path file = t.path / "not-a-folder" / "settings.json"; // even root cannot write there
  CHECK_THROWS_WITH(save_settings(file, Settings{}), Catch::Contains(file.string()));
}

TEST_CASE("settings: the network form's name, port and address come back; bad ones are dropped") {
  TempFolder t;
  fs::path file = t.path / "settings.json";
  save_settings(file, changed_settings());
  CHECK(load_settings(file).settings.player_name == "Alice");
  CHECK(load_settings(file).settings.network_port == "4000");
  CHECK(load_settings(file).settings.network_address == "192.168.1.5:4000");
  json bad = settings_to_json(changed_settings());
  bad["network"]["name"] = std::string(41, 'x'); // longer than the form's field
  bad["network"]["port"] = "40a0";
  bad["network"]["address"] = 4000;
  SettingsLoad back = settings_from_json(bad, "s.json");
  CHECK(back.settings.player_name.empty());
  CHECK(back.settings.network_port.empty());
  CHECK(back.settings.network_address.empty());
  REQUIRE(back.warnings.size() == 3);
  CHECK_THAT(back.warnings[0], Catch::Contains("/network/name") && Catch::Contains("40"));
  CHECK_THAT(back.warnings[1], Catch::Contains("/network/port"));
  CHECK_THAT(back.warnings[2], Catch::Contains("/network/address"));
}
