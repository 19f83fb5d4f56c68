#!/usr/bin/env python3
"""Time `chessbot recognize` on rendered 1280x800 pages, robust to a noisy machine: the 20 pages
of the five held-out piece sets at seeds 5-8 (`chessbot vision render`), each read twice per run
(the first pays for warming up), each page timed by its least `total_ms` over ROUNDS runs, the
binaries taking turns. Prints, per binary, the sum over the pages and the median page.

    python3 bench/recognize_pages.py ROUNDS BINARY[=DIR]...

Run from the repository root: the held-out networks are read from DIR (default assets/vision),
so that one binary can be timed with two sets of weights; pages are rendered into $PAGES
(default /tmp/pages) with the first binary if missing.
"""
import json
import os
import subprocess
import sys

SETS = ["fantasy", "kiwen-suwi", "gnome-simple", "tepoztlan", "staunton3d-wood"]
SEEDS = [5, 6, 7, 8]
MODELS = ["held-out", "held-out-b"]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds, runs = int(sys.argv[1]), sys.argv[2:]
    binaries = [r.split("=", 1)[0] for r in runs]
    folder = os.environ.get("PAGES", "/tmp/pages")
    os.makedirs(folder, exist_ok=True)
    pages = []
    for name in SETS:
        for seed in SEEDS:
            page = os.path.join(folder, f"{name}-{seed}.png")
            if not os.path.exists(page):
                subprocess.run(
                    [binaries[0], "vision", "render", "--set", name, "--seed", str(seed),
                     "--screenshot", "1280x800", "--pieces", "../shared/vision/pieces",
                     "--out", page],
                    check=True, stdout=subprocess.DEVNULL)
            pages.append(page)
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    least = {r: {} for r in runs}
    for _ in range(rounds):
        for r in runs:
            binary, _, folder = r.partition("=")
            folder = folder or "assets/vision"
            models = [a for m in MODELS for a in ("--model", f"{folder}/{m}.safetensors")]
            out = subprocess.run(
                [binary, "recognize", "--json"] + models + [p for p in pages for _ in (0, 1)],
                capture_output=True, text=True, env=env).stdout
            for line in out.splitlines():
                d = json.loads(line)
                best = least[r].get(d["file"], float("inf"))
                least[r][d["file"]] = min(best, d["total_ms"])
    for r in runs:
        times = sorted(least[r].values())
        print(f"{r} sum {sum(times):.1f} ms median {times[len(times) // 2]:.1f}")


if __name__ == "__main__":
    main()
