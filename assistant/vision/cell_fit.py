"""A tiny gradient-boosted tree ensemble (logistic loss), numpy only.

Fitting is for the developer (benchmarks/bench_photo_cells.py --fit writes
cell_model.npz); prediction is what the reader uses: complete binary trees of a
fixed depth stored as flat arrays, evaluated for all cells at once.
"""

from __future__ import annotations

import numpy as np

from assistant.vision.rectified import neighbours


def predict_margin(X: np.ndarray, feat: np.ndarray, thr: np.ndarray, leaf: np.ndarray, base: float) -> np.ndarray:
    """X: n x F. feat/thr: trees x (2**depth - 1); leaf: trees x 2**depth. Returns the log-odds.
    All trees at once: one gather per level."""
    n = X.shape[0]
    T = feat.shape[0]
    depth = int(np.log2(leaf.shape[1]))
    idx = np.zeros((T, n), np.int64)
    trees = np.arange(T)[:, None]
    rows = np.arange(n)[None, :]
    for _ in range(depth):
        f = feat[trees, idx]
        idx = 2 * idx + 1 + (X[rows, f] > thr[trees, idx])
    return base + leaf[trees, idx - (leaf.shape[1] - 1)].sum(axis=0)


def _bins(X: np.ndarray, n_bins: int) -> list[np.ndarray]:
    edges = []
    for j in range(X.shape[1]):
        q = np.unique(np.quantile(X[:, j], np.linspace(0, 1, n_bins + 1)[1:-1]))
        edges.append(q.astype(np.float64))
    return edges


def fit(X: np.ndarray, y: np.ndarray, w: np.ndarray | None = None, trees: int = 200, depth: int = 3,
        rate: float = 0.1, l2: float = 5.0, min_hess: float = 5.0, n_bins: int = 32,
        subsample: float = 0.8, seed: int = 0) -> dict:
    """Gradient boosting with Newton leaves. Thresholds are quantile bin edges
    (a sample goes right when x > threshold)."""
    rng = np.random.default_rng(seed)
    X = np.asarray(X, np.float64)
    y = np.asarray(y, np.float64)
    w = np.ones(len(y)) if w is None else np.asarray(w, np.float64)
    n, F = X.shape
    edges = _bins(X, n_bins)
    B = n_bins
    # bin index of every value: x > edges[k] for k < b  -> bin b
    Xb = np.stack([np.searchsorted(edges[j], X[:, j], side="left") for j in range(F)], axis=1)
    offs = np.arange(F) * B
    p0 = np.clip(np.average(y, weights=w), 1e-3, 1 - 1e-3)
    base = float(np.log(p0 / (1 - p0)))
    margin = np.full(n, base)
    n_int, n_leaf = 2 ** depth - 1, 2 ** depth
    feat = np.zeros((trees, n_int), np.int64)
    thr = np.full((trees, n_int), np.inf)
    leaf = np.zeros((trees, n_leaf))
    for t in range(trees):
        p = 1 / (1 + np.exp(-margin))
        g = (p - y) * w
        h = np.maximum(p * (1 - p), 1e-6) * w
        use = rng.random(n) < subsample
        node = np.zeros(n, np.int64)
        for level in range(depth):
            first = 2 ** level - 1
            for k in range(first, first + 2 ** level):
                sel = use & (node == k)
                if sel.sum() < 2:
                    continue
                bins = (Xb[sel] + offs).ravel()
                G = np.bincount(bins, np.repeat(g[sel], F), minlength=F * B).reshape(F, B)
                Hs = np.bincount(bins, np.repeat(h[sel], F), minlength=F * B).reshape(F, B)
                GL, HL = np.cumsum(G, axis=1), np.cumsum(Hs, axis=1)
                Gt, Ht = GL[:, -1:], HL[:, -1:]
                GR, HR = Gt - GL, Ht - HL
                gain = GL ** 2 / (HL + l2) + GR ** 2 / (HR + l2) - Gt ** 2 / (Ht + l2)
                gain[(HL < min_hess) | (HR < min_hess)] = -np.inf
                gain[:, -1] = -np.inf
                j, b = np.unravel_index(int(np.argmax(gain)), gain.shape)
                if not np.isfinite(gain[j, b]) or gain[j, b] <= 0 or b >= len(edges[j]):
                    continue
                feat[t, k] = j
                thr[t, k] = edges[j][b]
            # route all samples
            f = feat[t, node]
            node = 2 * node + 1 + (X[np.arange(n), f] > thr[t, node])
        li = node - n_int
        G = np.bincount(li[use], g[use], minlength=n_leaf)
        Hs = np.bincount(li[use], h[use], minlength=n_leaf)
        leaf[t] = -rate * G / (Hs + l2)
        margin += leaf[t, li]
    return {"feat": feat, "thr": thr, "leaf": leaf, "base": base}


def fitted_probability(model: dict, X: np.ndarray) -> np.ndarray:
    """P(covered) of n x F measures from a model `fit` returned (not yet written out)."""
    return 1 / (1 + np.exp(-predict_margin(X, model["feat"], model["thr"], model["leaf"], model["base"])))


def fit_stages(photos: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, str]], *, trees: int,
               trees2: int, depth: int, folds: int = 2, seed: int = 0, log=None):
    """Fits both stages. photos: (X rows x cols x F, sides rows x cols x 4 x k, truth covered
    rows x cols, cell weights rows x cols, group). The second stage is fitted on out-of-fold
    first-stage probabilities (folds by group, e.g. board design), so that it learns how far to
    trust the neighbours' readings on boards the first stage has not seen. The tree counts
    and depth are the refit's (benchmarks/bench_photo_cells.py --trees, --trees2, --depth).
    Returns (stage 1 model, stage 2 model, stage 2 extra names)."""
    import zlib


    def flat(a):
        return np.concatenate([v.reshape(v.shape[0] * v.shape[1], *v.shape[2:]) for v in a])

    X = flat([p[0] for p in photos]).astype(np.float64)
    y = flat([p[2] for p in photos]).astype(np.float64)
    w = flat([p[3] for p in photos]).astype(np.float64)
    fold = np.concatenate([np.full(p[2].size, zlib.crc32(p[4].encode()) % folds) for p in photos])
    m1 = fit(X, y, w, trees=trees, depth=depth, seed=seed)
    if log:
        log("stage 1 fitted")
    oof = np.zeros(len(y))
    for k in range(folds):
        m = fold == k
        if m.all() or not m.any():
            oof[m] = fitted_probability(m1, X[m])
            continue
        oof[m] = fitted_probability(fit(X[~m], y[~m], w[~m], trees=trees, depth=depth, seed=seed + 1 + k), X[m])
        if log:
            log(f"fold {k + 1}/{folds} fitted")
    X2, i, names2 = [], 0, []
    for p in photos:
        n = p[2].size
        F2, names2 = neighbour_features(oof[i:i + n].reshape(p[2].shape), p[1])
        X2.append(np.concatenate([p[0], F2], axis=-1).reshape(n, -1))
        i += n
    m2 = fit(np.concatenate(X2).astype(np.float64), y, w, trees=trees2, depth=depth, seed=seed + 99)
    return m1, m2, names2


def load_model(path) -> dict[str, np.ndarray]:
    """A fitted model file (cell_model.npz: MEMBERS, NOTE, and per stage NAMES, BASE, FEAT,
    THR, LEAF with the stage's suffix, e.g. "_0" and "2_0" for the first member's two
    stages), read whole. A file of numbers: it loads in milliseconds where the same model
    as Python literals took a third of a second to compile on every run."""
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def probability(model: dict[str, np.ndarray], X: np.ndarray, names: list[str], stage: str) -> np.ndarray:
    """P(covered) from one stage of a fitted model (load_model): rows x cols x F measures
    in `names` order -> rows x cols."""
    if list(names) != model["NAMES" + stage].tolist():
        raise ValueError("cell measures do not match the fitted model; refit it")
    flat = X.reshape(-1, X.shape[-1]).astype(np.float64)
    m = predict_margin(flat, model["FEAT" + stage], model["THR" + stage], model["LEAF" + stage],
                       float(model["BASE" + stage]))
    return (1 / (1 + np.exp(-m))).reshape(X.shape[:-1])


def neighbour_features(p1: np.ndarray, sides: np.ndarray) -> tuple[np.ndarray, list[str]]:
    """Second-stage measures: the first stage's P(covered) of the cell and of its neighbours
    (the frame counts as open), and each side's evidence split by what lies beyond that side.

    A tile's overhang, outline and shadow reach into an open cell only on the sides that face
    a covered neighbour; a covered cell differs from the board on its open-facing sides too;
    a hole (a leaf tile's cut-out) is ringed by cells of the same tile."""
    q = np.clip(p1, 1e-4, 1 - 1e-4)
    nbp = neighbours(q.astype(np.float32), 0.0)
    facing_tile = nbp >= 0.5
    f: dict[str, np.ndarray] = {
        "s1_logit": np.log(q / (1 - q)),
        "nbp_max": nbp.max(axis=-1),
        "nbp_min": nbp.min(axis=-1),
        "nbp_sum": nbp.sum(axis=-1),
    }
    for k, name in enumerate(("band", "edge", "cont", "border")):
        v = sides[..., k]
        hi, lo = v.max(axis=-1), v.min(axis=-1)
        # strongest / weakest evidence on sides facing open cells (or the frame), and facing tiles
        f[f"{name}_open_max"] = np.where(facing_tile, lo[..., None] - 1.0, v).max(axis=-1)
        f[f"{name}_open_min"] = np.where(facing_tile, hi[..., None] + 1.0, v).min(axis=-1)
        f[f"{name}_tile_max"] = np.where(facing_tile, v, lo[..., None] - 1.0).max(axis=-1)
    names = list(f)
    return np.stack([f[k] for k in names], axis=-1).astype(np.float32), names
