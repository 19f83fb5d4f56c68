#!/usr/bin/env python3
"""The wrong squares of misread pages, and what kind of mistake each board holds.

    python3 bench/wrong_squares.py BINARY LIST [LEAST_PX]

LIST names pages that `chessbot vision bench --keep DIR` wrote (one path a line, as
`bench/read_pages.py --wrong FILE` lists them). Each page is read with `BINARY recognize
--held-out --json`; for every board of at least LEAST_PX pixels (default 120, the range
`recognize` is specified for) prints the page, the board's size and each wrong square as
`square:truth->printed (network's first class) [three likeliest classes]`, then how many
boards hold each kind of mistake: a king and queen of one side swapped, a piece's colour
misread, a bishop read as a pawn, a piece read as empty or an empty square as a piece, other.
"""
import json
import subprocess
import sys


def expand(placement):
    """The 64 squares of a FEN placement, rank 8 first ('.' for empty)."""
    return "".join("".join("." * int(c) if c.isdigit() else c for c in rank)
                   for rank in placement.split("/"))


def kind(truth, got):
    """The kind of mistake of one square."""
    if "." in (truth, got):
        return "piece or empty"
    if truth.lower() == got.lower():
        return "colour"
    if truth.isupper() == got.isupper() and {truth.lower(), got.lower()} == {"k", "q"}:
        return "king and queen"
    if truth.lower() == "b" and got.lower() == "p":
        return "bishop as pawn"
    return "other"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, listing = sys.argv[1], sys.argv[2]
    least = float(sys.argv[3]) if len(sys.argv) > 3 else 120.0
    pages = [line.split()[0] for line in open(listing) if line.strip()]
    out = subprocess.run([binary, "recognize", "--held-out", "--json", *pages],
                         capture_output=True, text=True).stdout
    kinds, boards = {}, 0
    for line in out.splitlines():
        found = json.loads(line)
        page = found["file"]
        x, y, w, h, _, placement = open(page[:-4] + ".txt").read().split()[:6]
        if float(w) < least or not found.get("boards"):
            continue
        boards += 1
        truth = expand(placement)
        wrong, seen = [], set()
        for sq in found["boards"][0]["squares"]:
            i = (8 - int(sq["square"][1])) * 8 + "abcdefgh".index(sq["square"][0])
            got = sq["class"] or "."
            if got != truth[i]:
                top = sorted(sq["probabilities"].items(), key=lambda kv: -kv[1])[:3]
                top = " ".join(f"{c} {p:.2f}" for c, p in top)
                wrong.append(f"{sq['square']}:{truth[i]}->{got} ({sq['network_class']}) [{top}]")
                seen.add(kind(truth[i], got))
        for k in seen:
            kinds[k] = kinds.get(k, 0) + 1
        print(page, f"{float(w):.0f}px", " | ".join(wrong) or "(squares right, board wrong)")
    print(f"{boards} boards of {least:.0f} px and more; boards holding each kind of mistake:")
    for k, n in sorted(kinds.items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {n}")


if __name__ == "__main__":
    main()
