"""Named, independent random streams.

Every part of a render draws from its own stream, keyed by the photo seed (or
the design name) and a label, so changing how one part draws never shifts the
numbers another part sees, and the same keys always give the same numbers.
"""
from __future__ import annotations

import hashlib

import numpy as np


def stream(*keys: object) -> np.random.Generator:
    """A generator seeded from the keys' text (stable across runs and machines)."""
    text = "\x1f".join(repr(k) for k in keys)
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return np.random.Generator(np.random.PCG64(int.from_bytes(digest[:16], "little")))


def sub_seed(rng: np.random.Generator) -> int:
    """A fresh integer seed drawn from rng, for a child stream."""
    return int(rng.integers(0, 2**62))
