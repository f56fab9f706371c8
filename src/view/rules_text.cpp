// The rules window's text (assets/rules.md, assets/rules-d3.md) read with md4c: each
// "## <number> <title>" heading opens a section, whose paragraphs are its body, a blank line apart.
#include "view.hpp"

#include "sns/text_case.hpp"

#include <md4c.h>

namespace sns::app {

namespace {

struct RulesReader {
  std::vector<RulesSection> sections;
  std::string heading;  // the words of the heading being read
  unsigned level = 0;   // that heading's level; 0 outside headings
  std::string preamble; // text before the first section: not part of any section

  std::string &body() { return sections.empty() ? preamble : sections.back().body; }
};

RulesReader &reader(void *user) { return *static_cast<RulesReader *>(user); }

int enter_block(MD_BLOCKTYPE type, void *detail, void *user) {
  RulesReader &r = reader(user);
  if (type == MD_BLOCK_H) {
    r.level = static_cast<const MD_BLOCK_H_DETAIL *>(detail)->level;
    r.heading.clear();
  } else if (type == MD_BLOCK_P && !r.body().empty()) {
    r.body() += "\n\n"; // the window shows each paragraph apart
  } else if (type == MD_BLOCK_LI) {
    std::string &body = r.body();
    if (!body.empty() && body.back() != '\n') body += "\n";
    body += "- "; // an item on a line of its own
  }
  return 0;
}

int leave_block(MD_BLOCKTYPE type, void *, void *user) {
  RulesReader &r = reader(user);
  if (type != MD_BLOCK_H) return 0;
  if (r.level == 2) { // "## 7.5 The result" : number, then title
    auto space = r.heading.find(' ');
    r.sections.push_back({r.heading.substr(0, space),
                          space == std::string::npos ? "" : r.heading.substr(space + 1), ""});
  }
  r.level = 0;
  return 0;
}

int span(MD_SPANTYPE, void *, void *) { return 0; } // emphasis and links: their words only

int text(MD_TEXTTYPE type, const MD_CHAR *words, MD_SIZE size, void *user) {
  RulesReader &r = reader(user);
  std::string &out = r.level ? r.heading : r.body();
  if (type == MD_TEXT_SOFTBR)
    out += ' '; // a paragraph's lines are joined: the window wraps them
  else if (type == MD_TEXT_BR)
    out += '\n';
  else if (type != MD_TEXT_NULLCHAR)
    out.append(words, size);
  return 0;
}

} // namespace

std::vector<RulesSection> parse_rules_text(const std::string &markdown) {
  RulesReader r;
  MD_PARSER parser{};
  parser.flags = MD_FLAG_NOHTML; // the rules are words, never markup to pass through
  parser.enter_block = enter_block;
  parser.leave_block = leave_block;
  parser.enter_span = span;
  parser.leave_span = span;
  parser.text = text;
  md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &r);
  for (auto &s : r.sections)
    while (!s.body.empty() && (s.body.back() == '\n' || s.body.back() == ' '))
      s.body.pop_back();
  return r.sections;
}

namespace {
// A player's word, and the words the rulebooks (assets/rules.md, rules-d3.md) use for it: one
// table, read only by the rules window's search.
struct Synonym {
  std::string_view word;
  std::vector<std::string_view> rules_words;
};
const std::vector<Synonym> &synonyms() {
  static const std::vector<Synonym> table = {
      {"ditch", {"trench"}},
      {"dike", {"trench"}},
      {"dyke", {"trench"}},
      {"moat", {"trench"}},
      {"palisade", {"stakes"}},
      {"stake", {"stakes"}},
      {"brook", {"stream", "river"}},
      {"creek", {"stream", "river"}},
      {"forest", {"woods", "rough"}},
      {"trees", {"woods", "rough"}},
      {"hills", {"hill", "high ground"}},
      {"slope", {"hill", "high ground"}},
      {"cavalry", {"horse", "knights"}},
      {"mounted", {"horse", "knights"}},
      {"archer", {"fire", "bows"}},
      {"archers", {"fire", "bows"}},
      {"bowmen", {"fire", "bows"}},
      {"swamp", {"marsh"}},
      {"bog", {"marsh"}},
      {"zoc", {"zone of control"}},
  };
  return table;
}

} // namespace

std::vector<std::string> rules_search_terms(const std::string &query) {
  std::string q = lowered(query);
  while (!q.empty() && q.back() == ' ')
    q.pop_back();
  while (!q.empty() && q.front() == ' ')
    q.erase(q.begin());
  if (q.empty()) return {};
  std::vector<std::string> terms{q};
  for (const Synonym &s : synonyms())
    if (s.word == q)
      for (std::string_view w : s.rules_words)
        terms.emplace_back(w);
  return terms;
}

bool rules_section_matches(const RulesSection &section, const std::vector<std::string> &terms) {
  if (terms.empty()) return true;
  std::string all = lowered(section.number + " " + section.title + " " + section.body);
  for (const std::string &t : terms)
    if (all.find(t) != std::string::npos) return true;
  return false;
}

} // namespace sns::app
