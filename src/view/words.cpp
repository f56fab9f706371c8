// Player-facing words for actions, phases, commands, terrain and units (the app's presentation).
#include "words.hpp"
#include "search_words.hpp"
#include "sns/text_case.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace sns::app {

std::string counted(int n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string victory_level_words(const Battle &b, const GameState &s) {
  if (!s.game_over() || s.victory_level < 0) return "";
  const VictoryLevel &level = b.victory_levels[s.victory_level];
  return "Victory level: " + level.name + (level.text.empty() ? "" : " (" + level.text + ")");
}

std::string command_words(Command c) { return std::string(title(c)); }
std::string phase_words(Phase p) { return std::string(title(p)); }

std::string sentence_words(std::string text) { return capitalised(std::move(text)); }

std::string terrain_words(const std::string &terrain_id) {
  std::string t = terrain_id;
  for (char &ch : t)
    if (ch == '_' || ch == '-') ch = ' ';
  return sentence_words(t);
}

std::string type_words(UnitType t) {
  static const char *names[kAllUnitTypeCount] = {
      "Veteran", "Levy",    "Infantry",    "Heavy Horse", "Light Horse", // S&S II (2.2)
      "Levies",  "Knights", "Men at Arms", "Longbows",    "Crossbows"};  // D3 Medieval (D1)
  return names[static_cast<int>(t)];
}

std::string counter_label(const Battle &b, int unit) {
  const UnitDef &d = b.units[static_cast<size_t>(unit)];
  // An S&S II type's name in files is its counter code (2.2: "V", "HH", ...), so the engine's one
  // table of type names serves; a D3 battle's types are words ("men_at_arms"), and its counters
  // carry the unit's id instead.
  if (!b.rules().has(Feature::UnitFaces)) return d.id;
  return std::string(name(d.type));
}

namespace {
// A wing name's first letter not in `taken`: the initials of its capitalised words first (a
// leading "The" says nothing), then any of its letters; its first letter if all are taken.
char free_letter(const std::string &name, const std::string &taken) {
  std::string candidates;
  std::istringstream words(name);
  for (std::string w; words >> w;)
    if (std::isupper(static_cast<unsigned char>(w[0])) && !(candidates.empty() && w == "The"))
      candidates += w[0];
  for (char ch : name)
    if (std::isalpha(static_cast<unsigned char>(ch))) candidates += upper_ascii(ch);
  for (char ch : candidates)
    if (taken.find(ch) == std::string::npos) return ch;
  return name.empty() ? '?' : upper_ascii(name[0]);
}
} // namespace

char wing_letter(const Battle &b, int wing) {
  std::string taken; // the letters of the wings before this one, in the battle's order
  for (int w = 0; w < wing; ++w)
    taken += free_letter(b.wings[w].name, taken);
  return free_letter(b.wings[wing].name, taken);
}

std::string button_words(const Battle &b, const Action &a) {
  return sentence_words(action_words(b, a));
}

std::string advice_words(const Battle &b, const Action &a) {
  // A button's words sit under their question ("two Combat Phases, or one Pitched?"); advice
  // stands alone, so it says what to do.
  if (a.type == ActionType::CombatMode)
    return std::string("choose ") + (a.mode == CombatMode::Pitched ? "the " : "") +
           action_words(b, a);
  return action_words(b, a);
}

std::string facing_words(int facing) { return facing_name(facing); }

std::string unit_words(const Battle &b, int unit) {
  return b.units[unit].id + " " + b.units[unit].name;
}

namespace {
std::string choice_words(Choice c) {
  switch (c) {
  case Choice::EX:
    return "Take EX instead (exchange)";
  case Choice::DR:
    return "Take DR instead (defender retreats)";
  case Choice::AR:
    return "Take AR instead (attacker retreats)";
  default:
    return "Keep the result";
  }
}
} // namespace

std::string action_words(const Battle &b, const Action &a) {
  // Units by id and name, as a move names them: the map tags ids (units_to_tag), the name says
  // which counter a newcomer is looking for.
  auto named = [&](int u) { return unit_words(b, u); };
  switch (a.type) {
  case ActionType::Command: {
    if (a.orders.empty()) return "give no commands";
    std::string t = "command";
    for (size_t i = 0; i < a.orders.size(); ++i) {
      const WingOrder &o = a.orders[i];
      t += (i ? "; " : " ") + b.wings[o.wing].name + ":";
      for (size_t k = 0; k < o.commands.size(); ++k)
        t += (k ? ", " : " ") + command_words(o.commands[k]);
    }
    return t;
  }
  case ActionType::Move:
    if (a.facing >= 0) // D3 Medieval: a move ends with a facing (D6)
      return "move " + named(a.unit) + " to hex " + b.label(a.to) + ", facing " +
             facing_words(a.facing);
    return "move " + named(a.unit) + " to hex " + b.label(a.to);
  case ActionType::Fire:
    return named(a.unit) + " fires at " + named(a.target);
  case ActionType::Attack: {
    std::string t = "attack " + named(a.target) + " with";
    for (size_t i = 0; i < a.attackers.size(); ++i)
      t += (i ? ", " : " ") + named(a.attackers[i]);
    return t;
  }
  case ActionType::CombatMode:
    return a.mode == CombatMode::Pitched ? "Pitched Combat Phase" : "two Combat Phases";
  case ActionType::Choose:
    return choice_words(a.option);
  case ActionType::LoseStep:
    return named(a.unit) + " takes the loss";
  case ActionType::Retreat:
    return named(a.unit) + " retreats to hex " + b.label(a.to);
  case ActionType::Advance:
    return named(a.unit) + " advances";
  case ActionType::NoAdvance:
    return "Do not advance";
  case ActionType::Initiative:
    return a.declare ? "declare Initiative" : "pass the turn";
  case ActionType::EndPhase:
    return "end the phase";
  case ActionType::Special: {
    const Special &sp = b.special[a.special];
    return (a.verb == SpecialVerb::Leave ? "send away " : "call back ") + b.wings[sp.wing].name;
  }
  case ActionType::Activate:
    return "activate " + named(a.unit);
  case ActionType::Shoot:
    return named(a.unit) + " shoots at " + named(a.target);
  case ActionType::Melee:
    return named(a.unit) + " fights " + named(a.target);
  }
  return "?";
}

std::string suggestion_words(Level level, const Suggestion &s) {
  if (s.basis == SuggestionBasis::OnlyLegal) return "It is the only move the rules allow here.";
  if (s.basis == SuggestionBasis::Random) return "Chosen at random among the legal moves.";
  if (s.basis == SuggestionBasis::WinsNow) return "It wins the battle at once.";
  if (s.basis == SuggestionBasis::StopsThreat)
    return "It stops the enemy from winning at its next chance.";
  if (level == Level::Greedy)
    return "Of every legal move, it leaves the best position one move ahead.";
  if (level == Level::Heuristic)
    return "Of every legal move, it judges this best by the odds of combat, the threats to its "
           "units, the objectives and keeping its wings together.";
  int good = static_cast<int>(std::lround(100 * std::clamp(s.value, 0.0, 1.0)));
  return "The computer tried its most promising moves in " + std::to_string(s.iterations) +
         " short games played out from here; this one did best (about " + std::to_string(good) +
         "% of a win on average).";
}

std::string account_words(const Battle &b, const Suggestion &s) {
  // The command line names the action by its ids ("command host: fire shield_wall"); a player
  // reads it as hints and the log name it.
  // Terms of +/-0.00 say nothing and are left out (issue 32).
  return advice_words(b, s.action) + ": " + search_reason(b, s, true);
}

std::string break_at_spaces(std::string_view text, float width,
                            const std::function<float(std::string_view)> &width_of) {
  const float space = width_of(" ");
  std::string out;
  out.reserve(text.size());
  float line = 0; // the width of the current line so far
  bool line_empty = true;
  size_t i = 0;
  while (i <= text.size()) {
    size_t end = text.find_first_of(" \n", i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(i, end - i);
    float w = width_of(word);
    if (!line_empty && line + space + w > width) { // this word starts the next line
      out += '\n';
      line = 0;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      line += space;
    }
    out += word;
    line += w;
    line_empty = false;
    if (end < text.size() && text[end] == '\n') { // the text's own line break
      out += '\n';
      line = 0;
      line_empty = true;
    }
    i = end + 1;
  }
  return out;
}

namespace {
// "25%", "12.5%": a share with one decimal when it has one.
std::string percent(double share) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", share * 100);
  std::string t = text;
  if (t.size() > 2 && t.compare(t.size() - 2, 2, ".0") == 0) t.resize(t.size() - 2);
  return t + "%";
}
} // namespace

std::string odds_words(const Setup &setup, const GameState &state, const Action &a) {
  std::string t;
  if (a.type == ActionType::Attack) {
    AttackPreview p;
    if (preview_attack(setup, state, a, p)) return "";
    for (int res = 0; res < kCombatResultCount; ++res)
      if (p.outcomes[res] > 0)
        t += (t.empty() ? "" : ", ") + std::string(name(static_cast<CombatResult>(res))) + " " +
             percent(p.outcomes[res]);
  } else if (a.type == ActionType::Fire) {
    FirePreview p;
    if (preview_fire(setup, state, a, p)) return "";
    t = percent(p.chance) + " to suppress" +
        (p.needed <= 8 ? " (a roll of " + std::to_string(p.needed) + " or more)" : "");
  } else if (a.type == ActionType::Shoot || a.type == ActionType::Melee) {
    HitsPreview p;
    if (preview_hits(setup, state, a, p)) return "";
    for (int n = 0; n < static_cast<int>(p.chance.size()); ++n)
      if (p.chance[n] > 0)
        t += (t.empty() ? "" : ", ") + counted(n, "hit", "hits") + " " + percent(p.chance[n]);
    char mean[16];
    std::snprintf(mean, sizeof mean, "%.2f", p.expected);
    t += " (" + std::string(mean) + " hits on average)";
  } else {
    return "";
  }
  return "Its odds: " + t + ".";
}

} // namespace sns::app
