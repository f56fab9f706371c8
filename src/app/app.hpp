// The desktop app's state: the game, what the player has selected, panels' settings, file paths.
#pragma once
#include "settings.hpp"
#include "tutorial.hpp"
#include "view.hpp"

#include <set>

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct ImFont;
struct ImDrawList;

namespace sns::app {

struct BattleInfo {
  std::string path;
  std::string name;
  std::string date;
  std::string summary;
  int columns = 0, rows = 0, units = 0;
  bool offers_advanced = false;
};

struct Fonts {
  ImFont *ui = nullptr;
  ImFont *bold = nullptr;
};

struct App {
  std::string root;     // folder holding assets/ and battles/
  std::string data_dir; // where the autosave lives
  std::optional<Game> game;
  std::string save_path; // where Ctrl+S writes
  std::vector<Action> redo;
  std::unique_ptr<Interaction> view;
  Selection sel;
  Camera camera;
  bool camera_fitted = false;
  bool show_zoc = false, show_range = false, show_labels = false;
  bool show_rules = false;
  std::string rules_open = "3.0";
  char rules_search[64] = "";
  std::vector<RulesSection> rules;
  std::string message; // status line: the last refusal or hint, with its rule
  bool start_screen = true;
  std::vector<BattleInfo> battles;
  int chosen_battle = 0;
  bool advanced_wing_integrity = false;
  char path_buffer[512] = "";
  int hover_log = -1;            // log entry under the mouse (its units are lit)
  std::vector<Command> draft[8]; // command builder: commands per wing slot
  int draft_wing[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
  int die_face = 0, die_frames = 0;                 // die animation
  int last_attack_row = -1, last_attack_column = 0; // where the last attack fell on the CRT
  std::string last_attack_text;
  Fonts fonts;
  float ui_scale = 1.0f;
  // Remembered between runs (settings.hpp, app_settings.hpp): loaded at launch, saved at quit.
  Settings settings;
  bool zoom_restored = false; // the remembered zoom is applied once, at the first fit

  // Learning: lessons, explain mode, and practice lines (take-backs and branches).
  std::vector<Lesson> lessons;
  std::optional<LessonRun> lesson;
  size_t lesson_index = 0;
  std::set<std::string> completed; // lesson ids, remembered in the data folder
  bool lessons_screen = false;
  bool explain = false;
  bool practice_choice = true; // start screen: new games are practice games
  struct Line {
    std::string name;
    std::optional<Game> stored; // the line's game while another line is shown
    bool fresh_dice = false;    // this line rolls new dice instead of the main line's
  };
  std::vector<Line> lines;
  int line = 0;
  uint64_t ui_rng = 0x2545F4914F6CDD1Dull; // fresh dice for practice (not the game's dice)

  bool practice() const { return game && game->setup().options.practice; }
  int fresh_die();
  void start_lesson(size_t index);
  void lesson_next();
  void load_progress();
  void save_progress();
  void branch(size_t log_entry, bool fresh_dice);
  void switch_line(int index);

  void start(std::shared_ptr<const Battle> battle, Options options, uint64_t seed);
  bool open(const std::string &path); // a battle or a game record
  void play(const Action &a);
  void undo();
  void redo_one();
  void save(const std::string &path);
  void autosave();
  void refresh();
  std::string autosave_path() const;
  void scan_battles();
  void load_rules();
  void load_rules_and_lessons();
};

// Drawing (map_view.cpp, counter_art.cpp) and panels (panels.cpp).
struct MapRect {
  float x, y, w, h;
};
void draw_terrain(App &app, const Camera &cam, ImDrawList *dl, const MapRect &r);
void draw_overlay(App &app, ImDrawList *dl, const MapRect &r, HexId hover,
                  const std::vector<uint16_t> &marks);
void draw_counter(App &app, ImDrawList *dl, float cx, float cy, float size, int unit, bool dim);
void draw_panels(App &app, const MapRect &map, HexId hover);
void draw_start_screen(App &app);
void draw_lessons_screen(App &app);
void begin_centred_window(const char *title, float width, float height); // fixed, centred; End() it
void learning_panel(App &app); // lesson step and explain mode, at the top of the Orders panel
void lines_panel(App &app);    // practice lines, in the Battle panel
void log_context_menu(App &app, size_t entry);
unsigned wing_colour(const std::string &hex);

} // namespace sns::app
