// D3 Medieval's own fields of the state JSON (docs/cli.md "state"): the ruleset, the last turn,
// the activations of the movement phase and each unit's facing, hits and marks.
#include "d3.hpp"

namespace sns::d3 {

using nlohmann::json;

namespace {
// D3 Medieval's units (DESIGN.md "D3 Medieval, the second ruleset"): facing, hits, disorder.
json d3_units_json(const Setup &setup, const GameState &s) {
  const Battle &b = *setup.battle;
  json units = json::array();
  for (size_t u = 0; u < b.units.size(); ++u) {
    const UnitDef &d = b.units[u];
    const UnitState &us = s.units[u];
    const D3Unit &du = s.d3().units[u];
    units.push_back({{"id", d.id},
                     {"name", d.name},
                     {"side", b.sides[d.side].id},
                     {"wing", b.wings[d.wing].id},
                     {"type", std::string(name(d.type))},
                     {"hex", us.hex == kOffMap ? json(nullptr) : json(b.label(us.hex))},
                     {"facing", du.facing},
                     {"hits", du.hits},
                     {"hits_this_turn", du.hits_this_turn},
                     {"disordered", du.disordered},
                     {"activated", du.activated},
                     {"moved", du.moved},
                     {"charged", du.charged},
                     {"acted", us.acted},
                     {"in_contact", d3_in_contact(setup, s, static_cast<int>(u))}});
  }
  return units;
}
} // namespace

void state_json(const Setup &setup, const GameState &s, bool, json &j) {
  const Battle &b = *setup.battle;
  const D3State &own = s.d3();
  j["ruleset"] = std::string(name(b.ruleset));
  j["last_turn"] = b.last_turn;
  j["activations"] = own.activations;
  j["activation_needed"] = d3_activation_needed(s);
  j["moving"] = own.moving >= 0 ? json(b.units[own.moving].id) : json(nullptr);
  j["units"] = d3_units_json(setup, s);
}

} // namespace sns::d3
