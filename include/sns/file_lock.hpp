// One writer at a time: an advisory lock (flock) on FILE.lock, shared by the command line's writers
// and the app's autosave and saved games, so no two programs write one file unknowingly.
#pragma once
#include <chrono>
#include <optional>
#include <string>

namespace sns {

// Holds FILE.lock locked (flock, exclusive) from acquire() until it is destroyed, which removes the
// lock file while still holding it. A holder that finds the lock file unlinked by the previous
// holder after opening it opens it anew, so two holders never lock two different files.
class FileLock {
public:
  // Tries for up to `wait` (zero: once) to lock `file` + ".lock"; nothing when another process
  // holds it all that time. On a file system without locks the lock is taken as held (writes go
  // on as before). Throws IoError when the lock file cannot be created.
  static std::optional<FileLock> acquire(const std::string &file,
                                         std::chrono::milliseconds wait = {});
  // The lock file that guards `file`.
  static std::string lock_path(const std::string &file) { return file + ".lock"; }

  FileLock(FileLock &&other) noexcept;
  FileLock &operator=(FileLock &&other) noexcept;
  FileLock(const FileLock &) = delete;
  FileLock &operator=(const FileLock &) = delete;
  ~FileLock();

  const std::string &path() const { return path_; } // the lock file held

private:
  FileLock(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  void release();
  std::string path_;
  int fd_ = -1;
};

} // namespace sns
