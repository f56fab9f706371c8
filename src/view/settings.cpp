// Settings the app remembers between runs, read tolerantly and written atomically (settings.hpp).
#include "settings.hpp"
#include "sns/game.hpp"

#include <fstream>
#include <sstream>
#include <system_error>

namespace sns::app {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char *kFormat = "shields-swords-settings/1";

// Reads one value from the document, leaving the default (and a warning) when it is missing the
// right type or range. A missing key is silent: older files lack newer settings.
struct Reader {
  const json &doc;
  const std::string &file;
  std::vector<std::string> &warnings;

  const json *find(const json::json_pointer &at) const {
    try {
      return doc.contains(at) ? &doc.at(at) : nullptr;
    } catch (const json::exception &) {
      return nullptr; // a pointer through a value of the wrong kind: as if missing
    }
  }
  void warn(const std::string &at, const std::string &expected) const {
    warnings.push_back(file + ": " + at + ": expected " + expected + "; using the default");
  }
  void integer(const char *at, int lo, int hi, int &out) const {
    const json *v = find(json::json_pointer(at));
    if (!v) return;
    if (v->is_number_integer() && v->get<long long>() >= lo && v->get<long long>() <= hi)
      out = v->get<int>();
    else
      warn(at, "an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  }
  void optional_integer(const char *at, std::optional<int> &out) const {
    int value = 0;
    const json *v = find(json::json_pointer(at));
    if (!v || v->is_null()) return;
    size_t before = warnings.size();
    integer(at, -kMaxWindowSide, kMaxWindowSide, value);
    if (warnings.size() == before) out = value;
  }
  void boolean(const char *at, bool &out) const {
    const json *v = find(json::json_pointer(at));
    if (!v) return;
    if (v->is_boolean())
      out = v->get<bool>();
    else
      warn(at, "true or false");
  }
  void optional_boolean(const char *at, std::optional<bool> &out) const {
    const json *v = find(json::json_pointer(at));
    if (!v || v->is_null()) return;
    bool value = false;
    size_t before = warnings.size();
    boolean(at, value);
    if (warnings.size() == before) out = value;
  }
  // Zero means "not set" for the real-valued settings; otherwise the value must be in range.
  template <typename Real> void zero_or_range(const char *at, Real lo, Real hi, Real &out) const {
    const json *v = find(json::json_pointer(at));
    if (!v) return;
    if (v->is_number() &&
        (v->get<double>() == 0 || (v->get<double>() >= lo && v->get<double>() <= hi)))
      out = v->get<Real>();
    else {
      std::ostringstream range;
      range << "0 or a number from " << lo << " to " << hi;
      warn(at, range.str());
    }
  }
  void text(const char *at, std::string &out, size_t longest = 200,
            const char *what = "a battle id (text)") const {
    const json *v = find(json::json_pointer(at));
    if (!v) return;
    if (v->is_string() && v->get<std::string>().size() <= longest)
      out = v->get<std::string>();
    else
      warn(at, what);
  }
};

} // namespace

json settings_to_json(const Settings &s) {
  json window = {
      {"width", s.window_width}, {"height", s.window_height}, {"maximized", s.maximized}};
  window["x"] = s.window_x ? json(*s.window_x) : json(nullptr);
  window["y"] = s.window_y ? json(*s.window_y) : json(nullptr);
  return {{"format", kFormat},
          {"window", window},
          {"map",
           {{"hex_size", s.hex_size},
            {"zones_of_control", s.show_zoc},
            {"fire_range", s.show_range},
            {"hex_labels", s.show_labels}}},
          {"explain", s.explain ? json(*s.explain) : json(nullptr)},
          {"last_battle", s.last_battle},
          {"ui_scale", s.ui_scale},
          {"network",
           {{"name", s.player_name}, {"port", s.network_port}, {"address", s.network_address}}}};
}

SettingsLoad settings_from_json(const json &doc, const std::string &file) {
  SettingsLoad out;
  if (!doc.is_object()) {
    out.warnings.push_back(file + ": expected a JSON object of settings; using the defaults");
    return out;
  }
  if (doc.contains("format") && doc["format"] != kFormat) {
    out.warnings.push_back(file + ": /format: expected \"" + kFormat + "\"; using the defaults");
    return out;
  }
  Settings &s = out.settings;
  Reader r{doc, file, out.warnings};
  r.integer("/window/width", kMinWindowWidth, kMaxWindowSide, s.window_width);
  r.integer("/window/height", kMinWindowHeight, kMaxWindowSide, s.window_height);
  r.optional_integer("/window/x", s.window_x);
  r.optional_integer("/window/y", s.window_y);
  if (s.window_x.has_value() != s.window_y.has_value()) s.window_x.reset(), s.window_y.reset();
  r.boolean("/window/maximized", s.maximized);
  r.zero_or_range("/map/hex_size", kMinHexSize, kMaxHexSize, s.hex_size);
  r.boolean("/map/zones_of_control", s.show_zoc);
  r.boolean("/map/fire_range", s.show_range);
  r.boolean("/map/hex_labels", s.show_labels);
  r.optional_boolean("/explain", s.explain);
  r.text("/last_battle", s.last_battle);
  r.zero_or_range("/ui_scale", kMinUiScale, kMaxUiScale, s.ui_scale);
  // The lengths are the network form's fields' (App::NetworkForm), so a value always fits.
  r.text("/network/name", s.player_name, kMaxPlayerName, "a name of at most 40 characters");
  r.text("/network/port", s.network_port, kMaxPortText, "a port number (text)");
  if (s.network_port.find_first_not_of("0123456789") != std::string::npos) {
    r.warn("/network/port", "a port number (text)");
    s.network_port.clear();
  }
  r.text("/network/address", s.network_address, kMaxAddress,
         "an address as HOST:PORT of at most 127 characters");
  return out;
}

SettingsLoad load_settings(const fs::path &file) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return {};
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) return {{}, {file.string() + ": cannot be read; using the defaults"}};
  json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return {{}, {file.string() + ": not valid JSON; using the defaults"}};
  return settings_from_json(doc, file.string());
}

void save_settings(const fs::path &file, const Settings &s) {
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  write_file_atomically(file.string(), settings_to_json(s).dump(2) + "\n");
}

} // namespace sns::app
