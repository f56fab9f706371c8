// The network game's transport (issue 34): JSON lines over TCP on plain POSIX sockets, with the
// peer treated as untrusted input: every line bounded in size (1 MiB), lines bounded in rate, and
// no read or write that can block past its deadline.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace sns::cli {

using Clock = std::chrono::steady_clock;

// The longest line taken from a peer (without its newline), as serve's.
constexpr size_t kMaxNetLineBytes = size_t{1} << 20;
// The rate bound: each line costs one token and one more per started 4 KiB; the bucket holds
// kRateBurst tokens and refills kRatePerSecond a second. A line finding it empty is dropped.
constexpr double kRateBurst = 4000, kRatePerSecond = 2000;
// How long a write may wait for the peer to read before the connection counts as lost.
constexpr std::chrono::seconds kSendTimeout{10};

// A listening TCP socket (IPv4, all interfaces). Port 0 takes a free port; port() says which.
class Listener {
public:
  explicit Listener(uint16_t port);
  ~Listener();
  Listener(const Listener &) = delete;
  Listener &operator=(const Listener &) = delete;
  uint16_t port() const { return port_; }
  // A connected socket, or -1 when none came before the deadline.
  int accept_until(Clock::time_point deadline);

private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

// A connected socket to HOST:PORT, or -1 when it cannot be made before the deadline (the error
// in `why`).
int connect_to(const std::string &host, uint16_t port, Clock::time_point deadline,
               std::string &why);

// One connection, read as lines.
class LineLink {
public:
  enum class Got { Line, TooLong, Flooded, Closed, Timeout };

  LineLink() = default;
  explicit LineLink(int fd);
  ~LineLink();
  LineLink(const LineLink &) = delete;
  LineLink &operator=(const LineLink &) = delete;
  void reset(int fd); // closes the connection held, takes `fd` (-1: none)
  bool open() const { return fd_ >= 0; }

  // The next line (in `line`, without its newline or a CR before it), or why there is none by
  // the deadline. TooLong: a line over kMaxNetLineBytes was read to its end and thrown away.
  // Flooded: lines came faster than the rate bound; `dropped` of them were thrown away.
  Got next(Clock::time_point deadline, std::string &line, size_t &dropped);
  // Writes the line and a newline; false when the peer does not take it within kSendTimeout or
  // the connection is gone. Then nothing more is sent, and next() reads what is left to Closed.
  bool send(const std::string &line);
  // Ends the connection so that the lines sent last arrive: says no more will be sent, then
  // reads and throws away what comes until the peer closes too or the deadline passes (closing
  // with lines unread would reset the connection under the peer's last reads).
  void finish(Clock::time_point deadline);

private:
  bool take_token(size_t bytes);
  std::optional<Got> pop_line(std::string &line, size_t &dropped);

  int fd_ = -1;
  std::string buffer_;      // bytes read and not yet a whole line
  bool discarding_ = false; // inside a line that is too long
  size_t dropped_ = 0;      // lines dropped by the rate bound since the last report
  double tokens_ = kRateBurst;
  Clock::time_point refilled_ = Clock::now();
};

} // namespace sns::cli
