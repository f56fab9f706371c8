// The battle report (issue 11): summary, a turn-by-turn narrative from the log, notes, pictures.
#include "sns/report.hpp"

#include "engine.hpp"
#include "sns/error.hpp"
#include "sns/text_case.hpp"

#include <array>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

namespace sns {

namespace {

// How each log entry kind appears in the narrative: a heading word, or nothing (moves are only
// counted; phase openings and forced choices are bookkeeping a reader does not need).
struct KindInReport {
  EventKind kind;
  const char *label;
};
constexpr KindInReport kTold[] = {
    {EventKind::Command, "Orders"},
    {EventKind::CombatMode, "Combat"},
    {EventKind::Attack, "Attack"},
    {EventKind::Fire, "Fire"},
    {EventKind::Choose, "Choice"},
    {EventKind::StepLoss, "Loss"},
    {EventKind::Eliminated, "Eliminated"},
    {EventKind::Retreat, "Retreat"},
    {EventKind::Advance, "Advance"},
    {EventKind::Initiative, "Initiative"},
    {EventKind::Special, "Special rule"},
    {EventKind::GameOver, "Game over"},
    // D3 Medieval (D5-D13): without them its report told only moves, eliminations and the end.
    {EventKind::Activate, "Activation"},
    {EventKind::Charge, "Charge"},
    {EventKind::Face, "Turns to face"},
    {EventKind::Flank, "Flank"},
    {EventKind::Shoot, "Shooting"},
    {EventKind::Melee, "Melee"},
    {EventKind::Disorder, "Disorder"},
};

const char *label_of(EventKind kind) {
  for (const KindInReport &k : kTold)
    if (kind == k.kind) return k.label;
  return nullptr;
}

// The short forms the log uses, said in full at the report's end: a newcomer met "UTMM", "DRM"
// and "DL" with nothing to read them by (trial). Only those the report uses are listed.
struct ShortForm {
  const char *term, *meaning;
  const char *shown = nullptr; // the heading, where it is not the term matched
};
constexpr ShortForm kShortForms[] = {
    {"VP", "Victory Points, which a side scores as the battle says and which decide it (13.0)"},
    {"CC", "Combat Class, a unit's strength in an attack, AA best to F worst (2.2, 7.3)"},
    {"DRM", "die roll modifier, added to the attack's roll (7.4)"},
    {"UTMM", "Unit Type Modifier Matrix: the DRM one unit type gets against another (2.6, 7.4)"},
    {"CRT", "Combat Results Table: the attacker's CC and the modified roll give the result (7.5)"},
    {"DE", "defender eliminated (7.5)"},
    {"DL", "defender loses a step: a full unit is flipped, a reduced one eliminated (7.5)"},
    {"DR", "defender retreats (7.5)"},
    {"NE", "no effect (7.5)"},
    {"DR\\*",
     "a result with a star: against a defender in Shield Wall the attacker may take EX "
     "instead (7.5, 8.0)",
     "DR\\*, NE\\*"},
    {"EX", "exchange: the defender and one attacker each lose a step (7.5)"},
    {"AR", "every attacker retreats (7.5)"},
    {"AL", "one attacker, of its owner's choice, loses a step (7.5)"},
    {"AE", "every attacker eliminated (7.5)"},
    {"EZOC", "an enemy's zone of control, the hexes beside its units (6.0)"},
};

// Whether `term` stands in `text` as a word of its own ("DR" in "DR*", not in "DRM").
bool uses_term(const std::string &text, const std::string &term) {
  auto letter = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = text.find(term); at != std::string::npos; at = text.find(term, at + 1))
    if ((at == 0 || !letter(text[at - 1])) &&
        (at + term.size() == text.size() || !letter(text[at + term.size()])))
      return true;
  return false;
}

void short_forms(std::ostringstream &o) {
  const std::string told = o.str();
  std::string list;
  for (const ShortForm &f : kShortForms)
    if (uses_term(told, f.term))
      list += "- **" + std::string(f.shown ? f.shown : f.term) + "**: " + f.meaning + "\n";
  if (!list.empty()) o << "## Short forms\n\n" << list << "\n";
}

// Markdown would read * and _ in the log (DR*, ids) as emphasis; a note's line breaks would end
// its list item.
std::string md(const std::string &text) {
  std::string out;
  for (char c : text) {
    if (c == '*' || c == '_' || c == '`' || c == '[' || c == ']' || c == '<' || c == '\\')
      out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

// The score as the battle's ruleset keeps it: VP in S&S II (13.0); in D3 Medieval, which scores
// no VP, the units each side has left, which decide the battle at the last turn (D4).
struct Score {
  const char *label;
  std::string text;
};
Score score(const Setup &setup, const GameState &s) {
  const Battle &b = *setup.battle;
  const View c(setup, s);
  std::array<int, 2> n = b.rules().score(c);
  return {b.rules().score_label, b.sides[0].name + " " + std::to_string(n[0]) + ", " +
                                     b.sides[1].name + " " + std::to_string(n[1])};
}

} // namespace

std::string moment_words(const Battle &b, const GameState &s, bool name_side) {
  std::string where = std::string(b.turn_name()) + " " + std::to_string(s.turn) + ", ";
  if (name_side) where += b.sides[s.active].name + ", ";
  if (s.game_over()) return where + "the battle is over";
  return where + lowered(std::string(title(s.phase))) + " phase";
}

namespace {

std::string result_text(const Battle &b, const GameState &s) {
  if (!s.game_over())
    return "in progress: " + moment_words(b, s) + ", " + b.sides[s.active].name + " to play";
  std::string who = s.winner == kDraw ? "a draw"
                    : s.winner < 0    ? "no winner"
                                      : b.sides[s.winner].name + " won";
  return who + (s.result_reason.empty() ? "" : " (" + s.result_reason + ")");
}

// Units that left the game by elimination, per side, at the end of the record.
std::array<std::vector<std::string>, 2> eliminated(const Battle &b, const GameState &s) {
  std::array<std::vector<std::string>, 2> out;
  for (size_t u = 0; u < b.units.size(); ++u)
    if (s.units[u].steps == 0) out[b.units[u].side].push_back(b.units[u].name);
  return out;
}

std::string join(const std::vector<std::string> &items) {
  std::string out;
  for (const std::string &i : items)
    out += (out.empty() ? "" : ", ") + i;
  return out.empty() ? "none" : out;
}

void summary(std::ostringstream &o, const Game &g) {
  const Battle &b = g.battle();
  const GameState &s = g.state();
  o << "# " << md(b.name) << ": battle report\n\n";
  if (!b.date.empty()) o << "*" << md(b.date) << "*\n\n";
  if (!b.summary.empty()) o << md(b.summary) << "\n\n";
  o << "## Summary\n\n";
  o << "- **Sides:** " << md(b.sides[0].name) << " against " << md(b.sides[1].name) << "\n";
  o << "- **Result:** " << md(result_text(b, s)) << "\n";
  if (s.victory_level >= 0) { // DESIGN.md "Victory levels": beside the rules' winner, never instead
    const VictoryLevel &level = b.victory_levels[s.victory_level];
    o << "- **Victory level:** " << md(level.name)
      << (level.text.empty() ? "" : " (" + md(level.text) + ")") << "\n";
  }
  Score final = score(g.setup(), s);
  o << "- **" << b.rules().score_title << ":** " << md(final.text) << "\n";
  o << "- **Played:** " << s.turn << " " << b.turn_name() << (s.turn == 1 ? "" : "s") << ", "
    << g.actions().size() << " actions, " << s.rolls << " dice rolled\n";
  auto lost = eliminated(b, s);
  for (int side = 0; side < 2; ++side)
    o << "- **" << md(b.sides[side].name) << " units eliminated:** " << md(join(lost[side]))
      << "\n";
  std::vector<std::string> opts;
  if (g.setup().options.practice) opts.emplace_back("practice game");
  if (g.setup().options.advanced_wing_integrity) opts.emplace_back("advanced Wing Integrity");
  if (!opts.empty()) o << "- **Options:** " << join(opts) << "\n";
  o << "- **Seed:** " << g.seed() << " (the record replays this game exactly)\n\n";
  // The log names units by their ids: the roster says who they are.
  o << "### Forces\n\n";
  for (int side = 0; side < 2; ++side) {
    o << "- **" << md(b.sides[side].name) << ":** ";
    bool first = true;
    for (const UnitDef &u : b.units)
      if (u.side == side) {
        o << (first ? "" : ", ") << md(u.id) << " " << md(u.name);
        first = false;
      }
    o << "\n";
  }
  o << "\n";
}

// The narrative: one section per Player Turn, each told entry by entry, moves counted.
class Narrative {
public:
  Narrative(std::ostringstream &o, const Game &g, const std::vector<ReportPicture> &pictures)
      : o_(o), g_(g), b_(g.battle()), pictures_(pictures) {}

  void tell() {
    o_ << "## Turn by turn\n\n";
    size_t n = g_.actions().size();
    entries(0, g_.log_size_at(0), 0);
    notes_at(0);
    for (size_t i = 0; i < n; ++i) {
      entries(g_.log_size_at(i), g_.log_size_at(i + 1), i + 1);
      notes_at(i + 1);
    }
    close_turn(n);
  }

private:
  std::ostringstream &o_;
  const Game &g_;
  const Battle &b_;
  const std::vector<ReportPicture> &pictures_;
  bool in_turn_ = false;
  int moves_ = 0;

  void entries(size_t from, size_t to, size_t at) {
    for (size_t e = from; e < to; ++e) {
      const Event &ev = g_.log()[e];
      if (ev.kind == EventKind::Turn) {
        close_turn(at);
        o_ << "### " << md(ev.text) << "\n\n";
        in_turn_ = true;
      } else if (ev.kind == EventKind::Move) {
        ++moves_;
      } else if (const char *label = label_of(ev.kind)) {
        flush_moves();
        o_ << "- **" << label << "** (" << md(ev.rule) << "): " << md(ev.text) << "\n";
      }
    }
  }

  void flush_moves() {
    if (moves_ == 0) return;
    o_ << "- " << moves_ << (moves_ == 1 ? " move" : " moves") << "\n";
    moves_ = 0;
  }

  // Ends a Player Turn's section with the score at that moment.
  void close_turn(size_t at) {
    if (!in_turn_) return;
    flush_moves();
    Score now = score(g_.setup(), g_.state_at(at));
    o_ << "- *" << now.label << ": " << md(now.text) << "*\n\n";
    in_turn_ = false;
  }

  void notes_at(size_t at) {
    for (const Note &n : g_.notes())
      if (n.at == at) {
        flush_moves();
        o_ << "- " << (n.bookmark ? "**Bookmark**" : "**Note**") << " (after action " << at
           << "): " << md(n.text) << "\n";
      }
    for (const ReportPicture &p : pictures_)
      if (p.at == at && at != g_.actions().size()) {
        flush_moves();
        o_ << "\n  ![The map after action " << at << "](" << p.file << ")\n\n";
      }
  }
};

void notes_list(std::ostringstream &o, const Game &g) {
  if (g.notes().empty()) return;
  o << "## Notes and bookmarks\n\n";
  for (const Note &n : g.notes()) {
    const GameState &s = g.state_at(n.at);
    o << "- " << (n.bookmark ? "(bookmark) " : "") << moment_words(g.battle(), s)
      << ", after action " << n.at << ": " << md(n.text) << "\n";
  }
  o << "\n";
}

void final_picture(std::ostringstream &o, const Game &g,
                   const std::vector<ReportPicture> &pictures) {
  for (const ReportPicture &p : pictures)
    if (p.at == g.actions().size()) {
      o << "## The field at the end\n\n![The map at the end](" << p.file << ")\n\n";
      return;
    }
}

} // namespace

std::vector<size_t> report_moments(const Game &game) {
  std::set<size_t> at;
  for (const Note &n : game.notes())
    if (n.bookmark) at.insert(n.at);
  at.insert(game.actions().size());
  return {at.begin(), at.end()};
}

std::string battle_report(const Game &game, const std::vector<ReportPicture> &pictures) {
  std::ostringstream o;
  summary(o, game);
  Narrative(o, game, pictures).tell();
  notes_list(o, game);
  final_picture(o, game, pictures);
  short_forms(o);
  o << "---\n*Written by Shields & Swords II from the game's record (engine " << kEngineVersion
    << ").*\n";
  return o.str();
}

std::string write_battle_report(const Game &game, const std::string &dir,
                                const std::vector<ReportPicture> &pictures) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw IoError(dir, "cannot create the report's folder (" + ec.message() + ")");
  std::string path = (std::filesystem::path(dir) / "report.md").string();
  write_file_atomically(path, battle_report(game, pictures));
  return path;
}

} // namespace sns
