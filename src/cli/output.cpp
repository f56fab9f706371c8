// The command line's output and errors (output.hpp): one JSON error each, never a throw while
// printing, options read within their bounds.
#include "output.hpp"

#include "sns/input.hpp"

#include <cmath>
#include <stdexcept>

namespace sns::cli {

void fail(int code, const std::string &error, std::string_view kind, const std::string &rule,
          const std::string &detail) {
  json body = {{"error", error}, {"kind", std::string(kind)}};
  if (!rule.empty()) body["rule"] = rule;
  if (!detail.empty()) body["detail"] = detail;
  throw CliError{code, body};
}

void usage_error(const std::string &error, const std::string &detail) {
  fail(kUsage, error, "usage", "", detail);
}

std::string dump(const json &j, int indent) {
  return j.dump(indent, ' ', false, json::error_handler_t::replace);
}

void print(std::ostream &out, const json &j) { out << dump(j, 2) << "\n"; }

uint64_t parse_count(const std::string &text, const std::string &what, uint64_t lo, uint64_t hi) {
  std::string bounds = " from " + std::to_string(lo) + " to " + std::to_string(hi);
  bool digits = !text.empty() && text.size() <= 20 &&
                text.find_first_not_of("0123456789") == std::string::npos;
  uint64_t v = 0;
  try {
    if (digits) v = std::stoull(text);
  } catch (const std::exception &) { // above 2^64 - 1
    digits = false;
  }
  if (!digits || v < lo || v > hi)
    usage_error(what + " must be a whole number" + bounds + ", got \"" + printable(text) + "\"");
  return v;
}

double parse_seconds(const std::string &text, const std::string &what) {
  double v = 0;
  bool ok = false;
  try {
    size_t used = 0;
    v = std::stod(text, &used);
    ok = used == text.size() && std::isfinite(v) && v > 0 && v <= kMaxSeconds;
  } catch (const std::exception &) {
  }
  if (!ok)
    usage_error(what + " must be a number of seconds above 0 and at most " +
                std::to_string(static_cast<int>(kMaxSeconds)) + ", got \"" + printable(text) +
                "\"");
  return v;
}

} // namespace sns::cli
