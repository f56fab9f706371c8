#!/usr/bin/env bash
# Installs what the project needs from Debian 12's packages (when missing), then configures and builds.
# Usage: scripts/setup.sh [BUILD_DIR] [extra cmake arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build}
shift || true

packages=(build-essential cmake pkg-config nlohmann-json3-dev catch2 libmd4c-dev libsodium-dev
          libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libimgui-dev fonts-dejavu-core xvfb xauth python3 jq
          file desktop-file-utils appstream)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Dear ImGui's SDL backends ship as sources in the package's doc folder; slim images drop
# /usr/share/doc, so take them from the package itself when they are missing.
backends=/usr/share/doc/libimgui-dev/examples/backends
if [ ! -f "$backends/imgui_impl_sdl.cpp" ]; then
  extract=$PWD/$build_dir/imgui-package
  if [ ! -f "$extract$backends/imgui_impl_sdl.cpp" ]; then
    mkdir -p "$extract"
    (cd "$extract" && apt-get download libimgui-dev >/dev/null && dpkg-deb -x libimgui-dev_*.deb .)
  fi
  set -- "-DSNS_IMGUI_BACKENDS=$extract$backends" "$@"
fi

cmake -S . -B "$build_dir" "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
