#!/usr/bin/env python3
"""Writes N distinct opening positions as EPD: weighted random walks of PLIES moves through the
embedded GNU Chess Polyglot book. Book moves are mainstream theory, so the starts are balanced
enough for a match where each is played with colours swapped (no engine check of the balance).

    python3 bench/make_openings.py --plies 8 --count 60 --seed 1 > bench/openings-8ply.epd
"""

import argparse
import random

import chess
import chess.polyglot


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--book", default="assets/book/gnuchess.bin")
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--count", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    seen = set()
    with chess.polyglot.open_reader(args.book) as book:
        tries = 0
        while len(seen) < args.count and tries < 100 * args.count:
            tries += 1
            board = chess.Board()
            for _ in range(args.plies):
                entries = list(book.find_all(board))
                if not entries:
                    break
                total = sum(e.weight for e in entries)
                if total == 0:
                    break
                pick = rng.uniform(0, total)
                for e in entries:
                    pick -= e.weight
                    if pick <= 0:
                        board.push(e.move)
                        break
                else:
                    board.push(entries[-1].move)
            if board.ply() != args.plies or board.is_game_over():
                continue
            epd = board.epd()
            if epd not in seen:
                seen.add(epd)
                print(epd)


if __name__ == "__main__":
    main()
