#!/usr/bin/env python3
"""Screenshots of two web chessboards, cm-chessboard 8.15.1 and chessground 9.2.1 (npm), in
headless Chromium (Debian `chromium`), 1280x800, with the list `vision bench --real` reads.

usage: web-shoot.py POSITIONS OUTDIR   (run beside node_modules/ with cm.html and cg.html, which a
`python3 -m http.server 8765` serves)"""
import subprocess, sys, os
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
lines = ['# Screenshots of web chessboards in headless Chromium 1280x800 (tests/data/vision/web-shoot.py)',
         '# file | position | side at the bottom | page and board options']
for i, ((page, opt), (fen, last, check)) in enumerate(zip(cases, positions)):
    opt = dict(opt, fen=fen.split(' ')[0], last=last, check=check)
    query = '&'.join(f'{k}={v}' for k, v in opt.items())
    tag = opt.get('pieces', 'cburnett') + '-' + opt.get('theme', 'brown')
    name = f'web-{page}-{tag}-{opt["side"]}-{opt["size"]}.png'
    subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                    '--window-size=1280,800', '--virtual-time-budget=3000',
                    f'--screenshot={os.path.join(out, name)}',
                    f'http://localhost:8765/{page}.html?{query}'],
                   check=True, capture_output=True, timeout=60)
    desc = 'cm-chessboard' if page == 'cm' else 'chessground'
    lines.append(f'{name} | {fen} | {opt["side"]} | {desc} {query.split("&fen=")[0]}')
open(os.path.join(out, 'web.txt'), 'w').write('\n'.join(lines) + '\n')
