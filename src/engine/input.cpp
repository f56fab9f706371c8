// The input boundary (include/sns/input.hpp): bounded reads of any path, UTF-8 and byte-order
// marks checked, bytes made printable for messages.
#include "sns/input.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sns {

namespace {

// The length of the UTF-8 sequence starting at text[i], or 0 when it is not well formed.
size_t utf8_sequence(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t length = c >= 0xC2 && c <= 0xDF   ? 2
                  : c >= 0xE0 && c <= 0xEF ? 3
                  : c >= 0xF0 && c <= 0xF4 ? 4
                                           : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (size_t k = 1; k < length; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  unsigned char second = byte(i + 1);
  if (c == 0xE0 && second < 0xA0) return 0; // overlong
  if (c == 0xED && second > 0x9F) return 0; // UTF-16 surrogates
  if (c == 0xF0 && second < 0x90) return 0; // overlong
  if (c == 0xF4 && second > 0x8F) return 0; // above U+10FFFF
  return length;
}

std::string hex_byte(unsigned char c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", c);
  return buf;
}

// Closes the descriptor whatever way the read ends.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

std::string too_big(size_t max_bytes, const std::string &size) {
  return "file is " + size + " bytes; at most " + std::to_string(max_bytes) + " are accepted";
}

// Reads up to max_bytes + 1 bytes from a non-blocking descriptor, waiting at most
// kReadIdleMilliseconds for each byte that does not come.
std::string read_bounded(int fd, const std::string &path, size_t max_bytes) {
  std::string text;
  char buf[65536];
  for (;;) {
    size_t want = std::min(sizeof buf, max_bytes + 1 - text.size());
    ssize_t n = ::read(fd, buf, want);
    if (n > 0) {
      text.append(buf, static_cast<size_t>(n));
      if (text.size() > max_bytes)
        throw LoadError(path, "", too_big(max_bytes, "more than " + std::to_string(max_bytes)));
      continue;
    }
    if (n == 0) return text; // the end, or a FIFO nobody writes to
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      throw LoadError(path, "", std::string("cannot read the file (") + std::strerror(errno) + ")");
    pollfd p{fd, POLLIN, 0};
    int ready = ::poll(&p, 1, kReadIdleMilliseconds);
    if (ready == 0)
      throw LoadError(path, "",
                      "nothing came to read for " + std::to_string(kReadIdleMilliseconds / 1000) +
                          " second (a pipe or FIFO that nobody writes to?)");
    if (ready < 0 && errno != EINTR)
      throw LoadError(path, "", std::string("cannot read the file (") + std::strerror(errno) + ")");
  }
}

} // namespace

std::optional<size_t> first_invalid_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    size_t length = utf8_sequence(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

std::optional<std::string_view> byte_order_mark(std::string_view text) {
  // UTF-32 LE starts with the UTF-16 LE mark: the longer marks are tried first.
  if (text.substr(0, 4) == std::string_view("\xFF\xFE\0\0", 4)) return "UTF-32 LE";
  if (text.substr(0, 4) == std::string_view("\0\0\xFE\xFF", 4)) return "UTF-32 BE";
  if (text.substr(0, 3) == "\xEF\xBB\xBF") return "UTF-8";
  if (text.substr(0, 2) == "\xFF\xFE") return "UTF-16 LE";
  if (text.substr(0, 2) == "\xFE\xFF") return "UTF-16 BE";
  return std::nullopt;
}

void check_utf8(std::string_view text, const std::string &source, const std::string &path) {
  if (auto bom = byte_order_mark(text); bom && *bom != "UTF-8")
    throw LoadError(source, path,
                    "the text is " + std::string(*bom) +
                        " (it starts with that byte-order mark); expected UTF-8: save it as "
                        "UTF-8");
  if (auto bad = first_invalid_utf8(text))
    throw LoadError(source, path,
                    "byte " + hex_byte(static_cast<unsigned char>(text[*bad])) + " at offset " +
                        std::to_string(*bad) +
                        " is not UTF-8 (expected UTF-8 text; a Latin-1 or Windows-1252 file must "
                        "be saved as UTF-8)");
}

std::string printable(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    size_t length = utf8_sequence(text, i);
    if (length == 0) {
      out += "\\x" + hex_byte(static_cast<unsigned char>(text[i])).substr(2);
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string utf8_refusal(std::string_view text, std::string_view what) {
  auto bad = first_invalid_utf8(text);
  if (!bad) return "";
  return std::string(what) + " \"" + printable(text) + "\" is not UTF-8 (byte " +
         hex_byte(static_cast<unsigned char>(text[*bad])) + " at offset " + std::to_string(*bad) +
         ")";
}

std::string read_text_file(const std::string &path, size_t max_bytes) {
  // Non-blocking, so a FIFO without a writer opens at once and a silent device times out.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0)
    throw LoadError(path, "",
                    errno == ENOENT ? std::string("no such file")
                                    : std::string("cannot open the file for reading (") +
                                          std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(file.fd, &st) != 0)
    throw LoadError(path, "", std::string("cannot read the file (") + std::strerror(errno) + ")");
  if (S_ISDIR(st.st_mode)) throw LoadError(path, "", "is a directory, not a file");
  // A regular file's size is known: a big one is refused before a byte is read.
  if (S_ISREG(st.st_mode) && static_cast<unsigned long long>(st.st_size) > max_bytes)
    throw LoadError(path, "", too_big(max_bytes, std::to_string(st.st_size)));
  std::string text = read_bounded(file.fd, path, max_bytes);
  check_utf8(text, path);
  if (byte_order_mark(text)) text.erase(0, 3); // the UTF-8 mark: check_utf8 refused the others
  return text;
}

} // namespace sns
