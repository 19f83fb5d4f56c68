#!/usr/bin/env python3
"""Strength match: our engine (`chessbot uci`) against Stockfish limited with
UCI_LimitStrength/UCI_Elo, one thread each, at a real time control with clocks.

Balanced short openings, each played twice with colours swapped. Prints W/D/L, the score and
an Elo difference estimate (with a 95% interval) per level; optionally writes a PGN.

    python3 bench/strength.py --elo 1800 2200 2600 --games 20 --tc 10 --inc 0.1

Needs python-chess (`pip install chess`), a release build (`cargo build --release`) and
Stockfish (Debian: /usr/games/stockfish). Rerunnable; the sample size is yours to choose.
"""

import argparse
import math
import sys
import time

import chess
import chess.engine
import chess.pgn

# Short, balanced openings (UCI moves): each is played with both colours.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "e2e4 c7c5 g1f3 d7d6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "d2d4 d7d5 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "d2d4 g8f6 c2c4 e7e6",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 d7d5 g1f3 g8f6",
    "e2e4 d7d6 d2d4 g8f6",
    "c2c4 c7c5 g1f3 b8c6",
    "e2e4 g7g6 d2d4 f8g7",
    "d2d4 f7f5 g2g3 g8f6",
    "e2e4 c7c5 b1c3 b8c6",
]


def play_game(ours, theirs, opening, ours_white, tc, inc, max_plies=400):
    """Plays one game; returns (result from our view: 1, 0.5, 0), PGN game."""
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: tc, chess.BLACK: tc}
    engines = {chess.WHITE: ours if ours_white else theirs,
               chess.BLACK: theirs if ours_white else ours}
    termination = None
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit, ponder=False)
        except chess.engine.EngineError as err:
            termination = f"engine error: {err}"
            loser = side
            break
        used = time.monotonic() - start
        clocks[side] -= used
        if clocks[side] < 0:
            termination = "time forfeit"
            loser = side
            break
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            termination = f"illegal move {result.move}"
            loser = side
            break
        board.push(result.move)
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "chessbot" if ours_white else "stockfish"
    game.headers["Black"] = "stockfish" if ours_white else "chessbot"
    if termination:
        game.headers["Termination"] = termination
        white_score = 0.0 if loser == chess.WHITE else 1.0
        game.headers["Result"] = "0-1" if loser == chess.WHITE else "1-0"
    else:
        outcome = board.outcome(claim_draw=True)
        if outcome is None or outcome.winner is None:
            white_score = 0.5
            game.headers["Result"] = "1/2-1/2"
        else:
            white_score = 1.0 if outcome.winner == chess.WHITE else 0.0
            game.headers["Result"] = "1-0" if white_score == 1.0 else "0-1"
    ours_score = white_score if ours_white else 1.0 - white_score
    return ours_score, game


def elo_estimate(score, games):
    """Elo difference from a score fraction, with a rough 95% interval."""
    def elo(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)
    if games == 0:
        return 0.0, 0.0, 0.0
    p = score / games
    sd = math.sqrt(max(p * (1 - p), 1e-6) / games)
    return elo(p), elo(p - 1.96 * sd), elo(p + 1.96 * sd)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chessbot", default="target/release/chessbot")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, nargs="+", default=[1800, 2200, 2600])
    ap.add_argument("--games", type=int, default=20, help="games per level (even: colours alternate)")
    ap.add_argument("--tc", type=float, default=10.0, help="base time per side, seconds")
    ap.add_argument("--inc", type=float, default=0.1, help="increment per move, seconds")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--pgn", help="append the games to this PGN file")
    args = ap.parse_args()

    ours = chess.engine.SimpleEngine.popen_uci([args.chessbot, "uci"])
    ours.configure({"Hash": args.hash})
    summary = []
    for elo in args.elo:
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        theirs.configure({"Threads": 1, "Hash": args.hash, "UCI_LimitStrength": True, "UCI_Elo": elo})
        w = d = l = 0
        for i in range(args.games):
            opening = OPENINGS[(i // 2) % len(OPENINGS)]
            ours_white = i % 2 == 0
            score, game = play_game(ours, theirs, opening, ours_white, args.tc, args.inc)
            game.headers["Event"] = f"chessbot vs Stockfish UCI_Elo {elo}, {args.tc}+{args.inc}"
            game.headers["Round"] = str(i + 1)
            if score == 1.0:
                w += 1
            elif score == 0.5:
                d += 1
            else:
                l += 1
            print(f"elo {elo} game {i + 1}/{args.games}: {game.headers['Result']} "
                  f"(chessbot {'white' if ours_white else 'black'}) "
                  f"{game.headers.get('Termination', '')}  W{w} D{d} L{l}", flush=True)
            if args.pgn:
                with open(args.pgn, "a") as f:
                    print(game, file=f, end="\n\n")
        theirs.quit()
        n = w + d + l
        points = w + 0.5 * d
        diff, lo, hi = elo_estimate(points, n)
        summary.append((elo, w, d, l, points, n, diff, lo, hi))
    ours.quit()
    print()
    print(f"time control {args.tc}+{args.inc}, one thread each, {args.games} games per level")
    for elo, w, d, l, points, n, diff, lo, hi in summary:
        print(f"vs Stockfish UCI_Elo {elo}: +{w} ={d} -{l}  score {points}/{n} "
              f"({100 * points / max(n, 1):.1f}%)  Elo diff {diff:+.0f} [{lo:+.0f}, {hi:+.0f}]  "
              f"=> about {elo + diff:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
