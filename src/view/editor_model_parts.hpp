// What the editor model's files share (editor_model.cpp, editor_map.cpp, editor_forces.cpp,
// editor_rules.cpp): label helpers, the refusal words, the side check, the types' usual faces.
#pragma once
#include "editor_model.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace sns::editor {

inline constexpr int kMostColumnsOrRows =
    99; // hex labels have two digits for the column and the row

template <typename List> bool contains(const List &list, const std::string &v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

std::optional<Offset> offset_of(const std::string &label);
std::string label_of(Hex h);
std::string refused_unknown(const char *what, const std::string &value);
std::string check_side(int side); // "" for side 0 or 1, else why not

// The usual faces of each type in the series (a starting point; every face is editable).
struct TypeDefaults {
  const char *type;
  FaceDoc front;
  std::optional<FaceDoc> back;
};
const std::vector<TypeDefaults> &type_defaults();

} // namespace sns::editor
