// The addresses the host gives a friend (src/net/local_addresses.hpp): a hand-made interface list
// (loopback, down, IPv6, a repeat) gives exactly the reachable IPv4 addresses, and the lines to
// give fall back to localhost when there is none.
#include "local_addresses.hpp"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <cstring>
#include <deque>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

using namespace sns::app;

namespace {

// A linked list of interfaces as getifaddrs makes them, owned by the test.
struct Interfaces {
  std::deque<ifaddrs> items;
  std::deque<sockaddr_in> v4;
  std::deque<sockaddr_in6> v6;

  void add(const char *name, const char *ipv4, unsigned flags) {
    sockaddr_in &a = v4.emplace_back();
    a.sin_family = AF_INET;
    REQUIRE(inet_pton(AF_INET, ipv4, &a.sin_addr) == 1);
    link(name, reinterpret_cast<sockaddr *>(&a), flags);
  }
  void add_ipv6(const char *name, unsigned flags) {
    sockaddr_in6 &a = v6.emplace_back();
    a.sin6_family = AF_INET6;
    REQUIRE(inet_pton(AF_INET6, "fe80::1", &a.sin6_addr) == 1);
    link(name, reinterpret_cast<sockaddr *>(&a), flags);
  }
  void link(const char *name, sockaddr *address, unsigned flags) {
    ifaddrs &i = items.emplace_back();
    std::memset(&i, 0, sizeof i);
    i.ifa_name = const_cast<char *>(name);
    i.ifa_flags = flags;
    i.ifa_addr = address;
    if (items.size() > 1) items[items.size() - 2].ifa_next = &i;
  }
  const ifaddrs *list() const { return items.empty() ? nullptr : &items.front(); }
};

} // namespace

TEST_CASE("local addresses: only interfaces that are up, IPv4 and not loopback, each once",
          "[net]") {
  Interfaces ifs;
  ifs.add("lo", "127.0.0.1", IFF_UP | IFF_LOOPBACK);
  ifs.add("eth0", "192.168.1.5", IFF_UP);
  ifs.add_ipv6("eth0", IFF_UP);
  ifs.add("wlan0", "10.0.0.7", 0); // down: a friend cannot reach it
  ifs.add("wlan1", "10.0.0.8", IFF_UP);
  ifs.add("eth0:1", "192.168.1.5", IFF_UP); // the same address twice
  ifs.add("odd", "127.0.1.1", IFF_UP);      // loopback without the flag
  ifs.link("tun0", nullptr, IFF_UP);        // an interface with no address
  CHECK(ipv4_addresses(ifs.list()) == std::vector<std::string>{"192.168.1.5", "10.0.0.8"});
  CHECK(ipv4_addresses(nullptr).empty());
}

TEST_CASE("local addresses: the lines to give a friend carry the port, localhost when alone",
          "[net]") {
  CHECK(addresses_to_give({"192.168.1.5", "10.0.0.8"}, 4000) ==
        std::vector<std::string>{"192.168.1.5:4000", "10.0.0.8:4000"});
  CHECK(addresses_to_give({}, 4747) == std::vector<std::string>{"localhost:4747"});
}

TEST_CASE("local addresses: this machine's list never holds a loopback address", "[net]") {
  for (const std::string &a : local_ipv4_addresses())
    CHECK(a.rfind("127.", 0) != 0);
}
