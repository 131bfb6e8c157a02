# Timing helpers for the whole-process share benchmarks (bench-share.sh, bench-instagram.sh).
# Source it after setting $runs (hyperfine runs) and $work (a scratch folder); each measured
# command writes into $work/out, which is emptied before every run.

# median_ms COMMAND...: the median wall time in milliseconds over $runs runs (3 warm-ups).
median_ms() {
  hyperfine --style none --runs "$runs" --warmup 3 --prepare "rm -rf $work/out; mkdir -p $work/out" \
    --export-json "$work/h.json" "$*" >/dev/null 2>&1
  python3 -c 'import json,sys; print("%.1f" % (json.load(open(sys.argv[1]))["results"][0]["median"]*1000))' "$work/h.json"
}

# peak_mb COMMAND...: the peak resident memory in MB, the largest of 5 runs (GNU time).
peak_mb() {
  local peak=0
  for _ in 1 2 3 4 5; do
    rm -rf "$work/out"; mkdir -p "$work/out"
    /usr/bin/time -f '%M' -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
    local kb; kb=$(tail -1 "$work/time.txt")
    ((kb > peak)) && peak=$kb
  done
  python3 -c "print('%.1f' % ($peak/1024))"
}
