// Reading JSON input safely: size and depth limits, malformed text refused as LoadError.
#pragma once
#include "sns/error.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace sns {

// How deep JSON input may nest, and how long one string (or key) in it may be.
inline constexpr size_t kMaxJsonDepth = 64;
inline constexpr size_t kMaxJsonStringBytes = 20000;

// Parses text as JSON, refusing it as LoadError (with the parser's position) when it is not UTF-8,
// malformed, nested deeper than kMaxJsonDepth or holds a string over kMaxJsonStringBytes.
nlohmann::json parse_json_text(const std::string &text, const std::string &file);
// Reads a whole file through read_text_file (sns/input.hpp: bounded, any kind of file) and parses
// it.
nlohmann::json read_json_file(const std::string &path, size_t max_bytes);

} // namespace sns
