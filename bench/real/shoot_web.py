#!/usr/bin/env python3
"""Screenshots of web chessboards from npm in headless Chromium, for the web lines of CASES.

usage: shoot_web.py CASES OUTDIR

Serves bench/real/web/ (after `npm ci` there) on a local port and takes each page at
1280x800 with Debian's chromium; the shot is the whole page. Programs and their pages:
chessground (cg.html), cm-chessboard (cm.html), chessboardjs (cbjs.html), chessboard-element
(ce.html), gchessboard (gc.html); each page says what its options do. Every page gets the
case's options plus fen, side, turn, coords and pieces.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

PAGES = {'chessground': 'cg.html', 'cm-chessboard': 'cm.html', 'chessboardjs': 'cbjs.html',
         'chessboard-element': 'ce.html', 'gchessboard': 'gc.html'}
WEB = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'web')


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cases, out = sys.argv[1], sys.argv[2]
    if not os.path.isdir(os.path.join(WEB, 'node_modules')):
        sys.exit(f'shoot_web.py: run `npm ci` in {WEB} first')
    os.makedirs(out, exist_ok=True)
    port = free_port()
    server = subprocess.Popen([sys.executable, '-m', 'http.server', str(port), '--bind',
                               '127.0.0.1', '--directory', WEB],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        with tempfile.TemporaryDirectory() as profile:
            for line in open(cases):
                if line.startswith('#') or not line.strip():
                    continue
                name, program, pieces, fen, before, move, side, coords, kind, options = \
                    [f.strip() for f in line.split('|')]
                if program not in PAGES:
                    continue
                params = dict(kv.split('=', 1) for kv in options.split('&'))
                params.update(fen=fen, side=side, turn='white' if fen.split()[1] == 'w' else 'black',
                              coords=coords, pieces=pieces)
                url = f'http://127.0.0.1:{port}/{PAGES[program]}?{urllib.parse.urlencode(params)}'
                subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu',
                                '--hide-scrollbars', f'--user-data-dir={profile}',
                                '--window-size=1280,800', '--virtual-time-budget=3000',
                                f'--screenshot={os.path.abspath(os.path.join(out, name))}', url],
                               check=True, capture_output=True, timeout=60)
                print(name, flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == '__main__':
    main()
