// Letter case for words shown to players and matched in searches: ASCII only, so a UTF-8 name's
// other bytes pass through untouched (std::tolower on a negative char is undefined).
#pragma once
#include <string>

namespace sns {

inline char lower_ascii(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
inline char upper_ascii(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

// "Player Turn" -> "player turn": a title put inside a sentence, or a text matched without case.
inline std::string lowered(std::string text) {
  for (char &c : text)
    c = lower_ascii(c);
  return text;
}

// "player turn 3" -> "Player turn 3": a phrase that opens a sentence or a heading.
inline std::string capitalised(std::string text) {
  if (!text.empty()) text[0] = upper_ascii(text[0]);
  return text;
}

} // namespace sns
