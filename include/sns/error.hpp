// Errors: bad input (file, JSON path, what was expected), failed writes, and refused saves.
#pragma once
#include <stdexcept>
#include <string>

namespace sns {

class LoadError : public std::runtime_error {
public:
  LoadError(std::string file, std::string path, std::string expected)
      : std::runtime_error(compose(file, path, expected)), file_(std::move(file)),
        path_(std::move(path)), expected_(std::move(expected)) {}
  const std::string &file() const { return file_; }
  const std::string &path() const { return path_; }
  const std::string &expected() const { return expected_; }

private:
  static std::string compose(const std::string &f, const std::string &p, const std::string &e) {
    return f + ": " + (p.empty() ? std::string("/") : p) + ": " + e;
  }
  std::string file_, path_, expected_;
};

// A file that could not be written (disk full, no permission, a folder in the way): not bad input,
// and the previous file is untouched.
class IoError : public std::runtime_error {
public:
  IoError(const std::string &file, const std::string &what)
      : std::runtime_error(file + ": " + what), file_(file) {}
  const std::string &file() const { return file_; }

private:
  std::string file_;
};

// A save refused because the record would not replay to the game being saved (nothing written).
class SaveError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

} // namespace sns
