# Positions (and the last move) from our engine's games against Stockfish, at varied plies.
import chess.pgn, random, sys
random.seed(37)
games = []
with open(sys.argv[1]) as f:
    while len(games) < 60:
        g = chess.pgn.read_game(f)
        if g is None: break
        games.append(g)
out = []
for g in random.sample(games, 12):
    moves = list(g.mainline_moves())
    ply = random.randint(8, max(9, min(len(moves) - 1, 90)))
    b = g.board()
    for m in moves[:ply - 1]: b.push(m)
    last = moves[ply - 1]
    b.push(last)
    out.append((b.fen(), chess.square_name(last.from_square) + '-' + chess.square_name(last.to_square), int(b.is_check())))
for o in out: print('|'.join(map(str, o)))
