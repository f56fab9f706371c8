// Where a friend reaches this computer (issue 34's host form): its network addresses, read with
// getifaddrs, and the HOST:PORT lines the host gives the friend who joins.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct ifaddrs;

namespace sns::app {

// The IPv4 addresses of the interfaces in `list` that are up and not loopback, each once, in the
// list's order (a machine's Wi-Fi and cable both count: the friend may be on either).
std::vector<std::string> ipv4_addresses(const ifaddrs *list);
// The same for this machine's interfaces now; none when getifaddrs fails.
std::vector<std::string> local_ipv4_addresses();

// What the joiner types: "ADDRESS:PORT" for each address, or "localhost:PORT" when the machine has
// no network address (a friend at this same computer only).
std::vector<std::string> addresses_to_give(const std::vector<std::string> &ipv4, uint16_t port);

} // namespace sns::app
