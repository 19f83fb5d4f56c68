#!/bin/bash
# usage: shoot_gnome.sh CASES OUTDIR
# Screenshots of GNOME Chess (Debian gnome-chess) for the gnome-chess lines of CASES (cases.py),
# on the X display $DISPLAY (an Xvfb 1280x800 screen). Its settings are kept in a key file, so
# that no dconf service is needed, and it draws with cairo (GSK_RENDERER), as Xvfb has no GL.
# It opens a PGN of the position alone: GNOME Chess marks no last move (and a game given with
# moves from a set-up position it numbers wrongly, which can crash it). The shot is its window
# (grab_window.sh). Pieces gnome-simple or gnome-fancy (piece-theme); coords is show-numbering;
# side is board-side; options width=, height= the window size.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cases.sh"
shooter_start "$@"
export XDG_CONFIG_HOME=$tmp GSETTINGS_BACKEND=keyfile GSK_RENDERER=cairo
cases gnome-chess "$cases" | while IFS=$'\t' read -r name program pieces fen before move side coords kind options; do
  gsettings set org.gnome.Chess piece-theme "${pieces#gnome-}"
  gsettings set org.gnome.Chess show-numbering "$([ "$coords" = 1 ] && echo true || echo false)"
  gsettings set org.gnome.Chess board-side "$side"
  gsettings set org.gnome.Chess width "$(opt width "$options")"
  gsettings set org.gnome.Chess height "$(opt height "$options")"
  printf '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n' "$fen" > "$tmp/game.pgn"
  timeout 40 /usr/games/gnome-chess "$tmp/game.pgn" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 40); do
    sleep 0.5
    xdotool search --onlyvisible --name 'to Move' >/dev/null 2>&1 && break
  done
  sleep 2
  "$here/grab_window.sh" "$out/$name"
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  echo "$name"
done
