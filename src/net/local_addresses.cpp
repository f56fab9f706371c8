// This computer's network addresses for the host form (local_addresses.hpp).
#include "local_addresses.hpp"

#include <algorithm>
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

namespace sns::app {

std::vector<std::string> ipv4_addresses(const ifaddrs *list) {
  std::vector<std::string> found;
  for (const ifaddrs *i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    if (!(i->ifa_flags & IFF_UP) || (i->ifa_flags & IFF_LOOPBACK)) continue;
    in_addr address = reinterpret_cast<const sockaddr_in *>(i->ifa_addr)->sin_addr;
    if ((ntohl(address.s_addr) >> 24) == 127) continue; // loopback, whatever its flags say
    char text[INET_ADDRSTRLEN] = "";
    if (!inet_ntop(AF_INET, &address, text, sizeof text)) continue;
    if (std::find(found.begin(), found.end(), text) == found.end()) found.emplace_back(text);
  }
  return found;
}

std::vector<std::string> local_ipv4_addresses() {
  ifaddrs *list = nullptr;
  if (getifaddrs(&list) != 0) return {};
  std::vector<std::string> found = ipv4_addresses(list);
  freeifaddrs(list);
  return found;
}

std::vector<std::string> addresses_to_give(const std::vector<std::string> &ipv4, uint16_t port) {
  const std::string suffix = ":" + std::to_string(port);
  if (ipv4.empty()) return {"localhost" + suffix};
  std::vector<std::string> lines;
  for (const std::string &a : ipv4)
    lines.push_back(a + suffix);
  return lines;
}

} // namespace sns::app
