#!/usr/bin/env python3
"""Case lines of the real-program benchmark: which program shows which position, how.

usage: cases.py --half dev|held --seed S [--count N] [--programs P,P,...] [--games PGN]

Prints one line per screenshot to take (N per program), fields separated by " | ":

  name | program | pieces | fen | before | move | side | coords | kind | options

name     the PNG's file name
program  xboard, gnome-chess, pychess, chessground, cm-chessboard, chessboardjs,
         chessboard-element, gchessboard, chessx or scid
pieces   the piece set shown
fen      the position shown (the truth; side to move included)
before   the position before the last move, and move that move in PGN movetext
         ("33... Qd3"), for the programs that load a game and mark its last move
side     the side at the bottom of the board (white or black)
coords   1 where the program draws rank and file labels, else 0
kind     why the position was drawn: middlegame (20 or more pieces), endgame (12 or
         fewer), check, promoted (a side has more queens, rooks, bishops or knights
         than it starts with), other
options  the program's settings, KEY=VALUE joined by "&" (each shooter says what they mean)

The positions come from the games in games.pgn (our engine against Stockfish). The halves
draw from disjoint games: dev from the even-numbered games, held from the odd-numbered ones,
and no placement repeats within a half. Needs python-chess.
"""
import argparse
import os
import random
import sys

import chess
import chess.pgn

PROGRAMS = ['xboard', 'gnome-chess', 'pychess', 'chessground', 'cm-chessboard',
            'chessboardjs', 'chessboard-element', 'gchessboard', 'chessx', 'scid']

# Share of each kind of position among a program's cases.
KINDS = {'middlegame': 0.28, 'endgame': 0.25, 'check': 0.17, 'promoted': 0.10, 'other': 0.20}

# Board colour pairs (light, dark) used where a program takes free colours: lichess brown,
# lichess blue, chess.com green, grey, chessboard.js's own, purple, a dark blue-grey.
COLOURS = [('#f0d9b5', '#b58863'), ('#dee3e6', '#8ca2ad'), ('#eeeed2', '#769656'),
           ('#e0e0e0', '#a0a0a0'), ('#f0d9b5', '#946f51'), ('#e8e0f0', '#9f90b0'),
           ('#cfd8dc', '#546e7a')]

# PyChess's piece sets for chess (its pieces/ folder without the Asian sets and the
# TrueType sets, which it draws with merida); chessicons is its default.
PYCHESS_SETS = ['ada', 'alfonso', 'alpha', 'cburnett', 'celtic', 'chessicons', 'chessmonk',
                'eyes', 'fantasy', 'fantasy_alt', 'freak', 'freestaunton', 'kilfiger', 'kosal',
                'leipzig', 'magnetic', 'maya', 'merida', 'merida_new', 'metaltops', 'pirat',
                'prmi', 'regular', 'skulls', 'spatial']
# PyChess's board textures (boards/NAME_l.png, NAME_d.png).
PYCHESS_TEXTURES = ['aluminium', 'brazilwood', 'cherry', 'fritz', 'lanta', 'lapis', 'mahogony',
                    'maple', 'marble', 'sand', 'sandlewood', 'slate', 'wood']

# ChessX's built-in piece sets, their drawing effects and board textures ('plain' for two
# free colours).
CHESSX_SETS = ['alpha', 'berlin', 'fantasy', 'fritzSWS', 'leipzig', 'merida', 'spatial']
CHESSX_EFFECTS = ['plain', 'outline', 'shadow']
CHESSX_BOARDS = ['aluminium', 'brazilwood', 'cherry', 'lanta', 'lapis', 'mahogony', 'maple',
                 'marble', 'sand', 'sandlewood', 'slate', 'wood', 'plain']

# Scid's piece sets ('_' for a space in the name; its Blindfold set draws no pieces) and
# board textures ('plain' for two free colours).
SCID_SETS = ['Alpha', 'Bauhaus', 'Cburnett', 'Eboard', 'Fantasy2', 'Good_Companion', 'Kingdom',
             'Leipzig', 'Merida', 'Merida1']
SCID_BOARDS = ['BrownMarble', 'DarkWood', 'F8BrownMarble', 'F8GreenMarble', 'F8Wood',
               'LightWood1', 'LightWood2', 'LightWood3', 'MapleWalnut', 'Stone', 'plain']

PAGE_W, PAGE_H = 1280, 800
HEADER_H = 74  # the web pages' title bar


def kind_of(board):
    if any(len(board.pieces(pt, c)) > n for c in chess.COLORS
           for pt, n in ((chess.QUEEN, 1), (chess.ROOK, 2), (chess.BISHOP, 2), (chess.KNIGHT, 2))):
        return 'promoted'
    if board.is_check():
        return 'check'
    n = len(board.piece_map())
    if n <= 12:
        return 'endgame'
    if n >= 20:
        return 'middlegame'
    return 'other'


def positions(pgn_path, half):
    """(kind -> [(fen, before, move, last, arrow_candidates)]) from the half's games."""
    pools = {k: [] for k in KINDS}
    with open(pgn_path) as f:
        index = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            index += 1
            if (index % 2 == 0) != (half == 'dev'):
                continue
            board = game.board()
            for move in game.mainline_moves():
                before = board.fen()
                movetext = board.variation_san([move]).replace("...", "... ")
                board.push(move)
                pools[kind_of(board)].append((board.fen(), before, movetext, move.uci()))
    return pools


def pick_position(rng, pools, used):
    kind = rng.choices(list(KINDS), weights=list(KINDS.values()))[0]
    while True:
        fen, before, movetext, last = rng.choice(pools[kind])
        placement = fen.split()[0]
        if placement not in used:
            used.add(placement)
            return kind, fen, before, movetext, last


def place(rng, size, top=HEADER_H):
    return rng.randint(0, PAGE_W - size), rng.randint(top, PAGE_H - size)


def arrow(rng, fen, last):
    """An arrow a page might draw: the last move, or a move the side to move could play."""
    board = chess.Board(fen)
    moves = list(board.legal_moves)
    if moves and rng.random() < 0.5:
        return rng.choice(moves).uci()[:4]
    return last[:4]


def options(rng, program, fen, last, kind):
    """(pieces, coords, options) of one case of PROGRAM."""
    in_check = kind == 'check' or chess.Board(fen).is_check()
    coords = rng.random() < 0.5
    o = {}
    if program == 'xboard':
        pieces = 'xboard'
        o['square'] = rng.randint(25, 80)
        o['theme'] = rng.choices(['wood', 'classic', 'icy', 'diagram', 'custom'],
                                 weights=[35, 20, 10, 10, 25])[0]
        if o['theme'] == 'custom':
            o['light'], o['dark'] = rng.choice(COLOURS)
        o['highlight'] = rng.choices(['arrow', 'squares', 'none'], weights=[50, 30, 20])[0]
    elif program == 'gnome-chess':
        pieces = 'gnome-' + rng.choice(['simple', 'fancy'])
        o['width'] = rng.randint(460, 1270)
        o['height'] = rng.randint(400, 790)
    elif program == 'pychess':
        pieces = rng.choices(PYCHESS_SETS, weights=[3 if s == 'chessicons' else
                                                    0.5 if s in ('eyes', 'freak', 'skulls') else 1
                                                    for s in PYCHESS_SETS])[0]
        pieces = 'pychess-' + pieces
        o['width'] = rng.randint(520, 1270)
        o['height'] = rng.randint(460, 790)
        if rng.random() < 0.6:
            o['board'] = rng.choice(PYCHESS_TEXTURES)
        else:
            o['light'], o['dark'] = rng.choice(COLOURS)
        o['frame'] = rng.choice(['none'] + PYCHESS_TEXTURES) if rng.random() < 0.7 else 'default'
    elif program == 'chessground':
        pieces = 'cburnett'
        o['size'] = rng.randint(200, 720)
        o['x'], o['y'] = place(rng, o['size'])
        o['board'] = rng.choices(['brown', 'blue', 'green', 'grey'], weights=[50, 20, 15, 15])[0]
        if coords:
            o['coordsize'] = rng.choices(['small', 'large', 'squares'], weights=[40, 45, 15])[0]
        o['last'] = int(rng.random() < 0.8)
        o['check'] = int(in_check and rng.random() < 0.8)
        if rng.random() < 0.25:
            o['arrow'] = arrow(rng, fen, last)
    elif program == 'cm-chessboard':
        pieces = rng.choice(['standard', 'staunty'])
        o['theme'] = rng.choice(['default', 'green', 'blue', 'chess-club', 'black-and-white',
                                 'default-contrast', 'chessboard-js'])
        o['border'] = rng.choice(['none', 'thin', 'frame'])
        o['size'] = rng.randint(200, 720)
        o['x'], o['y'] = place(rng, o['size'])
        o['last'] = int(rng.random() < 0.6)
        if rng.random() < 0.25:
            o['arrow'] = arrow(rng, fen, last)
    elif program in ('chessboardjs', 'chessboard-element'):
        # The same piece images (chessboard.js's site's); chessboard-element draws its
        # wikipedia set from built-in SVG.
        wikipedia = 'wikipedia' if program == 'chessboardjs' else 'wikipedia-svg'
        pieces = rng.choices([wikipedia, 'alpha', 'uscf'], weights=[50, 25, 25])[0]
        o['size'] = rng.randint(200, 720)
        o['x'], o['y'] = place(rng, o['size'])
        if rng.random() < 0.4:
            o['light'], o['dark'] = rng.choice(COLOURS)
        o['last'] = int(rng.random() < 0.6)
    elif program == 'gchessboard':
        pieces = 'cburnett'
        o['coordinates'] = rng.choice(['inside', 'outside']) if coords else 'hide'
        o['size'] = rng.randint(200, 720)
        o['x'], o['y'] = place(rng, o['size'])
        if rng.random() < 0.5:
            o['light'], o['dark'] = rng.choice(COLOURS)
        if rng.random() < 0.5:
            o['arrow'] = arrow(rng, fen, last)
    elif program == 'chessx':
        pieces = 'chessx-' + rng.choice(CHESSX_SETS)
        o['effect'] = rng.choice(CHESSX_EFFECTS)
        o['board'] = rng.choice(CHESSX_BOARDS)
        if o['board'] == 'plain':
            o['light'], o['dark'] = rng.choice(COLOURS)
        o['frame'] = int(rng.random() < 0.7)
        o['highlight'] = int(rng.random() < 0.7)
        o['width'] = rng.randint(800, 1280)
        o['height'] = rng.randint(500, 800)
    elif program == 'scid':
        pieces = 'scid-' + rng.choice(SCID_SETS)
        o['board'] = rng.choice(SCID_BOARDS)
        if o['board'] == 'plain':
            o['light'], o['dark'] = rng.choice(COLOURS)
        if coords:
            o['coordinates'] = rng.randint(1, 4)
        o['width'] = rng.randint(800, 1280)
        o['height'] = rng.randint(500, 800)
    else:
        raise ValueError(f'unknown program {program}')
    return pieces, coords, o


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--half', choices=['dev', 'held'], required=True)
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--count', type=int, default=40, help='cases per program')
    ap.add_argument('--programs', default=','.join(PROGRAMS))
    ap.add_argument('--games', default=os.path.join(os.path.dirname(__file__), 'games.pgn'))
    args = ap.parse_args()
    programs = args.programs.split(',')
    for p in programs:
        if p not in PROGRAMS:
            sys.exit(f'cases.py: unknown program {p} (known: {", ".join(PROGRAMS)})')
    rng = random.Random(args.seed)
    pools = positions(args.games, args.half)
    used = set()
    print('# name | program | pieces | fen | before | move | side | coords | kind | options')
    for program in programs:
        for i in range(args.count):
            kind, fen, before, movetext, last = pick_position(rng, pools, used)
            side = rng.choice(['white', 'black'])
            pieces, coords, o = options(rng, program, fen, last, kind)
            o['lastmove'] = last
            opts = '&'.join(f'{k}={v}' for k, v in o.items())
            name = f'{args.half}-{program}-{i + 1:03d}.png'
            print(' | '.join([name, program, pieces, fen, before, movetext, side,
                              str(int(coords)), kind, opts]))


if __name__ == '__main__':
    main()
