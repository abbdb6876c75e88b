"""Trains the OCR-B glyph classifier of the MRZ reader (workers/mrz/glyph-model.ts).

Input: cell files written by dev/mrz-glyphs/extract-cells.ts (FILE.cells, FILE.labels).
Output: workers/mrz/model/ocrb-glyphs.bin (float32 weights, layer by layer: weight, bias) and
ocrb-glyphs.json (the layers). Needs Debian's python3-torch and python3-numpy only:

    apt-get install python3-torch python3-numpy
    /usr/bin/python3 dev/mrz-glyphs/train.py --train data/glyphs/train [--train ...] \
        --check data/glyphs/tune --epochs 12 --out workers/mrz/model/ocrb-glyphs \
        [--init workers/mrz/model/ocrb-glyphs.bin --max-lr 1e-3]

--init starts from an earlier run's weights (fine-tuning on new data in a few epochs, where a
run from scratch takes many).

Deterministic for a given seed and data (one thread). On top of the photos' own degradations,
training adds small shifts, contrast and stroke changes so that the network does not depend on
the exact cut of a cell.
"""
import argparse
import json

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<"
H, W = 32, 24
CHANNELS = (12, 24, 48)
HIDDEN = 128


def load(prefix):
    cells = np.fromfile(prefix + ".cells", dtype=np.uint8).reshape(-1, 1, H, W)
    labels = np.fromfile(prefix + ".labels", dtype=np.uint8).astype(np.int64)
    return cells.astype(np.float32) / 255.0 * 1.5, labels


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        c1, c2, c3 = CHANNELS
        self.conv1 = nn.Conv2d(1, c1, 3, padding=1)
        self.conv2 = nn.Conv2d(c1, c2, 3, padding=1)
        self.conv3 = nn.Conv2d(c2, c3, 3, padding=1)
        self.fc1 = nn.Linear(c3 * (H // 8) * (W // 8), HIDDEN)
        self.fc2 = nn.Linear(HIDDEN, len(ALPHABET))
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = F.max_pool2d(F.relu(self.conv3(x)), 2)
        x = self.drop(F.relu(self.fc1(torch.flatten(x, 1))))
        return self.fc2(x)


def augment(x, generator):
    """Random shift by up to 2 px, contrast 0.7-1.2 and a thin/thick stroke (max/min pool)."""
    n = x.shape[0]
    dx = torch.randint(-2, 3, (1,), generator=generator).item()
    dy = torch.randint(-1, 2, (1,), generator=generator).item()
    x = torch.roll(x, shifts=(dy, dx), dims=(2, 3))
    scale = 0.7 + 0.5 * torch.rand((n, 1, 1, 1), generator=generator)
    x = x * scale
    r = torch.rand(1, generator=generator).item()
    if r < 0.15:
        x = F.max_pool2d(x, 3, stride=1, padding=1) * 0.5 + x * 0.5
    elif r < 0.3:
        x = -F.max_pool2d(-x, 3, stride=1, padding=1) * 0.5 + x * 0.5
    return x


def accuracy(net, cells, labels):
    net.eval()
    with torch.no_grad():
        right = 0
        for i in range(0, len(cells), 4096):
            out = net(torch.from_numpy(cells[i:i + 4096]))
            right += (out.argmax(1).numpy() == labels[i:i + 4096]).sum()
    net.train()
    return right / max(1, len(cells))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--train", action="append", required=True)
    parser.add_argument("--check", action="append", default=[])
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--out", default="workers/mrz/model/ocrb-glyphs")
    parser.add_argument("--init", help="start from these weights (FILE.bin of an earlier run)")
    parser.add_argument("--max-lr", type=float, default=3e-3)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    generator = torch.Generator().manual_seed(args.seed)
    parts = [load(p) for p in args.train]
    cells = np.concatenate([p[0] for p in parts])
    labels = np.concatenate([p[1] for p in parts])
    checks = [load(p) for p in args.check]
    print(f"{len(cells)} training cells; class counts min {np.bincount(labels, minlength=37).min()}")
    # Rare classes (most letters) weigh more than the `<` filler and digits that fill lines.
    counts = np.bincount(labels, minlength=len(ALPHABET)).astype(np.float32)
    weights = torch.from_numpy((counts.sum() / (len(ALPHABET) * np.maximum(counts, 1))) ** 0.5)
    net = Net()
    if args.init:
        load_weights(net, args.init)
        print(f"started from {args.init}: check accuracy " + ", ".join(
            f"{accuracy(net, c, l):.4f}" for c, l in checks), flush=True)
    optimizer = torch.optim.Adam(net.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(
        optimizer, max_lr=args.max_lr, total_steps=args.epochs * ((len(cells) + 255) // 256))
    x_all = torch.from_numpy(cells)
    y_all = torch.from_numpy(labels)
    for epoch in range(args.epochs):
        order = torch.randperm(len(cells), generator=generator)
        total = 0.0
        for i in range(0, len(cells), 256):
            batch = order[i:i + 256]
            x = augment(x_all[batch], generator)
            loss = F.cross_entropy(net(x), y_all[batch], weight=weights)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item() * len(batch)
        report = ", ".join(f"{accuracy(net, c, l):.4f}" for c, l in checks)
        print(f"epoch {epoch + 1}: loss {total / len(cells):.4f}; check accuracy {report}", flush=True)
    save(net, args.out)


def load_weights(net, path):
    """The weights save() writes, layer by layer, into the same network."""
    flat = np.fromfile(path, dtype="<f4")
    at = 0
    with torch.no_grad():
        for layer in (net.conv1, net.conv2, net.conv3, net.fc1, net.fc2):
            for tensor in (layer.weight, layer.bias):
                n = tensor.numel()
                tensor.copy_(torch.from_numpy(flat[at:at + n].copy()).reshape(tensor.shape))
                at += n
    assert at == flat.size, f"{path}: {flat.size} weights, the network has {at}"


def save(net, out):
    layers, arrays = [], []
    for conv in (net.conv1, net.conv2, net.conv3):
        layers.append({"type": "conv", "in": conv.in_channels, "out": conv.out_channels})
        arrays += [conv.weight, conv.bias]
    for fc in (net.fc1, net.fc2):
        layers.append({"type": "dense", "in": fc.in_features, "out": fc.out_features})
        arrays += [fc.weight, fc.bias]
    flat = np.concatenate([a.detach().numpy().astype("<f4").ravel() for a in arrays])
    flat.tofile(out + ".bin")
    with open(out + ".json", "w") as f:
        json.dump({"input": [H, W], "classes": ALPHABET, "layers": layers}, f, indent=2)
        f.write("\n")
    print(f"wrote {out}.bin ({flat.size} weights) and {out}.json")


if __name__ == "__main__":
    main()
