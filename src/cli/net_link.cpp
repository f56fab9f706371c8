// The network game's transport (net_link.hpp): POSIX sockets, non-blocking, every wait bounded by
// poll with a deadline.
#include "net_link.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace sns::cli {

namespace {

int millis_until(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp<long long>(left.count(), 0, 1000));
}

void non_blocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL, 0) | O_NONBLOCK);
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

// Waits for `events` on fd until the deadline; true when they came.
bool wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    int n = ::poll(&p, 1, millis_until(deadline));
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return false;
    if (Clock::now() >= deadline) return false;
  }
}

} // namespace

Listener::Listener(uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) throw std::runtime_error(std::string("cannot open a socket: ") + strerror(errno));
  int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = htons(port);
  if (::bind(fd_, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(fd_, 4) != 0) {
    std::string why = strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("cannot listen on port " + std::to_string(port) + ": " + why);
  }
  socklen_t len = sizeof addr;
  ::getsockname(fd_, reinterpret_cast<sockaddr *>(&addr), &len);
  port_ = ntohs(addr.sin_port);
  non_blocking(fd_);
}

Listener::~Listener() {
  if (fd_ >= 0) ::close(fd_);
}

int Listener::accept_until(Clock::time_point deadline) {
  while (wait_for(fd_, POLLIN, deadline)) {
    int fd = ::accept(fd_, nullptr, nullptr);
    if (fd >= 0) {
      non_blocking(fd);
      return fd;
    }
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR && errno != ECONNABORTED)
      return -1;
  }
  return -1;
}

int connect_to(const std::string &host, uint16_t port, Clock::time_point deadline,
               std::string &why) {
  addrinfo hints{}, *found = nullptr;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (rc != 0) {
    why = std::string("cannot find the address: ") + gai_strerror(rc);
    return -1;
  }
  int fd = -1;
  for (addrinfo *a = found; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    non_blocking(fd);
    if (::connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
    int err = errno;
    socklen_t len = sizeof err;
    if (err == EINPROGRESS && wait_for(fd, POLLOUT, deadline) &&
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0 && err == 0)
      break;
    why = strerror(err == EINPROGRESS ? ETIMEDOUT : err);
    ::close(fd);
    fd = -1;
  }
  ::freeaddrinfo(found);
  return fd;
}

LineLink::LineLink(int fd) { reset(fd); }

LineLink::~LineLink() { reset(-1); }

void LineLink::reset(int fd) {
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
  buffer_.clear();
  discarding_ = false;
  dropped_ = 0;
  tokens_ = kRateBurst;
  refilled_ = Clock::now();
}

bool LineLink::take_token(size_t bytes) {
  Clock::time_point now = Clock::now();
  double seconds = std::chrono::duration<double>(now - refilled_).count();
  tokens_ = std::min(kRateBurst, tokens_ + seconds * kRatePerSecond);
  refilled_ = now;
  const size_t pages = (bytes + 4095) / 4096; // a token a line, and one more each 4 KiB begun
  double cost = 1.0 + static_cast<double>(pages);
  if (tokens_ < cost) return false;
  tokens_ -= cost;
  return true;
}

std::optional<LineLink::Got> LineLink::pop_line(std::string &line, size_t &dropped) {
  for (;;) {
    size_t nl = buffer_.find('\n');
    if (discarding_) {
      if (nl == std::string::npos) {
        buffer_.clear();
        return std::nullopt;
      }
      buffer_.erase(0, nl + 1);
      discarding_ = false;
      return Got::TooLong;
    }
    if (nl == std::string::npos) {
      if (buffer_.size() > kMaxNetLineBytes) { // no newline in sight: throw it away as it comes
        buffer_.clear();
        discarding_ = true;
      }
      return std::nullopt;
    }
    line.assign(buffer_, 0, nl);
    buffer_.erase(0, nl + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() > kMaxNetLineBytes) return Got::TooLong;
    if (line.find_first_not_of(" \t") == std::string::npos) continue; // a blank line: nothing
    if (!take_token(line.size())) {
      ++dropped_;
      if (dropped_ == 1 || dropped_ % 1000 == 0) { // said once, then once in a thousand
        dropped = dropped_;
        return Got::Flooded;
      }
      continue;
    }
    return Got::Line;
  }
}

LineLink::Got LineLink::next(Clock::time_point deadline, std::string &line, size_t &dropped) {
  char chunk[65536];
  for (;;) {
    if (auto got = pop_line(line, dropped)) return *got;
    if (fd_ < 0) return Got::Closed;
    if (!wait_for(fd_, POLLIN, deadline)) return Got::Timeout;
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n == 0) {
      reset(-1);
      return Got::Closed;
    }
    if (n < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) continue;
      reset(-1);
      return Got::Closed;
    }
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

void LineLink::finish(Clock::time_point deadline) {
  if (fd_ < 0) return;
  ::shutdown(fd_, SHUT_WR);
  char chunk[65536];
  while (wait_for(fd_, POLLIN, deadline)) {
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) break;
  }
  reset(-1);
}

bool LineLink::send(const std::string &line) {
  if (fd_ < 0) return false;
  std::string text = line + "\n";
  Clock::time_point deadline = Clock::now() + kSendTimeout;
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::send(fd_, text.data() + done, text.size() - done, MSG_NOSIGNAL);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) &&
        wait_for(fd_, POLLOUT, deadline))
      continue;
    // Nothing more can be sent; what the peer sent before is still read (its last words may
    // explain why), and the connection closes when the reading ends.
    ::shutdown(fd_, SHUT_WR);
    return false;
  }
  return true;
}

} // namespace sns::cli
