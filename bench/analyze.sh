#!/bin/sh
# Benchmarks for issue 8 (analyze and book), rerunnable; needs a release build
# (cargo build --release) and python-chess; Stockfish is optional (the peer for analyze).
#
# Usage: bench/analyze.sh [GAMES] [DEPTH] [ANALYZE_GAMES]
#   1. makes a PGN of GAMES games with `chessbot selfplay` (material vs classic from
#      bench/openings-8ply.epd), builds a Polyglot book from it: games/s, against python-chess
#      reading the same games and hashing the same positions (the peer);
#   2. checks that python-chess reads the same moves and weights from the book as
#      `chessbot book probe`, over every distinct position of the first 100 games' first 20 plies;
#   3. analyses the first ANALYZE_GAMES games at a fixed DEPTH with our engine: positions/s
#      (and Stockfish at the same depth as the peer, when installed).
set -e
games="${1:-2000}"
depth="${2:-8}"
agames="${3:-10}"
bin="${CHESSBOT:-target/release/chessbot}"
dir="${BENCH_DIR:-$(mktemp -d)}"
now() { date +%s.%N; }

"$bin" selfplay --white material --black classic --games "$games" --openings bench/openings-8ply.epd \
  --seed 1 --concurrency 1 --pgn "$dir/games.pgn" >/dev/null
echo "made $games games with selfplay: $(wc -c <"$dir/games.pgn") bytes in $dir/games.pgn"

start=$(now)
"$bin" book build "$dir/games.pgn" -o "$dir/book.bin" --max-ply 30 >/dev/null
end=$(now)
ours=$(echo "$games / ($end - $start)" | bc -l)
start=$(now)
python3 - "$dir/games.pgn" <<'PY'
import sys, chess.pgn, chess.polyglot
counts = {}
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            if ply >= 30:
                break
            key = (chess.polyglot.zobrist_hash(board), move.uci())
            counts[key] = counts.get(key, 0) + 1
            board.push(move)
PY
end=$(now)
py=$(echo "$games / ($end - $start)" | bc -l)
printf 'book build (--max-ply 30): chessbot %.0f games/s, python-chess read+hash %.0f games/s, ratio %.1fx\n' \
  "$ours" "$py" "$(echo "$ours / $py" | bc -l)"

python3 - "$dir/games.pgn" "$dir/book.bin" "$bin" <<'PY'
import json, subprocess, sys, chess, chess.pgn, chess.polyglot
pgn, book, exe = sys.argv[1:4]
seen, agree, differ, with_moves = set(), 0, 0, 0
with chess.polyglot.open_reader(book) as reader, open(pgn) as f:
    for _ in range(100):
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        for ply, move in enumerate([None] + list(game.mainline_moves())):
            if ply > 20:
                break
            if move is not None:
                board.push(move)
            fen = board.fen()
            if fen in seen:
                continue
            seen.add(fen)
            theirs = sorted((e.move.uci(), e.weight) for e in reader.find_all(board, minimum_weight=0))
            out = subprocess.run([exe, "book", "probe", "--json", "--book", book, fen],
                                 capture_output=True, text=True, check=True)
            ours = sorted((m["uci"], m["weight"]) for m in json.loads(out.stdout)["moves"])
            if ours == theirs:
                agree += 1
            else:
                differ += 1
                print("differ:", fen, ours, theirs)
            with_moves += bool(theirs)
print(f"python-chess agreement: {agree}/{agree + differ} positions identical "
      f"(moves and weights), {with_moves} with book moves")
PY

head_games() { awk -v n="$1" '/^\[Event /{c++} c<=n' "$2"; }
head_games "$agames" "$dir/games.pgn" >"$dir/sample.pgn"
start=$(now)
positions=$("$bin" analyze "$dir/sample.pgn" --depth "$depth" --json |
  python3 -c 'import json,sys; d=json.load(sys.stdin); print(sum(len(g["moves"])+1 for g in d["games"]))')
end=$(now)
ours=$(echo "$positions / ($end - $start)" | bc -l)
printf 'analyze --depth %s, our engine: %s positions in %.1f s = %.1f positions/s\n' \
  "$depth" "$positions" "$(echo "$end - $start" | bc -l)" "$ours"
sf=$(command -v stockfish || ls /usr/games/stockfish 2>/dev/null || true)
if [ -n "$sf" ]; then
  start=$(now)
  "$bin" analyze "$dir/sample.pgn" --depth "$depth" --engine "$sf" --json >/dev/null
  end=$(now)
  theirs=$(echo "$positions / ($end - $start)" | bc -l)
  printf 'analyze --depth %s, Stockfish: %.1f positions/s; ours/Stockfish %.2f\n' \
    "$depth" "$theirs" "$(echo "$ours / $theirs" | bc -l)"
fi
