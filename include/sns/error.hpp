// Errors for bad input (battle files, records, tables, actions): file, JSON path and what was
// expected.
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

} // namespace sns
