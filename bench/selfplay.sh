#!/bin/sh
# Games per second of chessbot selfplay against the python-chess peer, one core each, every game
# from the initial position (the peer stops games with python-chess's outcome(claim_draw=True)).
# chessbot plays 20 times as many games as the peer, so that its run lasts seconds, not start-up.
# Usage: bench/selfplay.sh [GAMES]   (needs target/release/chessbot and python-chess)
set -e
games="${1:-200}"
ours=$((games * 20))
bin="${CHESSBOT:-target/release/chessbot}"
for pair in "random random" "material material"; do
  set -- $pair
  py=$(python3 bench/selfplay_python.py "$1" "$2" "$games" 1)
  start=$(date +%s.%N)
  "$bin" selfplay --white "$1" --black "$2" --games "$ours" --concurrency 1 --seed 1 --random-plies 0 >/dev/null
  end=$(date +%s.%N)
  rs=$(echo "$ours / ($end - $start)" | bc -l)
  pyrate=$(echo "$py" | awk '{print $(NF-1)}')
  printf '%s vs %s: chessbot %.1f games/s, python-chess %s games/s, ratio %.0fx\n' \
    "$1" "$2" "$rs" "$pyrate" "$(echo "$rs / $pyrate" | bc -l)"
done
