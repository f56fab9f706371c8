// Where the programs find their data and keep the player's files (see paths.hpp).
#include "paths.hpp"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace sns::paths {

namespace {

std::string env_or_empty(const char *name) {
  const char *v = std::getenv(name);
  return v ? v : "";
}

// An XDG variable counts only when it is an absolute path.
fs::path xdg_base(const std::string &value, const std::string &home, const char *below_home) {
  if (!value.empty() && fs::path(value).is_absolute()) return value;
  if (!home.empty()) return fs::path(home) / below_home;
  std::error_code ec;
  fs::path tmp = fs::temp_directory_path(ec);
  return ec ? fs::path("/tmp") : tmp;
}

} // namespace

fs::path executable_folder(const char *argv0) {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (!ec && !self.empty()) return self.parent_path();
  fs::path given = argv0 ? fs::path(argv0) : fs::path();
  return fs::absolute(given, ec).parent_path();
}

RootSearch search_from_process(const char *argv0, const char *source_dir) {
  std::error_code ec;
  return {env_or_empty("SNS_ROOT"), executable_folder(argv0), source_dir ? source_dir : "",
          fs::current_path(ec)};
}

bool is_data_root(const fs::path &folder) {
  std::error_code ec;
  return fs::is_directory(folder / "battles", ec) &&
         fs::is_regular_file(folder / "assets" / "rules.md", ec);
}

std::vector<fs::path> root_candidates(const RootSearch &s) {
  if (!s.env_root.empty()) return {fs::path(s.env_root)};
  std::vector<fs::path> out;
  if (!s.executable_folder.empty()) {
    out.push_back(s.executable_folder.parent_path() / "share" / kAppFolder);
    out.push_back(s.executable_folder.parent_path());
    out.push_back(s.executable_folder);
  }
  if (!s.source_dir.empty()) out.push_back(s.source_dir);
  if (!s.working_folder.empty()) out.push_back(s.working_folder);
  return out;
}

fs::path find_data_root(const RootSearch &s) {
  std::vector<fs::path> candidates = root_candidates(s);
  for (const fs::path &c : candidates)
    if (is_data_root(c)) {
      std::error_code ec;
      fs::path canonical = fs::weakly_canonical(c, ec);
      return ec ? c : canonical;
    }
  if (!s.env_root.empty())
    throw std::runtime_error("SNS_ROOT=" + s.env_root +
                             " is not a game data folder: expected battles/ and assets/rules.md "
                             "in it");
  std::string tried;
  for (const fs::path &c : candidates)
    tried += (tried.empty() ? "" : ", ") + c.string();
  throw std::runtime_error("game data not found (battles/ and assets/rules.md) in " + tried +
                           "; set SNS_ROOT to the folder that holds them");
}

XdgEnvironment xdg_from_process() {
  return {env_or_empty("XDG_DATA_HOME"), env_or_empty("XDG_CONFIG_HOME"), env_or_empty("HOME")};
}

fs::path data_folder(const XdgEnvironment &env) {
  return xdg_base(env.data_home, env.home, ".local/share") / kAppFolder;
}

fs::path config_folder(const XdgEnvironment &env) {
  return xdg_base(env.config_home, env.home, ".config") / kAppFolder;
}

fs::path ensure_folder(const fs::path &folder) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  return folder;
}

fs::path new_report_folder(const fs::path &reports, const std::string &battle_id,
                           std::time_t when) {
  std::tm local{};
  localtime_r(&when, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d-%H%M%S", &local);
  const std::string base = battle_id + "-" + stamp;
  fs::path folder = reports / base;
  std::error_code ec;
  for (int n = 2; fs::exists(folder, ec); ++n)
    folder = reports / (base + "-" + std::to_string(n));
  return folder;
}

} // namespace sns::paths
