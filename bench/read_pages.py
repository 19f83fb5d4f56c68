#!/usr/bin/env python3
"""Read pages that `chessbot vision bench --keep DIR` wrote with one build of chessbot and count
the boards it reads right, so that two builds (or one build with two settings) are compared on
the very same pages without rendering them again:

    python3 bench/read_pages.py BINARY DIR... [--wrong FILE]

Each DIR holds SET-INDEX.png with SET-INDEX.txt beside it (board box, orientation, placement).
The pages are read with `BINARY recognize --held-out` (the bench's networks), 250 at a time;
RAYON_NUM_THREADS passes through (default 2). Prints the boards read right, the share of
squares right and the boards right per piece set, then the same for the boards of 120 px and
more (the range `recognize` is specified for); `--wrong FILE` lists the misread pages.
"""
import glob
import os
import subprocess
import sys

# The smallest board the recognizer is specified for (`LEAST_BOARD`, src/vision/bench.rs).
LEAST_BOARD = 120.0


def expand(placement):
    """The 64 squares of a FEN placement, rank 8 first ('.' for empty)."""
    return "".join("".join("." * int(c) if c.isdigit() else c for c in rank)
                   for rank in placement.split("/"))


def main():
    args = sys.argv[1:]
    wrong_file = None
    if "--wrong" in args:
        i = args.index("--wrong")
        if i + 1 >= len(args):
            sys.exit("--wrong needs a file")
        wrong_file = args[i + 1]
        del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    binary, dirs = args[0], args[1:]
    pages = sorted(p for d in dirs for p in glob.glob(os.path.join(d, "*.png"))
                   if os.path.exists(p[:-4] + ".txt"))
    if not pages:
        sys.exit("no SET-INDEX.png with its .txt in " + " ".join(dirs))
    env = {**os.environ, "RAYON_NUM_THREADS": os.environ.get("RAYON_NUM_THREADS", "2")}
    read = {}
    for start in range(0, len(pages), 250):
        chunk = pages[start:start + 250]
        # Exit 1 only says some page had no board; those pages stay unread below.
        out = subprocess.run([binary, "recognize", "--held-out", *chunk],
                             capture_output=True, text=True, env=env).stdout
        lines = out.splitlines()
        if len(chunk) == 1 and lines and ": " not in lines[0]:
            lines = [chunk[0] + ": " + lines[0]]
        for line in lines:
            name, _, fen = line.partition(": ")
            if fen:
                read[name] = fen.split()[0]
    right, squares, wrong, per_set = 0, 0, [], {}
    # Boards of the specified range: pages, boards right, squares right.
    in_range = [0, 0, 0]
    for page in pages:
        fields = open(page[:-4] + ".txt").read().split()
        truth = fields[5]
        got = read.get(page)
        ok = got == truth
        right += ok
        same = sum(a == b for a, b in zip(expand(truth), expand(got))) if got else 0
        squares += same
        if min(float(fields[2]), float(fields[3])) >= LEAST_BOARD:
            in_range[0] += 1
            in_range[1] += ok
            in_range[2] += same
        name = os.path.basename(page)[:-4].rsplit("-", 1)[0]
        per_set[name] = per_set.get(name, 0) + ok
        if not ok:
            wrong.append(page)
    if wrong_file:
        with open(wrong_file, "w") as f:
            f.write("".join(p + "\n" for p in wrong))
    print(f"{right} of {len(pages)} boards right, squares {100 * squares / 64 / len(pages):.3f}%")
    print(" ".join(f"{k}:{v}" for k, v in sorted(per_set.items())))
    n = in_range[0]
    if n:
        print(f"boards of {LEAST_BOARD:.0f} px and more: {in_range[1]} of {n} right, "
              f"squares {100 * in_range[2] / 64 / n:.3f}% ({64 * n - in_range[2]} wrong of {64 * n})")


if __name__ == "__main__":
    main()
