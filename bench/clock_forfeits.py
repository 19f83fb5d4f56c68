#!/usr/bin/env python3
"""Losses on time in selfplay PGNs: who lost them, and the clock each loser had left before
its last move (so that move took at least that long).

Usage: bench/clock_forfeits.py BASE INCREMENT GAMES.pgn...   (seconds; needs python-chess)
The move times come from the `{... 0.412s}` comments selfplay writes when a clock runs.
"""
import collections
import re
import sys

import chess.pgn


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    base, increment = float(sys.argv[1]), float(sys.argv[2])
    losers = collections.Counter()
    left = []
    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if game.headers.get("Termination") != "time forfeit":
                    continue
                loser = chess.WHITE if game.headers["Result"] == "0-1" else chess.BLACK
                losers[game.headers["White" if loser == chess.WHITE else "Black"]] += 1
                clock, mover = base, game.board().turn
                for node in game.mainline():
                    spent = re.search(r" ([0-9.]+)s", node.comment)
                    if mover == loser and spent:
                        clock += increment - float(spent.group(1))
                    mover = not mover
                left.append(clock)
    print(f"{sum(losers.values())} losses on time: "
          + ", ".join(f"{name} {n}" for name, n in losers.most_common()))
    if left:
        left.sort()
        print(f"clock before the losing move: {left[0]:.3f}-{left[-1]:.3f} s, "
              f"median {left[len(left) // 2]:.3f} s")


if __name__ == "__main__":
    main()
