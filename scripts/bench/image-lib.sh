# Helpers for scripts/bench-image.sh: deterministic inputs and timing.

# make_inputs DIR: writes DIR/photo-6000x4000.png and DIR/card-1080x1920.png unless present.
# The photo is smooth colour fields (seeded noise upscaled with a cubic kernel) plus light
# seeded grain, so it compresses like a photograph rather than like noise or a flat image.
make_inputs() {
    local dir="$1"
    if [ ! -s "$dir/photo-6000x4000.png" ]; then
        echo "Generating the 6000x4000 photo..." >&2
        local t="$dir/tmp-gen"
        mkdir -p "$t"
        vips gaussnoise "$t/r.v" 750 500 --seed 1 --sigma 50
        vips gaussnoise "$t/g.v" 750 500 --seed 2 --sigma 50
        vips gaussnoise "$t/b.v" 750 500 --seed 3 --sigma 50
        vips bandjoin "$t/r.v $t/g.v $t/b.v" "$t/rgb.v"
        vips resize "$t/rgb.v" "$t/big.v" 8 --kernel cubic
        vips gaussnoise "$t/grain.v" 6000 4000 --seed 4 --sigma 1.5 --mean 0
        vips add "$t/big.v" "$t/grain.v" "$t/sum.v"
        vips cast "$t/sum.v" "$t/photo.v" uchar
        vips pngsave "$t/photo.v" "$dir/photo-6000x4000.png" --compression 6 --filter all
        rm -rf "$t"
    fi
    if [ ! -s "$dir/card-1080x1920.png" ]; then
        echo "Generating the 1080x1920 card..." >&2
        convert -size 1080x1920 gradient:'#1f4068'-'#e43f5a' \
            -fill '#f6f6f6' -draw "roundrectangle 90,420 990,1500 48,48" \
            -fill '#162447' -draw "rectangle 150,500 930,900" \
            -fill '#e43f5a' -draw "circle 540,1150 540,1010" \
            -seed 7 -attenuate 0.15 +noise Uniform \
            -define png:color-type=6 "$dir/card-1080x1920.png"
    fi
}

# measure INPUT LABEL COMMAND...: runs COMMAND $RUNS times (after one warm-up) and prints the
# median wall time and the largest peak RSS.
measure() {
    local input="$1" label="$2"
    shift 2
    local times=() rss=0 i start end m
    "$@" >/dev/null 2>&1 || { printf '%-10s %-32s %12s\n' "$input" "$label" "FAILED"; "$@" >&2 || true; return 0; }
    for ((i = 0; i < RUNS; i++)); do
        start=$(date +%s%N)
        /usr/bin/time -f %M -o "$WORK/rss.txt" "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000 )))
        m=$(tail -1 "$WORK/rss.txt")
        (( m > rss )) && rss=$m
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    awk -v i="$input" -v l="$label" -v t="$median" -v r="$rss" 'BEGIN { printf "%-10s %-32s %12.1f %14.1f\n", i, l, t / 1000, r / 1024 }'
}
