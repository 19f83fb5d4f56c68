#!/bin/bash
# usage: shoot_chessx.sh CASES OUTDIR
# Screenshots of ChessX (Debian chessx) for the chessx lines of CASES (cases.py), on the X
# display $DISPLAY (an Xvfb 1280x800 screen). ChessX opens a PGN of the position before the
# last move and that move, goes to the game's end (End) and flips the board (Ctrl+B) for black
# at the bottom; its settings come from a fresh home folder per shot. The shot is its main
# window (grab_window.sh), resized first to width= by height=.
# Options: effect=plain, outline or shadow (how the pieces are drawn); board= one of ChessX's
# textures, or plain with light= and dark= square colours; frame=1 lines between the squares;
# highlight=1 the last move marked with an arrow (ChessX's default), 0 not marked.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cases.sh"
shooter_start "$@"
bool() { [ "$1" = 1 ] && echo true || echo false; }
cases chessx "$cases" | while IFS=$'\t' read -r name program pieces fen before move side coords kind options; do
  rm -rf "$tmp/home"; mkdir -p "$tmp/home/.config/chessx"
  game_pgn "$before" "$move" > "$tmp/game.pgn"
  board=$(opt board "$options")
  case $(opt effect "$options") in plain) effect=0 ;; outline) effect=1 ;; *) effect=2 ;; esac
  {
    printf '[%%General]\nBuiltinDbInstalled=true\n\n[Board]\n'
    printf 'pieceTheme=%s\npieceEffect=%s\n' "${pieces#chessx-}" "$effect"
    if [ "$board" = plain ]; then
      printf 'boardTheme=[plain colors]\nlightColor=%s\ndarkColor=%s\n' \
        "$(opt light "$options")" "$(opt dark "$options")"
    else
      printf 'boardTheme=%s\n' "$board"
    fi
    printf 'showCoordinates=%s\nshowFrame=%s\nshowCurrentMove=%s\n' "$(bool "$coords")" \
      "$(bool "$(opt frame "$options")")" "$([ "$(opt highlight "$options")" = 1 ] && echo 2 || echo 0)"
  } > "$tmp/home/.config/chessx/chessx.ini"
  # The window's title names the game's file once it is loaded.
  start_with_game /usr/games/chessx '^game - ChessX'
  xdotool key Escape                      # the offer to download a database
  xdotool windowsize "$win" "$(opt width "$options")" "$(opt height "$options")"
  play_last_move "$win" "$side" ctrl+b
  "$here/grab_window.sh" "$out/$name"
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  echo "$name"
done
