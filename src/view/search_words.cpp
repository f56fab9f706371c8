// The computer's reasons in words (docs/ai.md): the search's basis and account, as the command
// line's `suggest` and the app's Explain mode say them.
#include "search_words.hpp"

#include "sns/ruleset.hpp"

#include <cmath>
#include <sstream>

namespace sns {

namespace {

std::string fixed(double v) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(2);
  o << v;
  return o.str();
}

// Points with their sign: "+1.25", "-0.40" (a gain of exactly zero is "+0.00").
// (Appended rather than prefixed: GCC 12's link-time optimiser warns, wrongly, of an overflow in
// inserting a string at the front of another.)
std::string signed_points(double v) {
  std::string out = v >= 0 ? "+" : "";
  return out += fixed(v);
}

// Shows as +0.00 or -0.00.
bool rounds_to_zero(double v) { return std::abs(v) < 0.005; }

std::string count(const Suggestion &s, AccountTerm t) {
  return std::to_string(static_cast<long long>(std::llround(s.term(t))));
}

std::string one_ply_kind(SuggestionBasis basis) {
  switch (basis) {
  case SuggestionBasis::OnePlyDice:
    return "expected over the die's faces";
  case SuggestionBasis::OnePlyTurn:
    return "after playing the turn out";
  default:
    return "position after it";
  }
}

std::string one_ply_reason(const Suggestion &s, bool drop_zero_terms) {
  std::string out = "best one-ply choice, " + one_ply_kind(s.basis);
  double gain = s.term(AccountTerm::OnePlyGain);
  if (drop_zero_terms && rounds_to_zero(gain)) return out;
  return out + " " + signed_points(gain) + " points (steps, VP, objectives)";
}

std::string search_account(const Battle &b, const Suggestion &s, bool drop_zero_terms) {
  // The turn its playouts reach, as the ruleset names turns ("Player Turn", "Game turn").
  std::string horizon =
      std::string(s.term(AccountTerm::HorizonTurns) > 0 ? "the next " : "this ") + b.turn_name();
  // An error that shows as 0.00 says nothing (the playouts agreed to two places): Explain drops it.
  double error = s.term(AccountTerm::WinShareError);
  std::string spread =
      drop_zero_terms && rounds_to_zero(error) ? "" : " (+/- " + fixed(error) + ")";
  std::string out = "the best of " + count(s, AccountTerm::Candidates) + " candidates, " +
                    fixed(s.term(AccountTerm::WinShare)) + " of a win on average" + spread +
                    " over " + count(s, AccountTerm::Playouts) + " playouts to the end of " +
                    horizon;
  // Only S&S II's printed faces hide a reverse (R22); a D3 Medieval world differs in nothing else.
  if (b.rules().has(Feature::UnitFaces))
    out += ", in " + count(s, AccountTerm::Worlds) + " guesses at the hidden reverses";
  double prior = s.term(AccountTerm::OnePlyGain);
  if (drop_zero_terms && rounds_to_zero(prior)) return out;
  return out + "; one move ahead " + signed_points(prior) + " points";
}

} // namespace

std::string search_reason(const Battle &b, const Suggestion &s, bool drop_zero_terms) {
  switch (s.basis) {
  case SuggestionBasis::OnlyLegal:
    return "the only legal action";
  case SuggestionBasis::Random:
    return "drawn at random among " + count(s, AccountTerm::LegalActions) + " legal actions";
  case SuggestionBasis::OnePlyDice:
  case SuggestionBasis::OnePlyTurn:
  case SuggestionBasis::OnePlyPosition:
    return one_ply_reason(s, drop_zero_terms);
  case SuggestionBasis::Search:
    return search_account(b, s, drop_zero_terms);
  case SuggestionBasis::WinsNow:
    return "it wins the battle at once, whatever the die shows";
  case SuggestionBasis::StopsThreat:
    return "it stops the enemy winning at its next chance, whatever the die shows";
  case SuggestionBasis::Heuristic: {
    std::string out = "best by the heuristic judgement (the CRT's odds, threats, objectives, wing "
                      "integrity)";
    double gain = s.term(AccountTerm::OnePlyGain);
    if (drop_zero_terms && rounds_to_zero(gain)) return out;
    return out + " " + signed_points(gain) + " points";
  }
  }
  return "";
}

std::string suggestion_why(const Battle &b, const Suggestion &s) {
  return describe(b, s.action) + ": " + search_reason(b, s);
}

} // namespace sns
