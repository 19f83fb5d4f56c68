#!/bin/bash
# usage: shoot_xboard.sh CASES OUTDIR
# Screenshots of XBoard (Debian xboard, its Debian settings in /etc/xboard/xboard.conf) for the
# xboard lines of CASES (cases.py), on the X display $DISPLAY (an Xvfb 1280x800 screen). XBoard
# loads a PGN of the position before the last move and that move (-lgf), so it shows the last
# move as it would after a game; the shot is XBoard's main window (grab_window.sh).
# Options: square=PX square size (-size); theme=wood (Debian's default textures), classic,
# icy, diagram (XBoard's predefined themes) or custom (light=, dark= square colours);
# highlight=arrow (Debian's default: arrow and squares), squares, none.
set -e
here=$(cd "$(dirname "$0")" && pwd)
. "$here/cases.sh"
shooter_start "$@"
cases xboard "$cases" | while IFS=$'\t' read -r name program pieces fen before move side coords kind options; do
  printf '[SetUp "1"]\n[FEN "%s"]\n\n%s *\n' "$before" "$move" > "$tmp/game.pgn"
  args=(-size "$(opt square "$options")" -showCoords "$([ "$coords" = 1 ] && echo true || echo false)"
        -flipView "$([ "$side" = black ] && echo true || echo false)")
  # Every look setting is given, so that a ~/.xboardrc (which XBoard reads from the
  # password-file home whatever $HOME says) changes nothing; the themes are XBoard's own
  # (-themeNames in /etc/xboard/xboard.conf).
  tex=/usr/share/games/xboard/themes/textures
  args+=(-pid '' -trueColors false -wpc '#ffffcc' -bpc '#202020' -overrideLineGap 1)
  case $(opt theme "$options") in
    wood) args+=(-ubt true -lbtf $tex/wood_l.png -dbtf $tex/wood_d.png) ;;
    classic) args+=(-ubt false -lsc '#c8c365' -dsc '#77a26d' -overrideLineGap -1) ;;
    icy) args+=(-ubt false -lsc '#ffffff' -dsc '#80ffff' -wpc '#f1f8f8') ;;
    diagram) args+=(-ubt true -lbtf '' -dbtf $tex/hatch.png -lsc '#ffffff' -wpc '#ffffff'
                    -bpc '#000000') ;;
    custom) args+=(-ubt false -lsc "$(opt light "$options")" -dsc "$(opt dark "$options")") ;;
  esac
  case $(opt highlight "$options") in
    arrow) args+=(-highlightLastMove true -highlightMoveWithArrow true) ;;
    squares) args+=(-highlightLastMove true -highlightMoveWithArrow false) ;;
    none) args+=(-highlightLastMove false -highlightMoveWithArrow false) ;;
  esac
  # The start-up hint and the tags window stay shut; nothing is saved on exit.
  timeout 40 /usr/games/xboard -ncp -lgf "$tmp/game.pgn" -autoDisplayTags false \
    -messageSuppress "Right-clicking menu item or dialog text pops up help on it" \
    -saveSettingsOnExit false "${args[@]}" >/dev/null 2>&1 &
  pid=$!
  sleep 3
  "$here/grab_window.sh" "$out/$name"
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  echo "$name"
done
