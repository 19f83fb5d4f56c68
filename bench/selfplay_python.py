#!/usr/bin/env python3
"""The python-chess peer of `chessbot selfplay` for the games/s benchmark.

Plays N games between two built-in players with the same rules as chessbot's:
  random   - a uniformly random legal move;
  material - one ply on material (P1 N3 B3 R5 Q9), mate always, draws 0, random among the two
             best moves (ties shuffled first).
Games end when python-chess's rules-complete `board.outcome(claim_draw=True)` says so:
checkmate, stalemate, insufficient material, fivefold repetition and the 75-move rule, and the
claimable threefold repetition and 50-move rule (chessbot ends games at threefold and fifty
moves too). One core, no output but a summary line:
"<games> games <plies> plies <seconds> s <games/s> games/s".

Usage: bench/selfplay_python.py random random 200 [seed]
Compare: target/release/chessbot selfplay --white random --black random --games 200 --concurrency 1 --random-plies 0
"""
import random
import sys
import time

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def material(board, side):
    total = 0
    for piece in board.piece_map().values():
        v = VALUES[piece.piece_type]
        total += v if piece.color == side else -v
    return total


def game_over(board):
    return board.outcome(claim_draw=True) is not None


def choose_random(board, rng):
    return rng.choice(list(board.legal_moves))


def choose_material(board, rng):
    side = board.turn
    scored = []
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            score = 10_000
        elif (board.is_stalemate() or board.is_insufficient_material() or board.halfmove_clock >= 100
              or board.is_repetition(3)):
            score = 0
        else:
            score = 100 * material(board, side)
        board.pop()
        scored.append((score, move))
    rng.shuffle(scored)
    scored.sort(key=lambda sm: -sm[0])
    if scored[0][0] == 10_000 or len(scored) == 1:
        return scored[0][1]
    return scored[rng.randrange(2)][1]


PLAYERS = {"random": choose_random, "material": choose_material}


def main():
    white, black, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for g in range(games):
        board = chess.Board()
        players = (PLAYERS[white], PLAYERS[black]) if g % 2 == 0 else (PLAYERS[black], PLAYERS[white])
        while not game_over(board):
            player = players[0] if board.turn == chess.WHITE else players[1]
            board.push(player(board, rng))
            plies += 1
    secs = time.perf_counter() - start
    print(f"{games} games {plies} plies {secs:.3f} s {games / secs:.2f} games/s")


if __name__ == "__main__":
    main()
