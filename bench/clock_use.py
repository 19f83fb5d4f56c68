#!/usr/bin/env python3
"""Clock use of one player over timed match PGNs (`chessbot selfplay --tc`, whose move comments end
with the seconds the move took): average seconds per move by move number, and the time left
on the clock when games ended.

    python3 bench/clock_use.py engine a.pgn b.pgn
"""
import re
import sys

MOVE_TIME = re.compile(r"\{[^}]*?([\d.]+)s\}")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    name, paths = sys.argv[1], sys.argv[2:]
    by_move = {}
    left = []
    for path in paths:
        for game in open(path).read().split("[Event ")[1:]:
            white = re.search(r'\[White "([^"]*)"', game).group(1)
            black = re.search(r'\[Black "([^"]*)"', game).group(1)
            tc = re.search(r'\[TimeControl "([\d.]+)\+([\d.]+)"', game)
            if name not in (white, black) or not tc:
                continue
            base, inc = float(tc.group(1)), float(tc.group(2))
            movetext = game.split("\n\n", 1)[1]
            times = [float(t) for t in MOVE_TIME.findall(movetext)]
            # Colours alternate from the side to move of the start position.
            fen = re.search(r'\[FEN "[^"]* ([wb]) ', game)
            first_is_white = fen is None or fen.group(1) == "w"
            ours_first = (name == white) == first_is_white
            mine = times[0 if ours_first else 1 :: 2]
            for i, t in enumerate(mine):
                by_move.setdefault(i // 10, []).append(t)
            left.append(base + inc * len(mine) - sum(mine))
    if not left:
        sys.exit(f"no timed games of {name}")
    for bucket in sorted(by_move):
        ts = by_move[bucket]
        print(f"moves {bucket * 10 + 1:3}-{bucket * 10 + 10:3}: {sum(ts) / len(ts):.3f} s a move ({len(ts)} moves)")
    left.sort()
    print(f"{len(left)} games; clock left at the end: median {left[len(left) // 2]:.2f} s, "
          f"mean {sum(left) / len(left):.2f} s, least {left[0]:.2f} s")


if __name__ == "__main__":
    main()
