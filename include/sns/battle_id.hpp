// A battle's id as part of a file name: the one check every place that turns an id into a path
// uses (the shipped battle of a record, the suggested name of a save, a kept game).
#pragma once
#include <string>
#include <string_view>

namespace sns {

// A plain name: 1 to 100 ASCII letters, digits, '-', '_' and '.', not starting with '.'. Such an id
// names a file inside one folder and nothing else (no '/', no "..", no hidden file, no control
// byte); a battle's id that is not one is never turned into a path.
bool is_plain_battle_id(std::string_view id);

// The id when it is a plain name, else `fallback`: for names of files made from a battle's id.
std::string battle_id_for_file_name(const std::string &id, const std::string &fallback);

} // namespace sns
