// Command Phase (4.0 - 4.4, R5 - R7): wings per turn, commands per wing, Bonus pairing, physical
// markers.
#include "ssii.hpp"

#include <algorithm>
#include <bit>
#include <functional>

namespace sns {

namespace {

// Can the side's physical markers show all these commands at once, each marker used once (2.3, R5)?
bool markers_cover(const std::vector<Marker> &markers, const std::vector<Command> &needed) {
  std::vector<int> used(markers.size(), -1); // marker -> index into needed
  std::function<bool(size_t, std::vector<bool> &)> assign = [&](size_t i,
                                                                std::vector<bool> &taken) {
    if (i == needed.size()) return true;
    for (size_t m = 0; m < markers.size(); ++m) {
      if (taken[m]) continue;
      const Marker &mk = markers[m];
      bool shows = mk.faces[0] == needed[i] || (mk.count == 2 && mk.faces[1] == needed[i]);
      if (!shows) continue;
      taken[m] = true;
      if (assign(i + 1, taken)) return true;
      taken[m] = false;
    }
    return false;
  };
  std::vector<bool> taken(markers.size(), false);
  return assign(0, taken);
}

Check validate_wing_order(const View &c, const WingOrder &o) {
  const SideDef &side = c.b.sides[c.s.active];
  const std::string &wing = c.b.wings[o.wing].id;
  if (c.b.wings[o.wing].side != c.s.active)
    return refuse(RefusalKind::NotYours, "4.1",
                  "wing " + wing + " belongs to " + c.b.sides[c.b.wings[o.wing].side].name);
  if (auto r = special_command_restriction(c, o.wing)) return r;
  if (o.commands.empty())
    return refuse(RefusalKind::CommandLimit, "4.0",
                  "wing " + wing + " is listed without any command");
  if (static_cast<int>(o.commands.size()) > side.commands_per_wing)
    return refuse(RefusalKind::CommandLimit, "4.0",
                  "a wing may receive at most " + std::to_string(side.commands_per_wing) +
                      " commands");
  for (size_t i = 0; i < o.commands.size(); ++i)
    for (size_t j = i + 1; j < o.commands.size(); ++j)
      if (o.commands[i] == o.commands[j])
        return refuse(RefusalKind::CommandLimit, "4.4",
                      "wing " + wing + " cannot be given " + std::string(name(o.commands[i])) +
                          " twice");
  bool bonus = std::find(o.commands.begin(), o.commands.end(), Command::Bonus) != o.commands.end();
  if (bonus && o.commands.size() != 2)
    return refuse(RefusalKind::CommandLimit, "4.3",
                  "Bonus must be paired with exactly one other command of the same wing");
  return std::nullopt;
}

} // namespace

Check validate_command(const View &c, const Action &a) {
  if (c.s.phase != Phase::Command)
    return refuse(RefusalKind::WrongPhase, "4.0", "commands are given only in the Command Phase");
  const SideDef &side = c.b.sides[c.s.active];
  if (static_cast<int>(a.orders.size()) > side.wings_per_turn)
    return refuse(RefusalKind::CommandLimit, "4.0",
                  side.name + " may command at most " + std::to_string(side.wings_per_turn) +
                      (side.wings_per_turn == 1 ? " wing" : " wings") + " per turn");
  std::vector<Command> needed;
  for (size_t i = 0; i < a.orders.size(); ++i) {
    for (size_t j = 0; j < i; ++j)
      if (a.orders[j].wing == a.orders[i].wing)
        return refuse(RefusalKind::CommandLimit, "4.1",
                      c.b.wings[a.orders[i].wing].name +
                          " is listed twice; give it all its commands at once");
    if (auto r = validate_wing_order(c, a.orders[i])) return r;
    needed.insert(needed.end(), a.orders[i].commands.begin(), a.orders[i].commands.end());
  }
  if (!markers_cover(side.markers, needed))
    return refuse(RefusalKind::CommandLimit, "2.3",
                  side.name +
                      "'s Command Markers cannot show all of these at once: each marker is played "
                      "once, with one face up");
  return std::nullopt;
}

namespace {
void enumerate_commands(const View &c, std::vector<Action> &out) {
  const SideDef &side = c.b.sides[c.s.active];
  std::vector<Command> available;
  for (int k = 0; k < kCommandCount; ++k) {
    auto cmd = static_cast<Command>(k);
    for (const Marker &m : side.markers)
      if (m.faces[0] == cmd || (m.count == 2 && m.faces[1] == cmd)) {
        available.push_back(cmd);
        break;
      }
  }
  // Every command set a single wing might take, in a stable order (commands in phase order).
  std::vector<std::vector<Command>> sets;
  size_t n = available.size();
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    if (std::popcount(mask) > side.commands_per_wing) continue;
    std::vector<Command> set;
    for (size_t i = 0; i < n; ++i)
      if (mask & (1u << i)) set.push_back(available[i]);
    sets.push_back(set);
  }
  std::sort(sets.begin(), sets.end(), [](const auto &x, const auto &y) {
    return x.size() != y.size() ? x.size() < y.size() : x < y;
  });
  std::vector<int> wings;
  for (size_t w = 0; w < c.b.wings.size(); ++w)
    if (c.b.wings[w].side == c.s.active) wings.push_back(static_cast<int>(w));

  Action empty{.type = ActionType::Command};
  out.push_back(empty);
  // Choose up to wings_per_turn wings (in battle order), then a command set for each.
  SmallVec<WingOrder, kMaxWingOrders> current;
  std::function<void(size_t)> pick_wing = [&](size_t from) {
    for (size_t i = from; i < wings.size(); ++i) {
      for (const auto &set : sets) {
        current.push_back(WingOrder{static_cast<int16_t>(wings[i]), {set.begin(), set.end()}});
        Action a{.type = ActionType::Command, .orders = current};
        if (!validate_command(c, a)) {
          out.push_back(a);
          if (static_cast<int>(current.size()) < side.wings_per_turn &&
              current.size() < kMaxWingOrders)
            pick_wing(i + 1);
        }
        current.pop_back();
      }
    }
  };
  pick_wing(0);
}
} // namespace

const std::vector<Action> &command_choices(const View &c) {
  auto key = std::make_pair(static_cast<int>(c.s.active), c.s.special_flags);
  auto it = c.setup.command_cache.find(key);
  if (it == c.setup.command_cache.end()) {
    std::vector<Action> all;
    enumerate_commands(c, all);
    it = c.setup.command_cache.emplace(key, std::move(all)).first;
  }
  return it->second;
}

void apply_command(Ctx &c, const Action &a) {
  for (const WingOrder &o : a.orders) {
    CommandSet set = 0;
    for (Command cmd : o.commands)
      set |= bit(cmd);
    c.w.ssii().orders[o.wing] = set;
  }
  c.say(EventKind::Command, "4.0", [&] {
    if (a.orders.empty()) return c.b.sides[c.s.active].name + " gives no commands this turn";
    std::string text = c.b.sides[c.s.active].name + " commands";
    for (const WingOrder &o : a.orders) {
      text += " " + c.b.wings[o.wing].name + ":";
      for (Command cmd : o.commands)
        text += " " + std::string(title(cmd));
      text += ";";
    }
    text.pop_back();
    return text;
  });
  special_on_command(c, a);
}

} // namespace sns
