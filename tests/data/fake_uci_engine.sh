#!/bin/sh
# A misbehaving UCI engine for the client tests. The first argument picks the misbehaviour:
#   good     answers e2e4 (or 0000 when told "position fen ... (no moves)"), with an info line
#   crash    exits with status 3 (and a message on stderr) when told to go
#   hang     never answers go
#   illegal  answers the illegal move e2e5
#   silent   never finishes the handshake (no uciok)
mode="${1:-good}"
while IFS= read -r line; do
  case "$line" in
    uci)
      [ "$mode" = silent ] && continue
      echo "id name fake-$mode"
      echo "id author the chessbot tests"
      echo "option name Hash type spin default 1 min 1 max 16"
      echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        crash) echo "fake engine: crashing on purpose" >&2; exit 3 ;;
        hang) ;;
        illegal) echo "info depth 1 score cp 0 pv e2e5"; echo "bestmove e2e5" ;;
        *) echo "some banner that is not UCI"; echo "info depth 1 score cp 12 pv e2e4 e7e5"; echo "bestmove e2e4 ponder e7e5" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
