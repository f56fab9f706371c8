#!/usr/bin/env python3
"""A host that greets one joiner and leaves at once (docs/protocol.md "Network games": hello, then
bye), so an app joining it sees its network game stop before the end. Used by e2e scripts
(`# background:`). Usage: fake_host_leaves.py PORT BATTLE.json [NAME]"""
import json
import socket
import sys
import time

port, battle_path = int(sys.argv[1]), sys.argv[2]
name = sys.argv[3] if len(sys.argv) > 3 else "Mallory"
battle = json.load(open(battle_path, encoding="utf-8"))
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", port))
listener.listen(1)
listener.settimeout(120)
link, _ = listener.accept()
reader = link.makefile("r", encoding="utf-8")
reader.readline()  # the joiner's hello
hello = {"cmd": "hello", "protocol": 1, "name": name, "chain_end": "ab" * 32, "actions": 0,
         "reveals": 0, "battle": battle, "options": {}, "seed": 1,
         "host_side": battle["sides"][1]["id"]}
link.sendall((json.dumps(hello) + "\n" + json.dumps({"cmd": "bye"}) + "\n").encode())
time.sleep(3)  # the lines arrive before the connection ends
link.close()
listener.close()
