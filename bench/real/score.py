#!/usr/bin/env python3
"""Scores `chessbot recognize` on a folder of real-program screenshots.

usage: score.py BINARY DIR [--json-out FILE] [--misses] [--batch N]
       score.py BINARY DIR... --markdown

DIR holds the PNGs and cases.txt (their truth, written by shoot_all.sh from cases.py).
BINARY reads the images with `recognize --json`, BATCH paths per process; each image's time is
the `total_ms` the JSON reports (decoding, finding and reading; not the process start).

Per program, per piece set, per kind of position and overall it reports:
  boards   images read exactly: every square of the placement right and the side at the
           bottom right (the side to move is counted apart, in `turn`)
  squares  squares read right, of 64 per image (an image with no board found counts 0)
  turned   images read with the wrong side at the bottom
  labels   images whose program draws rank and file labels; `lab.read` how many of those
           were oriented by the labels read (`orientation_source` labels), `lab.turned` how
           many were read turned round
  turn     images whose side to move was read right
  none     images where no board was found
  ms       median and 95th percentile time per image
--misses lists every image not read exactly: no board, turned round, or its wrong squares as
SQUARE:TRUTH>READ ('.' an empty square); --json-out writes each image's result and the tables
as JSON. --markdown prints instead one Markdown table, a row per piece set, with the
boards read exactly and the squares read right in each DIR (the columns named by the folders,
e.g. dev and held), for docs/benchmarks.md.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys


def placement(fen):
    """Square name -> piece letter for the 64 squares ('.' for empty)."""
    board = {}
    for r, row in enumerate(fen.split()[0].split('/')):
        c = 0
        for ch in row:
            if ch.isdigit():
                for _ in range(int(ch)):
                    board['abcdefgh'[c] + str(8 - r)] = '.'
                    c += 1
            else:
                board['abcdefgh'[c] + str(8 - r)] = ch
                c += 1
    return board


def read_cases(folder):
    cases = []
    for line in open(os.path.join(folder, 'cases.txt')):
        if line.startswith('#') or not line.strip():
            continue
        name, program, pieces, fen, _before, _move, side, coords, kind, options = \
            [f.strip() for f in line.split('|')]
        if os.path.exists(os.path.join(folder, name)):
            cases.append(dict(name=name, program=program, pieces=pieces, fen=fen, side=side,
                              labels=coords == '1', kind=kind, options=options))
    return cases


def recognize(binary, folder, names, batch):
    """name -> the JSON object `recognize --json` prints for it."""
    results = {}
    for i in range(0, len(names), batch):
        paths = [os.path.join(folder, n) for n in names[i:i + batch]]
        proc = subprocess.run([binary, 'recognize', '--json', *paths], capture_output=True,
                              text=True, check=False)
        if proc.returncode not in (0, 1):
            sys.exit(f'score.py: {binary} recognize failed ({proc.returncode}): {proc.stderr}')
        for line in proc.stdout.splitlines():
            if line.startswith('{'):
                obj = json.loads(line)
                results[os.path.basename(obj['file'])] = obj
    return results


def judge(case, obj):
    truth = placement(case['fen'])
    boards = obj.get('boards') or [] if obj else []
    r = dict(name=case['name'], program=case['program'], pieces=case['pieces'],
             kind=case['kind'], labels=case['labels'], found=bool(boards),
             ms=obj.get('total_ms') if obj else None)
    if not boards:
        r.update(exact=False, squares=0, turned=False, turn=False, read=None, by_labels=False)
        return r
    b = boards[0]
    read = placement(b['fen'])
    squares = sum(read[s] == truth[s] for s in truth)
    turned = b['orientation'] != case['side']
    r.update(read=b['fen'], squares=squares, turned=turned,
             by_labels=b.get('orientation_source') == 'labels',
             exact=squares == 64 and not turned,
             turn=b['fen'].split()[1] == case['fen'].split()[1],
             wrong=[f'{s}:{truth[s]}>{read[s]}' for s in sorted(truth) if read[s] != truth[s]])
    return r


def summary(rows):
    n = len(rows)
    times = sorted(r['ms'] for r in rows if r['ms'] is not None)
    labelled = [r for r in rows if r['labels']]
    return dict(
        images=n,
        boards=sum(r['exact'] for r in rows),
        squares=sum(r['squares'] for r in rows),
        turned=sum(r['turned'] for r in rows),
        labels=len(labelled),
        labels_read=sum(r['by_labels'] for r in labelled),
        labels_turned=sum(r['turned'] for r in labelled),
        turn=sum(r['turn'] for r in rows),
        none=sum(not r['found'] for r in rows),
        ms_median=statistics.median(times) if times else None,
        ms_p95=times[min(len(times) - 1, int(0.95 * len(times)))] if times else None,
    )


def table(title, groups):
    lines = [f'{title:<34} {"images":>6} {"boards":>14} {"squares":>8} {"turned":>6} '
             f'{"labels":>6} {"lab.read":>8} {"lab.turned":>10} {"turn":>6} {"none":>4} '
             f'{"ms med":>7} {"p95":>6}']
    for key, s in groups:
        n = s['images']
        lines.append(
            f'{key:<34} {n:>6} {s["boards"]:>5} {100 * s["boards"] / n:>7.1f}% '
            f'{100 * s["squares"] / (64 * n):>7.2f}% {s["turned"]:>6} {s["labels"]:>6} '
            f'{s["labels_read"]:>8} {s["labels_turned"]:>10} {s["turn"]:>6} {s["none"]:>4} '
            f'{s["ms_median"] or 0:>7.0f} {s["ms_p95"] or 0:>6.0f}')
    return '\n'.join(lines)


def grouped(rows, key):
    keys = sorted({key(r) for r in rows})
    return [(k, summary([r for r in rows if key(r) == k])) for k in keys]


def scored(binary, folder, batch):
    """The judged rows of every screenshot cases.txt lists in `folder`."""
    cases = read_cases(folder)
    if not cases:
        sys.exit(f'score.py: no screenshots listed in {folder}/cases.txt')
    results = recognize(binary, folder, [c['name'] for c in cases], batch)
    return [judge(c, results.get(c['name'])) for c in cases]


def markdown(halves):
    """A Markdown table per piece set (and all): per half (name, rows), the boards read exactly
    of the images and the share of squares read right ('-' where the half lacks the set)."""
    def piece_set(r):
        return f'{r["program"]} / {r["pieces"]}'
    keys = sorted({piece_set(r) for _, rows in halves for r in rows})
    head = ['program / piece set'] + [f'{name}: {col}' for name, _ in halves
                                      for col in ('boards', 'squares')]
    lines = ['| ' + ' | '.join(head) + ' |', '|' + ' --- |' * len(head)]
    for key in keys + ['all']:
        cells = []
        for _, rows in halves:
            some = [r for r in rows if key in ('all', piece_set(r))]
            if not some:
                cells += ['-', '-']
                continue
            s = summary(some)
            n = s['images']
            cells += [f'{s["boards"]}/{n}', f'{100 * s["squares"] / (64 * n):.2f}%']
        if key == 'all':
            key, cells = '**all**', [f'**{c}**' for c in cells]
        lines.append('| ' + ' | '.join([key] + cells) + ' |')
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('binary')
    ap.add_argument('dirs', nargs='+', metavar='dir')
    ap.add_argument('--json-out')
    ap.add_argument('--misses', action='store_true')
    ap.add_argument('--markdown', action='store_true')
    ap.add_argument('--batch', type=int, default=20)
    args = ap.parse_args()
    if args.markdown:
        if args.misses or args.json_out:
            sys.exit('score.py: --markdown takes neither --misses nor --json-out')
        halves = [(os.path.basename(os.path.normpath(d)), scored(args.binary, d, args.batch))
                  for d in args.dirs]
        print(markdown(halves))
        return
    if len(args.dirs) != 1:
        sys.exit('score.py: one DIR, or several with --markdown')
    rows = scored(args.binary, args.dirs[0], args.batch)
    tables = {
        'program': grouped(rows, lambda r: r['program']),
        'pieces': grouped(rows, lambda r: f'{r["program"]}/{r["pieces"]}'),
        'kind': grouped(rows, lambda r: r['kind']),
        'all': [('all', summary(rows))],
    }
    print(table('program', tables['program']))
    print()
    print(table('program/piece set', tables['pieces']))
    print()
    print(table('kind of position', tables['kind']))
    print()
    print(table('overall', tables['all']))
    if args.misses:
        print('\nmisses:')
        for r in rows:
            if not r['exact']:
                if not r['found']:
                    what = 'no board'
                elif r['turned']:
                    what = 'turned round'
                else:
                    what = f'{64 - r["squares"]} wrong: {" ".join(r["wrong"][:8])}'
                print(f'  {r["name"]} {r["pieces"]} {r["kind"]}'
                      f'{" labels" if r["labels"] else ""}: {what}')
    if args.json_out:
        with open(args.json_out, 'w') as f:
            json.dump({'images': rows, 'tables': {k: dict(v) for k, v in tables.items()}},
                      f, indent=1)


if __name__ == '__main__':
    main()
