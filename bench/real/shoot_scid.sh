#!/bin/bash
# usage: shoot_scid.sh CASES OUTDIR
# Screenshots of Scid (Debian scid) for the scid lines of CASES (cases.py), on the X display
# $DISPLAY (an Xvfb 1280x800 screen). Scid opens a PGN of the position before the last move and
# that move, plays the move forward (Home, Right), so that it marks it, and turns the board
# (its "." key) for black at the bottom; its settings come from a fresh home folder per shot.
# The shot is its main window (grab_window.sh), resized first to width= by height=.
# Options: board= one of Scid's textures, or plain with light= and dark= square colours;
# coordinates=1-4 Scid's four label styles (labels shown where the case's coords is 1).
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cases.sh"
shooter_start "$@"
cases scid "$cases" | while IFS=$'\t' read -r name program pieces fen before move side coords kind options; do
  rm -rf "$tmp/home"; mkdir -p "$tmp/home/.scid4.7/config"
  game_pgn "$before" "$move" > "$tmp/game.pgn"
  set_name=${pieces#scid-}
  board=$(opt board "$options")
  {
    echo 'set startup(tip) 0'
    echo "set boardStyle \"${set_name//_/ }\""
    echo "set boardCoords $([ "$coords" = 1 ] && opt coordinates "$options" || echo 0)"
    if [ "$board" = plain ]; then
      echo 'set boardfile_dark "emptySquare"'
      echo 'set boardfile_lite "emptySquare"'
      echo "set squareColor_lite \"$(opt light "$options")\""
      echo "set squareColor_dark \"$(opt dark "$options")\""
    else
      echo "set boardfile_dark \"$board-d\""
      echo "set boardfile_lite \"$board-l\""
    fi
  } > "$tmp/home/.scid4.7/config/options.dat"
  # The window's title names the game's file once it is loaded.
  start_with_game /usr/games/scid '^Scid - game'
  xdotool windowsize "$win" "$(opt width "$options")" "$(opt height "$options")"
  play_last_move "$win" "$side" period
  "$here/grab_window.sh" "$out/$name"
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  echo "$name"
done
