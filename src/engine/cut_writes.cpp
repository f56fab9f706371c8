// What atomic writes cut short leave behind (sns/game.hpp, clear_cut_writes): FILE.tmp.PID files
// of writers that were killed before their rename.
#include "sns/game.hpp"

#include <cerrno>
#include <filesystem>
#include <signal.h>
#include <string_view>

namespace sns {

namespace {

// The PID that `name` (FILE.tmp.PID) was written by, or 0 when it is not such a name.
pid_t writer_of(std::string_view name, std::string_view prefix) {
  if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return 0;
  std::string_view digits = name.substr(prefix.size());
  if (digits.size() > 9) return 0;
  pid_t pid = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return 0;
    pid = pid * 10 + (c - '0');
  }
  return pid;
}

bool process_is_gone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

} // namespace

size_t clear_cut_writes(const std::string &path) {
  namespace fs = std::filesystem;
  const fs::path file(path);
  const fs::path dir = file.has_parent_path() ? file.parent_path() : fs::path(".");
  const std::string prefix = file.filename().string() + ".tmp.";
  size_t removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    pid_t pid = writer_of(it->path().filename().string(), prefix);
    std::error_code ignored;
    if (pid > 0 && process_is_gone(pid) && fs::remove(it->path(), ignored)) ++removed;
  }
  return removed;
}

} // namespace sns
