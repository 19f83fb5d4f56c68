#!/usr/bin/env python3
"""Our engine's scores against its opponent's, move by move, in a match PGN.

Each of our moves' comments holds our score (`{+0.35/14}`); the opponent's reply holds its
score of the position our move left, which, negated, is its opinion of the same position from
our side. Prints the opponent's median opinion for each band of our score (mate scores left
out), then the mean gap (ours minus the opponent's, both within 4 pawns) by how much material
is left.
A gap that grows with our score means our engine believes in advantages the opponent does not.

    python3 bench/score_gap.py bench/out/strength-2400.pgn [OUR_NAME]

Needs python-chess (`pip install chess`); OUR_NAME defaults to `engine` (bench/strength.sh).
"""
import re
import statistics
import sys

import chess
import chess.pgn

SCORE = re.compile(r"([+-]?[\d.]+)/(\d+)")
PHASE = [(chess.KNIGHT, 1), (chess.BISHOP, 1), (chess.ROOK, 2), (chess.QUEEN, 4)]


def pairs(game, ours):
    """(our score, the opponent's score of the same position from our side, phase) per move."""
    we_white = game.headers.get("White") == ours
    moves = []
    for node in game.mainline():
        board = node.parent.board()
        m = SCORE.match(node.comment or "")
        moves.append((board.turn, board, float(m.group(1)) if m else None))
    for (turn, board, mine), (_, _, reply) in zip(moves, moves[1:]):
        if (turn == chess.WHITE) != we_white or mine is None or reply is None:
            continue
        phase = sum(len(board.pieces(p, c)) * w for p, w in PHASE for c in chess.COLORS)
        yield mine, -reply, phase


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ours = sys.argv[2] if len(sys.argv) > 2 else "engine"
    by_score, by_phase = {}, {}
    with open(sys.argv[1]) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            for mine, theirs, phase in pairs(game, ours):
                band = max(-3.0, min(3.0, round(mine * 2) / 2))
                by_score.setdefault(band, []).append(theirs)
                if abs(mine) <= 4 and abs(theirs) <= 4:
                    by_phase.setdefault(min(phase // 6, 4), []).append(mine - theirs)
    if not by_score:
        sys.exit(f"no scored moves of {ours!r} found")
    for band in sorted(by_score):
        v = by_score[band]
        print(f"ours {band:+.1f}: {len(v):5d} moves, opponent's median {statistics.median(v):+.2f}")
    for k in sorted(by_phase):
        v = by_phase[k]
        print(f"phase {6 * k:2d}-{6 * k + 5:2d}: {len(v):5d} moves, ours - opponent's {statistics.mean(v):+.2f}")


if __name__ == "__main__":
    main()
