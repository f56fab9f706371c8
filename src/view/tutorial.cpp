// Lessons: loading the data files, judging the player's action through the engine, checking
// outcomes.
#include "tutorial.hpp"
#include "words.hpp"

#include "sns/error.hpp"
#include "sns/json_io.hpp"

#include <algorithm>
#include <filesystem>

namespace sns::app {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string &file, const std::string &path, const std::string &what) {
  throw LoadError(file, path, what);
}

std::string str(const json &j, const char *key, const std::string &file, const std::string &path,
                bool required = true) {
  if (!j.contains(key)) {
    if (required) fail(file, path + "/" + key, "required field is missing");
    return "";
  }
  if (!j[key].is_string()) fail(file, path + "/" + key, "expected a string");
  return j[key].get<std::string>();
}

std::vector<std::string> strings(const json &j, const char *key, const std::string &file,
                                 const std::string &path) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) fail(file, path + "/" + key, "expected an array of strings");
  for (size_t i = 0; i < j[key].size(); ++i) {
    if (!j[key][i].is_string())
      fail(file, path + "/" + key + "/" + std::to_string(i), "expected a string");
    out.push_back(j[key][i].get<std::string>());
  }
  return out;
}

// The lesson's battle: the file, with only the placed units kept (and moved) and rules replaced.
json lesson_battle(const Lesson &l, const std::string &root) {
  json b = read_json_file((fs::path(root) / l.battle).string(), kMaxInputBytes);
  if (l.place.is_object()) {
    json kept = json::array();
    for (auto &u : b["units"]) {
      std::string id = u["id"].get<std::string>();
      if (!l.place.contains(id)) continue;
      const json &at = l.place[id];
      if (at.is_object()) { // D3 Medieval: {"hex": "0506", "facing": 0} (D2)
        for (const char *key : {"hex", "facing"})
          if (at.contains(key)) u[key] = at[key];
      } else {
        u["hex"] = at;
      }
      kept.push_back(u);
    }
    b["units"] = kept;
    b.erase("reinforcements");
  }
  if (l.rules.is_object())
    for (auto it = l.rules.begin(); it != l.rules.end(); ++it)
      b["rules"][it.key()] = it.value();
  return b;
}

} // namespace

Lesson load_lesson(const std::string &file) {
  json doc = read_json_file(file, kMaxInputBytes);
  if (!doc.is_object()) fail(file, "", "expected a lesson object");
  if (str(doc, "format", file, "") != "shields-swords-lesson/1")
    fail(file, "/format", "expected \"shields-swords-lesson/1\"");
  Lesson l;
  l.id = str(doc, "id", file, "");
  l.title = str(doc, "title", file, "");
  l.summary = str(doc, "summary", file, "", false);
  l.battle = str(doc, "battle", file, "");
  if (doc.contains("place")) {
    if (!doc["place"].is_object()) fail(file, "/place", "expected an object of unit id to hex");
    l.place = doc["place"];
  }
  if (doc.contains("rules")) {
    if (!doc["rules"].is_object()) fail(file, "/rules", "expected an object");
    l.rules = doc["rules"];
  }
  if (doc.contains("dice")) {
    if (!doc["dice"].is_array())
      fail(file, "/dice", "expected an array of die results (d8, or d6 in D3 Medieval)");
    for (size_t i = 0; i < doc["dice"].size(); ++i) {
      const json &d = doc["dice"][i];
      if (!d.is_number_integer() || d.get<long long>() < 1 || d.get<long long>() > 8)
        fail(file, "/dice/" + std::to_string(i), "expected 1..8");
      l.dice.push_back(d.get<int>());
    }
  }
  if (doc.contains("prelude")) {
    if (!doc["prelude"].is_array()) fail(file, "/prelude", "expected an array of actions");
    l.prelude.assign(doc["prelude"].begin(), doc["prelude"].end());
  }
  if (!doc.contains("steps") || !doc["steps"].is_array() || doc["steps"].empty())
    fail(file, "/steps", "expected a list of steps");
  for (size_t i = 0; i < doc["steps"].size(); ++i) {
    std::string path = "/steps/" + std::to_string(i);
    const json &s = doc["steps"][i];
    if (!s.is_object()) fail(file, path, "expected a step object");
    LessonStep st;
    st.text = str(s, "text", file, path);
    st.rule = str(s, "rule", file, path);
    st.units = strings(s, "units", file, path);
    st.hexes = strings(s, "hexes", file, path);
    st.panel = str(s, "panel", file, path, false);
    st.after = str(s, "after", file, path, false);
    if (s.contains("expect")) {
      if (!s["expect"].is_array()) fail(file, path + "/expect", "expected an array of actions");
      st.expect.assign(s["expect"].begin(), s["expect"].end());
    }
    if (s.contains("check")) st.check = s["check"];
    l.steps.push_back(st);
  }
  return l;
}

std::vector<Lesson> load_lessons(const std::string &root) {
  std::vector<std::string> files;
  fs::path dir = fs::path(root) / "assets" / "tutorial";
  if (fs::is_directory(dir))
    for (auto &e : fs::directory_iterator(dir))
      if (e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::vector<Lesson> out;
  for (const auto &f : files)
    out.push_back(load_lesson(f));
  return out;
}

bool same_action(const Action &e, const Action &a) {
  if (e.type != a.type) return false;
  if (e.type == ActionType::Attack) {
    std::vector<int> x(e.attackers.begin(), e.attackers.end()),
        y(a.attackers.begin(), a.attackers.end());
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    return e.target == a.target && x == y && (e.primary < 0 || e.primary == a.primary);
  }
  if (e.type == ActionType::Command) {
    if (e.orders.size() != a.orders.size()) return false;
    for (size_t i = 0; i < e.orders.size(); ++i) {
      std::vector<Command> x(e.orders[i].commands.begin(), e.orders[i].commands.end());
      std::vector<Command> y(a.orders[i].commands.begin(), a.orders[i].commands.end());
      std::sort(x.begin(), x.end());
      std::sort(y.begin(), y.end());
      if (e.orders[i].wing != a.orders[i].wing || x != y) return false;
    }
    return true;
  }
  return e == a;
}

LessonRun::LessonRun(const Lesson &lesson, const std::string &root) : lesson_(lesson) {
  auto battle = load_battle(lesson_battle(lesson, root), lesson.id);
  game_.emplace(battle, Options{}, 1, lesson.dice);
  for (size_t i = 0; i < lesson.prelude.size(); ++i) {
    Action a = action_from_json(game_->battle(), lesson.prelude[i], lesson.id + " prelude");
    if (auto r = game_->play(a))
      throw LoadError(lesson.id, "/prelude/" + std::to_string(i), r->rule + ": " + r->reason);
  }
}

std::optional<Action> LessonRun::next_expected() const {
  const LessonStep *s = step();
  if (!s || done_ >= s->expect.size()) return std::nullopt;
  return action_from_json(game_->battle(), s->expect[done_], lesson_.id);
}

Attempt LessonRun::attempt(const Action &a) {
  Attempt out;
  auto expected = next_expected();
  if (auto r = check(game_->setup(), game_->state(), a)) {
    out.message = r->rule + ": " + r->reason;
    if (expected) out.message += "  Try: " + advice_words(game_->battle(), *expected) + ".";
    return out;
  }
  if (!expected) {
    out.message = "Read the step, then press Next.";
    return out;
  }
  if (!same_action(*expected, a)) {
    out.message = "That is legal, but this lesson asks you to " +
                  advice_words(game_->battle(), *expected) + ".";
    return out;
  }
  game_->play(a);
  ++done_;
  out.applied = true;
  finish_step_if_done();
  return out;
}

bool LessonRun::next() {
  const LessonStep *s = step();
  if (!s || !s->expect.empty()) return false;
  finish_step_if_done();
  return true;
}

void LessonRun::finish_step_if_done() {
  const LessonStep *s = step();
  if (s && done_ >= s->expect.size()) {
    ++step_;
    done_ = 0;
  }
}

void LessonRun::advance_to(size_t n) {
  while (!finished() && step_ < n) {
    if (auto e = next_expected()) {
      Attempt at = attempt(*e);
      if (!at.applied) throw LoadError(lesson_.id, "/steps/" + std::to_string(step_), at.message);
    } else {
      next();
    }
  }
}

std::string LessonRun::check_failure() const {
  // Checks belong to the step just finished, so look one back.
  if (step_ == 0) return "";
  const json &c = lesson_.steps[step_ - 1].check;
  if (!c.is_object()) return "";
  const Battle &b = game_->battle();
  const GameState &s = game_->state();
  if (c.contains("phase") && c["phase"] != std::string(name(s.phase)))
    return "phase is " + std::string(name(s.phase)) + ", expected " + c["phase"].dump();
  if (c.contains("active") && c["active"] != b.sides[s.active].id)
    return "active side is " + b.sides[s.active].id;
  if (c.contains("initiative")) { // S&S II's Initiative Marker (11.0); D3 lessons do not ask
    const std::string &holder = b.sides[s.ssii().initiative].id;
    if (c["initiative"] != holder) return "initiative is with " + holder;
  }
  if (c.contains("vp"))
    for (auto it = c["vp"].begin(); it != c["vp"].end(); ++it) {
      int side = b.side_index(it.key());
      if (side < 0 || s.vp[side] != it.value().get<int>())
        return "VP of " + it.key() + " is " + (side < 0 ? "?" : std::to_string(s.vp[side])) +
               ", expected " + it.value().dump();
    }
  if (c.contains("units"))
    for (auto it = c["units"].begin(); it != c["units"].end(); ++it) {
      int u = b.unit_index(it.key());
      if (u < 0) return "no unit " + it.key();
      const UnitState &us = s.units[u];
      const json &want = it.value();
      std::string hex = us.hex == kOffMap ? "" : b.label(us.hex);
      if (want.contains("hex") && (want["hex"].is_null() ? us.hex != kOffMap : want["hex"] != hex))
        return it.key() + " is at " + (hex.empty() ? "no hex" : hex) + ", expected " +
               want["hex"].dump();
      if (want.contains("steps") && want["steps"] != us.steps)
        return it.key() + " has " + counted(us.steps, "step", "steps");
      if (want.contains("suppressed") && want["suppressed"] != us.suppressed)
        return it.key() + " suppression differs";
      if (want.contains("shield_wall") && want["shield_wall"] != us.shield_wall)
        return it.key() + " Shield Wall differs";
      if (!b.rules().has(Feature::Facings)) continue;
      const D3Unit &d = s.d3().units[static_cast<size_t>(u)]; // facing and hits (D2, D13)
      if (want.contains("facing") && want["facing"] != d.facing)
        return it.key() + " faces " + std::to_string(d.facing) + ", expected " +
               want["facing"].dump();
      if (want.contains("hits") && want["hits"] != d.hits)
        return it.key() + " has " + counted(d.hits, "hit", "hits") + ", expected " +
               want["hits"].dump();
      if (want.contains("disordered") && want["disordered"] != d.disordered)
        return it.key() + " disorder differs";
    }
  return "";
}

} // namespace sns::app
