// A battle's id as part of a file name (sns/battle_id.hpp): the plain-name check.
#include "sns/battle_id.hpp"

namespace sns {

namespace {
constexpr size_t kMaxPlainIdBytes = 100;

bool plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}
} // namespace

bool is_plain_battle_id(std::string_view id) {
  if (id.empty() || id.size() > kMaxPlainIdBytes || id.front() == '.') return false;
  for (char c : id)
    if (!plain_char(c)) return false;
  return true;
}

std::string battle_id_for_file_name(const std::string &id, const std::string &fallback) {
  return is_plain_battle_id(id) ? id : fallback;
}

} // namespace sns
