#!/bin/sh
# The seeds of the rendered page sets that docs/benchmarks.md reports, by name, so that a
# figure can be measured again on the same pages:
#   for s in $(sh bench/page_seeds.sh accuracy); do chessbot vision bench --boards 100 --seed=$s; done
# Names: accuracy (the main sample), accuracy-more (read after the main sample's figures were
# set), crop, side-to-move, kept (the pages read by the unseen-sets comparison), extra-sets
# (the piece sets no network trains on), speed.
case "$1" in
  accuracy) echo 1 2 3 4 5 11 61 62 63 64 65 66 101 102 103 104 105 106 111 112 113 114 115 116 \
                 121 122 123 124 125 126 131 132 133 134 135 136 141 142 143 144 145 146 ;;
  accuracy-more) seq 151 164 | tr '\n' ' '; echo ;;
  crop) echo 111 112 113 ;;
  side-to-move) echo 1 11 2 3 4 5 ;;
  kept) echo 7 ;;
  extra-sets) echo 1 ;;
  speed) echo 1 ;;
  *) echo "usage: page_seeds.sh accuracy|accuracy-more|crop|side-to-move|kept|extra-sets|speed" >&2; exit 2 ;;
esac
