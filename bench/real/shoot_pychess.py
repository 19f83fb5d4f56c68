#!/usr/bin/env python3
"""Screenshots of PyChess (Debian pychess) for the pychess lines of CASES (cases.py).

usage: shoot_pychess.py CASES OUTDIR   (DISPLAY: an Xvfb 1280x800 screen)

Each case starts PyChess afresh with its settings written to its config file
($XDG_CONFIG_HOME/pychess/config): the piece set (pieceTheme), coordinates (showCords), the
board's squares (board_style: one of its textures, or colours only with lightcolour and
darkcolour), the frame round the board (board_frame: none or a texture) and no side panels.
PyChess runs with one hook: instead of opening the PGN in its database view, it starts the
game at once, as its "Enter Game Notation" and paste-a-game actions do (newGameDialog.
loadPgnAndRun); so the board shows the position after the last move, which PyChess marks.
For side black the board is rotated as View > Rotate Board does. The shot is PyChess's main
window, resized to the case's width and height.
Options: width=, height= the window; board=TEXTURE or light=, dark= colours; frame=none or
TEXTURE (default: PyChess's default frame).
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

PYCHESS = '/usr/games/pychess'
DATA = '/usr/share/pychess'
# Debian's Python, which has PyChess's GTK bindings.
SYSTEM_PYTHON = '/usr/bin/python3'


def board_items():
    """PyChess's board and frame choices, in the order its preferences list them (a setting
    is an index into this list: colours only, its textures in directory order, transparent)."""
    boards = os.path.join(DATA, 'boards')
    return ['colors only'] + [b[:-6] for b in os.listdir(boards) if b.endswith('_d.png')] \
        + ['transparent']


def inside(pgn_path, out, side, width, height):
    """Runs PyChess in this process with the hook; writes the window's picture to OUT."""
    import math
    import runpy
    from gi.repository import GLib, Gdk
    from pychess import Main
    from pychess.Players.engineNest import discoverer
    from pychess.perspectives import perspective_manager
    from pychess.widgets import mainwindow, newGameDialog

    pgn = open(pgn_path).read()

    def handle_args(self, _chess_file):
        def start(_discoverer):
            self.dd_task.cancel()
            window = mainwindow()
            window.move(0, 0)
            window.resize(width, height)
            newGameDialog.loadPgnAndRun(pgn)
            GLib.timeout_add(500, turn, 0)
        discoverer.connect_after('all_engines_discovered', start)

    def turn(tries):
        gmwidg = perspective_manager.get_perspective('games').cur_gmwidg()
        if gmwidg is None:
            if tries > 40:
                sys.exit('shoot_pychess.py: the game did not open')
            GLib.timeout_add(250, turn, tries + 1)
            return False
        if side == 'black':
            gmwidg.board.view.rotation = math.pi
        GLib.timeout_add(2000, shoot)
        return False

    def shoot():
        w = mainwindow().get_window()
        pb = Gdk.pixbuf_get_from_window(w, 0, 0, w.get_width(), w.get_height())
        pb.savev(out, 'png', [], [])
        os._exit(0)

    Main.PyChess.handleArgs = handle_args
    sys.argv = [PYCHESS, '--no-version-check']
    runpy.run_path(PYCHESS, run_name='__main__')


def config_text(pieces, coords, opts, items):
    conf = {
        'show_tip_at_startup': 'False', 'dont_show_externals_at_startup': 'True',
        'show_sidepanels': 'False', 'useSounds': 'False',
        'pieceTheme': pieces.removeprefix('pychess-'), 'showCords': str(coords == '1'),
    }
    if 'board' in opts:
        conf['board_style'] = str(items.index(opts['board']))
    else:
        conf['board_style'] = '0'
        conf['lightcolour'] = opts['light']
        conf['darkcolour'] = opts['dark']
    frame = opts.get('frame', 'default')
    if frame != 'default':
        conf['board_frame'] = '0' if frame == 'none' else str(items.index(frame))
    return '[General]\n' + ''.join(f'{k} = {v}\n' for k, v in conf.items())


def main():
    if len(sys.argv) == 7 and sys.argv[1] == '--inside':
        inside(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6]))
        return
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cases, out = sys.argv[1], sys.argv[2]
    if 'DISPLAY' not in os.environ:
        sys.exit('shoot_pychess.py: set DISPLAY to an Xvfb screen')
    os.makedirs(out, exist_ok=True)
    items = board_items()
    with tempfile.TemporaryDirectory() as tmp:
        engines = None
        for line in open(cases):
            if line.startswith('#') or not line.strip():
                continue
            name, program, pieces, fen, before, move, side, coords, kind, options = \
                [f.strip() for f in line.split('|')]
            if program != 'pychess':
                continue
            opts = dict(kv.split('=', 1) for kv in options.split('&'))
            # A fresh settings folder per case: PyChess's helper processes (its engines are
            # PyChess too) write the settings they started with when they end, which could
            # land after the next case's settings; the engine list is copied over so that
            # PyChess looks for engines only once.
            config = f'{tmp}/{name}/config'
            os.makedirs(f'{config}/pychess')
            with open(f'{config}/pychess/config', 'w') as f:
                f.write(config_text(pieces, coords, opts, items))
            if engines:
                shutil.copy(engines, f'{config}/pychess/engines.json')
            with open(f'{tmp}/game.pgn', 'w') as f:
                f.write(f'[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
                        f'[White "White"]\n[Black "Black"]\n[Result "*"]\n[SetUp "1"]\n'
                        f'[FEN "{before}"]\n\n{move} *\n')
            env = dict(os.environ, XDG_CONFIG_HOME=config, XDG_DATA_HOME=f'{tmp}/data',
                       XDG_CACHE_HOME=f'{tmp}/cache', HOME=tmp)
            target = os.path.abspath(os.path.join(out, name))
            proc = subprocess.Popen(['timeout', '60', SYSTEM_PYTHON, os.path.abspath(__file__),
                                     '--inside', f'{tmp}/game.pgn', target, side, opts['width'],
                                     opts['height']], env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, start_new_session=True)
            proc.wait()
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            time.sleep(1)
            if os.path.exists(f'{config}/pychess/engines.json'):
                engines = f'{config}/pychess/engines.json'
            if not os.path.exists(target):
                sys.exit(f'shoot_pychess.py: no picture for {name}')
            print(name, flush=True)


if __name__ == '__main__':
    main()
