// Lesson scripts: each asked action turned into the clicks and presses a player would make.
#include "lesson_script.hpp"
#include "words.hpp"

#include "view.hpp"

#include <sstream>

namespace sns::app {

namespace {

std::string quoted(const std::string &text) { return "\"" + text + "\""; }

std::string hex_of(const Battle &b, const GameState &s, int unit) {
  return b.label(s.units[unit].hex);
}

// D3 Medieval (D6, D7): the activated unit is already chosen; click where it stops, then the hex
// it faces (a facing button when that hex is off the map). A charge has one facing: one click.
void d3_move_steps(const Setup &setup, const GameState &s, const Action &a,
                   std::vector<std::string> &out) {
  const Battle &b = *setup.battle;
  int facings = 0;
  for (const Action &m : legal_actions_for_unit(setup, s, a.unit))
    facings += m.type == ActionType::Move && m.to == a.to;
  out.push_back("click " + b.label(a.to));
  if (facings <= 1) return;
  HexId faced = b.adjacent[a.to][a.facing];
  if (faced != kOffMap)
    out.push_back("click " + b.label(faced));
  else
    out.push_back("press " +
                  quoted("Face " + facing_words(a.facing) + " (" + std::to_string(a.facing) + ")"));
}

} // namespace

std::vector<std::string> steps_for_action(const Setup &setup, const GameState &s, const Action &a) {
  const Battle &b = *setup.battle;
  std::vector<std::string> out;
  auto click_unit = [&](int u) { out.push_back("click " + hex_of(b, s, u)); };
  switch (a.type) {
  case ActionType::Command:
    for (const WingOrder &o : a.orders) {
      out.push_back("press " + quoted(b.wings[o.wing].name));
      for (Command c : o.commands)
        out.push_back("press " + quoted(command_label(c)));
    }
    out.push_back(a.orders.empty() ? "press \"Give no commands\""
                                   : "press \"Give these commands (Enter)\"");
    break;
  case ActionType::Move:
    if (b.rules().has(Feature::Facings)) { // a destination, then an end facing (D6)
      d3_move_steps(setup, s, a, out);
      break;
    }
    if (s.units[a.unit].hex == kOffMap)
      out.push_back("press " + quoted(b.units[a.unit].id + " " + b.units[a.unit].name));
    else
      click_unit(a.unit);
    out.push_back("click " + b.label(a.to));
    break;
  case ActionType::Fire:
    click_unit(a.unit);
    click_unit(a.target);
    out.push_back("press \"Fire: roll the die (Enter)\"");
    break;
  case ActionType::Attack: {
    click_unit(a.target);
    for (int u : a.attackers)
      click_unit(u);
    Action unnamed = a;
    unnamed.primary = -1;
    AttackPreview p;
    auto r = preview_attack(setup, s, unnamed, p);
    // A tie for Primary is answered in the panel, as attack_preview offers it.
    if (r && r->kind == RefusalKind::PrimaryTie)
      out.push_back("press " + quoted(unit_words(b, a.primary)));
    out.push_back("press \"Attack: roll the die (Enter)\"");
    break;
  }
  case ActionType::LoseStep:
  case ActionType::Advance:
    click_unit(a.unit);
    break;
  case ActionType::Retreat:
    out.push_back("click " + b.label(a.to));
    break;
  case ActionType::EndPhase:
    out.push_back("key e");
    break;
  case ActionType::Activate: // D5: choose the unit, then roll (play/d3/panels.cpp's footer)
    click_unit(a.unit);
    out.push_back("press \"Activate: roll the D6 (Enter)\"");
    break;
  case ActionType::Shoot: // D9, D11: the unit, its target, then the roll
  case ActionType::Melee:
    click_unit(a.unit);
    click_unit(a.target);
    out.push_back(a.type == ActionType::Shoot ? "press \"Shoot: roll the die (Enter)\""
                                              : "press \"Melee: roll the die (Enter)\"");
    break;
  case ActionType::Special: {
    const Special &sp = b.special[a.special];
    out.push_back("press " + quoted((a.verb == SpecialVerb::Leave ? "Send away: " : "Call back: ") +
                                    b.wings[sp.wing].name));
    break;
  }
  default: // choices answered with a button named by the action, in the panel's words
    out.push_back("press " + quoted(button_words(b, a)));
    break;
  }
  return out;
}

std::string game_script(const Game &game) {
  Game replay(game.setup().battle, game.setup().options, game.seed(), game.setup().forced_dice);
  std::ostringstream out;
  for (const Action &a : game.actions()) {
    out << "# " << describe(replay.battle(), a) << "\n";
    for (const std::string &step : steps_for_action(replay.setup(), replay.state(), a))
      out << step << "\n";
    if (auto r = replay.play(a)) throw std::runtime_error(r->rule + ": " + r->reason);
  }
  return out.str();
}

std::string lesson_script(const Lesson &lesson, size_t index, const std::string &root) {
  std::ostringstream out;
  out << "# Lesson " << index + 1 << ", " << lesson.title
      << ": every step played through the app's controls.\n"
      << "# Made by `shields-swords --print-lesson-script " << lesson.id
      << "`; remake it when the lesson changes.\n"
      << "# args:\n"
      << "press \"Learn to play\"\n"
      << "press \"Start lesson " << index + 1 << "\"\n";
  LessonRun run(lesson, root);
  while (!run.finished()) {
    out << "expect \"Step " << run.step_index() + 1 << " of " << lesson.steps.size() << "\"\n";
    auto asked = run.next_expected();
    if (!asked) {
      out << "press \"Next\"\n";
      run.next();
      continue;
    }
    for (const std::string &step : steps_for_action(run.game().setup(), run.game().state(), *asked))
      out << step << "\n";
    Attempt at = run.attempt(*asked);
    if (!at.applied) throw std::runtime_error(lesson.id + ": " + at.message);
  }
  out << "expect \"Lesson complete.\"\n";
  // The lesson's closing words, under "Lesson complete." (learning.cpp), are read whole.
  if (const std::string &closing = lesson.steps.back().after; !closing.empty())
    out << "whole \"" << closing << "\"\n";
  return out.str();
}

} // namespace sns::app
