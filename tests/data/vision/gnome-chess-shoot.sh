#!/bin/bash
# usage: gnome-chess-shoot.sh out.png "FEN" THEME NUMBERING SIDE WIDTH HEIGHT
# GNOME Chess (Debian gnome-chess) on an Xvfb screen at $DISPLAY (:99 by default; Xvfb :99
# -screen 0 1280x800x24), taken by the real-program benchmark's shooter
# (bench/real/shoot_gnome.sh: settings in a key file, the shot cropped to GNOME Chess's window).
set -e
out=$1; fen=$2; theme=$3; numbering=$4; side=$5; width=$6; height=$7
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
coords=$([ "$numbering" = true ] && echo 1 || echo 0)
echo "shot.png | gnome-chess | gnome-$theme | $fen | - | - | $side | $coords | - | width=$width&height=$height" > "$dir/case.txt"
DISPLAY=${DISPLAY:-:99} "$here/../../../bench/real/shoot_gnome.sh" "$dir/case.txt" "$dir" >/dev/null
cp "$dir/shot.png" "$out"
