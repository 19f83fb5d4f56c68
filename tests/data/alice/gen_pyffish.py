"""Cross-check data for Alice chess from Fairy-Stockfish's Alice build (PyPI `pyffish-alice`).

    python3 -m venv /tmp/ffa && /tmp/ffa/bin/pip install pyffish-alice==0.0.3
    /tmp/ffa/bin/python tests/data/alice/gen_pyffish.py movelists SEED GAMES > pyffish_movelists.txt
    /tmp/ffa/bin/python tests/data/alice/gen_pyffish.py perft DEPTH < fens > pyffish_perft.txt

movelists: random games from the start; one line per position:
    FEN;sorted legal UCI moves;UCI move played next;its SAN
perft: one line per FEN read: FEN;perft(1) perft(2) ... perft(DEPTH)
"""
import random
import sys

import pyffish_alice as sf

V = "alice"


def movelists(seed, games):
    rng = random.Random(seed)
    for _ in range(games):
        fen = sf.start_fen(V)
        for _ in range(300):
            legal = sorted(sf.legal_moves(V, fen, []))
            if not legal:
                print(f"{fen};;;")
                break
            m = rng.choice(legal)
            print(f"{fen};{' '.join(legal)};{m};{sf.get_san(V, fen, m)}")
            fen = sf.get_fen(V, fen, [m])


def perft(fen, depth):
    moves = sf.legal_moves(V, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(sf.get_fen(V, fen, [m]), depth - 1) for m in moves)


if __name__ == "__main__":
    if sys.argv[1] == "movelists":
        movelists(int(sys.argv[2]), int(sys.argv[3]))
    else:
        depth = int(sys.argv[2])
        for line in sys.stdin:
            fen = line.strip()
            if fen:
                counts = " ".join(str(perft(fen, d)) for d in range(1, depth + 1))
                print(f"{fen};{counts}", flush=True)
