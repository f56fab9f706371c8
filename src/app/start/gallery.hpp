// The start screen's battle gallery (issue 33): a card per battle with its thumbnail, date and
// place, sides, size, ruleset, length, history and measured balance; rows for the shipped
// battles, the player's own and the lessons; arrows and Enter choose and start one.
#pragma once
#include "app.hpp"

#include <imgui.h>

namespace sns::app {

// The battle's map and armies at the start, drawn by the map's renderer (draw_mapsheet) once
// into a w x h texture and kept; null for a draft or before the renderer is open.
ImTextureID battle_thumbnail(const BattleInfo &bi, int w, int h);
// Drops every thumbnail: the renderer lost its textures' pictures, or is closing.
void forget_thumbnails();

// The gallery's rows, filling the space given; `start` is called for a card's double click or
// Enter (New game with the chosen battle).
void draw_gallery(App &app, ImVec2 size, void (*start)(App &app));

} // namespace sns::app
