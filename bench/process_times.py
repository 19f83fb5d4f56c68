#!/usr/bin/env python3
"""Time whole `chessbot recognize` processes on one core, as a user pays for them: start-up,
loading the networks, decoding and reading one page, exit.

    python3 bench/process_times.py PAGES N BINARY...

PAGES is a file listing screenshots (one path a line; e.g. every tenth page that
`chessbot vision bench --keep DIR` wrote); the first N are read. Each binary runs pinned to
core 0 (`taskset -c 0`, `RAYON_NUM_THREADS=1`) with `--held-out`, the binaries taking turns;
a page's time is the least of three runs. Prints per binary the median and 95th percentile
page, then the loading alone (`recognize` on a file that is not an image, median of 40) and
`--version` (a bare process) for comparison.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

ENV = {**os.environ, "RAYON_NUM_THREADS": "1"}


def wall(cmd):
    """Seconds one pinned process takes, in milliseconds."""
    t = time.perf_counter()
    subprocess.run(["taskset", "-c", "0", *cmd], capture_output=True, env=ENV)
    return (time.perf_counter() - t) * 1000


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    listing, n, binaries = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    pages = [line.strip() for line in open(listing) if line.strip()][:n]
    if not pages:
        sys.exit("no pages listed in " + listing)
    times = {b: [] for b in binaries}
    for page in pages:
        for b in binaries:
            times[b].append(min(wall([b, "recognize", "--held-out", page]) for _ in range(3)))
    with tempfile.NamedTemporaryFile(suffix=".png") as junk:
        junk.write(b"not an image")
        junk.flush()
        loading = {b: [wall([b, "recognize", junk.name]) for _ in range(40)] for b in binaries}
    bare = [wall([binaries[0], "--version"]) for _ in range(40)]
    for b in binaries:
        v = sorted(times[b])
        print(f"{b}: page median {statistics.median(v):.1f} ms, p95 {v[int(len(v) * 0.95)]:.1f} ms"
              f" ({len(v)} pages); loading only {statistics.median(loading[b]):.2f} ms")
    print(f"--version: {statistics.median(bare):.2f} ms")


if __name__ == "__main__":
    main()
