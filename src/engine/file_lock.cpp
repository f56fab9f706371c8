// The advisory lock on FILE.lock (sns/file_lock.hpp): the command line's record lock and the app's
// autosave and saved-game locks are this one protocol.
#include "sns/file_lock.hpp"
#include "sns/error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace sns {

namespace {

// True when the descriptor is still the file at `path`: a lock file another holder unlinked
// after we opened it locks nothing.
bool still_linked(int fd, const std::string &path) {
  struct stat held {
  }, named{};
  return ::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 &&
         held.st_ino == named.st_ino && held.st_dev == named.st_dev;
}

} // namespace

std::optional<FileLock> FileLock::acquire(const std::string &file, std::chrono::milliseconds wait) {
  const std::string path = lock_path(file);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
      throw IoError(file,
                    "cannot create the lock file " + path + " (" + std::strerror(errno) + ")");
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      if (still_linked(fd, path)) return FileLock(path, fd);
    } else if (errno != EWOULDBLOCK && errno != EINTR) {
      return FileLock(path, fd); // a file system without locks: write as before
    }
    ::close(fd);
    if (std::chrono::steady_clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

FileLock::FileLock(FileLock &&other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)) {}

FileLock &FileLock::operator=(FileLock &&other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileLock::~FileLock() { release(); }

void FileLock::release() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str()); // while still held: a waiting holder sees it unlinked and opens anew
  ::close(fd_);            // closing releases the lock
  fd_ = -1;
}

} // namespace sns
