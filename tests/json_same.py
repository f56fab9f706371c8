#!/usr/bin/env python3
"""Exits 0 when every JSON file given holds the same value as the first (e2e state checks)."""
import json
import sys

first = json.load(open(sys.argv[1]))
for other in sys.argv[2:]:
    if json.load(open(other)) != first:
        print(f"{other} differs from {sys.argv[1]}")
        sys.exit(1)
