#!/usr/bin/env bash
# Computer players on the command line (docs/cli.md, docs/ai.md): suggest answers a legal action
# deterministically, evaluate/map/state --log answer, unknown commands are named, and a short arena
# between every level runs without an illegal action.
cli=$1
source "$(dirname "$0")/cli_checks.sh"
json() { python3 -c "import json,sys; d=json.load(open('$dir/out')); $1"; }

"$cli" new battles/the-standard-1138.json --seed 4 --out "$dir/g.json" >/dev/null
"$cli" legal "$dir/g.json" >"$dir/legal.json"
for level in random greedy easy normal hard heuristic; do
  expect 0 "suggest $level" -- "$cli" suggest "$dir/g.json" --level $level --iterations 30 --seed 9
  check "$level: keys" 'json "assert set(d) >= {\"action\",\"level\",\"why\",\"iterations\",\"seconds\"} and d[\"level\"]==\"$level\""'
  check "$level: a legal action" 'json "assert d[\"action\"] in json.load(open(\"$dir/legal.json\"))"'
  cp "$dir/out" "$dir/first"
  "$cli" suggest "$dir/g.json" --level $level --iterations 30 --seed 9 >"$dir/out"
  check "$level: same action again" 'python3 -c "import json; a=json.load(open(\"$dir/first\")); b=json.load(open(\"$dir/out\")); assert a[\"action\"]==b[\"action\"]"'
done
expect 0 "suggest with a time budget" -- "$cli" suggest "$dir/g.json" --level easy --seconds 0.2
expect 1 "unknown level" -- "$cli" suggest "$dir/g.json" --level expert
expect 1 "both budgets" -- "$cli" suggest "$dir/g.json" --iterations 5 --seconds 1
expect 1 "unknown command before options" -- "$cli" sugest "$dir/g.json" --level easy
check "the command is named" 'grep -q "unknown command" "$dir/err"'
expect 0 "evaluate" -- "$cli" evaluate "$dir/g.json"
check "evaluate keys" 'json "assert set(d) >= {\"side\",\"score\",\"vp\",\"material\",\"position\",\"win_chance\"}"'
expect 0 "map of a game" -- "$cli" map "$dir/g.json"
check "map has no reverse and no seed" '! grep -q "\"reverse\"\|\"back\"\|\"seed\"" "$dir/out"'
check "map lists every hex" 'json "assert len(d[\"hexes\"])==d[\"columns\"]*d[\"rows\"]"'
expect 0 "map of a battle" -- "$cli" map battles/grunwald-1410.json
expect 0 "map of a shipped battle by its id" -- "$cli" map d3-first-charge
check "the id's battle" 'json "assert d[\"battle\"]==\"d3-first-charge\""'
"$cli" apply "$dir/g.json" "$(python3 -c "import json; print(json.dumps(json.load(open('$dir/legal.json'))[0]))")" >/dev/null
expect 0 "state without log" -- "$cli" state "$dir/g.json" --log none
check "no log, its size" 'json "assert \"log\" not in d and d[\"log_size\"]>0"'
expect 0 "state since" -- "$cli" state "$dir/g.json" --log since:2
check "log from 2" 'json "assert d[\"log_from\"]==2 and len(d[\"log\"])==d[\"log_size\"]-2"'
expect 0 "several previews in one call" -- "$cli" preview "$dir/g.json" '{"type":"attack","target":"EK1","attackers":["SG1"]}' '{"type":"fire","unit":"EA1","target":"SG1"}'
check "one answer per action, refusals with their rule" 'json "assert len(d)==2 and all(\"rule\" in x or \"outcomes\" in x or \"chance\" in x for x in d)"'
# preview --any: the Royal R7 attacking B5 during the Rebels' Move Phase, from where they stand.
p=$dir/p.json
"$cli" new battles/first-clash.json --seed 4 --out "$p" >/dev/null
"$cli" apply "$p" '{"type":"command","orders":[{"wing":"host","commands":["move"]}]}' \
  '{"type":"move","unit":"B5","to":"0706"}' '{"type":"end_phase"}' '{"type":"command","orders":[]}' \
  '{"type":"initiative","declare":false}' '{"type":"command","orders":[{"wing":"host","commands":["move","combat"]}]}' \
  '{"type":"move","unit":"B5","to":"0605"}' >/dev/null
expect 3 "out of phase, preview refuses" -- "$cli" preview "$p" '{"type":"attack","target":"B5","attackers":["R7"]}'
expect 0 "preview --any" -- "$cli" preview "$p" --any '{"type":"attack","target":"B5","attackers":["R7"]}'
check "judged as the Royal Combat Phase, downhill and across the trench" 'json "assert d[\"as_if\"]=={\"side\":\"royal\",\"phase\":\"combat\"} and sorted(t[\"rule\"] for t in d[\"cc_shifts\"])==[\"12.1\",\"12.3\"]"'
expect 0 "preview --any of several" -- "$cli" preview "$p" --any '{"type":"attack","target":"B5","attackers":["R7"]}' '{"type":"attack","target":"B1","attackers":["R7"]}'
check "the far one refused by 7.2" 'json "assert \"outcomes\" in d[0] and d[1][\"rule\"]==\"7.2\""'
# preview --any in D3 Medieval: the Blue crossbows shooting the Red knights (four hexes away) during
# Red's first movement phase (the crossbows where the ford had them before issue 32, in 0603).
python3 -c "import json,sys; b=json.load(open(sys.argv[1])); [u.update(hex='0603') for u in b['units'] if u['id']=='BX']; json.dump(b, open(sys.argv[2],'w'))" battles/d3-first-charge.json "$dir/ford.json"
"$cli" new "$dir/ford.json" --seed 3 --out "$dir/d3.json" >/dev/null
expect 3 "D3 out of phase, preview refuses" -- "$cli" preview "$dir/d3.json" '{"type":"shoot","unit":"BX","target":"RK"}'
expect 0 "D3 preview --any of a shot" -- "$cli" preview "$dir/d3.json" --any '{"type":"shoot","unit":"BX","target":"RK"}'
check "judged as Blue's shooting phase: D3+1, 3 hits expected" 'json "assert d[\"as_if\"]=={\"side\":\"blue\",\"phase\":\"shooting\"} and d[\"dice\"]==\"D3+1\" and abs(d[\"expected\"]-3.0)<1e-9"'
expect 0 "D3 preview --any of a melee out of contact is refused by D11" -- "$cli" preview "$dir/d3.json" --any '{"type":"melee","unit":"BM","target":"RK"}' '{"type":"shoot","unit":"RB","target":"BX"}'
check "melee refused (not in contact), the Red shot judged" 'json "assert d[0][\"rule\"].startswith(\"D\") and \"expected\" in d[1] and d[1][\"as_if\"][\"side\"]==\"red\""'
# Special-rule status in the state.
"$cli" new battles/morlaix-1342.json --seed 4 --out "$dir/m.json" >/dev/null
expect 0 "state of Morlaix" -- "$cli" state "$dir/m.json" --log none
check "waves: only the levies may attack; honour not met" 'json "s={x[\"id\"]:x for x in d[\"special\"]}; assert s[\"waves\"][\"wings_may_attack\"]==[\"levies\"] and s[\"honour\"][\"met\"]==False and len(s[\"the-rise\"][\"hexes\"])==6"'
expect 1 "bad log" -- "$cli" state "$dir/g.json" --log some
expect 0 "short arena" -- "$cli" play battles/first-clash.json --games 2 --seed 3 --bots hard,greedy --alternate --iterations 24 --max-actions 300
check "arena counts every game" 'json "w=d[\"wins_by_bot\"]; assert sum(w.values())==2 and set(d[\"time_per_decision\"])=={\"hard\",\"greedy\"}"'
check "seats: each bot played each side once, their wins are the decided games" 'json "s=d[\"seats\"]; w=d[\"wins\"]; assert all(s[b][x][\"games\"]==1 for b in (\"hard\",\"greedy\") for x in (\"royal\",\"rebels\")) and sum(s[b][x][\"won\"] for b in s for x in s[b])==w[\"royal\"]+w[\"rebels\"]"'
check "seats: a side's average VP is the games' VP shared out by bot" 'json "s=d[\"seats\"]; assert all(abs(sum(s[b][x][\"average_vp\"]*s[b][x][\"games\"] for b in s)-d[\"average_vp\"][x]*2)<1e-9 for x in (\"royal\",\"rebels\"))"'
# scripts/arena.py plays the games of one long run in chunks and merges them to the same counts.
"$cli" play battles/first-clash.json --games 6 --seed 11 --bots greedy,random --alternate >"$dir/long.json"
python3 "$(dirname "$0")/../scripts/arena.py" run "$cli" battles/first-clash.json --bots greedy,random --games 6 --seed 11 --chunk 2 --jobs 2 --out "$dir/chunks" >/dev/null 2>&1
python3 "$(dirname "$0")/../scripts/arena.py" merge "$dir/chunks" >"$dir/out"
check "arena chunks merge to the long run" 'json "l=json.load(open(\"$dir/long.json\")); assert d[\"wins\"]==l[\"wins\"] and d[\"wins_by_bot\"]==l[\"wins_by_bot\"] and all(abs(d[\"seats\"][b][x][k]-l[\"seats\"][b][x][k])<1e-9 for b in l[\"seats\"] for x in l[\"seats\"][b] for k in (\"games\",\"won\",\"average_vp\"))"'
# Its chunk files are written whole: two writers of one path at once each rename a temporary file
# of their own over it, so the file is one of the two texts and no temporary file is left.
check "arena: two writers of one file leave one whole text and no temporary file" 'python3 -c "
import sys, concurrent.futures as cf; sys.path.insert(0, \"$(dirname "$0")/../scripts\"); import arena
texts = [str(i) * 200000 for i in range(8)]
with cf.ThreadPoolExecutor(8) as ex: list(ex.map(lambda t: arena.write_atomic(\"$dir/same.json\", t), texts))
import os; assert open(\"$dir/same.json\").read() in texts and not [f for f in os.listdir(\"$dir\") if f.endswith(\".tmp\")]"'
expect 0 "arena games kept" -- "$cli" play battles/d3-first-charge.json --games 2 --seed 7 --bots greedy,random --alternate --keep "$dir/kept"
check "each game kept under its seed, loads, and is over with the winner play counted" 'json "import glob,subprocess; f=sorted(glob.glob(\"$dir/kept/*.json\")); assert [x.rsplit(\"/\",1)[1] for x in f]==[\"d3-first-charge-7.json\",\"d3-first-charge-8.json\"]; w=[json.loads(subprocess.run([\"$cli\",\"state\",x,\"--log\",\"none\"],capture_output=True,text=True,check=True).stdout)[\"winner\"] for x in f]; assert all(w) and sum(1 for x in w if x in (\"red\",\"blue\"))==d[\"wins\"][\"red\"]+d[\"wins\"][\"blue\"]"'
check "play counts the games per victory level, each as the kept game's state names it" 'json "import glob,subprocess,collections; f=sorted(glob.glob(\"$dir/kept/*.json\")); lv=[json.loads(subprocess.run([\"$cli\",\"state\",x,\"--log\",\"none\"],capture_output=True,text=True,check=True).stdout)[\"victory_level\"][\"id\"] for x in f]; c=collections.Counter(lv); assert set(d[\"victory_levels\"])=={\"red_decisive\",\"red_marginal\",\"drawn\",\"blue_decisive\",\"blue_marginal\",\"none\"}, d; assert all(d[\"victory_levels\"][k]==c.get(k,0) for k in d[\"victory_levels\"]) and sum(d[\"victory_levels\"].values())==2"'
check "each bot's levels by the side it played: greedy was Red in game 7 and Blue in game 8" 'json "import subprocess; lv=lambda x: json.loads(subprocess.run([\"$cli\",\"state\",x,\"--log\",\"none\"],capture_output=True,text=True,check=True).stdout)[\"victory_level\"][\"id\"]; g={\"red\":lv(\"$dir/kept/d3-first-charge-7.json\"),\"blue\":lv(\"$dir/kept/d3-first-charge-8.json\")}; s=d[\"seats\"]; assert all(s[\"greedy\"][x][\"victory_levels\"][k]==(1 if k==g[x] else 0) for x in g for k in d[\"victory_levels\"]), s; assert all(s[\"random\"][x][\"victory_levels\"]==s[\"greedy\"][y][\"victory_levels\"] for x,y in ((\"red\",\"blue\"),(\"blue\",\"red\")))"'
# A battle history made lopsided is read by levels per bot (scripts/arena.py merge): the favoured
# side wins a game by levels at its better levels, the other side at any of its own.
python3 "$(dirname "$0")/../scripts/arena.py" run "$cli" battles/morlaix-1342-d3.json --bots greedy,random --games 4 --seed 40 --chunk 2 --jobs 2 --out "$dir/levels" >/dev/null 2>&1
"$cli" play battles/morlaix-1342-d3.json --games 4 --seed 40 --bots greedy,random --alternate --keep "$dir/levels-kept" >/dev/null
python3 "$(dirname "$0")/../scripts/arena.py" merge "$dir/levels" >"$dir/out"
check "arena merge reads each bot's wins by levels from the games it played" 'json "import subprocess; lv=lambda x: json.loads(subprocess.run([\"$cli\",\"state\",x,\"--log\",\"none\"],capture_output=True,text=True,check=True).stdout)[\"victory_level\"][\"id\"]; better={\"english_decisive\"}; theirs={\"french_decisive\",\"french_moral\"}; won={\"greedy\":0,\"random\":0}; [won.__setitem__(b, won[b]+1) for g in range(4) for lvl in [lv(\"$dir/levels-kept/morlaix-1342-d3-%d.json\" % (40+g))] for b in [((\"greedy\",\"random\")[g%2] if lvl in better else (\"random\",\"greedy\")[g%2]) if lvl in better|theirs else None] if b]; r=d[\"win_share_by_levels\"]; assert {b:r[b][\"won\"] for b in r}==won and r[\"greedy\"][\"lost\"]==won[\"random\"], (r, won)"'
expect 0 "arena easy vs normal" -- "$cli" play battles/morlaix-1342.json --games 2 --bots easy,normal --iterations 16 --max-actions 200
# The heuristic player (docs/ai.md "The heuristic player") in a short arena against greedy, and
# against normal from the other seat: whole games, every choice accepted by the engine.
expect 0 "arena heuristic vs greedy" -- "$cli" play battles/first-clash.json --games 4 --seed 21 --bots heuristic,greedy --alternate --threads 1
check "heuristic: every game counted, its time per decision reported" 'json "w=d[\"wins_by_bot\"]; assert sum(w.values())==4 and w[\"unfinished\"]==0 and d[\"time_per_decision\"][\"heuristic\"][\"decisions\"]>0"'
expect 0 "arena normal vs heuristic at Morlaix" -- "$cli" play battles/morlaix-1342.json --games 2 --seed 5 --bots normal,heuristic --alternate --iterations 16 --threads 1
check "heuristic at Morlaix: both games finished" 'json "w=d[\"wins_by_bot\"]; assert sum(w.values())==2 and w[\"unfinished\"]==0"'
expect 1 "one bot only" -- "$cli" play battles/first-clash.json --bots hard

# scripts/versus.py (docs/ai.md "Against an older build"): two builds' players, paired by seed.
# The same build on both seats plays a seed twice, the seats swapped, and counts both games.
versus="$(dirname "$0")/../scripts/versus.py"
expect 0 "versus: two builds paired by seed" -- python3 "$versus" battles/first-clash.json --a "$cli:easy" --b "$cli:greedy" --a-args "--iterations 8 --threads 1" --seeds 3 1 --jobs 2
check "versus: both seats of the seed played, every game counted" 'json "p=d[\"players\"]; g=d[\"games_list\"]; assert d[\"games\"]==2 and sorted(x[\"first\"] for x in g)==[0,1] and {x[\"seed\"] for x in g}=={3} and p[\"a\"][\"won\"]+p[\"b\"][\"won\"]+d[\"drawn\"]==2"'
# A D3 Medieval battle (units wear by hits, no VP) whose history favours a side: both games played
# and compared, and each player's games won by levels read from the level each game ended at.
expect 0 "versus: a D3 battle read by levels" -- python3 "$versus" battles/morlaix-1342-d3.json --a "$cli:greedy" --b "$cli:random" --seeds 40 1 --jobs 2
check "versus: each game's level, and the wins by levels they give" 'json "g=d[\"games_list\"]; assert len(g)==2 and all(x[\"level\"] for x in g); better={\"english_decisive\"}; theirs={\"french_decisive\",\"french_moral\"}; won=[0,0]; [won.__setitem__(k, won[k]+1) for x in g for k in [((0 if x[\"first\"]==0 else 1) if x[\"level\"] in better else (1 if x[\"first\"]==0 else 0)) if x[\"level\"] in better|theirs else None] if k is not None]; r=d[\"by_levels\"]; assert [r[\"a\"][\"won\"], r[\"b\"][\"won\"]]==won and r[\"a\"][\"lost\"]==won[1], (r, g)"'
# A build that reads the rules differently (here: one whose apply leaves the record as it was) is
# caught at the first action, not counted.
printf '#!/usr/bin/env bash\nif [ "$1" = apply ]; then exit 0; fi\nexec "%s" "$@"\n' "$cli" >"$dir/stale-cli"
chmod +x "$dir/stale-cli"
expect 1 "versus: builds that disagree stop the run" -- python3 "$versus" battles/first-clash.json --a "$cli:greedy" --b "$dir/stale-cli:greedy" --seeds 3 1 --jobs 1
check "versus: the disagreement is named" 'grep -q "disagree by action" "$dir/err"'
# A battle file that is not UTF-8 is named in one line with what is wrong, exit 2 as the CLI's bad
# input, not a Python traceback.
printf '{"x":"\xff"}' >"$dir/latin1.json"
expect 2 "versus: a battle that is not UTF-8" -- python3 "$versus" "$dir/latin1.json" --a "$cli:greedy" --b "$cli:greedy" --seeds 3 1
check "versus: one line naming the file and the byte" 'grep -qxF "versus: $dir/latin1.json: byte 0xFF at offset 6 is not UTF-8" "$dir/err" && [ "$(wc -l <"$dir/err")" = 1 ]'

if [ "$fails" -gt 0 ]; then echo "$fails failure(s)"; exit 1; fi
echo "players CLI: all checks passed"
