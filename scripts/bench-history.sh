#!/usr/bin/env bash
# Share history benchmark (release build, hyperfine medians, warm cache):
#   1. what recording adds to `sharevia --to file examples/card.png`: history on against off
#      (SHAREVIA_NO_HISTORY=1), the two commands in one hyperfine run, over a database that
#      already holds shares; the target is under 1 ms between the medians;
#   2. `sharevia stats` over 1,000,000 shares (scripts/seed-history.py, 1 to 3 attempts each):
#      target under 1 s;
#   3. `sharevia history --since` a week back (about 19,000 of those shares match; the newest
#      100 are listed): target under 100 ms.
# Prints the figures and whether each is within its target; exits 1 when one is not.
# Usage: scripts/bench-history.sh [runs]   (default 40 runs for 1, 10 for 2 and 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-40}
scripts/install-deps.sh bench >/dev/null
command -v hyperfine >/dev/null || { echo "bench-history: hyperfine is missing (scripts/install-deps.sh bench)" >&2; exit 1; }
swift build -c release --product sharevia >/dev/null 2>&1 || swift build -c release --product sharevia
bin=$(swift build -c release --show-bin-path)/sharevia
card=examples/card.png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

# hyperfine's median of command NAME in its JSON export, in milliseconds.
median_ms() { python3 -c "import json,sys; r={x['command']: x['median'] for x in json.load(open(sys.argv[1]))['results']}; print('%.2f' % (r[sys.argv[2]] * 1000))" "$@"; }
verdict() { python3 -c "import sys; print('yes' if float(sys.argv[1]) < float(sys.argv[2]) else 'NO')" "$1" "$2"; }

# 1. Recording on against off. The state folder is made and holds 20 shares first; each run
#    writes into an emptied --out, so the file export's numbering costs both sides the same.
state=$work/state
for _ in $(seq 20); do XDG_STATE_HOME=$state "$bin" --to file "$card" --out "$work/warm" --no-fallback >/dev/null 2>&1; done
share=("$bin" --to file "$card" --out "$work/out" --no-fallback)
hyperfine -N --warmup 5 --runs "$runs" --prepare "rm -rf $work/out" --export-json "$work/share.json" \
  -n off "env SHAREVIA_NO_HISTORY=1 XDG_STATE_HOME=$state ${share[*]}" \
  -n on "env XDG_STATE_HOME=$state ${share[*]}" >/dev/null
off=$(median_ms "$work/share.json" off)
on=$(median_ms "$work/share.json" on)
added=$(python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) - float(sys.argv[2])))" "$on" "$off")
printf '%-58s %10s\n' "sharevia --to file card.png ($runs runs)" "median ms"
printf '%-58s %10s\n' "  history off (SHAREVIA_NO_HISTORY=1)" "$off"
printf '%-58s %10s\n' "  history on" "$on"
printf '%-58s %10s   under 1 ms: %s\n' "  recording adds" "$added" "$(verdict "$added" 1)"
[[ $(verdict "$added" 1) == yes ]] || status=1

# 2 and 3. A million shares, seeded into the schema sharevia creates.
big=$work/big
XDG_STATE_HOME=$big "$bin" --to file "$card" --out "$work/warm" --no-fallback >/dev/null 2>&1
python3 scripts/seed-history.py "$big/sharevia/sharevia.sqlite" 1000000
hyperfine -N --warmup 1 --runs 10 --export-json "$work/read.json" \
  -n stats "env XDG_STATE_HOME=$big $bin stats" \
  -n history "env XDG_STATE_HOME=$big $bin history --since 2026-10-25" >/dev/null
stats=$(median_ms "$work/read.json" stats)
history=$(median_ms "$work/read.json" history)
printf '%-58s %10s   under 1000 ms: %s\n' "sharevia stats over 1,000,000 shares" "$stats" "$(verdict "$stats" 1000)"
printf '%-58s %10s   under 100 ms: %s\n' "sharevia history --since 2026-10-25 (of 1,000,000)" "$history" "$(verdict "$history" 100)"
[[ $(verdict "$stats" 1000) == yes && $(verdict "$history" 100) == yes ]] || status=1
exit $status
