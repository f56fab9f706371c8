#!/usr/bin/env bash
# Renders the app icon's PNG sizes from packaging/icons/shields-swords.svg (run once after editing
# the SVG; the PNGs are committed so a build needs no SVG renderer). Needs rsvg-convert
# (apt-get install librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/../packaging/icons"
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "${size}x${size}"
  rsvg-convert -w "$size" -h "$size" shields-swords.svg -o "${size}x${size}/shields-swords.png"
done
echo "rendered $(ls -d */ | wc -l) sizes"
