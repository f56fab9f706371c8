// What the editor screen's files share (editor_view.cpp, editor_map_input.cpp,
// editor_panels.cpp): the screen's state and the helpers its panels and tools use.
#pragma once
#include "app.hpp"
#include "editor_model.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <imgui.h>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sns::app {

using editor::EditorModel;

enum class Tool {
  Terrain,
  Fill,
  Elevation,
  Hexside,
  Road,
  Units,
  Place,
  Area,
  Paste,
  Entry,
  PickHexes,
  PickUnits,
  PickWing, // a special rule's wing, or a wing of one of its waves: click a unit of it
};

struct EditorUi {
  std::unique_ptr<EditorModel> model;
  // The battle being edited as a game the editor owns, which the map reads through App::game() (a
  // const view) while the editor is shown: the player's session, its game and autosave are never
  // touched, and the preview writes no file.
  std::optional<Game> preview;
  std::unique_ptr<Interaction> preview_view;
  Selection preview_sel;
  std::shared_ptr<const Battle> shown; // the battle the preview shows
  bool active = false, playing = false;
  uint64_t seed = 0; // for Play from here (--seed); 0: the app's next seed
  std::string path;
  std::string owned; // the file this editing opened or saved: the only existing file Save replaces
  std::string message;

  Tool tool = Tool::Terrain;
  std::string terrain = "woods", feature = "river", type = "V", wing;
  int brush = 0, elevation = 1, side = 0;
  bool road = true;      // the Road tool draws (or erases) roads
  std::string unit;      // the selected unit's id
  std::string pending;   // first hex of a hexside or corner of an area
  std::string last_hex;  // during a drag
  std::string drag_unit; // a unit being dragged
  bool stroking = false;
  bool dragged_side = false;
  std::optional<editor::Area> area;
  editor::MapClip clip;
  std::string panel = "Battle";
  int pick_special = -1, pick_wave = -1; // pick_wave -1: the rule's "wing" field
  std::string pick_field;
  std::string focus_hex; // a problem's hex, lit
  int open_index = -1;   // a side or special rule to open in its panel
  int open_level = -1;   // a victory level to open in the Rules panel (one just added)
  int columns = 14, rows = 10;
  std::string new_terrain, new_wing[2], new_kind = "instant_win_on_entry";
  bool new_impassable = false, new_blocks_los = false;
  int new_kind_side = 0;
  std::map<ImGuiID, std::array<char, 512>> text_buffers;
  std::map<ImGuiID, int> int_buffers;
};

// The screen's own helpers, in a namespace of their own so their short names stay in the editor.
namespace edit {

// Sessions (editor_view.cpp): entering and leaving the editor, the preview of the edited battle.
void enter(App &app);
void leave(App &app);
void refresh_preview(App &app); // the preview shows the battle as the loader last accepted it
void say(EditorUi &ed, const std::string &why);

// Fields that apply their value when Enter is pressed or the field is left (editor_view.cpp).
void text_field(EditorUi &ed, const char *label, const std::string &value,
                const std::function<std::string(const std::string &)> &apply);
void int_field(EditorUi &ed, const char *label, int value,
               const std::function<std::string(int)> &apply);
// A choice from a list; returns the chosen item when it changed.
std::optional<std::string> choose(const char *label, const std::string &current,
                                  const std::vector<std::string> &items);
template <typename List> bool contains(const List &list, const std::string &v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}
std::string id_label(const std::string &visible, const std::string &key);

// Actions (editor_view.cpp).
std::string default_path(const App &app);
void save(App &app, bool draft);
void play_from_here(App &app);
void centre_on(App &app, const std::string &label);
void go_to(App &app, const editor::Problem &p);
bool adjacent(const std::string &a, const std::string &b);
void set_tool(EditorUi &ed, Tool t);

// The map and the tools (editor_map_input.cpp), the panels and problems (editor_panels.cpp).
void place_window(float x, float y, float w, float h);
inline constexpr ImGuiWindowFlags kPanel =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse;
void map_area(App &app, const MapRect &r);
void tools_window(App &app, const MapRect &r);
void panels_window(App &app, const MapRect &r);
void problems_window(App &app, const MapRect &r);

} // namespace edit
} // namespace sns::app
