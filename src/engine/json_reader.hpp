// Strict JSON reading for every input file: each failure names the file, the JSON path and the
// expectation.
#pragma once
#include "sns/error.hpp"
#include "sns/json_io.hpp"

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <span>
#include <string>

namespace sns {

using json = nlohmann::json;

class JsonReader {
public:
  explicit JsonReader(std::string file) : file_(std::move(file)) {}
  const std::string &file() const { return file_; }

  [[noreturn]] void fail(const std::string &path, const std::string &expected) const {
    throw LoadError(file_, path, expected);
  }
  static std::string at(const std::string &path, const std::string &key) {
    return path + "/" + key;
  }
  static std::string at(const std::string &path, size_t index) {
    return path + "/" + std::to_string(index);
  }

  const json &object(const json &v, const std::string &path) const {
    if (!v.is_object()) fail(path, "expected an object, got " + describe(v));
    return v;
  }
  const json &array(const json &v, const std::string &path) const {
    if (!v.is_array()) fail(path, "expected an array, got " + describe(v));
    return v;
  }
  const json &field(const json &obj, const std::string &path, const char *key) const {
    object(obj, path);
    auto it = obj.find(key);
    if (it == obj.end()) fail(at(path, key), "required field is missing");
    return *it;
  }
  const json *optional(const json &obj, const char *key) const {
    auto it = obj.find(key);
    return it == obj.end() || it->is_null() ? nullptr : &*it;
  }
  std::string str(const json &v, const std::string &path) const {
    if (!v.is_string()) fail(path, "expected a string, got " + describe(v));
    return v.get<std::string>();
  }
  long long integer(const json &v, const std::string &path, long long lo, long long hi) const {
    if (!v.is_number_integer())
      fail(path, "expected a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", got " + describe(v));
    long long n = v.is_number_unsigned() && v.get<unsigned long long>() > 9000000000000000000ull
                      ? hi + 1
                      : v.get<long long>();
    if (n < lo || n > hi)
      fail(path, "expected a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", got " + v.dump());
    return n;
  }
  bool boolean(const json &v, const std::string &path) const {
    if (!v.is_boolean()) fail(path, "expected true or false, got " + describe(v));
    return v.get<bool>();
  }
  void only_keys(const json &obj, const std::string &path,
                 std::initializer_list<const char *> allowed) const {
    only_keys(obj, path, std::span<const char *const>(allowed.begin(), allowed.size()));
  }
  void only_keys(const json &obj, const std::string &path,
                 std::span<const char *const> allowed) const {
    object(obj, path); // key() of anything else throws
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool known = false;
      for (const char *k : allowed)
        known = known || it.key() == k;
      if (!known) {
        std::string list;
        for (const char *k : allowed)
          list += std::string(list.empty() ? "" : ", ") + k;
        fail(at(path, it.key()), "unknown field; expected one of: " + list);
      }
    }
  }
  static std::string describe(const json &v) {
    std::string text = v.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return std::string(v.type_name()) + " " + text;
  }

private:
  std::string file_;
};

} // namespace sns
