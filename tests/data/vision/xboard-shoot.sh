#!/bin/bash
# usage: shoot.sh out.png "FEN" xboard-args...
out=$1; fen=$2; shift 2
echo "$fen" > /tmp/xb/pos.fen
DISPLAY=:99 timeout 25 /usr/games/xboard -ncp -lpf /tmp/xb/pos.fen "$@" >/dev/null 2>&1 &
pid=$!
sleep 4
DISPLAY=:99 import -window root "$out"
kill $pid 2>/dev/null; wait $pid 2>/dev/null
sleep 1
