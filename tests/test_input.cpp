// The input boundary (sns/input.hpp, docs/battle-format.md "Limits"): bounded reads of any path,
// UTF-8 and byte-order marks, printable bytes, and the JSON reader's depth and string limits.
#include "sns/input.hpp"
#include "sns/json_io.hpp"

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

using namespace sns;
namespace fs = std::filesystem;

namespace {

// A fresh temporary folder for one test case.
fs::path temp_folder() {
  fs::path dir = fs::temp_directory_path() /
                 ("sns-input-" + std::to_string(::getpid()) + "-" +
                  std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  fs::create_directories(dir);
  return dir;
}

std::string write(const fs::path &file, const std::string &bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
  return file.string();
}

// The refusal's expectation text, or "" when nothing was thrown.
std::string refusal(const std::function<void()> &read) {
  try {
    read();
  } catch (const LoadError &e) {
    return e.expected();
  }
  return "";
}

double seconds_to(const std::function<void()> &f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("input: UTF-8 is accepted and the first bad byte is found by its offset") {
  CHECK_FALSE(first_invalid_utf8("plain {\"a\": 1}"));
  CHECK_FALSE(first_invalid_utf8("Cr\xC3\xA9"
                                 "cy \xE2\x9A\x94 \xF0\x9F\x9B\xA1"));
  CHECK(first_invalid_utf8("ab\xFF") == 2u);
  CHECK(first_invalid_utf8("Cr\xE9"
                           "cy") == 2u);               // Latin-1 é
  CHECK(first_invalid_utf8("\xC0\xAF") == 0u);         // overlong '/'
  CHECK(first_invalid_utf8("x\xED\xA0\x80") == 1u);    // a UTF-16 surrogate
  CHECK(first_invalid_utf8("\xF4\x90\x80\x80") == 0u); // above U+10FFFF
  CHECK(first_invalid_utf8("ok\xE2\x9A") == 2u);       // cut short
  CHECK(refusal([] { check_utf8("ab\xFF", "f.json"); }).find("byte 0xFF at offset 2") == 0);
}

TEST_CASE("input: byte-order marks are named") {
  CHECK(byte_order_mark("\xEF\xBB\xBF{}") == std::string_view("UTF-8"));
  CHECK(byte_order_mark("\xFF\xFE{\0") == std::string_view("UTF-16 LE"));
  CHECK(byte_order_mark("\xFE\xFF\0{") == std::string_view("UTF-16 BE"));
  CHECK(byte_order_mark(std::string_view("\xFF\xFE\0\0", 4)) == std::string_view("UTF-32 LE"));
  CHECK(byte_order_mark(std::string_view("\0\0\xFE\xFF", 4)) == std::string_view("UTF-32 BE"));
  CHECK_FALSE(byte_order_mark("{}"));
  CHECK(refusal([] { check_utf8("\xFF\xFE{\0", "f"); }).find("UTF-16 LE") != std::string::npos);
}

TEST_CASE("input: utf8_refusal names the text, its first bad byte and offset, or nothing") {
  CHECK(utf8_refusal("caf\xE9.json", "the file name") ==
        "the file name \"caf\\xE9.json\" is not UTF-8 (byte 0xE9 at offset 3)");
  CHECK(utf8_refusal("caf\xC3\xA9.json", "the file name").empty());
  CHECK(utf8_refusal("", "the note").empty());
}

TEST_CASE("input: printable writes bytes that are not UTF-8 as \\xNN and keeps the rest") {
  CHECK(printable("a\xFF"
                  "b\xC3\xA9") == "a\\xFFb\xC3\xA9");
  CHECK(printable("") == "");
}

TEST_CASE("input: a file is read whole, a UTF-8 byte-order mark dropped") {
  fs::path dir = temp_folder();
  CHECK(read_text_file(write(dir / "a.json", "{\"x\": \"\xC3\xA9\"}")) == "{\"x\": \"\xC3\xA9\"}");
  CHECK(read_text_file(write(dir / "bom.json", "\xEF\xBB\xBF{}")) == "{}");
  CHECK(refusal([&] {
          read_text_file(write(dir / "l1.json", "{\"x\": \"\xE9\"}"));
        }).find("byte 0xE9 at offset 7 is not UTF-8") == 0);
  CHECK(refusal([&] {
          read_text_file(write(dir / "u16.json", std::string("\xFF\xFE{\0}\0", 6)));
        }).find("UTF-16 LE") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("input: the size limit holds for regular files, devices and pipes alike") {
  fs::path dir = temp_folder();
  std::string big = write(dir / "big.json", std::string(101, ' '));
  CHECK(refusal([&] { read_text_file(big, 100); }) ==
        "file is 101 bytes; at most 100 are accepted");
  CHECK(read_text_file(big, 101).size() == 101);
  double took = seconds_to([] {
    CHECK(refusal([] { read_text_file("/dev/zero"); }).find("at most 4194304") !=
          std::string::npos);
  });
  CHECK(took < 1.0);
  CHECK(refusal([] { read_text_file("/dev/urandom", 1000); }).find("at most 1000") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("input: a directory, a missing file and a FIFO without a writer answer at once") {
  fs::path dir = temp_folder();
  CHECK(refusal([&] { read_text_file(dir.string()); }) == "is a directory, not a file");
  CHECK(refusal([&] { read_text_file((dir / "none.json").string()); }) == "no such file");
  std::string fifo = (dir / "fifo").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  double took = seconds_to([&] { CHECK(read_text_file(fifo).empty()); });
  CHECK(took < 1.0);
  CHECK(read_text_file("/proc/self/status").find("Name:") == 0);
  fs::remove_all(dir);
}

TEST_CASE("input: JSON text is checked as UTF-8 and for its string length") {
  CHECK(refusal([] {
          parse_json_text("{\"unit\": \"\xFF\"}", "action");
        }).find("byte 0xFF at offset 10") == 0);
  std::string long_string = "\"" + std::string(kMaxJsonStringBytes + 1, 'a') + "\"";
  CHECK(refusal([&] {
          parse_json_text(long_string, "a");
        }).find("at most " + std::to_string(kMaxJsonStringBytes)) != std::string::npos);
  std::string long_key = "{\"" + std::string(kMaxJsonStringBytes + 1, 'k') + "\": 1}";
  CHECK_FALSE(refusal([&] { parse_json_text(long_key, "a"); }).empty());
  CHECK(parse_json_text("\"" + std::string(kMaxJsonStringBytes, 'a') + "\"", "a").is_string());
  std::string deep = std::string(kMaxJsonDepth + 2, '[') + std::string(kMaxJsonDepth + 2, ']');
  CHECK(refusal([&] { parse_json_text(deep, "a"); }).find("nested deeper") != std::string::npos);
}
