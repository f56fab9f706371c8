// One table per vocabulary (issue 30): the row type and the lookups every vocabulary shares.
#pragma once
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sns {

// The rulesets a word belongs to, as bits of RulesetId (ruleset.hpp): a row names its rulesets.
inline constexpr uint8_t kInSsii = 1;               // Shields & Swords II
inline constexpr uint8_t kInD3 = 2;                 // D3 Medieval
inline constexpr uint8_t kInBoth = kInSsii | kInD3; // both

// One row of a vocabulary: the enum value, its name in files, the CLI and the log (JSON), the
// rulesets that use it, the words players read, and the rulebook section that governs it (for a
// word both rulesets use, S&S II's; "" where no section does).
template <typename E> struct Word {
  E id;
  std::string_view json;
  uint8_t rulesets = kInBoth;
  std::string_view words;
  const char *section = "";
};

// Where a vocabulary's table is: specialised once per enum, next to the enum, as
//   template <> struct VocabularyOf<Phase> { static constexpr const auto &rows = kPhases; };
template <typename E> struct VocabularyOf;
template <typename E>
concept Vocabulary = requires {
  VocabularyOf<E>::rows[0].id;
};

// Does every row stand at the index of its id? (the tables are indexed by the enum value)
template <typename Rows> constexpr bool rows_in_enum_order(const Rows &rows) {
  for (size_t i = 0; i < rows.size(); ++i)
    if (static_cast<size_t>(rows[i].id) != i) return false;
  return true;
}

template <Vocabulary E> constexpr const auto &row(E e) {
  return VocabularyOf<E>::rows[static_cast<size_t>(e)];
}
// The name in files, the CLI and the log.
template <Vocabulary E> constexpr std::string_view name(E e) { return row(e).json; }
// The words players read.
template <Vocabulary E> constexpr std::string_view title(E e) { return row(e).words; }
// The rulebook section.
template <Vocabulary E> constexpr const char *section(E e) { return row(e).section; }
// Is the word used by the ruleset whose bit (kInSsii, kInD3) is given?
template <Vocabulary E> constexpr bool used_in(E e, uint8_t ruleset_bit) {
  return (row(e).rulesets & ruleset_bit) != 0;
}
// The value named `s` in files, or none.
template <Vocabulary E> constexpr std::optional<E> parse_name(std::string_view s) {
  for (const auto &r : VocabularyOf<E>::rows)
    if (r.json == s) return r.id;
  return std::nullopt;
}

} // namespace sns
