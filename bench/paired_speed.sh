#!/usr/bin/env bash
# Times two chessbot builds side by side, one per core, then with the cores swapped, so both
# meet the same noise of a shared machine (run one after the other, the same build's median
# moved by 20 % here between runs; side by side, the ratio held within a few %):
#
#   bash bench/paired_speed.sh BIN_A BIN_B [ROUNDS]
#
# Each round runs `vision bench --boards 30 --seed 1 --repeats 3` (median ms per 1280x800 page,
# decode included) and `bench` (engine nodes per second) for both builds at once, A on core 0
# and B on core 1, then A on 1 and B on 0. Needs two cores.
set -euo pipefail
a=$1 b=$2 rounds=${3:-2}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_pair() { # label, command args...
    local label=$1; shift
    for cores in "0 1" "1 0"; do
        read -r ca cb <<<"$cores"
        RAYON_NUM_THREADS=1 taskset -c "$ca" "$a" "$@" >"$out/a" 2>&1 &
        RAYON_NUM_THREADS=1 taskset -c "$cb" "$b" "$@" >"$out/b" 2>&1 &
        wait
        if [ "$label" = vision ]; then
            ma=$(awk '$1 == "all" {print $8}' "$out/a"); mb=$(awk '$1 == "all" {print $8}' "$out/b")
            echo "vision median ms: A $ma (core $ca), B $mb (core $cb), B/A $(echo "scale=3; $mb / $ma" | bc)"
        else
            na=$(awk '/nps/ {print $(NF-1)}' "$out/a" | tail -1); nb=$(awk '/nps/ {print $(NF-1)}' "$out/b" | tail -1)
            echo "engine nps: A $na (core $ca), B $nb (core $cb), B/A $(echo "scale=3; $nb / $na" | bc)"
        fi
    done
}
for _ in $(seq "$rounds"); do
    run_pair vision vision bench --boards 30 --seed 1 --repeats 3
    run_pair engine bench
done
