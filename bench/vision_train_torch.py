#!/usr/bin/env python3
"""Train chessbot's square classifier on a GPU with PyTorch.

The same network, input and file format as `chessbot vision train` (src/vision/model.rs,
src/vision/train.rs), for more crops than the CPU trainer gets through: four 3x3 convolutions
(no bias, batch norm, ReLU, 2x2 max-pooling after the first three), a 64-wide ReLU embedding
and a 13-class head, on 32x32 RGB crops in [-0.5, 0.5]; AdamW (weight decay 1e-4) with cosine
decay to 5% of the peak rate, cross-entropy. `--channels` widens the convolutions (the binary
reads the widths from the weights).

    chessbot vision dataset --extra-pieces /tmp/extra-pieces/pychess --extra-share 0.4 \
        --seed 3 --boards 5000 --out crops-3.bin        # as many files as you like
    python3 bench/vision_train_torch.py --data crops-3.bin --data crops-4.bin \
        --epochs 8 --seed 1 --out held-out-gpu.safetensors

Reads the crop files of `chessbot vision dataset` (src/vision/dataset.rs); writes safetensors
with the names `vision train` writes, after every epoch. Needs torch and safetensors (and a
CUDA device for speed; the CPU works too).
"""

import argparse
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F
from safetensors.torch import save_file

MAGIC, VERSION, EMBED = b"CBSQ", 1, 64


def load(paths):
    """Labels (uint8 [n]) and crops (uint8 [n, 3, side, side]) of the crop files."""
    labels, crops, side = [], [], None
    for path in paths:
        with open(path, "rb") as f:
            head = f.read(16)
            if len(head) < 16 or head[:4] != MAGIC:
                sys.exit(f"{path}: not a chessbot crop file")
            version, s, classes = struct.unpack("<III", head[4:])
            if version != VERSION or classes != 13:
                sys.exit(f"{path}: crop file version {version} with {classes} classes")
            if side not in (None, s):
                sys.exit(f"{path}: crops of side {s}, others {side}")
            side = s
            raw = np.fromfile(f, dtype=np.uint8)
        record = 1 + 3 * side * side
        n = len(raw) // record  # a cut last record is dropped
        raw = raw[: n * record].reshape(n, record)
        labels.append(raw[:, 0].copy())
        crops.append(raw[:, 1:].reshape(n, 3, side, side))
        print(f"{path}: {n} crops", file=sys.stderr)
    return np.concatenate(labels), np.concatenate(crops), side


class SquareNet(torch.nn.Module):
    def __init__(self, side, channels):
        super().__init__()
        self.convs = torch.nn.ModuleList()
        self.bns = torch.nn.ModuleList()
        cin = 3
        for c in channels:
            self.convs.append(torch.nn.Conv2d(cin, c, 3, padding=1, bias=False))
            self.bns.append(torch.nn.BatchNorm2d(c, eps=1e-5, momentum=0.1))
            cin = c
        spatial = side // 8
        self.embed = torch.nn.Linear(cin * spatial * spatial, EMBED)
        self.head = torch.nn.Linear(EMBED, 13)
        for m in self.modules():
            if isinstance(m, (torch.nn.Conv2d, torch.nn.Linear)):
                torch.nn.init.kaiming_normal_(m.weight, nonlinearity="relu")
                if m.bias is not None:
                    torch.nn.init.zeros_(m.bias)

    def forward(self, x):
        for i, (conv, bn) in enumerate(zip(self.convs, self.bns)):
            x = F.relu(bn(conv(x)))
            if i < 3:
                x = F.max_pool2d(x, 2)
        return self.head(F.relu(self.embed(x.flatten(1))))

    def weights(self):
        """The tensors under the names `vision train` saves (candle's VarMap)."""
        out = {}
        for i, (conv, bn) in enumerate(zip(self.convs, self.bns)):
            out[f"b{i}.conv.weight"] = conv.weight
            out[f"b{i}.bn.weight"] = bn.weight
            out[f"b{i}.bn.bias"] = bn.bias
            out[f"b{i}.bn.running_mean"] = bn.running_mean
            out[f"b{i}.bn.running_var"] = bn.running_var
        for name, layer in (("embed", self.embed), ("head", self.head)):
            out[f"{name}.weight"] = layer.weight
            out[f"{name}.bias"] = layer.bias
        return {k: v.detach().float().cpu().contiguous() for k, v in out.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", action="append", required=True, help="crop file (repeatable)")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--channels", default="16,32,48,64", help="widths of the four convolutions")
    ap.add_argument("--validation", type=float, default=0.02, help="share of crops held back")
    ap.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (0: all)")
    ap.add_argument("--minutes", type=float, default=0.0,
                    help="fit the run into this many minutes: the step count is cut to what the "
                         "speed of steps 100-300 allows (0: no limit)")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    channels = [int(c) for c in a.channels.split(",")]
    if len(channels) != 4 or min(channels) < 1:
        sys.exit("--channels takes four positive widths")
    torch.manual_seed(a.seed)
    rng = np.random.default_rng(a.seed)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.backends.cudnn.benchmark = True

    labels, crops, side = load(a.data)
    n = len(labels)
    order = rng.permutation(n)
    n_val = int(n * a.validation)
    val_idx, train_idx = order[:n_val], order[n_val:]
    # All crops live on the device as bytes; batches are cut there.
    x_all = torch.from_numpy(crops).to(dev)
    y_all = torch.from_numpy(labels.astype(np.int64)).to(dev)
    train_idx = torch.from_numpy(train_idx).to(dev)
    val_idx = torch.from_numpy(val_idx).to(dev)
    print(f"{n} crops ({len(train_idx)} train, {n_val} validation), side {side}, on {dev}",
          file=sys.stderr)

    net = SquareNet(side, channels).to(dev).to(memory_format=torch.channels_last)
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=1e-4)
    steps_per_epoch = len(train_idx) // a.batch
    total = max(1, a.epochs * steps_per_epoch)
    if a.max_steps:
        total = min(total, a.max_steps)

    def inputs(idx):
        x = x_all[idx].float().div_(255.0).sub_(0.5)
        return x.contiguous(memory_format=torch.channels_last)

    step, start, timed_from = 0, time.time(), 0.0
    for epoch in range(1, a.epochs + 1):
        net.train()
        perm = train_idx[torch.randperm(len(train_idx), device=dev)]
        loss_sum = torch.zeros((), device=dev)
        correct = torch.zeros((), device=dev, dtype=torch.int64)
        seen = 0
        for b in range(steps_per_epoch):
            if step >= total:
                break
            idx = perm[b * a.batch:(b + 1) * a.batch]
            lr = a.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / total)))
            for g in opt.param_groups:
                g["lr"] = lr
            logits = net(inputs(idx))
            y = y_all[idx]
            loss = F.cross_entropy(logits, y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            step += 1
            # The speed is taken over steps 100-300: the first steps include cuDNN's tuning.
            if a.minutes and step in (100, 300):
                if dev.type == "cuda":
                    torch.cuda.synchronize()
                if step == 100:
                    timed_from = time.time()
                else:
                    # The schedule shrinks to the steps that fit (the rate is still near its peak).
                    per_step = (time.time() - timed_from) / 200
                    left = a.minutes * 60 - (time.time() - start)
                    total = min(total, max(step + 1, step + int(left / per_step)))
                    print(f"{per_step * 1000:.2f} ms per step: {total} steps in all", file=sys.stderr)
            loss_sum += loss.detach()
            correct += (logits.argmax(1) == y).sum()
            seen += len(idx)
        net.eval()
        val_right = 0
        with torch.no_grad():
            for b in range(0, n_val, 4096):
                idx = val_idx[b:b + 4096]
                val_right += int((net(inputs(idx)).argmax(1) == y_all[idx]).sum())
        tmp = a.out + ".partial"
        save_file(net.weights(), tmp)
        os.replace(tmp, a.out)
        batches = max(1, seen // a.batch)
        print(f"epoch {epoch}/{a.epochs}: loss {float(loss_sum) / batches:.4f}, train accuracy "
              f"{100.0 * int(correct) / max(1, seen):.2f}%, validation {100.0 * val_right / max(1, n_val):.2f}%, "
              f"{time.time() - start:.0f} s, wrote {a.out}", file=sys.stderr, flush=True)
        if step >= total:
            break


if __name__ == "__main__":
    main()
