// The computer's reasons in words: the engine's search says why as data (SuggestionBasis and its
// account of numbers); the command line and the app say it here. SDL-free, shared by both.
#pragma once
#include "sns/players.hpp"

#include <string>

namespace sns {

// The search's own account of its choice, without naming the action ("the best of 6 candidates,
// 0.52 of a win on average ..."). With `drop_zero_terms` (the app's Explain mode, issue 32) a term
// of points that rounds to +/-0.00 is left out.
std::string search_reason(const Battle &b, const Suggestion &s, bool drop_zero_terms = false);

// The suggestion as the command line says it: the action as `describe` names it, ": ", the
// reason with every term.
std::string suggestion_why(const Battle &b, const Suggestion &s);

} // namespace sns
