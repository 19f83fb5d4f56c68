#!/bin/bash
# usage: shoot_all.sh dev|held [OUTROOT] [COUNT]
# Takes one half of the real-program benchmark: writes OUTROOT/HALF/cases.txt (cases.py with
# the half's seed, COUNT cases per program, 40 by default) and the screenshots beside it, one
# program after another. The desktop programs run on an Xvfb 1280x800 screen at
# $REALBENCH_DISPLAY (:97 by default; started here when none answers there).
set -e
half=$1; root=${2:-/work/realbench}; count=${3:-40}
case $half in
  dev) seed=1 ;;
  held) seed=2 ;;
  *) echo "usage: shoot_all.sh dev|held [OUTROOT] [COUNT]" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
out=$root/$half
mkdir -p "$out"
export DISPLAY=${REALBENCH_DISPLAY:-:97}
if ! xdpyinfo >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb' EXIT
  sleep 2
fi
python3 "$here/cases.py" --half "$half" --seed $seed --count "$count" > "$out/cases.txt"
step() {
  local t0=$SECONDS
  "$@" > /dev/null
  echo "$(basename "$1"): $((SECONDS - t0)) s"
}
step "$here/shoot_xboard.sh" "$out/cases.txt" "$out"
step "$here/shoot_gnome.sh" "$out/cases.txt" "$out"
step "$here/shoot_pychess.py" "$out/cases.txt" "$out"
step "$here/shoot_web.py" "$out/cases.txt" "$out"
step "$here/shoot_chessx.sh" "$out/cases.txt" "$out"
step "$here/shoot_scid.sh" "$out/cases.txt" "$out"
echo "$(grep -vc '^#' "$out/cases.txt") cases, $(ls "$out" | grep -c '\.png$') screenshots in $out"
