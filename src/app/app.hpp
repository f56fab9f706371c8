// The desktop app's window state: camera, panels, overlays, start screen; the game is the
// session's.
#pragma once
#include "session.hpp"
#include "settings.hpp"
#include "sns/battle_about.hpp"
#include "sns/ruleset.hpp"

#include <array>
#include <set>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct ImFont;
struct ImDrawList;

namespace sns::app {

struct EditorUi; // the battle editor's screen (editor_view.cpp)

// The shipped battles made for learning: Explain mode starts on in them, and the first is the
// start screen's default and heads its list.
inline constexpr std::string_view kTeachingBattles[] = {"first-clash", "d3-first-charge"};
bool is_teaching_battle(std::string_view battle_id);

struct BattleInfo {
  std::string id;
  std::string path;
  std::string name;
  std::string date;
  std::string summary;
  int columns = 0, rows = 0, units = 0;
  bool offers_advanced = false;
  std::array<std::string, 2> sides;            // the sides' names, for choosing who plays them
  const Ruleset *ruleset = &default_ruleset(); // the ruleset it is played under
  bool own = false;   // the player's, from the data folder (the editor saves there)
  bool draft = false; // an editor's draft: to be finished in the editor, not played
  int last_turn = 0;  // its length (0: no limit), counted in the ruleset's turns
  std::shared_ptr<const Battle> battle; // as loaded, for its thumbnail; none for a draft
  BattleAbout about;                    // the gallery's words and figures (battle_about.hpp)
};

// What the player chose that leaves the screen shown, and with it any network game in progress.
enum class WayOut {
  Back,        // the network screen's Back: the start screen
  Leave,       // the Battle panel's Leave game: the network screen, with its Resume list
  StartScreen, // Game > Start screen, Ctrl+O
  Open,        // Game > Open...
  Quit,        // Game > Quit, Ctrl+Q, the window closed
};

struct Fonts {
  ImFont *ui = nullptr;
  ImFont *bold = nullptr;
};

struct MapRect {
  float x, y, w, h;
};

// Window and panel state only: the game, its files and lessons belong to the session.
struct App {
  std::string root; // folder holding assets/ and battles/
  std::unique_ptr<Session> session;
  Camera camera;
  bool camera_fitted = false;
  float tooltip_size[2] = {0, 0}; // the hex tooltip's size when last drawn (tooltip_place)
  bool show_zoc = false, show_range = false, show_labels = false;
  bool show_rules = false;
  bool show_keys = false; // the keys card (Help > Keys, keys_card.cpp)
  // Escape was pressed over an open menu or popup: closed at the next frame's start (frame.cpp's
  // escape_topmost), inside the frame where ImGui's popups may be touched.
  bool close_popups = false;
  bool result_hidden = false;     // the result screen closed to look at the map (result_screen.cpp)
  std::string result_report;      // its Battle report's words, under that button ("" none written)
  std::string result_report_file; // the report written from it, for Open report ("" none)
  float result_height = 0; // its height down to its buttons: the report's line grows it below
  float replay_wanted = 0; // the replay controls' height for all their rows (replay_panel.cpp)
  // Frames the hint shown (H) has stood in the Orders panel, 0 with none: its first frames scroll
  // the panel to bring it into sight, later ones leave the scroll to the player (orders_panel.cpp).
  int hint_frames = 0;
  std::string rules_open = "3.0";
  char rules_search[64] = "";
  // Each ruleset's rules text (its rules_file in assets/), by RulesetId; without a game the
  // default ruleset's.
  std::array<std::vector<RulesSection>, kRulesetCount> rules;
  bool start_screen = true;
  bool lessons_screen = false;
  // Play over the network (start/network_screen.cpp, play/network_panel.cpp): the form that hosts
  // or joins a game, and the message being typed to the opponent.
  bool network_screen = false;
  struct NetworkForm {
    char name[41] = "player";
    char port[8] = "4747";
    char address[128] = "localhost:4747";
    int side = 0; // host: the side played, of the battle chosen on the start screen
    char message[501] = "";
    // A stopped game's Resume, pressed in the Battle panel: resumed at the next frame's start,
    // since resuming ends the game the rest of that frame's panels draw.
    std::string resume_record;
  } network;
  // A way out of a live network game, asked about (leave_question) until Leave or Stay.
  std::optional<WayOut> leaving;
  bool quit = false; // the player quit, having said Leave if asked: the run ends after this frame
  std::vector<BattleInfo> battles;
  int chosen_battle = 0;
  bool show_chosen = true; // the start screen scrolls its gallery to the chosen battle once
  // The gallery's keyboard focus on its Lessons row (that lesson's index), or -1: on the chosen
  // battle's card. The arrows move it between the rows, Enter starts what it is on.
  int gallery_lesson = -1;
  bool advanced_wing_integrity = false;
  bool practice_choice = true; // start screen: new games are practice games
  int seat_choice[2] = {0, 0}; // start screen seats: an index into seats() (0 human, panels.cpp)
  char path_buffer[512] = "";
  bool save_as_open = false;   // the Save as dialog
  bool save_as_exists = false; // ... whose file exists: Replace is offered
  char save_as_buffer[512] = "";
  int hover_log = -1;          // log entry under the mouse (its units are lit)
  std::vector<int> dice_shown; // the die box: the last roll's faces (two for D13's 2D6)
  int die_frames = 0;          // die animation
  size_t die_rolled_by = 0;    // the game's action count once that roll was played
  double now = 0;              // the frame clock (seconds), read once a frame before its input
  Fonts fonts;
  float ui_scale = 1.0f;
  // Remembered between runs (settings.hpp, app_settings.hpp): loaded at launch, saved at quit.
  Settings settings;
  bool zoom_restored = false; // the player chose a zoom: fits stop applying the remembered one
  bool explain = false;
  // The heights the lesson's and Explain mode's boxes needed last frame (learning.cpp): they are
  // sized to them (learning_boxes).
  float lesson_box_needs = 0, explain_box_needs = 0;
  bool panels_hidden = false; // Tab: the map alone
  MapRect fitted{}; // the map area the camera was fitted to (refit when it moves or resizes)
  double fitted_hex_size = 0; // the hex size that fit gave (a map left so is saved as fitted)
  // The banner shown when the Player Turn or the phase changes, and what it was last shown for.
  struct Banner {
    std::string text;
    double since = -1; // ImGui time it appeared
    int turn = 0, active = -1;
    Phase phase = Phase::GameOver;
    const void *game = nullptr;
  } banner;
  // The Open dialog: a folder listing of folders and .json files.
  struct Browser {
    bool open = false;
    std::string folder;
    std::string error;
  } browser;
  std::optional<uint64_t> fixed_seed; // --seed: new games use it (scripts); otherwise the clock
  std::shared_ptr<EditorUi> editor;   // the battle editor, once opened (editor_view.hpp)
  // This frame's fixed panels, whose backgrounds the renderer fills before ImGui draws
  // (panels.cpp).
  std::vector<MapRect> panel_backgrounds;

  uint64_t next_seed() const;
  // Shorthands for the panels, which only read the game and call the session. While the battle
  // editor is shown they read its preview instead (a const view of a game the editor owns), so
  // the map draws the battle being edited and the player's session is left as it was (app.cpp).
  const Game &game() const;
  const Interaction &view() const;
  Selection &sel();
  bool has_game() const;
  bool editor_shown() const; // the battle editor is the screen shown

  // Flows that also change what the window shows.
  bool explains(const Battle &battle) const;
  void set_explain(bool on);
  void new_game(std::shared_ptr<const Battle> battle, Options options, uint64_t seed);
  bool open(const std::string &path, uint64_t seed_for_battle);
  bool continue_autosave(); // the autosave's game, shown with Explain as for any game opened
  void start_lesson(size_t index);
  void save();       // Ctrl+S: the player's file, or Save as when it has none
  void game_shown(); // a game was opened or started: fit the map, leave the start screen
  // The start screen's Back to the game (and Escape there): the game behind it, as it was left.
  void back_to_game();
  void scan_battles();
  void choose_battle(const std::string &path); // chosen and shown in the start screen's list
  std::string own_battles_folder() const;      // where the editor saves the player's battles
  void load_rules();
};

// Drawing (map_view.cpp, counter_art.cpp) and panels (panels.cpp).
// One JSON line on standard error ({"error": text}, {"warning": text}), written by the JSON
// library.
void report_line(const char *kind, const std::string &text);
// One JSON line; bytes that are not UTF-8 (a file name from the command line) are written as
// U+FFFD instead of throwing, so reporting an error never ends the program (issue 31).
std::string json_line(const nlohmann::json &j);
inline void report_error(const std::string &text) { report_line("error", text); }
MapRect map_rect(const App &app); // the map's place in the window, between the panels
// Home, arrows and +/-: fit, pan and zoom the map (game and editor alike); false for other keys.
bool camera_key(App &app, int key);
// Renders one draw list into the current render target (a cached layer or face), w x h pixels.
void render_draw_list(ImDrawList &list, float w, float h);
void draw_terrain(App &app, const Camera &cam, ImDrawList *dl, const MapRect &r);
// The mapsheet of any battle (draw_terrain draws the game's): the map, the battle editor and the
// start screen's thumbnails (thumbnails.cpp) share it.
void draw_mapsheet(const Battle &b, const Camera &cam, ImDrawList *dl, const MapRect &r,
                   bool hex_numbers);
// `tags`: units whose ids are shown by their counters (units_to_tag, view.hpp).
void draw_overlay(App &app, ImDrawList *dl, const MapRect &r, HexId hover,
                  const std::vector<uint16_t> &marks, const std::vector<int> &tags = {});
// A unit's counter: its cached face (counter_cache.cpp) copied at this point of the draw list, so
// whatever is drawn into `dl` after the call shows over it (an overlay that changes every frame;
// markers that change with the game belong in CounterLook and paint_markers, counter_art.hpp).
void draw_counter(App &app, ImDrawList *dl, float cx, float cy, float size, int unit, bool dim);
void draw_panels(App &app, const MapRect &map, HexId hover);
void draw_start_screen(App &app);
void draw_lessons_screen(App &app);
void draw_network_screen(App &app); // host or join (start/network_screen.cpp)
void network_panel(App &app);       // in a network game (play/network_panel.cpp)
// Its messages and link news due before log entry `entry` (at_end: at the log's end).
void network_news_at(const std::vector<RemoteGame::News> &news, const Game &game, size_t entry,
                     bool at_end);
void network_resume_list(App &app); // the games kept in network/, to resume (network_resume.cpp)
// A stopped network game continued from its kept record (the Resume list's way); false, said,
// when the record is not among the kept games.
bool resume_network_game(App &app, const std::string &record);
void reread_network_games(); // the Resume list is read again at its next frame
// The ways out of a network game (start/network_leave.cpp): take_way_out does the way at once, or
// when the network game is live (network_game_live: not stopped, not finished) asks first through
// leave_question, drawn over every screen, whose Leave closes the game (kept to resume) and does
// it.
bool network_game_live(const App &app);
void take_way_out(App &app, WayOut way);
void leave_question(App &app);
void begin_centred_window(const char *title, float width, float height); // fixed, centred; End() it
void learning_panel(App &app); // lesson step and explain mode, at the top of the Orders panel
void keys_card(App &app);      // Help > Keys: every key the app answers (keys_card.cpp)
// At a game's end: winner, score, losses, turns; Replay, Battle report, New game.
void result_screen(App &app, const MapRect &map);
bool result_shown(const App &app); // the result screen is over the map (Escape closes it)
void save_as_dialog(App &app);
void open_dialog(App &app);                     // the folder browser (file_browser.cpp)
void open_browser(App &app);                    // opens it at the saves folder or the last one used
void turn_banner(App &app, const MapRect &map); // the Player Turn and phase, over the map
// A rules tag as the log and panels draw it ("§7.5", "§R1", "§camp"): never mistaken for a unit.
void rule_link(App &app, const std::string &rule, bool same_line = true);
void lines_panel(App &app); // practice lines, in the Battle panel
void log_context_menu(App &app, size_t entry);
unsigned wing_colour(const std::string &hex);

// The buttons at the foot of the Orders panel, which never scroll away: the decision's main
// action (give the commands, roll the die) and End phase.
struct Footer {
  std::string label;
  std::optional<Action> action;
  std::string disabled_why; // the main action is shown but refused, and why
  bool end_phase = false;
  // A smaller button under the main one, never the Enter default (Give no commands, 4.0).
  std::string secondary_label;
  std::optional<Action> secondary;
};

// D3 Medieval on screen (play/d3/panels.cpp): markers drawn over a counter's face, the moving
// unit's lines and end facings, the phase track, the Orders panel with its previews, the unit card.
void draw_d3_fronts(App &app, ImDrawList *dl); // under the counters
void draw_d3_markers(App &app, ImDrawList *dl, float cx, float cy, float size, int unit);
void draw_d3_moves(App &app, ImDrawList *dl, const std::vector<uint16_t> &marks, HexId hover);
void d3_phase_track(App &app);
void d3_side_summary(App &app, int side);
void d3_decision_panel(App &app, Footer &footer);
void d3_unit_card(App &app, int unit);
// Shields & Swords II on screen: the unit card (map_overlays.cpp), a side's VP, wings and
// Initiative Marker and the sequence of play (status_panel.cpp), the Orders panel
// (orders_panel.cpp).
void ssii_unit_card(App &app, int unit);
void ssii_side_summary(App &app, int side);
void ssii_phase_track(App &app);
void ssii_decision_panel(App &app, Footer &footer);

// The app's part of each ruleset (issue 30): the panels and map marks that read a ruleset's own
// part of the state, one row per ruleset in RulesetId order beside the engine's table
// (src/app/play/ruleset_views.cpp). The panels call the battle's row, never ask which ruleset.
struct RulesetViews {
  RulesetId id;
  void (*unit_card)(App &app, int unit);      // the unit's words beside its large counter
  void (*side_summary)(App &app, int side);   // the side's standing in the Battle panel
  void (*phase_track)(App &app);              // the turn's phases, the current one lit
  void (*decision)(App &app, Footer &footer); // what the side to act may do, and its controls
  // Marks over a counter's face (facing, hits, disorder), or null.
  void (*counter_marks)(App &app, ImDrawList *dl, float cx, float cy, float size, int unit);
  void (*under_counters)(App &app, ImDrawList *dl); // or null
  void (*over_counters)(App &app, ImDrawList *dl, const std::vector<uint16_t> &marks,
                        HexId hover); // or null
};
const RulesetViews &views_of(const Battle &b);

} // namespace sns::app
