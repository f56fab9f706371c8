// Reading JSON input safely: size and depth limits, malformed text refused as LoadError.
#pragma once
#include "sns/error.hpp"

#include <nlohmann/json.hpp>
#include <string>

namespace sns {

// Parses text as JSON, refusing it as LoadError (with the parser's position) when malformed or
// nested deeper than 64 levels.
nlohmann::json parse_json_text(const std::string &text, const std::string &file);
// Reads a whole file (refusing files over max_bytes) and parses it.
nlohmann::json read_json_file(const std::string &path, size_t max_bytes);

} // namespace sns
