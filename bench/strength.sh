#!/usr/bin/env bash
# Strength of our engine against Stockfish limited by UCI_LimitStrength/UCI_Elo, with our own
# match runner: 10s+0.1s, one thread each, balanced book openings played with colours swapped,
# cutechess-style adjudication (resign: 3 moves at 700 cp; draw: from move 40, 8 moves within 10 cp).
# CONCURRENCY=K runs K games at once (each engine thinks in turn, so K games use about K cores).
#   bench/strength.sh [GAMES] [ELO...]       e.g. bench/strength.sh 100 1800 2200 2600
# Needs a release build (cargo build --release) and Stockfish (Debian: /usr/games/stockfish).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
shift || true
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(1800 2200 2600)
bin=${CHESSBOT:-target/release/chessbot}
sf=$(command -v stockfish || echo /usr/games/stockfish)
mkdir -p bench/out
for elo in "${levels[@]}"; do
  echo "== engine vs Stockfish UCI_Elo=$elo, $games games at 10+0.1"
  "$bin" selfplay --white 'engine?hash=16' \
    --black "uci:$sf?UCI_Elo=$elo&Threads=1&Hash=16&name=stockfish-$elo" \
    --games "$games" --tc 10+0.1 --openings bench/openings-8ply.epd --order sequential \
    --resign 3,700 --draw 40,8,10 \
    --concurrency "${CONCURRENCY:-1}" --seed 2026 --pgn "bench/out/strength-$elo.pgn"
done
