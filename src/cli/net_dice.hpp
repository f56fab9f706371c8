// Dice that neither player of a network game can foresee or choose (issue 34, docs/protocol.md
// "Network dice"): each player's secret hash chain, the check of a revealed element, and the die
// made from both players' elements. Hashing and randomness are libsodium's (BLAKE2b).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sns::cli {

// How many rolls one chain covers. A game that rolls more stops with a clear message.
constexpr size_t kChainLength = size_t{1} << 16;
// Bytes of one chain element (BLAKE2b-256), and their text: lower-case hex.
constexpr size_t kElementBytes = 32;

// Fails (CliError, kind "internal") when libsodium cannot start.
void start_sodium();

// One player's secret chain: c[0] random, c[i+1] = H(c[i]); the end c[N] is published in hello
// and roll k reveals c[N-1-k], so each reveal hashes to the one before it.
class SecretChain {
public:
  SecretChain(); // a fresh secret from the system's secure randomness
  explicit SecretChain(const std::string &secret_hex); // a chain saved to resume a game
  std::string end() const;                             // the commitment, in hex
  std::string element(size_t roll) const;              // the reveal for roll `roll`, in hex
  std::string secret() const;                          // c[0], for the local resume file only

private:
  void build(const std::vector<unsigned char> &secret);
  std::vector<std::vector<unsigned char>> chain_; // c[0] .. c[N]
};

// True when `text` is kElementBytes of lower-case hex.
bool is_element_text(const std::string &text);
// Does `element` hash to `previous` (the chain's end for roll 0, else the reveal of the roll
// before)? Both in hex.
bool reveal_follows(const std::string &element, const std::string &previous);
// The die of roll `roll` with `faces` faces from both sides' elements (side 0's first): BLAKE2b-512
// of a label, the roll's index and both elements, read as 64-bit words and reduced without bias
// (a word at or above the largest multiple of `faces` is skipped).
int shared_die(size_t roll, const std::string &side0, const std::string &side1, int faces);

// The hash of any text, in hex (state hashes and battle hashes of the protocol).
std::string text_hash(const std::string &text);

// The first problem of a record's chains against its dice: both chains' reveals must follow from
// their ends, cover every roll, and give the face the record keeps for each. Nothing when sound.
std::optional<std::string> check_chains(const std::string &end0,
                                        const std::vector<std::string> &reveals0,
                                        const std::string &end1,
                                        const std::vector<std::string> &reveals1,
                                        const std::vector<int> &faces_by_roll, int faces);

} // namespace sns::cli
