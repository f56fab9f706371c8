// Losses and Victory (2.2 step losses, 13.0 - 13.2, R2, R26): VP for eliminations, the Victory
// Check, game end.
#include "ssii/ssii.hpp"

namespace sns {

namespace {

int vp_value(const View &c, int scorer, int u) {
  const UnitDef &d = c.b.units[u];
  int vp = c.b.sides[scorer].vp_for_eliminating[static_cast<int>(d.type)];
  if (d.back && d.back->crown) vp += 2; // 13.1: a Crown on the reverse is worth 2 more
  return vp;
}

} // namespace

void eliminate(Ctx &c, int u, const char *rule, const std::string &why) {
  UnitState &us = c.unit(u);
  if (us.steps == 0) return;
  us = UnitState{};
  int scorer = c.other(c.def(u).side);
  int vp = vp_value(c, scorer, u);
  c.w.vp[scorer] += vp;
  c.say(EventKind::Eliminated, rule,
        [&] {
          std::string said = c.name(u) + " is eliminated (" + why + ")";
          // D3 Medieval scores no VP (D4): "Red scores 0 VP" there read as a rule it lacks.
          if (!c.b.rules().has(Feature::VictoryPoints)) return said;
          return said + "; " + c.b.sides[scorer].name + " scores " + std::to_string(vp) + " VP";
        },
        {u});
}

void lose_step(Ctx &c, int u, const char *rule, const std::string &why) {
  UnitState &us = c.unit(u);
  if (us.steps <= 1) return eliminate(c, u, rule, why);
  us.steps = 1;
  // 8.0: only units without a Fire Factor are in Shield Wall; a reverse with one leaves it.
  if (us.shield_wall && !shield_wall_eligible(c, u)) us.shield_wall = false;
  c.say(EventKind::StepLoss, rule,
        [&] {
          const UnitFace &f = c.face(u);
          return c.name(u) + " loses a step (" + why + ") and is flipped: now CC " + cc_name(f.cc) +
                 (f.crown ? ", with a Crown" : "");
        },
        {u});
}

void end_game(Ctx &c, int winner, EndReason why, const std::string &reason) {
  c.w.winner = static_cast<int8_t>(winner);
  c.w.phase = Phase::GameOver;
  if (auto drop = c.b.rules().game_over) drop(c.w);
  c.w.result_reason = reason;
  c.w.end_reason = why;
  // The battle's victory levels are decided once, here, from the finished position's public facts.
  c.w.victory_level = static_cast<int8_t>(decide_victory_level(c.b, c.w));
  c.say(EventKind::GameOver, "13.0", [&] { return reason; });
}

void victory_check(Ctx &c) {
  // R2: at the end of a player's action phases, the opponent checks the opponent's own total.
  int checker = c.other(c.s.active);
  const SideDef &side = c.b.sides[checker];
  if (side.victory_vp && c.s.vp[checker] >= *side.victory_vp) {
    end_game(c, checker, EndReason::VictoryTotal,
             side.name + " wins with " + std::to_string(c.s.vp[checker]) + " VP (needed " +
                 std::to_string(*side.victory_vp) + ")");
    return;
  }
  c.say(EventKind::VictoryCheck, "13.0", [&] {
    return side.name + " checks for victory: " + std::to_string(c.s.vp[checker]) + " VP" +
           (side.victory_vp ? " of " + std::to_string(*side.victory_vp)
                            : std::string(" (no VP victory)"));
  });
  if (c.b.last_turn == 0 || c.s.turn < c.b.last_turn) return;
  // R26: the battle's last Player Turn is over.
  switch (c.b.at_end) {
  case AtEnd::Side0:
  case AtEnd::Side1: {
    int s = c.b.at_end == AtEnd::Side0 ? 0 : 1;
    end_game(c, s, EndReason::LastTurn, "the last turn is played: " + c.b.sides[s].name + " wins");
    break;
  }
  case AtEnd::MostVP:
    if (c.s.vp[0] == c.s.vp[1])
      end_game(c, kDraw, EndReason::LastTurn, "the last turn is played with VP level: a draw");
    else {
      int s = c.s.vp[0] > c.s.vp[1] ? 0 : 1;
      end_game(c, s, EndReason::LastTurn,
               "the last turn is played: " + c.b.sides[s].name + " wins on VP");
    }
    break;
  case AtEnd::Draw:
    end_game(c, kDraw, EndReason::LastTurn, "the last turn is played: a draw");
    break;
  }
}

} // namespace sns
