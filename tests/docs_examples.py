#!/usr/bin/env python3
"""Documentation that runs (issue 31): every ```console block of docs/cli.md and README.md is run
from a temporary folder outside the source tree, and its output compared with the block.

In a block, a line "$ COMMAND" is run with bash (standard error joined to standard output) in
the block's folder, which every block of one file shares, in order; the lines after it, up to
the next "$ ", are its expected output. A line "..." stands for any lines. Only what must vary is
normalised: the numbers of timings (keys ending in seconds, _per_second, _ns, ...).
Usage: docs_examples.py CLI SOURCE_DIR"""
import os
import re
import subprocess
import sys
import tempfile

TIMING = re.compile(
    r'("(?:[a-z_]*seconds[a-z_]*|[a-z_]*_per_second|[a-z_]*_ns|microseconds_per_100_actions)"'
    r':\s*)-?[0-9.e+-]+')


def normalise(line):
    return TIMING.sub(r"\1N", line.rstrip())


def blocks(path):
    """(line number, [lines]) of every console block of the file."""
    out, current, start = [], None, 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if current is None and line.strip() == "```console":
            current, start = [], number
        elif current is not None and line.strip() == "```":
            out.append((start, current))
            current = None
        elif current is not None:
            current.append(line)
    return out


def steps(lines):
    """(command, expected lines) pairs of one block."""
    out = []
    for line in lines:
        if line.startswith("$ "):
            out.append((line[2:], []))
        elif out:
            out[-1][1].append(line)
    return out


def matches(expected, actual):
    """True when actual fits expected, "..." matching any run of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and normalise(expected[0]) == normalise(actual[0]) and \
        matches(expected[1:], actual[1:])


def main():
    cli, source = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    failures = count = 0
    for doc in ("docs/cli.md", "README.md"):
        with tempfile.TemporaryDirectory() as folder:
            bin_dir = os.path.join(folder, ".bin")
            os.mkdir(bin_dir)
            os.symlink(cli, os.path.join(bin_dir, "shields-swords-cli"))
            env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"],
                       SNS_ROOT=source)
            for start, lines in blocks(os.path.join(source, doc)):
                for command, expected in steps(lines):
                    count += 1
                    run = subprocess.run(["bash", "-c", command], cwd=folder, env=env,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                         text=True, timeout=120)
                    actual = run.stdout.splitlines()
                    if not matches(expected, actual):
                        failures += 1
                        print(f"FAIL {doc}:{start}: $ {command}\n--- expected\n" +
                              "\n".join(expected) + "\n--- got\n" + "\n".join(actual))
    print(f"docs examples: {count} commands, {failures} failures")
    return 1 if failures or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
