#!/bin/bash
# usage: programs-shoot.sh   (DISPLAY: an Xvfb 1280x800 screen no other program uses)
# Takes programs-*.png, listed in programs-cases.txt, with the real-program benchmark's
# shooters (bench/real: PyChess, ChessX and Scid windows, cut to crop=WxH+X+Y where the case gives
# one; web pages after `npm ci` in bench/real/web, cut to the board and a 16 px margin), and
# writes their truth list programs.txt.
set -e
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../../../bench/real
cases=$here/programs-cases.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bench/shoot_pychess.py" "$cases" "$tmp" >/dev/null
"$bench/shoot_web.py" "$cases" "$tmp" >/dev/null
"$bench/shoot_chessx.sh" "$cases" "$tmp" >/dev/null
"$bench/shoot_scid.sh" "$cases" "$tmp" >/dev/null
. "$bench/cases.sh"
{
  echo "# Screenshots of more programs (programs-shoot.sh from programs-cases.txt)"
  echo "# file | position | side at the bottom | program, pieces and settings"
  for program in pychess chessboardjs chessboard-element gchessboard chessground chessx scid; do
    cases "$program" "$cases" | while IFS=$'\t' read -r name program pieces fen before move side coords kind options; do
      if [ -n "$(opt crop "$options")" ]; then
        convert "$tmp/$name" -crop "$(opt crop "$options")" +repage "$here/$name"
      elif [ -n "$(opt x "$options")" ]; then
        m=16; s=$(opt size "$options")
        convert "$tmp/$name" -crop "$((s + 2 * m))x$((s + 2 * m))+$(($(opt x "$options") - m))+$(($(opt y "$options") - m))" +repage "$here/$name"
      else
        cp "$tmp/$name" "$here/$name"
      fi
      echo "$name | $fen | $side | $program $pieces coords=$coords ${options%&lastmove=*}"
    done
  done
} > "$here/programs.txt"
