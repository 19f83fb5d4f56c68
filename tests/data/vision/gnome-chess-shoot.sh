#!/bin/bash
# usage: gnome-chess-shoot.sh out.png "FEN" THEME NUMBERING SIDE WIDTH HEIGHT
# GNOME Chess (Debian gnome-chess) on an Xvfb screen at DISPLAY=:99 (Xvfb :99 -screen 0
# 1280x800x24), its settings kept in a key file so that no dconf service is needed; the shot
# of the root window is cropped to GNOME Chess's window (whatever is not the black root).
set -e
out=$1; fen=$2; theme=$3; numbering=$4; side=$5; width=$6; height=$7
dir=$(mktemp -d)
export XDG_CONFIG_HOME=$dir GSETTINGS_BACKEND=keyfile
gsettings set org.gnome.Chess piece-theme "$theme"
gsettings set org.gnome.Chess show-numbering "$numbering"
gsettings set org.gnome.Chess board-side "$side"
gsettings set org.gnome.Chess width "$width"
gsettings set org.gnome.Chess height "$height"
printf '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n[SetUp "1"]\n[FEN "%s"]\n\n*\n' "$fen" > "$dir/game.pgn"
DISPLAY=:99 GSK_RENDERER=cairo timeout 30 dbus-run-session /usr/games/gnome-chess "$dir/game.pgn" >/dev/null 2>&1 &
pid=$!
sleep 8
DISPLAY=:99 import -window root "$dir/root.png"
kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
python3 - "$dir/root.png" "$out" <<'PY'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
box = Image.eval(im.convert("L"), lambda v: 255 if v > 8 else 0).getbbox()
im.crop(box).save(sys.argv[2])
PY
rm -rf "$dir"
sleep 1
