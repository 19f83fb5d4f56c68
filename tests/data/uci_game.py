#!/usr/bin/env python3
"""Plays one full game between `chessbot uci` and Stockfish through python-chess.

Usage: uci_game.py CHESSBOT STOCKFISH [SECONDS_PER_MOVE]

python-chess checks every move it receives (an illegal move raises), so finishing the game
proves that chessbot speaks UCI well enough for a real client. Prints the moves and the result.
"""
import sys

import chess
import chess.engine

chessbot_path, stockfish_path = sys.argv[1], sys.argv[2]
per_move = float(sys.argv[3]) if len(sys.argv) > 3 else 0.02

board = chess.Board()
with chess.engine.SimpleEngine.popen_uci([chessbot_path, "uci"]) as bot, \
        chess.engine.SimpleEngine.popen_uci(stockfish_path) as fish:
    assert bot.id["name"].startswith("chessbot"), bot.id
    for option in ("Hash", "Threads", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "Move Overhead", "UCI_Chess960", "Ponder", "OwnBook"):
        assert option in bot.options, f"missing option {option}"
    bot.configure({"Hash": 8})
    fish.configure({"Skill Level": 0, "Threads": 1, "Hash": 16})
    # Analysis through chessbot: python-chess parses our info lines.
    info = bot.analyse(board, chess.engine.Limit(depth=3))
    assert info["depth"] >= 3 and "score" in info and info["pv"], info
    while not board.is_game_over(claim_draw=True):
        engine = bot if board.turn == chess.WHITE else fish
        result = engine.play(board, chess.engine.Limit(time=per_move))
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    print(" ".join(m.uci() for m in board.move_stack))
    print(f"plies {len(board.move_stack)}")
    print(f"result {board.result(claim_draw=True)} ({outcome.termination.name})")
