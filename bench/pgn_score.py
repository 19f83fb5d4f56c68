#!/usr/bin/env python3
"""W/D/L, score and Elo difference (95% interval) of one player over match PGNs, for matches
stopped early or run in pieces (`chessbot selfplay` prints its statistics only at the end).

    python3 bench/pgn_score.py new a.pgn b.pgn c.pgn

The interval is cutechess-cli's: the Elo of the score plus and minus 1.96 standard errors of
the per-game score, halved.
"""
import math
import re
import sys


def elo(score):
    return -400 * math.log10(1 / score - 1)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    me, w, d, l = sys.argv[1], 0, 0, 0
    for path in sys.argv[2:]:
        for game in open(path).read().split("[Event ")[1:]:
            white = re.search(r'\[White "([^"]*)"', game)
            result = re.search(r'\[Result "([^"]*)"', game)
            if not (white and result) or result.group(1) not in ("1-0", "0-1", "1/2-1/2"):
                continue
            if result.group(1) == "1/2-1/2":
                d += 1
            elif (result.group(1) == "1-0") == (white.group(1) == me):
                w += 1
            else:
                l += 1
    n = w + d + l
    if n == 0:
        sys.exit("no finished games in the PGNs")
    s = (w + d / 2) / n
    line = f"{me}: +{w} ={d} -{l} of {n}: {100 * s:.1f}%"
    if 0 < s < 1:
        se = math.sqrt((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s**2) / n / n)
        lo, hi = max(s - 1.96 * se, 1e-9), min(s + 1.96 * se, 1 - 1e-9)
        line += f", {elo(s):+.1f} +- {(elo(hi) - elo(lo)) / 2:.1f} Elo"
    print(line)


if __name__ == "__main__":
    main()
