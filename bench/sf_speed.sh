#!/usr/bin/env bash
# Nodes a second of `chessbot bench` against `stockfish bench`, side by side: both at once, one
# per core, then with the cores swapped, so both meet the same noise of a shared machine.
#
#   bash bench/sf_speed.sh CHESSBOT [STOCKFISH] [ROUNDS]
#
# Prints each pair's nodes a second (chessbot's the mean of three runs) and ratio (chessbot / Stockfish), then the median ratio.
# Both use one thread and 16 MB of hash (their bench defaults). Needs two cores.
set -euo pipefail
cb=$1 sf=${2:-/usr/games/stockfish} rounds=${3:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for _ in $(seq "$rounds"); do
    for cores in "0 1" "1 0"; do
        read -r ccb csf <<<"$cores"
        # Stockfish's bench takes about three times as long as ours: ours runs three times.
        taskset -c "$ccb" bash -c "for i in 1 2 3; do $(printf %q "$cb") bench; done" >"$out/cb" 2>&1 &
        taskset -c "$csf" "$sf" bench >"$out/sf" 2>&1 &
        wait
        ncb=$(awk '/nps/ {s += $(NF-1); n++} END {printf "%d", s / n}' "$out/cb")
        nsf=$(awk '/Nodes\/second/ {print $NF}' "$out/sf" | tail -1)
        echo "chessbot $ncb nps (core $ccb), stockfish $nsf nps (core $csf), ratio $(echo "scale=3; $ncb / $nsf" | bc)"
    done
done | tee "$out/pairs"
awk '{print $NF}' "$out/pairs" | sort -n | awk '{r[NR] = $1} END {
    m = (NR % 2) ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
    printf "median ratio %.2f over %d pairs (%.2f-%.2f)\n", m, NR, r[1], r[NR]
}'
