#!/usr/bin/env python3
"""The serve protocol (docs/protocol.md) as documented and under untrusted lines.

1. Every ```session block of docs/protocol.md is replayed: its "> " lines are sent, in order, to
   one `shields-swords-cli serve` run from an empty temporary folder (SNS_ROOT: the source tree),
   and its replies must equal the block's "< " lines byte for byte, in number and in order.
2. Lines that are not requests (not JSON, not UTF-8, too long, wrong shapes and types, no final
   newline) each get one error reply of the documented kind, and the session goes on.
Usage: serve_session.py CLI SOURCE_DIR"""
import json
import os
import subprocess
import sys
import tempfile

failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(what)
        print(f"FAIL {what}\n{detail}")


def blocks(path):
    """(line number, requests, expected replies) of every session block of the file."""
    out, current, start = [], None, 0
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if current is None and line.strip() == "```session":
            current, start = ([], []), number
        elif current is not None and line.strip() == "```":
            out.append((start, current[0], current[1]))
            current = None
        elif current is not None and line.startswith("> "):
            current[0].append(line[2:])
        elif current is not None and line.startswith("< "):
            current[1].append(line[2:])
    return out


def serve(cli, data, folder, env, args=()):
    """Runs one session on `data` (bytes); returns its exit code and its reply lines."""
    run = subprocess.run([cli, "serve", *args], input=data, cwd=folder, env=env,
                         capture_output=True, timeout=120)
    return run.returncode, run.stdout.decode("utf-8").splitlines(), run.stderr


def replay_doc(cli, source, env):
    doc = os.path.join(source, "docs/protocol.md")
    found = blocks(doc)
    check("docs/protocol.md has a session block", found)
    for start, requests, expected in found:
        with tempfile.TemporaryDirectory() as folder:
            data = "".join(r + "\n" for r in requests).encode("utf-8")
            code, replies, err = serve(cli, data, folder, env)
            check(f"docs/protocol.md:{start}: exit 0 and nothing on standard error",
                  code == 0 and not err, f"exit {code}, stderr {err!r}")
            for i in range(max(len(expected), len(replies))):
                want = expected[i] if i < len(expected) else "(no reply)"
                got = replies[i] if i < len(replies) else "(no reply)"
                check(f"docs/protocol.md:{start}: reply {i + 1}", want == got,
                      f"--- expected\n{want}\n--- got\n{got}")


# (what, line bytes, id expected in the reply, kind expected)
BAD_LINES = [
    ("not JSON", b"{\"id\": 1, \"cmd\": ", None, "bad_input"),
    ("not UTF-8", b"{\"id\": 2, \"cmd\": \"legal\xff\"}", None, "bad_input"),
    ("a NUL byte", b"{\"id\": 3,\x00 \"cmd\": \"legal\"}", None, "bad_input"),
    ("not an object", b"[1, 2, 3]", None, "bad_request"),
    ("no cmd", b"{\"id\": 4}", 4, "bad_request"),
    ("cmd not a string", b"{\"id\": 5, \"cmd\": 7}", 5, "bad_request"),
    ("unknown cmd", b"{\"id\": \"six\", \"cmd\": \"castle\"}", "six", "bad_request"),
    ("unknown field", b"{\"id\": 7, \"cmd\": \"legal\", \"spoilers\": true}", 7, "bad_request"),
    ("wrong type", b"{\"id\": 8, \"cmd\": \"new\", \"battle\": \"first-clash\", \"seed\": -1}", 8,
     "bad_request"),
    ("out of bounds", b"{\"id\": 9, \"cmd\": \"new\", \"battle\": \"first-clash\", "
     b"\"seed\": 9007199254740992}", 9, "usage"),
    ("no game yet", b"{\"id\": 10, \"cmd\": \"legal\"}", 10, "no_game"),
    ("too deep", b"{\"id\": 11, \"cmd\": \"legal\", \"x\": " + b"[" * 100 + b"]" * 100 + b"}",
     None, "bad_input"),
    ("too long", b"{\"id\": 12, \"cmd\": \"legal\", \"pad\": \"" + b"x" * (2 << 20) + b"\"}", None,
     "line_too_long"),
]


def untrusted_lines(cli, env):
    with tempfile.TemporaryDirectory() as folder:
        data = b"".join(line + b"\n" for _, line, _, _ in BAD_LINES)
        # After the bad lines the session still works; the last request has no final newline.
        data += b"\r\n   \n{\"id\": 13, \"cmd\": \"new\", \"battle\": \"first-clash\"}\r\n"
        data += b"{\"id\": 14, \"cmd\": \"apply\", \"action\": {\"type\": \"move\"}}\n"
        data += b"{\"id\": 15, \"cmd\": \"quit\"}"
        code, replies, err = serve(cli, data, folder, env)
        check("bad lines: exit 0, nothing on standard error", code == 0 and not err,
              f"exit {code}, stderr {err[:300]!r}")
        check("bad lines: one reply each", len(replies) == len(BAD_LINES) + 3,
              "\n".join(r[:200] for r in replies))
        for (what, _, ident, kind), line in zip(BAD_LINES, replies):
            reply = json.loads(line)
            check(f"bad line ({what}) -> ok false, id {ident!r}, kind {kind}",
                  reply.get("ok") is False and reply.get("id") == ident and
                  reply.get("kind") == kind and reply.get("error"), line[:300])
        tail = [json.loads(r) for r in replies[len(BAD_LINES):]]
        if len(tail) == 3:
            check("new after bad lines", tail[0]["ok"] and tail[0]["id"] == 13, str(tail[0])[:300])
            check("an action missing its unit names its path",
                  not tail[1]["ok"] and tail[1].get("path", "").startswith("/action"),
                  str(tail[1]))
            check("quit without a final newline", tail[2] == {"id": 15, "ok": True, "bye": True},
                  str(tail[2]))


def main():
    cli, source = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
    env = dict(os.environ, SNS_ROOT=source)
    replay_doc(cli, source, env)
    untrusted_lines(cli, env)
    print(f"serve session: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
