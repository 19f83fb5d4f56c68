#!/usr/bin/env bash
# Unpacks more piece sets from two Debian packages as extra training sets for
# `chessbot vision train --extra-pieces DIR` (nothing here ships in the binary; the trained
# weights do):
#   OUT/pychess: 15 SVG sets of pychess 1.0.3-1 (GPL-3+), named pychess-<set>;
#   OUT/pychess-sheets: 3 more pychess sets drawn on one sheet each (eyes, freak, skulls), cut
#                into twelve SVG files; no shipped network trains on them: they measure sets
#                left out of training (`vision bench --pieces OUT/pychess-sheets`);
#   OUT/eboard:  37 bitmap sets of eboard 1.1.3-0.4 (GPL-2+), named eboard-<set>, cut out of
#                its sheets (7 columns: R N B Q K P and a square texture; white above black) by
#                making the sheet's background colour transparent.
# Each set is a folder with the twelve files wK ... bP. Needs `apt-get update` once and Python's
# Pillow (`pip install pillow`).
#
#   bash assets/vision/extra-pieces.sh /tmp/extra-pieces
set -euo pipefail
out=${1:?usage: extra-pieces.sh OUT_DIR}
# pychess sets of 12 files in its own layout. Left out: cburnett and merida (already among
# ../shared's sets), the single-sheet sets (below), the variant sets.
sets="ada alfonso alpha chessicons chessmonk freestaunton kilfiger kosal leipzig magnetic maya
merida_new metaltops pirat regular"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for package in pychess=1.0.3-1 eboard=1.1.3-0.4; do
    (cd "$tmp" && apt-get download "$package" >/dev/null) ||
        { echo "extra-pieces.sh: cannot download $package (run apt-get update first)" >&2; exit 1; }
done
for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$tmp/root"; done

src="$tmp/root/usr/share/pychess/pieces"
for set in $sets; do
    dst="$out/pychess/pychess-$set"
    mkdir -p "$dst"
    for colour in w b; do
        for piece in k q r b n p; do
            cp "$src/$set/$colour$piece.svg" "$dst/$colour${piece^^}.svg"
        done
    done
done

# Single-sheet pychess sets: six columns (K Q R B N P), black above white. Left out: celtic,
# prmi and spatial (their lichess versions are among ../shared's sets), fantasy and fantasy_alt
# (fantasy is a held-out set).
python3 - "$src" "$out/pychess-sheets" eyes freak skulls <<'PY'
import os, re, sys
src, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]
for name in names:
    svg = open(os.path.join(src, name, name + ".svg"), encoding="utf-8").read()
    root = re.search(r"<svg\b[^>]*>", svg)
    tag = root.group(0)
    w = float(re.search(r'\bwidth="([\d.]+)', tag).group(1))
    h = float(re.search(r'\bheight="([\d.]+)', tag).group(1))
    cw, ch = w / 6, h / 2
    dst = os.path.join(out, "pychess-" + name)
    os.makedirs(dst, exist_ok=True)
    for row, colour in enumerate("bw"):
        for col, piece in enumerate("KQRBNP"):
            # The root element shows one cell: its size and a viewBox around the cell.
            cell = re.sub(r'\bwidth="[^"]*"', f'width="{cw:g}"', tag, count=1)
            cell = re.sub(r'\bheight="[^"]*"', f'height="{ch:g}"', cell, count=1)
            cell = cell[:-1].rstrip("/") + f' viewBox="{col * cw:g} {row * ch:g} {cw:g} {ch:g}">'
            with open(os.path.join(dst, f"{colour}{piece}.svg"), "w", encoding="utf-8") as f:
                f.write(svg[: root.start()] + cell + svg[root.end() :])
PY

python3 - "$tmp/root/usr/share/games/eboard" "$out/eboard" <<'PY'
import os, sys
from PIL import Image
src, out = sys.argv[1], sys.argv[2]
TOL = 48  # channel distance to the background colour below which a pixel is background
for f in sorted(n for n in os.listdir(src) if n.endswith(".png")):
    sheet = Image.open(os.path.join(src, f)).convert("RGBA")
    w, h = sheet.size
    cw, ch = w // 7, h // 2
    key = sheet.getpixel((1, 1))[:3]
    dst = os.path.join(out, "eboard-" + f[:-4].lower())
    os.makedirs(dst, exist_ok=True)
    for row, colour in enumerate("wb"):
        for col, piece in enumerate("RNBQKP"):
            cell = sheet.crop((col * cw, row * ch, (col + 1) * cw, (row + 1) * ch))
            px = cell.load()
            for y in range(ch):
                for x in range(cw):
                    if max(abs(px[x, y][i] - key[i]) for i in range(3)) < TOL:
                        px[x, y] = (0, 0, 0, 0)
            cell.save(os.path.join(dst, f"{colour}{piece}.png"))
PY
echo "$(ls "$out/pychess" | wc -l) pychess sets, $(ls "$out/pychess-sheets" | wc -l) pychess sheet sets," \
    "$(ls "$out/eboard" | wc -l) eboard sets in $out"
