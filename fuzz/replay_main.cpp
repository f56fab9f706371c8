// Runs a fuzz target's inputs without libFuzzer (CTest's fuzz_corpus_* in the normal and sanitizer
// builds): every file named, and every file in every folder named, in name order. So each target
// keeps compiling with the code it calls, and each kept input and crash regression is run in CI.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

std::vector<std::filesystem::path> inputs(int argc, char **argv) {
  std::vector<std::filesystem::path> out;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path p(argv[i]);
    if (!std::filesystem::is_directory(p)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::filesystem::path> in_folder;
    for (const auto &e : std::filesystem::directory_iterator(p))
      if (e.is_regular_file()) in_folder.push_back(e.path());
    std::sort(in_folder.begin(), in_folder.end());
    out.insert(out.end(), in_folder.begin(), in_folder.end());
  }
  return out;
}

} // namespace

int main(int argc, char **argv) {
  const auto files = inputs(argc, argv);
  for (const auto &file : files) {
    std::ifstream in(file, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
  }
  std::printf("%zu inputs run\n", files.size());
  return files.empty() ? 1 : 0; // no input would test nothing
}
