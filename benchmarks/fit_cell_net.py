"""Fits one of a game's cell nets (assistant/vision/cell_net.py) and writes it as ONNX.

For the developer only: it needs PyTorch, which the package and its tests do not (the reader
runs the written file with OpenCV's dnn module). In a separate environment:

    python3 -m venv /tmp/tenv && /tmp/tenv/bin/pip install torch==2.13.0 numpy onnx opencv-python-headless platformdirs
    /tmp/tenv/bin/python benchmarks/fit_cell_net.py --game indian-summer --cache DIR \\
        --count 600 --seed 9 --cal-seeds 3 --extra-designs 120 --per-design 10 --jitter --epochs 4 \\
        --woods-renderer synth_woods --woods-designs 100 --per-woods 10 \\
        --photos-dir FOLDERS --photos-weight 3
    (that command, FOLDERS the physically rendered woodland boards of samples/pbr seeds 1 and 3,
    25 min a net on 2 cores after the cache (18 GB of memory while the patches were held as float32,
    before STORED; one net at a time on 23 GB), fitted
    the woodland's first net, cell_net_woodland.onnx, and with --fit-seed 1 its second,
    cell_net_woodland_2.onnx;
    without the --woods flags, with --game cottage-garden --extra-designs 40,80 --synth 80
    --per-synth 10 --threads 2 and --photos-dir FOLDERS --photos-weight 3 (FOLDERS: the
    physically rendered beds of samples/pbr seeds 1, 4, 5, 6, 8, 9 and 10, each seed a folder) it
    fitted the beds' first net, cell_net_beds.onnx, and with --fit-seed 1 its second,
    cell_net_beds_2.onnx, 10 min each with the renders paused;
    the shipped files are those commands' output, the cache filled by
    bench_photo_cells.py --fit with the same flags and --part 0/2, 1/2 at once, 13 min)

The training photos are bench_photo_cells.py's training mix for that game (its flags, its
cache of rectified photos: a cache that fit filled is read back without rendering). Every
photo of the sample designs is used, jittered copies included; of the further designs'
photos, the unjittered ones. Each cell becomes a patch (cell_net.cell_patches, photo beside
reference, cell_net.net_input); patches are turned by quarter turns and mirrored at random,
the photo's gain and colour jittered. Prints the loss after each epoch.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402

import bench_photo_cells as cells_bench  # noqa: E402
from assistant.vision import cell_net  # noqa: E402
from samples.renderer.designs import garden_game  # noqa: E402

P = cell_net.PATCH
#: how the patches are held while fitting: the inputs are 8-bit pixels scaled to -1..1, steps of
#: 1/127.5, which float16 (steps of at most 1/1024 there) keeps within a sixteenth of a step
#: (a beds mix of 19,000 patches, --extra-designs 20 --per-design 6 --synth 40 --per-synth 5: peak
#: memory 1.61 -> 1.25 GB, the loss after an epoch 0.1908 -> 0.1899)
STORED = np.float16


def training_patches(args) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(n x 6 x P x P net inputs, n covered labels, n hole flags, n weights by the photo's
    source) of the game's training mix. The inputs are kept as float16 (STORED), half the
    memory of float32; fit() widens each batch."""
    designs = [d for d in cells_bench.DESIGNS if garden_game(d) == args.game]
    t0 = time.perf_counter()
    warps = cells_bench.training_photos(args, designs, lambda m: print(f"  [{time.perf_counter() - t0:5.0f} s] {m}"))
    refs: dict[int, np.ndarray] = {}
    xs, ys, holes, weights = [], [], [], []
    seen: dict[str, int] = {}
    for warp, prof, cov, hole, group, src in warps:
        i = seen[group] = seen.get(group, -1) + 1
        if args.jitter and src in ("extra", "woods") and i % 2:  # a further design's jittered copy (after its original)
            continue
        if id(prof) not in refs:
            refs[id(prof)] = cell_net.cell_patches(prof.reference, prof).reshape(-1, P, P, 3)
        n = prof.rows * prof.cols
        xs.append(cell_net.net_input(cell_net.cell_patches(warp, prof).reshape(n, P, P, 3),
                                     refs[id(prof)]).astype(STORED))
        ys.append(cov.ravel())
        holes.append(hole.ravel())
        weights.append(np.full(n, cells_bench.source_weight(args, src), np.float32))
    return (np.concatenate(xs), np.concatenate(ys).astype(np.float32), np.concatenate(holes).astype(bool),
            np.concatenate(weights))


def network(normalised: bool = True):
    """The net: three stages of two 3x3 convolutions (batch-normalised), pooling between,
    and two dense layers to one log-odds. normalised=False: without the normalisation, the
    form a written net has (the export folds each normalisation into its convolution)."""
    import torch.nn as nn

    def conv(i: int, o: int) -> list:
        return [nn.Conv2d(i, o, 3, padding=1), *([nn.BatchNorm2d(o)] if normalised else []), nn.ReLU()]

    return nn.Sequential(*conv(6, 24), *conv(24, 24), nn.MaxPool2d(2), *conv(24, 48), *conv(48, 48),
                         nn.MaxPool2d(2), *conv(48, 64), *conv(64, 64), nn.Flatten(),
                         nn.Linear(64 * (P // 4) ** 2, 64), nn.ReLU(), nn.Linear(64, 1), nn.Flatten(0))


def written_net(path: Path):
    """A written net (ONNX) as a net to fit further: its convolutions and dense layers, in the
    order the graph runs them, into network(normalised=False)."""
    import onnx
    import torch
    import torch.nn as nn
    from onnx import numpy_helper

    model = onnx.load(str(path))
    values = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    weighted = [(values[n.input[1]], values[n.input[2]]) for n in model.graph.node if n.op_type in ("Conv", "Gemm")]
    net = network(normalised=False)
    layers = [m for m in net if isinstance(m, (nn.Conv2d, nn.Linear))]
    if len(layers) != len(weighted):
        sys.exit(f"--start-from {path}: {len(weighted)} weighted layers, the net has {len(layers)}")
    for layer, (w, b) in zip(layers, weighted):
        layer.weight.data = torch.from_numpy(w.copy())
        layer.bias.data = torch.from_numpy(b.copy())
    return net


def fit(X: np.ndarray, Y: np.ndarray, epochs: int, batch: int = 256, seed: int = 0,
        weights: np.ndarray | None = None, start=None, rate: float = 3e-3):
    """The net fitted to patches X and labels Y; `weights`: each patch's weight in the loss
    (None: all 1); `start`: a net to fit further (written_net) instead of a new one; `rate`: the
    highest learning rate of the one-cycle schedule."""
    import torch

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = network() if start is None else start
    net.train()
    opt = torch.optim.AdamW(net.parameters(), rate * 2 / 3, weight_decay=1e-4)
    steps = epochs * (len(X) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, rate, total_steps=steps)
    W = np.ones(len(X), np.float32) if weights is None else weights.astype(np.float32)
    t0 = time.perf_counter()
    for ep in range(epochs):
        perm = rng.permutation(len(X))
        total = 0.0
        for i in range(0, len(perm) - batch + 1, batch):
            idx = perm[i : i + batch]
            xb = torch.rot90(torch.from_numpy(X[idx].astype(np.float32)), int(rng.integers(4)), (2, 3))
            if rng.random() < 0.5:
                xb = torch.flip(xb, (3,))
            # the photo's exposure and colour vary beyond what net_input evens out
            xb[:, :3] = xb[:, :3] * (1 + 0.1 * torch.randn(len(xb), 1, 1, 1)) + 0.05 * torch.randn(len(xb), 3, 1, 1)
            opt.zero_grad()
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                net(xb), torch.from_numpy(Y[idx]), torch.from_numpy(W[idx]))
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        print(f"epoch {ep + 1}/{epochs}: loss {total / (len(perm) // batch * batch):.4f} "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    return net.eval()


def main() -> None:
    ap = cells_bench.arguments()
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--start-from", type=Path, help="a written net (.onnx) to fit further on the mix")
    ap.add_argument("--rate", type=float, default=3e-3, help="the highest learning rate (further fits: ~3e-4)")
    ap.add_argument("--fit-seed", type=int, default=0,
                    help="the fit's own randomness (start, batches, jitter); net N of the game is fitted with N")
    args = ap.parse_args()
    if args.game not in cell_net.NET_FILES:
        sys.exit(f"--game: one of {', '.join(cell_net.NET_FILES)}")
    members = cell_net.NET_FILES[args.game]
    if not args.write_to and args.fit_seed >= len(members):  # checked before the long fit
        sys.exit(f"--fit-seed {args.fit_seed}: {args.game} has {len(members)} nets (give --write-to)")
    out = Path(args.write_to) if args.write_to else members[args.fit_seed]
    import torch

    torch.set_num_threads(args.threads)
    X, Y, H, W = training_patches(args)
    print(f"{len(X)} cell patches, {Y.mean() * 100:.1f}% covered, {H.mean() * 100:.1f}% holes", flush=True)
    start = written_net(args.start_from) if args.start_from else None
    net = fit(X, Y, args.epochs, seed=args.fit_seed, weights=np.where(H, args.hole_weight, 1.0) * W,
              start=start, rate=args.rate)
    torch.onnx.export(net, torch.zeros(1, 6, P, P), str(out), input_names=["patches"], output_names=["log_odds"],
                      dynamic_axes={"patches": {0: "cells"}, "log_odds": {0: "cells"}}, dynamo=False)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
