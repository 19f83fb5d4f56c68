#!/usr/bin/env python3
"""Train chessbot's evaluation network on a GPU with PyTorch.

The same network with one output bucket, target and file format as `chessbot nnue train
--buckets 1` (src/training/nnue/train.rs), for data sets too large for the CPU trainer: each view's accumulator is the sum of its active
feature rows plus a bias, activations are clamp(x, 0, 1)^2, the output o predicts sigmoid(o)
against lambda*sigmoid(score/400) + (1-lambda)*result (mean squared error), AdamW with cosine
decay to 2% of the peak rate, weights clipped to +-1.98 so that quantisation cannot overflow.

    python3 bench/nnue_train_torch.py --data gen500.txt --data gen600.txt \
        --epochs 30 --seed 1 --out first.bin

Reads `FEN | score | result` lines (`chessbot nnue gen`); writes a `CBNN` version-1 file (one
output bucket) that src/search/nnue/network.rs reads and `chessbot nnue train --init` spreads
over every bucket. Needs torch (and a CUDA device for speed; the CPU works too).
"""

import argparse
import math
import multiprocessing as mp
import struct
import sys
import time

import numpy as np
import torch

INPUTS, HIDDEN, QA, QB, SCALE = 768, 256, 255, 64, 400
PAD = INPUTS  # index of an all-zero row: positions have up to 32 pieces
MAX_PIECES = 32
WEIGHT_CLIP = 1.98
ROLES = {"p": 0, "n": 1, "b": 2, "r": 3, "q": 4, "k": 5}


def parse_chunk(lines):
    """Feature indices (side to move's view, other view), scores, results for some lines."""
    n = len(lines)
    ours = np.full((n, MAX_PIECES), PAD, dtype=np.int16)
    theirs = np.full((n, MAX_PIECES), PAD, dtype=np.int16)
    score = np.zeros(n, dtype=np.float32)
    result = np.zeros(n, dtype=np.float32)
    keep = np.zeros(n, dtype=bool)
    for i, line in enumerate(lines):
        parts = line.split("|")
        fen = parts[0].split()
        try:
            # A run stopped mid-write can leave a cut last line: skip it.
            s, r = int(parts[1]), float(parts[2])
        except (IndexError, ValueError):
            continue
        if len(parts) != 3 or len(fen) < 2:
            continue
        white_to_move = fen[1] == "w"
        k = 0
        rank = 7
        file = 0
        for c in fen[0]:
            if c == "/":
                rank -= 1
                file = 0
            elif c.isdigit():
                file += int(c)
            else:
                sq = rank * 8 + file
                white = c.isupper()
                role = ROLES[c.lower()]
                # White's view: own pieces first, squares as they are; Black's: flipped.
                w_idx = (0 if white else 384) + role * 64 + sq
                b_idx = (0 if not white else 384) + role * 64 + (sq ^ 56)
                if white_to_move:
                    ours[i, k], theirs[i, k] = w_idx, b_idx
                else:
                    ours[i, k], theirs[i, k] = b_idx, w_idx
                k += 1
                file += 1
        score[i] = max(-32768, min(32767, s))
        result[i] = r if white_to_move else 1.0 - r
        keep[i] = True
    return ours[keep], theirs[keep], score[keep], result[keep]


def load(paths, workers):
    lines = []
    for p in paths:
        with open(p) as f:
            lines.extend(l for l in f if l.strip() and not l.startswith("#"))
    chunks = [lines[i : i + 50000] for i in range(0, len(lines), 50000)]
    with mp.Pool(workers) as pool:
        parts = pool.map(parse_chunk, chunks)
    return [np.concatenate([p[j] for p in parts]) for j in range(4)]


def write_net(path, ft, fb, ow, ob):
    q = lambda t, s: np.round(t.detach().cpu().numpy().astype(np.float64) * s).astype("<i2")
    with open(path, "wb") as f:
        f.write(b"CBNN" + struct.pack("<II", 1, HIDDEN))
        f.write(q(ft, QA).tobytes())  # INPUTS x HIDDEN, input-major
        f.write(q(fb, QA).tobytes())
        f.write(q(ow.reshape(-1), QB).tobytes())  # side to move's half first
        f.write(struct.pack("<i", int(round(float(ob.item()) * QA * QB))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", action="append", required=True)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=16384)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--score-weight", type=float, default=0.75)
    ap.add_argument("--validation", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=mp.cpu_count())
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    t0 = time.time()
    ours, theirs, score, result = load(a.data, a.workers)
    n = len(score)
    print(f"{n} positions read in {time.time() - t0:.1f} s", flush=True)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    g = torch.Generator().manual_seed(a.seed)
    perm = torch.randperm(n, generator=g)
    ours = torch.from_numpy(ours.astype(np.int64))[perm].to(dev)
    theirs = torch.from_numpy(theirs.astype(np.int64))[perm].to(dev)
    lam = a.score_weight
    target = lam * torch.sigmoid(torch.from_numpy(score) / SCALE) + (1 - lam) * torch.from_numpy(result)
    target = target[perm].to(dev)
    held = int(n * a.validation)

    torch.manual_seed(a.seed)
    b1 = 1 / math.sqrt(INPUTS)
    b2 = 1 / math.sqrt(2 * HIDDEN)
    ft = ((torch.rand(INPUTS, HIDDEN, device=dev) * 2 - 1) * b1).requires_grad_()
    fb = torch.zeros(HIDDEN, device=dev, requires_grad=True)
    ow = ((torch.rand(2 * HIDDEN, 1, device=dev) * 2 - 1) * b2).requires_grad_()
    ob = torch.zeros(1, device=dev, requires_grad=True)
    zero_row = torch.zeros(1, HIDDEN, device=dev)
    opt = torch.optim.AdamW([ft, fb, ow, ob], lr=a.lr, weight_decay=0.0)

    def forward(o, t):
        table = torch.cat([ft, zero_row])
        acc_o = torch.nn.functional.embedding_bag(o, table, mode="sum") + fb
        acc_t = torch.nn.functional.embedding_bag(t, table, mode="sum") + fb
        h = torch.cat([acc_o.clamp(0, 1).square(), acc_t.clamp(0, 1).square()], dim=1)
        return h @ ow + ob

    train_n = n - held
    steps = train_n // a.batch
    total = steps * a.epochs
    step = 0
    for epoch in range(1, a.epochs + 1):
        order = torch.randperm(train_n, device=dev) + held
        for s in range(steps):
            idx = order[s * a.batch : (s + 1) * a.batch]
            decay = 0.02 + 0.98 * 0.5 * (1 + math.cos(math.pi * step / total))
            for group in opt.param_groups:
                group["lr"] = a.lr * decay
            out = forward(ours[idx], theirs[idx])
            loss = (torch.sigmoid(out.squeeze(1)) - target[idx]).square().mean()
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            with torch.no_grad():
                ft.clamp_(-WEIGHT_CLIP, WEIGHT_CLIP)
                ow.clamp_(-WEIGHT_CLIP, WEIGHT_CLIP)
            step += 1
        with torch.no_grad():
            vl = 0.0
            for v in range(0, held, a.batch):
                sl = slice(v, min(held, v + a.batch))
                out = forward(ours[sl], theirs[sl]).squeeze(1)
                vl += (torch.sigmoid(out) - target[sl]).square().sum().item()
        print(
            f"epoch {epoch}: validation loss {vl / max(held, 1):.6f} ({time.time() - t0:.0f} s)",
            flush=True,
        )
        # Written after every epoch, so that a run stopped for time still leaves a network.
        write_net(a.out, ft, fb, ow, ob)
    print(f"wrote {a.out}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
