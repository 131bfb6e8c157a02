# Timing for the corpus benchmarks (bench-text.sh, bench-sms.sh). Source it after setting $out,
# the folder holding corpus.txt. Time stamps are bash's $EPOCHREALTIME, read without forking: a
# `$(date +%s.%N)` stamp starts a process and added about 1.3 ms to every timed run, which is a fifth
# of a run of a few milliseconds. `best_of_3 true` shows what the timing itself still adds.

# best_of_3 CMD...: the best wall time in seconds of three runs reading $out/corpus.txt on stdin;
# fails, showing the command's stderr, if it fails.
best_of_3() {
    best_of 3 "$@"
}

# best_of N CMD...: the same for N runs.
best_of() {
    local runs=$1 best="" elapsed
    shift
    for ((run = 0; run < runs; run++)); do
        elapsed=$(time_once "$@") || return 1
        if [ -z "$best" ] || [ "$(echo "$elapsed < $best" | bc -l)" = 1 ]; then best=$elapsed; fi
    done
    echo "$best"
}

# time_once CMD...: the wall time in seconds of one run reading $out/corpus.txt on stdin; fails,
# showing the command's stderr, if it fails.
time_once() {
    local start end status=0
    start=$EPOCHREALTIME
    "$@" <"$out/corpus.txt" >/dev/null 2>"$out/timed-stderr.txt" || status=$?
    end=$EPOCHREALTIME
    if [ "$status" -ne 0 ]; then
        echo "error: timed command failed (exit status $status): $*" >&2
        tail -5 "$out/timed-stderr.txt" >&2
        return 1
    fi
    echo "$end - $start" | bc -l
}

# best_and_median SECONDS...: "BEST MEDIAN" of the samples.
best_and_median() {
    printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[1], a[int((NR + 1) / 2)] }'
}
