// The input boundary: every file and every text that enters is read here, bounded and checked as
// UTF-8 (docs/battle-format.md, "Limits"). One function per question, each throwing LoadError.
#pragma once
#include "sns/error.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sns {

// The most a text read from anything may hold (battle, record, tables): 4 MiB.
inline constexpr size_t kMaxReadBytes = size_t{4} * 1024 * 1024;
// How long a read waits for a byte (a pipe, FIFO or device that sends nothing) before giving up.
inline constexpr int kReadIdleMilliseconds = 1000;

// Reads the whole text of `path`: a regular file, a pipe, a FIFO, a character device or a /proc
// file. Stops at max_bytes whatever the file is, refuses a directory, waits at most a second for
// a byte that does not come, and checks the text is UTF-8. A UTF-8 byte-order mark is dropped; a
// UTF-16 or UTF-32 one is named in the refusal. Throws LoadError(path, "", what is wrong).
std::string read_text_file(const std::string &path, size_t max_bytes = kMaxReadBytes);

// The offset of the first byte of `text` that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF included), or nothing when it is all UTF-8.
std::optional<size_t> first_invalid_utf8(std::string_view text);

// Throws LoadError(source, path, "byte 0xFF at offset N is not UTF-8 ...") unless text is UTF-8.
void check_utf8(std::string_view text, const std::string &source, const std::string &path = "");

// The name of the byte-order mark `text` starts with ("UTF-8", "UTF-16 LE", ...), or nothing.
std::optional<std::string_view> byte_order_mark(std::string_view text);

// `text` with every byte that is not UTF-8 written as \xNN: safe to quote in any message.
std::string printable(std::string_view text);

} // namespace sns
