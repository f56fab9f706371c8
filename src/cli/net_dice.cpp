// Network dice (net_dice.hpp): libsodium's BLAKE2b and secure randomness; no cryptography of our
// own beyond chaining the hash and reducing its output to a die's faces without bias.
#include "net_dice.hpp"
#include "output.hpp"

#include <sodium.h>

#include <cstring>

namespace sns::cli {

namespace {

using Bytes = std::vector<unsigned char>;

Bytes hash_bytes(const unsigned char *data, size_t size, size_t out_size = kElementBytes) {
  Bytes out(out_size);
  crypto_generichash(out.data(), out.size(), data, size, nullptr, 0);
  return out;
}

std::string hex(const Bytes &b) {
  std::string out(b.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), b.data(), b.size());
  out.pop_back();
  return out;
}

std::optional<Bytes> unhex(const std::string &text) {
  if (!is_element_text(text)) return std::nullopt;
  Bytes out(kElementBytes);
  size_t len = 0;
  if (sodium_hex2bin(out.data(), out.size(), text.data(), text.size(), nullptr, &len, nullptr) !=
          0 ||
      len != kElementBytes)
    return std::nullopt;
  return out;
}

} // namespace

void start_sodium() {
  if (sodium_init() < 0) fail(kInternal, "libsodium could not start", "internal");
}

SecretChain::SecretChain() {
  start_sodium();
  Bytes secret(kElementBytes);
  randombytes_buf(secret.data(), secret.size());
  build(secret);
}

SecretChain::SecretChain(const std::string &secret_hex) {
  start_sodium();
  std::optional<Bytes> secret = unhex(secret_hex);
  if (!secret) fail(kBadInput, "the saved dice secret is not 64 hex digits", "bad_input");
  build(*secret);
}

void SecretChain::build(const Bytes &secret) {
  chain_.reserve(kChainLength + 1);
  chain_.push_back(secret);
  for (size_t i = 0; i < kChainLength; ++i)
    chain_.push_back(hash_bytes(chain_.back().data(), chain_.back().size()));
}

std::string SecretChain::end() const { return hex(chain_.back()); }
std::string SecretChain::secret() const { return hex(chain_.front()); }

std::string SecretChain::element(size_t roll) const {
  if (roll >= kChainLength)
    fail(kIllegal,
         "this game has rolled more dice than a dice chain covers (" +
             std::to_string(kChainLength) + ")",
         "chain_exhausted");
  return hex(chain_[kChainLength - 1 - roll]);
}

bool is_element_text(const std::string &text) {
  if (text.size() != kElementBytes * 2) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool reveal_follows(const std::string &element, const std::string &previous) {
  std::optional<Bytes> e = unhex(element);
  if (!e) return false;
  return hex(hash_bytes(e->data(), e->size())) == previous;
}

int shared_die(size_t roll, const std::string &side0, const std::string &side1, int faces) {
  std::optional<Bytes> a = unhex(side0), b = unhex(side1);
  if (!a || !b || faces < 1)
    fail(kInternal, "a die from elements that are not checked", "internal");
  const char label[] = "shields-swords die/1";
  Bytes input(label, label + sizeof label - 1);
  for (int i = 0; i < 8; ++i) // the roll's index, little-endian
    input.push_back(static_cast<unsigned char>((static_cast<uint64_t>(roll) >> (8 * i)) & 0xff));
  input.insert(input.end(), a->begin(), a->end());
  input.insert(input.end(), b->begin(), b->end());
  const uint64_t n = static_cast<uint64_t>(faces);
  const uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n; // words <= limit are unbiased
  Bytes digest = hash_bytes(input.data(), input.size(), 64);
  for (;;) {
    for (size_t w = 0; w < 8; ++w) {
      uint64_t word = 0;
      for (int i = 7; i >= 0; --i)
        word = (word << 8) | digest[w * 8 + static_cast<size_t>(i)];
      if (word <= limit) return static_cast<int>(word % n) + 1;
    }
    digest = hash_bytes(digest.data(), digest.size(), 64); // all eight words skipped: hash again
  }
}

std::string text_hash(const std::string &text) {
  return hex(hash_bytes(reinterpret_cast<const unsigned char *>(text.data()), text.size()));
}

namespace {

std::optional<std::string> check_chain(const char *which, const std::string &end,
                                       const std::vector<std::string> &reveals, size_t rolls) {
  if (!is_element_text(end)) return std::string(which) + "'s chain end is not 64 hex digits";
  if (reveals.size() < rolls)
    return std::string(which) + " revealed " + std::to_string(reveals.size()) + " elements for " +
           std::to_string(rolls) + " rolls";
  for (size_t k = 0; k < reveals.size(); ++k)
    if (!reveal_follows(reveals[k], k == 0 ? end : reveals[k - 1]))
      return std::string(which) + "'s reveal for roll " + std::to_string(k) +
             " does not hash to the element before it";
  return std::nullopt;
}

} // namespace

std::optional<std::string> check_chains(const std::string &end0,
                                        const std::vector<std::string> &reveals0,
                                        const std::string &end1,
                                        const std::vector<std::string> &reveals1,
                                        const std::vector<int> &faces_by_roll, int faces) {
  start_sodium();
  if (auto bad = check_chain("the first side", end0, reveals0, faces_by_roll.size())) return bad;
  if (auto bad = check_chain("the second side", end1, reveals1, faces_by_roll.size())) return bad;
  for (size_t k = 0; k < faces_by_roll.size(); ++k) {
    int die = shared_die(k, reveals0[k], reveals1[k], faces);
    if (die != faces_by_roll[k])
      return "roll " + std::to_string(k) + " shows " + std::to_string(faces_by_roll[k]) +
             " where both players' elements give " + std::to_string(die);
  }
  return std::nullopt;
}

} // namespace sns::cli
