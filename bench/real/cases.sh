# Sourced by the shell shooters: reading case lines (cases.py) in bash.

# cases PROGRAM FILE: the case lines of PROGRAM, fields separated by tabs and trimmed, for
# `while IFS=$'\t' read -r name program pieces fen before move side coords kind options`.
cases() {
  awk -F'|' -v p="$1" 'BEGIN { OFS = "\t" }
    /^#/ { next }
    { for (i = 1; i <= NF; i++) gsub(/^[ \t]+|[ \t]+$/, "", $i) }
    $2 == p { $1 = $1; print }' "$2"
}

# opt KEY OPTIONS: the value of KEY in a case's options (KEY=VALUE&KEY=VALUE).
opt() {
  local kv
  for kv in ${2//&/ }; do
    [ "${kv%%=*}" = "$1" ] && { printf '%s' "${kv#*=}"; return; }
  done
}

# shooter_start CASES OUTDIR: the shell shooters' start: sets cases and out, makes OUTDIR, and
# tmp, a folder removed when the shooter exits; needs DISPLAY.
shooter_start() {
  cases=$1; out=$2
  : "${DISPLAY:?set DISPLAY to an Xvfb screen}"
  mkdir -p "$out"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}

# game_pgn BEFORE MOVE: a PGN game from the position BEFORE with the one move MOVE.
game_pgn() {
  printf '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n'
  printf '[Result "*"]\n[SetUp "1"]\n[FEN "%s"]\n\n%s *\n' "$1" "$2"
}

# window_named PATTERN: the id of the visible window whose name matches PATTERN, waited for up
# to 20 s (empty when none shows).
window_named() {
  local win=
  for _ in $(seq 1 40); do
    sleep 0.5
    win=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1)
    [ -n "$win" ] && break
  done
  printf '%s' "$win"
}

# start_with_game PROGRAM PATTERN: starts PROGRAM on $tmp/game.pgn with $tmp/home as its home
# folder, and sets pid to it and win to its window, the one whose name matches PATTERN once the
# game is loaded; exits when none shows.
start_with_game() {
  HOME=$tmp/home timeout 60 "$1" "$tmp/game.pgn" >/dev/null 2>&1 &
  pid=$!
  win=$(window_named "$2")
  [ -n "$win" ] || { echo "$(basename "$0"): $name: $1 did not open the game" >&2; exit 1; }
  sleep 1
}

# play_last_move WINDOW SIDE FLIP_KEY: gives WINDOW the keyboard (there is no window manager),
# plays its game's one move forward (Home, Right), so that the program marks it, turns the board
# with FLIP_KEY when SIDE is black, and moves the pointer off the window.
play_last_move() {
  xdotool windowfocus --sync "$1"
  xdotool key Home
  sleep 0.3
  xdotool key Right
  [ "$2" = black ] && xdotool key "$3"
  xdotool mousemove 1279 799
  sleep 1
}
