#!/usr/bin/env python3
"""Screenshots of two web chessboards, cm-chessboard and chessground (npm), in headless
Chromium (Debian `chromium`), 1280x800, with the list `vision bench --real` reads.

usage: web-shoot.py POSITIONS OUTDIR

The pages are the real-program benchmark's (bench/real/web, after `npm ci` there), taken by
bench/real/shoot_web.py from the case lines made here."""
import os
import subprocess
import sys
import tempfile

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..')
positions = [l.strip().split('|') for l in open(sys.argv[1]) if l.strip()]
out = sys.argv[2]
# page, board options
cases = [
    ('cm', dict(pieces='staunty', theme='default', coords='1', side='white', x=60, y=90, size=640)),
    ('cm', dict(pieces='staunty', theme='green', coords='1', side='black', x=80, y=100, size=560)),
    ('cm', dict(pieces='staunty', theme='blue', coords='0', side='white', x=200, y=120, size=480)),
    ('cm', dict(pieces='staunty', theme='chess-club', coords='1', side='white', x=40, y=80, size=700, border='frame')),
    ('cm', dict(pieces='staunty', theme='black-and-white', coords='1', side='black', x=300, y=200, size=400, border='thin')),
    ('cm', dict(pieces='staunty', theme='default-contrast', coords='0', side='white', x=100, y=300, size=320)),
    ('cm', dict(pieces='standard', theme='default', coords='1', side='white', x=60, y=90, size=600)),
    ('cm', dict(pieces='standard', theme='green', coords='0', side='black', x=250, y=150, size=440, border='thin')),
    ('cg', dict(coords='1', side='white', x=320, y=80, size=640)),
    ('cg', dict(coords='1', side='black', x=300, y=90, size=560)),
    ('cg', dict(coords='0', side='white', x=400, y=160, size=400)),
    ('cg', dict(coords='0', side='black', x=500, y=250, size=256)),
]
lines = ['# Screenshots of web chessboards in headless Chromium 1280x800 (tests/data/vision/web-pages/web-shoot.py)',
         '# file | position | side at the bottom | page and board options']
case_lines = []
for i, ((page, opt), (fen, last, check)) in enumerate(zip(cases, positions)):
    query = '&'.join(f'{k}={v}' for k, v in dict(opt, fen=fen.split(' ')[0], last=last, check=check).items())
    tag = opt.get('pieces', 'cburnett') + '-' + opt.get('theme', 'brown')
    name = f'web-{page}-{tag}-{opt["side"]}-{opt["size"]}.png'
    desc = 'cm-chessboard' if page == 'cm' else 'chessground'
    lines.append(f'{name} | {fen} | {opt["side"]} | {desc} {query.split("&fen=")[0]}')
    # The benchmark pages' options: cm-chessboard without markers, chessground with the
    # last move and check marked and its package's coordinates.
    if page == 'cm':
        program, pieces = 'cm-chessboard', opt['pieces']
        options = dict(theme=opt['theme'], border=opt.get('border', 'none'), last=0)
    else:
        program, pieces = 'chessground', 'cburnett'
        options = dict(board='brown', coordsize='small', last=1, check=check,
                       lastmove=last.replace('-', ''))
    options.update(size=opt['size'], x=opt['x'], y=opt['y'])
    case_lines.append(' | '.join([name, program, pieces, fen, '-', '-', opt['side'], opt['coords'], '-',
                                  '&'.join(f'{k}={v}' for k, v in options.items())]))
with tempfile.NamedTemporaryFile('w', suffix='.txt') as f:
    f.write('\n'.join(case_lines) + '\n')
    f.flush()
    subprocess.run([sys.executable, os.path.join(REPO, 'bench', 'real', 'shoot_web.py'), f.name, out],
                   check=True)
open(os.path.join(out, 'web.txt'), 'w').write('\n'.join(lines) + '\n')
