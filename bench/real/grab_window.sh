#!/bin/bash
# usage: grab_window.sh OUT.png
# Saves the largest visible top-level window on $DISPLAY (the program's main window; there is
# no window manager, so no frame), with any black margin around it trimmed.
set -e
out=$1
best=; best_area=0
for w in $(xdotool search --onlyvisible --name '' 2>/dev/null); do
  eval "$(xdotool getwindowgeometry --shell "$w")"
  if [ $((WIDTH * HEIGHT)) -gt "$best_area" ]; then
    best_area=$((WIDTH * HEIGHT)); best=$X,$Y,$WIDTH,$HEIGHT
  fi
done
[ -n "$best" ] || { echo "grab_window.sh: no window on $DISPLAY" >&2; exit 1; }
IFS=, read -r x y w h <<< "$best"
# Windows partly off the screen are cut to it.
import -window root png:- | convert png:- -crop "${w}x${h}+${x}+${y}" +repage \
  -bordercolor black -border 1 -fuzz 2% -trim +repage "$out"
