#!/bin/bash
# usage: shoot.sh out.png "FEN" xboard-args...
# XBoard may open a startup hint ("Right-clicking menu item...") over the board; CLICK="x y"
# clicks there twice (selecting and unselecting the piece beneath, a square of the side to
# move), which closes it. Crop the root window shot to XBoard's window afterwards.
out=$1; fen=$2; shift 2
mkdir -p /tmp/xb
echo "$fen" > /tmp/xb/pos.fen
DISPLAY=:99 timeout 40 /usr/games/xboard -ncp -lpf /tmp/xb/pos.fen "$@" >/dev/null 2>&1 &
pid=$!
sleep 4
if [ -n "$CLICK" ]; then
  DISPLAY=:99 xdotool mousemove $CLICK click 1
  sleep 1
  DISPLAY=:99 xdotool click 1
  sleep 1
  DISPLAY=:99 xdotool mousemove 1200 780
  sleep 1
fi
DISPLAY=:99 import -window root "$out"
kill $pid 2>/dev/null; wait $pid 2>/dev/null
sleep 1
