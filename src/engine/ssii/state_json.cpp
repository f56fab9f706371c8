// S&S II's own fields of the state JSON (docs/cli.md "state"): the Initiative, VP, orders, the
// units' faces and markers, the attack being resolved, the special rules' standing.
#include "ssii.hpp"

namespace sns::ssii {

using nlohmann::json;

namespace {
json face_json(const UnitFace &f) {
  json j = {
      {"cc", cc_name(f.cc)}, {"fire", f.fire ? json(f.fire) : json(nullptr)}, {"crown", f.crown}};
  return j;
}

json hex_list(const Battle &b, const std::vector<HexId> &hexes) {
  json out = json::array();
  for (HexId h : hexes)
    out.push_back(b.label(h));
  return out;
}

// Where each special rule stands: what a player would read off the table (waves that may attack,
// a precondition met, a VP forfeit paid, a wing away).
json special_status_json(const Setup &setup, const GameState &s) {
  const Battle &b = *setup.battle;
  std::vector<SpecialRuleStatus> status = special_status(setup, s);
  json out = json::array();
  for (size_t i = 0; i < b.special.size(); ++i) {
    const Special &sp = b.special[i];
    const SpecialRuleStatus &st = status[i];
    json j = {{"id", sp.id}, {"kind", std::string(name(sp.kind))}, {"side", b.sides[sp.side].id}};
    switch (sp.kind) {
    case SpecialKind::InstantWinOnEntry:
      j["hexes"] = hex_list(b, sp.hexes);
      break;
    case SpecialKind::AttackWaves: {
      json open = json::array();
      for (int w = 0; w < st.open_waves; ++w)
        for (int wing : sp.waves[w])
          open.push_back(b.wings[wing].id);
      j["open_waves"] = st.open_waves;
      j["wings_may_attack"] = open;
      break;
    }
    case SpecialKind::AttackPrecondition:
      j["met"] = st.triggered;
      break;
    case SpecialKind::VpForfeitOnCommand:
      j["wing"] = b.wings[sp.wing].id;
      j["paid"] = st.triggered;
      break;
    case SpecialKind::OffMapWing:
      j["wing"] = b.wings[sp.wing].id;
      j["away"] = st.triggered;
      j["has_left"] = st.used;
      j["may_leave"] = !st.used;
      j["may_return"] = st.triggered && !st.this_turn;
      break;
    case SpecialKind::Immobile: {
      json units = json::array();
      for (int u : sp.units)
        units.push_back(b.units[u].id);
      j["units"] = units;
      break;
    }
    case SpecialKind::AttackDrm:
      break;
    }
    out.push_back(j);
  }
  return out;
}

} // namespace

void state_json(const Setup &setup, const GameState &s, bool spoilers, json &j) {
  const Battle &b = *setup.battle;
  const SsiiState &own = s.ssii();
  j["initiative"] = b.sides[own.initiative].id;
  j["vp"] = {{b.sides[0].id, s.vp[0]}, {b.sides[1].id, s.vp[1]}};
  json orders = json::array();
  for (size_t w = 0; w < b.wings.size(); ++w) {
    if (!own.orders[w]) continue;
    json cmds = json::array();
    for (int k = 0; k < kCommandCount; ++k)
      if (has(own.orders[w], static_cast<Command>(k)))
        cmds.push_back(std::string(name(static_cast<Command>(k))));
    orders.push_back({{"wing", b.wings[w].id}, {"commands", cmds}});
  }
  j["orders"] = orders;
  json units = json::array();
  for (size_t u = 0; u < b.units.size(); ++u) {
    const UnitDef &d = b.units[u];
    const UnitState &us = s.units[u];
    const UnitFace &f = visible_face(b, s, static_cast<int>(u));
    json ju = {{"id", d.id},
               {"name", d.name},
               {"side", b.sides[d.side].id},
               {"wing", b.wings[d.wing].id},
               {"type", std::string(name(d.type))},
               {"hex", us.hex == kOffMap ? json(nullptr) : json(b.label(us.hex))},
               {"steps", us.steps},
               {"reduced", d.back && us.steps == 1},
               {"cc", cc_name(f.cc)},
               {"fire", f.fire ? json(f.fire) : json(nullptr)},
               {"crown", f.crown},
               {"suppressed", us.suppressed},
               {"shield_wall", us.shield_wall}};
    if (us.away) ju["away"] = true;
    // R22: the reverse of a fresh unit appears only with spoilers.
    if (spoilers && d.back)
      ju["reverse"] = face_json(*d.back);
    else if (spoilers && !d.back)
      ju["reverse"] = nullptr;
    units.push_back(ju);
  }
  j["units"] = units;
  if (own.attack.stage != AttackStage::None) {
    json att = json::array();
    for (int i = 0; i < own.attack.attacker_count; ++i)
      att.push_back(b.units[own.attack.attackers[i]].id);
    j["attack"] = {
        {"stage", std::string(name(own.attack.stage))},
        {"target", b.units[own.attack.target].id},
        {"attackers", att},
        {"primary", b.units[own.attack.primary].id},
        {"result", std::string(name(own.attack.result)) + (own.attack.asterisk ? "*" : "")},
        {"charge", own.attack.charge}};
    // 7.8: the hex an advance would enter (the one the defender left), once it is known.
    if (own.attack.vacated != kOffMap) j["attack"]["advance_hex"] = b.label(own.attack.vacated);
  }
  j["special"] = special_status_json(setup, s);
}

} // namespace sns::ssii
