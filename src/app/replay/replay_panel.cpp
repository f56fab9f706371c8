// The app's replay controls (buttons, slider, turn list, bookmarks, notes), the Record menu (Send
// turn, mailed turns, replays) and --report's map pictures (issue 11).
#include "replay/replay_panel.hpp"

#include "paths.hpp"
#include "script_runner.hpp"
#include "sns/report.hpp"
#include "widgets/ui.hpp"

#include <filesystem>
#include <initializer_list>

namespace sns::app {

namespace fs = std::filesystem;

namespace {

// The record dialogs: a file to open as a replay or a mailed turn, a note to add in play.
struct RecordDialogs {
  bool open_file = false;
  OpenAs open_how = OpenAs::Replay;
  bool focus = false; // the text box takes the keyboard when a dialog opens
  char path[512] = "";
  bool note_open = false;
  char note[512] = "";
  bool bookmark = false;
};
RecordDialogs dialogs;

// In the report's words (sns/report.hpp): the ruleset's turn and the phase's title; the phase's
// identifier had read "game_over phase" at the end.
std::string moment_text(const Game &g, size_t at, size_t size) {
  return "Action " + std::to_string(at) + " of " + std::to_string(size) + ": " +
         moment_words(g.battle(), g.state(), true);
}

// Whether `labels`, as buttons side by side, fit on the current row after the last item.
bool group_fits_on_row(std::initializer_list<const char *> labels) {
  const ImGuiStyle &style = ImGui::GetStyle();
  float width = 0;
  for (const char *label : labels)
    width += style.ItemSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x +
             2 * style.FramePadding.x;
  float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  return ImGui::GetItemRectMax().x + width <= right;
}

// A button on the row of the item before when it fits, else at the start of the next row: the
// controls beside the turn list are narrow at 1280x720, where "Turn >" and "Play from here" were
// cut off.
bool button_on_row(const char *label) {
  if (group_fits_on_row({label})) ImGui::SameLine();
  return ui::Button(label);
}

// Back and forward, each a group kept whole: wrapped button by button, "Turn >" and ">|" had
// stood alone under the rest at 1280x720 (trial).
void step_buttons(App &app) {
  Session &ss = *app.session;
  const Replay &r = *ss.replays().replay();
  if (ui::Button("|<")) ss.replays().replay_go(0);
  if (button_on_row("< Turn")) ss.replays().replay_step(ReplayStep::Turn, -1);
  if (button_on_row("< Phase")) ss.replays().replay_step(ReplayStep::Phase, -1);
  if (button_on_row("< Action")) ss.replays().replay_step(ReplayStep::Action, -1);
  if (group_fits_on_row({"Action >", "Phase >", "Turn >", ">|"})) ImGui::SameLine();
  if (ui::Button("Action >")) ss.replays().replay_step(ReplayStep::Action, +1);
  if (button_on_row("Phase >")) ss.replays().replay_step(ReplayStep::Phase, +1);
  if (button_on_row("Turn >")) ss.replays().replay_step(ReplayStep::Turn, +1);
  if (button_on_row(">|")) ss.replays().replay_go(r.size());
  int at = static_cast<int>(r.at());
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.3f);
  if (ImGui::SliderInt("##moment", &at, 0, static_cast<int>(r.size()), "%d"))
    ss.replays().replay_go(static_cast<size_t>(at));
  ImGui::SameLine(); // wrapped: beside the bookmarks at 1280x720 the phase was cut off
  ui::TextWrapped("%s", moment_text(ss.game(), r.at(), r.size()).c_str());
}

void note_entry(App &app) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.4f);
  ImGui::InputTextWithHint("##note", "a note on this moment", dialogs.note, sizeof dialogs.note);
  if (button_on_row("Add note") && dialogs.note[0]) {
    if (app.session->replays().add_note(dialogs.note, false)) dialogs.note[0] = 0;
  }
  if (button_on_row("Bookmark")) {
    std::string text = dialogs.note[0] ? dialogs.note : "Bookmark";
    if (app.session->replays().add_note(text, true)) dialogs.note[0] = 0;
  }
}

// The notes on the moment shown, each with a way to remove it.
void notes_here(App &app) {
  const Game &g = app.session->replays().replay()->record();
  for (size_t i = 0; i < g.notes().size(); ++i) {
    const Note &n = g.notes()[i];
    if (n.at != app.session->replays().replay()->at()) continue;
    ImGui::PushID(static_cast<int>(i));
    // The button first: after a wrapped note it was past the panel's edge at 1024x600 (trial).
    if (ui::SmallButton("Remove")) app.session->replays().remove_note(i);
    ImGui::SameLine();
    ui::TextWrapped("%s %s", n.bookmark ? "[bookmark]" : "[note]", n.text.c_str());
    ImGui::PopID();
  }
}

// The turn list and the bookmarks: a click jumps there.
void turn_list(App &app) {
  Session &ss = *app.session;
  const Replay &r = *ss.replays().replay();
  const Battle &b = r.record().battle();
  size_t current = r.turn_of(r.at());
  bool any = false;
  for (size_t i = 0; i < r.record().notes().size(); ++i) {
    const Note &n = r.record().notes()[i];
    if (!n.bookmark) continue;
    if (!any) ui::TextDisabled("Bookmarks"), any = true;
    std::string label = "* " + n.text + "##bookmark" + std::to_string(i);
    if (ui::Selectable(label.c_str(), n.at == r.at())) ss.replays().replay_go(n.at);
  }
  if (any) ImGui::Separator();
  for (size_t t = 0; t < r.turns().size(); ++t) {
    const TurnStart &ts = r.turns()[t];
    std::string label = "Turn " + std::to_string(ts.turn) + ": " + b.sides[ts.side].name;
    // In a narrow list (1024x600) the side's name was cut: the number and the name alone.
    if (ImGui::CalcTextSize(label.c_str()).x > ImGui::GetContentRegionAvail().x)
      label = std::to_string(ts.turn) + ": " + b.sides[ts.side].name;
    if (ui::Selectable(label.c_str(), t == current)) ss.replays().replay_go(ts.at);
    // The list follows the moment shown: its turn scrolls into view when it changes.
    static size_t followed = SIZE_MAX;
    if (t == current && current != followed) {
      if (!ImGui::IsItemVisible()) ImGui::SetScrollHereY(0.3f);
      followed = current;
    }
  }
}

void replay_window(App &app, const MapRect &map) {
  float s = app.ui_scale, h = replay_controls_height(app);
  ImGui::SetNextWindowPos(ImVec2(map.x, map.y - h));
  ImGui::SetNextWindowSize(ImVec2(map.w, h));
  ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                           ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  ui::Begin("Replay", nullptr, fixed);
  float list_w = std::min(260 * s, map.w * 0.35f);
  ImGui::BeginChild("controls", ImVec2(map.w - list_w - 24 * s, 0));
  step_buttons(app);
  note_entry(app);
  // Play from here ends the replay: nothing of it is drawn after that.
  bool playing = button_on_row("Play from here") && app.session->replays().play_from_here();
  if (!playing) {
    if (button_on_row("Save notes")) app.save();
    notes_here(app);
  }
  // What the controls took, for the next frame's height: in a narrow window the buttons wrap to
  // more rows, and a fixed height had put Save notes below the panel's edge (at 1024x600).
  app.replay_wanted =
      ImGui::GetCursorPosY() + ImGui::GetFrameHeight() + 3 * ImGui::GetStyle().WindowPadding.y;
  ImGui::EndChild();
  if (!playing) {
    ImGui::SameLine();
    ImGui::BeginChild("turns", ImVec2(0, 0), true);
    turn_list(app);
    ImGui::EndChild();
  }
  ImGui::End();
}

void open_file_dialog(App &app) {
  if (!dialogs.open_file) return;
  begin_centred_window(dialogs.open_how == OpenAs::Mailed ? "Open a mailed turn" : "Open a replay",
                       560, 150);
  ui::TextWrapped(dialogs.open_how == OpenAs::Mailed
                      ? "The record your opponent sent: it is checked move by move and die by "
                        "die, then shown since your last turn."
                      : "A saved game, shown from its set-up.");
  if (dialogs.focus) ImGui::SetKeyboardFocusHere(), dialogs.focus = false;
  ImGui::SetNextItemWidth(-1);
  bool entered = ImGui::InputText("##record path", dialogs.path, sizeof dialogs.path,
                                  ImGuiInputTextFlags_EnterReturnsTrue);
  if (ui::Button("Open") || entered) {
    if (open_record_as(app, dialogs.path, dialogs.open_how, 0)) dialogs.open_file = false;
  }
  ImGui::SameLine();
  if (ui::Button("Cancel")) dialogs.open_file = false;
  ImGui::End();
}

void note_dialog(App &app) {
  if (!dialogs.note_open || app.session->mode() != Mode::Play) return;
  begin_centred_window("Note on this moment", 520, 130);
  if (dialogs.focus) ImGui::SetKeyboardFocusHere(), dialogs.focus = false;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##play note", dialogs.note, sizeof dialogs.note);
  ui::Checkbox("Bookmark", &dialogs.bookmark);
  if (ui::Button("Keep note") && app.session->replays().add_note(dialogs.note, dialogs.bookmark))
    dialogs.note[0] = 0, dialogs.note_open = false;
  ImGui::SameLine();
  if (ui::Button("Cancel")) dialogs.note_open = false;
  ImGui::End();
}

void ask_for_file(OpenAs how) {
  dialogs.open_file = true;
  dialogs.open_how = how;
  dialogs.focus = true;
}

} // namespace

float replay_controls_height(const App &app) {
  bool shown = app.session && app.session->mode() == Mode::Replay && !app.start_screen;
  if (!shown) return 0;
  // Room for every row of the controls, but never more than 40% of the window: the map stays.
  const float most = ImGui::GetMainViewport()->WorkSize.y * 0.4f;
  return std::max(176 * app.ui_scale, std::min(app.replay_wanted, most));
}

bool open_record_as(App &app, const std::string &path, OpenAs how, uint64_t seed_for_battle) {
  if (how == OpenAs::Game) return app.open(path, seed_for_battle);
  bool ok = how == OpenAs::Replay ? app.session->replays().open_replay(path)
                                  : app.session->replays().open_mailed(path);
  if (ok) app.game_shown();
  return ok;
}

ReportWritten write_report(App &app) {
  Session &ss = *app.session;
  const Game &g = ss.mode() == Mode::Replay ? ss.replays().replay()->record() : ss.game();
  fs::path dir = paths::new_report_folder(fs::path(ss.file().data_dir()) / "reports", g.battle().id,
                                          std::time(nullptr));
  try {
    // Said as a player on the desktop reads it: where the file is and what opens it, no command
    // line to type (issue 33).
    std::string file = write_battle_report(g, dir.string());
    return {"Battle report: " + file +
                " (the battle told turn by turn, with its notes; any text editor opens it)",
            file};
  } catch (const std::exception &e) {
    return {e.what(), ""};
  }
}

void record_menu(App &app) {
  if (!ui::BeginMenu("Record")) return;
  Session &ss = *app.session;
  Mode mode = ss.mode();
  if (ui::MenuItem("Replay this game", nullptr, false, mode == Mode::Play))
    ss.replays().replay_game();
  if (ui::MenuItem("Add a note...", nullptr, false, mode == Mode::Play))
    dialogs.note_open = dialogs.focus = true;
  if (ui::MenuItem("Send turn", nullptr, false, ss.replays().can_send_turn()))
    ss.replays().send_turn((fs::path(ss.file().data_dir()) / "mail").string());
  ImGui::Separator();
  if (ui::MenuItem("Open a replay...")) ask_for_file(OpenAs::Replay);
  if (ui::MenuItem("Open a mailed turn...")) ask_for_file(OpenAs::Mailed);
  if (ui::MenuItem("Battle report", nullptr, false, mode == Mode::Play || mode == Mode::Replay))
    ss.say(write_report(app).words);
  ImGui::EndMenu();
}

void record_windows(App &app, const MapRect &map) {
  // The map's room changes when the replay's controls come or go: fit it again then.
  static float last_height = 0;
  if (float h = replay_controls_height(app); h != last_height)
    last_height = h, app.camera_fitted = false;
  if (app.session->mode() == Mode::Replay && !app.start_screen) replay_window(app, map);
  open_file_dialog(app);
  note_dialog(app);
}

bool ReportShots::after_frame(App &app, SDL_Renderer *renderer) {
  Session &ss = *app.session;
  if (!started_) {
    started_ = true;
    if (!app.has_game()) {
      error_ = "--report needs a saved game to report on";
      return false;
    }
    if (ss.mode() != Mode::Replay && !ss.replays().replay_game()) {
      error_ = ss.message();
      return false;
    }
    moments_ = report_moments(ss.replays().replay()->record());
    ss.replays().replay_go(moments_[0]);
    wait_ = 4; // the map is fitted and drawn before its picture is taken
    return true;
  }
  if (--wait_ > 0) return true;
  std::string file = "moment-" + std::to_string(moments_[next_]) + ".png";
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (!save_png(renderer, (fs::path(dir_) / file).string())) {
    error_ = "cannot write " + (fs::path(dir_) / file).string() + ": " + SDL_GetError();
    return false;
  }
  pictures_.push_back({moments_[next_], file});
  if (++next_ < moments_.size()) {
    ss.replays().replay_go(moments_[next_]);
    wait_ = 2;
    return true;
  }
  try {
    written_ = write_battle_report(ss.replays().replay()->record(), dir_, pictures_);
  } catch (const std::exception &e) {
    error_ = e.what();
  }
  return false;
}

} // namespace sns::app
