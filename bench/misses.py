#!/usr/bin/env python3
"""Where misread boards go wrong: the networks or the board-level rules (`decide`).

    python3 bench/misses.py BINARY DIR...

Reads the pages `chessbot vision bench --keep DIR` wrote with `BINARY recognize --held-out
--json` and sorts each board by three questions: is the first network's class of every square
right (`network_class`), is the ensemble's most likely class of every square right (the largest
of `probabilities`, after the rereads), and is the board printed right. Prints the count of each
answer, then the pages where one of the two readings was right and the board still ends wrong
(those `decide` or the rereads spoiled).
"""
import glob
import json
import os
import subprocess
import sys


def expand(placement):
    """The 64 squares of a FEN placement, rank 8 first ('.' for empty)."""
    return "".join("".join("." * int(c) if c.isdigit() else c for c in rank)
                   for rank in placement.split("/"))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, dirs = sys.argv[1], sys.argv[2:]
    pages = sorted(p for d in dirs for p in glob.glob(os.path.join(d, "*.png"))
                   if os.path.exists(p[:-4] + ".txt"))
    env = {**os.environ, "RAYON_NUM_THREADS": os.environ.get("RAYON_NUM_THREADS", "2")}
    counts, spoiled, unread = {}, [], len(pages)
    for start in range(0, len(pages), 250):
        out = subprocess.run([binary, "recognize", "--held-out", "--json",
                              *pages[start:start + 250]],
                             capture_output=True, text=True, env=env).stdout
        for line in out.splitlines():
            found = json.loads(line)
            board = found["boards"][0]
            truth = expand(open(found["file"][:-4] + ".txt").read().split()[5])
            first = ensemble = True
            for s in board["squares"]:
                name = s["square"]
                t = truth[(8 - int(name[1])) * 8 + "abcdefgh".index(name[0])]
                first &= s["network_class"] == t
                p = s["probabilities"]
                ensemble &= max(p, key=p.get) == t
            right = expand(board["fen"].split()[0]) == truth
            key = (first, ensemble, right)
            counts[key] = counts.get(key, 0) + 1
            unread -= 1
            if (first or ensemble) and not right:
                spoiled.append(found["file"])
    for (first, ensemble, right), n in sorted(counts.items()):
        print(f"first network right {first:d}, ensemble right {ensemble:d}, board right {right:d}: {n}")
    print(f"no board found: {unread}")
    print("".join(p + "\n" for p in spoiled), end="")


if __name__ == "__main__":
    main()
