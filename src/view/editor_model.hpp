// The battle editor's model, free of SDL and ImGui: the battle being edited as data, every tool
// (terrain, elevation, hexsides, sides, wings, markers, units, rules, special rules, copy, paste,
// mirror), undo and redo, and continuous validation by the engine's own loader (load_battle).
#pragma once
#include "editor_doc.hpp"
#include "sns/battle.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sns::editor {

// One thing the loader refuses, with where to go to fix it.
struct Problem {
  std::string path;    // JSON path in the saved file, e.g. "/units/3/hex"
  std::string message; // the loader's expectation
  std::string hex;     // a hex to show ("" when none)
  int unit = -1;       // a unit to select (-1 when none)
  std::string panel;   // "map", "sides", "units", "rules" or "battle"
  int index = -1;      // the side or special rule within the panel, -1 when none
};

// A rectangle of the map in columns and rows (both corners included).
struct Area {
  std::string from, to; // hex labels of two opposite corners
};

// Map content lifted by copy: cells and hexsides relative to the area's first corner (axial).
struct MapClip {
  struct Cell {
    Hex at;
    HexCell cell;
  };
  struct Side {
    Hex a, b;
    std::string feature;
  };
  std::vector<Cell> cells;
  std::vector<Side> sides;
  bool empty() const { return cells.empty(); }
};

class EditorModel {
public:
  explicit EditorModel(BattleDoc doc);
  // A map of the given size with two sides of one wing each, the common markers and rules: a
  // battle the loader accepts, to which units are then added. A D3 Medieval one has two sides
  // without wings or markers (D5) and 15 game turns (D4).
  static BattleDoc new_battle(int columns, int rows, const std::string &ruleset = "");

  const BattleDoc &doc() const { return doc_; }
  std::string text() const { return canonical_text(doc_); }

  // --- Validation --------------------------------------------------------------------------
  const std::vector<Problem> &problems() const { return problems_; }
  bool valid() const { return problems_.empty(); }
  // What a valid battle does that its maker likely did not mean (a unit eliminated before the
  // first decision, e.g. out of Wing Integrity, 4.2); shown beside the problems, Save allowed.
  const std::vector<Problem> &warnings() const { return warnings_; }
  // The battle as loaded, for the map and Play from here: the whole battle when it is valid, else
  // what the loader accepts once the faulty parts are left out (null when nothing loads).
  std::shared_ptr<const Battle> preview() const { return preview_; }
  std::shared_ptr<const Battle> battle() const { return valid() ? preview_ : nullptr; }
  // Writes the canonical text atomically. Refuses an invalid battle unless as_draft (the file is
  // then marked as a draft). Returns "" or why nothing was written.
  std::string save(const std::string &path, bool as_draft = false);
  // Whether the battle differs from the one last opened or saved (an undo back to it is not a
  // change).
  bool dirty() const { return !(doc_ == saved_); }

  // --- Undo ----------------------------------------------------------------------------------
  bool can_undo() const { return !undo_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  bool undo();
  bool redo();
  // A stroke (a drag of the brush) is one undo step however many hexes it paints.
  void begin_stroke();
  void end_stroke();
  const std::string &last_edit() const { return last_edit_; }

  // Every tool returns "" when done, or why it refused (and changes nothing).
  // --- Battle --------------------------------------------------------------------------------
  std::string set_identity(const std::string &field, const std::string &value); // id name date..
  std::string resize(int columns, int rows);
  // Plays the battle under the other ruleset: unit types, VP tables, trenches and stakes are
  // translated (kRulesetMoves), roads dropped for S&S II, facings given for D3; what the new
  // ruleset lacks (reinforcements, Command Markers for a D3 battle) stays listed as a problem.
  std::string set_ruleset(const std::string &ruleset);
  const Vocabulary &words() const { return vocabulary(doc_.ruleset_def()); }

  // --- Map -----------------------------------------------------------------------------------
  std::string paint(const std::string &hex, const std::string &terrain, int radius = 0);
  std::string fill(const std::string &hex, const std::string &terrain); // same-terrain region
  std::string set_elevation(const std::string &hex, int elevation, int radius = 0);
  // feature "" removes whatever the hexside has.
  std::string set_hexside(const std::string &a, const std::string &b, const std::string &feature);
  // D3 Medieval roads (D1, D6): on or off in the hex or brush.
  std::string set_road(const std::string &hex, bool road, int radius = 0);
  std::string add_terrain(const std::string &name, bool impassable, bool blocks_los);
  std::string set_terrain_flags(const std::string &name, std::optional<bool> impassable,
                                std::optional<bool> blocks_los);
  MapClip copy(const Area &area) const;
  std::string paste(const MapClip &clip, const std::string &at);
  // Flips the area left to right about its middle column, with the units on it (a D3 unit's
  // facing flips too). Exact when it spans an odd number of columns; otherwise rows shift half a
  // hex and hexsides that no longer meet are left out.
  std::string mirror(const Area &area);
  std::vector<std::string> area_hexes(const Area &area) const;

  // --- Sides and wings -----------------------------------------------------------------------
  std::string set_side_id(int side, const std::string &id); // references follow
  std::string set_side_name(int side, const std::string &name);
  std::string set_limits(int side, int wings_per_turn, int commands_per_wing);
  std::string add_marker(int side, std::vector<std::string> faces);
  std::string set_marker(int side, int marker, std::vector<std::string> faces);
  std::string remove_marker(int side, int marker);
  std::string set_vp(int side, const std::string &type, std::optional<int> vp);
  std::string set_victory_vp(int side, std::optional<int> vp);
  std::string set_start_vp(int side, std::optional<int> vp);
  std::string add_wing(int side, const std::string &id, const std::string &name);
  std::string set_wing_id(const std::string &wing, const std::string &id); // references follow
  std::string set_wing_name(const std::string &wing, const std::string &name);
  std::string set_wing_color(const std::string &wing, const std::string &color);
  std::string remove_wing(const std::string &wing); // refused while units belong to it

  // --- Units ---------------------------------------------------------------------------------
  // A unit of the type's usual faces (editable) in the wing, placed on the hex; its id is made
  // up from the side's initial unless given. Sets *new_id. In a D3 Medieval battle a side without
  // wings is named by its id (its one implicit wing), and the unit faces as the side's last one.
  std::string add_unit(const std::string &wing, const std::string &type, const std::string &hex,
                       std::string *new_id = nullptr, const std::string &id = "");
  std::string remove_unit(const std::string &unit);
  std::string move_unit(const std::string &unit, const std::string &hex); // a placed unit
  std::string set_unit_id(const std::string &unit, const std::string &id);
  std::string set_unit_name(const std::string &unit, const std::string &name);
  std::string set_unit_type(const std::string &unit, const std::string &type);
  std::string set_unit_wing(const std::string &unit, const std::string &wing);
  std::string set_face(const std::string &unit, bool back, const FaceDoc &face);
  std::string set_one_step(const std::string &unit, bool one_step);
  std::string set_facing(const std::string &unit, int facing); // D3 Medieval, D2: 0..5
  // Takes the unit off the map: it enters on `turn` through `entry`.
  std::string set_reinforcement(const std::string &unit, int turn,
                                const std::vector<std::string> &entry);
  std::string toggle_entry_hex(const std::string &unit, const std::string &hex);

  // --- Rules and special rules ---------------------------------------------------------------
  // first_player, initiative (side ids), at_end (side id, most_vp, draw or "" for none),
  // wing_integrity ("" for none).
  std::string set_rule(const std::string &key, const std::string &value);
  std::string set_last_turn(std::optional<int> turns);
  std::string add_special(const std::string &kind, int side, int *index = nullptr);
  std::string remove_special(int index);
  // Victory levels (docs/battle-format.md): a new level, name, text, its conditions ("when") as
  // JSON text, removal; the loader's check of the document judges what they say. A new level
  // goes before the last (the level reached when no other is), or is that level when none exist.
  std::string add_level(int *index = nullptr);
  std::string set_level_name(int index, const std::string &name);
  std::string set_level_text(int index, const std::string &text);
  std::string set_level_when(int index, const std::string &json_text);
  std::string remove_level(int index);
  std::string set_special_side(int index, int side);
  std::string set_special_text(int index, const std::string &text);
  std::string set_special_id(int index, const std::string &id);
  std::string toggle_special_hex(int index, const std::string &field, const std::string &hex);
  std::string toggle_special_unit(int index, const std::string &unit);
  std::string toggle_special_type(int index, const std::string &field, const std::string &type);
  std::string toggle_wave_wing(int index, int wave, const std::string &wing); // wave == size: new
  std::string set_special_wing(int index, const std::string &wing);
  std::string set_special_number(int index, const std::string &field, int value);
  std::string set_special_flag(int index, const std::string &field, bool value);
  std::string set_special_terrain(int index, const std::string &terrain); // "" for any

  bool on_map(const std::string &hex) const;
  std::vector<std::string> terrain_names() const; // built-in first, then the battle's own
  // The wings a unit of the side may name: the side's, or for a side without wings its id.
  std::vector<std::string> unit_wings(int side) const;

private:
  BattleDoc doc_;
  BattleDoc saved_; // as last opened or saved
  std::vector<BattleDoc> undo_, redo_;
  bool in_stroke_ = false, stroke_saved_ = false;
  std::string last_edit_;
  std::vector<Problem> problems_, warnings_;
  std::shared_ptr<const Battle> preview_;

  // Applies one edit: the state before is kept for undo, then the battle is checked again.
  std::string edit(const std::string &what, const std::function<std::string(BattleDoc &)> &change);
  void revalidate();
  UnitDoc *unit(const std::string &id);
  SpecialDoc *special(int index);
  // Why the battle's ruleset refuses the feature, or "" when it has it.
  std::string lacks(Feature f) const {
    const char *why = doc_.ruleset_def().why_not(f);
    return why ? why : "";
  }
  // Whether the side's units form one wing named after the side (D5: a side may list none).
  bool implicit_wing(int side) const {
    return !doc_.ruleset_def().has(Feature::WingsRequired) && side >= 0 &&
           doc_.sides[side].wings.empty();
  }
};

// Runs the engine's loader over a document: every problem it finds, one after another (each fault
// is left out of a trial copy and the loader run again), and what loads once they are left out.
std::vector<Problem> check_battle(const BattleDoc &doc, std::shared_ptr<const Battle> *loaded);

} // namespace sns::editor
