# Helpers for scripts/bench-image.sh: deterministic inputs and timing.

# make_inputs DIR: writes DIR/photo-6000x4000.png and DIR/card-1080x1920.png unless present
# (about 20 s the first time).
# The photo is a seeded ImageMagick plasma (cloud-like colour fields) made at 1500x1000, blurred,
# enlarged 4x with a cubic kernel by vips, plus light seeded grain: it compresses like a
# photograph (about 25 MB), not like noise or a flat image. Saved with adaptive filters, as
# most encoders write PNGs.
make_inputs() {
    local dir="$1"
    if [ ! -s "$dir/photo-6000x4000.png" ]; then
        echo "Generating the 6000x4000 photo..." >&2
        local t="$dir/tmp-gen"
        mkdir -p "$t"
        convert -seed 42 -size 1500x1000 plasma:fractal -blur 0x2 -depth 8 "$t/plasma.png"
        vips resize "$t/plasma.png" "$t/big.v" 4 --kernel cubic
        vips gaussnoise "$t/grain.v" 6000 4000 --seed 4 --sigma 2 --mean 0
        vips add "$t/big.v" "$t/grain.v" "$t/sum.v"
        vips cast "$t/sum.v" "$t/photo.v" uchar
        vips pngsave "$t/photo.v" "$dir/photo-6000x4000.png" --compression 6 --filter all
        rm -rf "$t"
    fi
    if [ ! -s "$dir/photo-4000x3000.jpg" ]; then
        # The photo, as a phone would save it: 4000x3000 JPEG, quality 90, 4:2:0.
        vips resize "$dir/photo-6000x4000.png" "$dir/photo-4000x3000.jpg[Q=90]" 0.6666667
    fi
    if [ ! -s "$dir/card-1080x1920.png" ]; then
        echo "Generating the 1080x1920 card..." >&2
        # A story card: a vertical gradient, a photo-like inset (seeded plasma), flat shapes.
        convert -size 1080x1920 gradient:'#1f4068'-'#e43f5a' \
            \( -seed 3 -size 450x250 plasma:fractal -resize 900x500! \) -geometry +90+300 -composite \
            -fill '#f6f6f6' -draw "roundrectangle 90,900 990,1600 48,48" \
            -fill '#162447' -draw "rectangle 150,960 930,1200" \
            -fill '#e43f5a' -draw "circle 540,1400 540,1300" \
            -depth 8 -define png:color-type=6 "$dir/card-1080x1920.png"
    fi
}

# measure INPUT LABEL COMMAND...: runs COMMAND $RUNS times (after one warm-up) and prints the
# median wall time and the largest peak RSS; leaves the median in LAST_MS. If any run fails, the
# row says FAILED (with the command's stderr below it) and LAST_MS is "nan", never a stale figure
# from the previous tool.
measure() {
    local input="$1" label="$2"
    shift 2
    local times=() rss=0 i start end m
    LAST_MS=nan
    if ! "$@" >/dev/null 2>"$WORK/stderr.txt"; then
        printf '%-10s %-32s %12s\n' "$input" "$label" "FAILED"
        sed 's/^/    /' "$WORK/stderr.txt" >&2
        return 0
    fi
    for ((i = 0; i < RUNS; i++)); do
        start=$(date +%s%N)
        if ! /usr/bin/time -f %M -o "$WORK/rss.txt" "$@" >/dev/null 2>"$WORK/stderr.txt"; then
            printf '%-10s %-32s %12s\n' "$input" "$label" "FAILED (run $((i + 1)))"
            sed 's/^/    /' "$WORK/stderr.txt" >&2
            return 0
        fi
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
        m=$(tail -1 "$WORK/rss.txt")
        (( m > rss )) && rss=$m
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    LAST_MS=$(awk -v t="$median" 'BEGIN { printf "%.1f", t / 1000 }')
    awk -v i="$input" -v l="$label" -v t="$median" -v r="$rss" 'BEGIN { printf "%-10s %-32s %12.1f %14.1f\n", i, l, t / 1000, r / 1024 }'
}

# ratio OURS THEIRS: OURS / THEIRS to two places, or "n/a" when either run failed.
ratio() {
    awk -v o="$1" -v t="$2" 'BEGIN { if (o == "nan" || t == "nan" || t == 0) print "n/a"; else printf "%.2fx", o / t }'
}
