"""The orientation votes of every candidate the locators give them, against the truth: what
verify.votes_clear may take them for. Re-matches carry the re-matched art's votes
(rematch.orientation_votes); a feature fit of many inliers whose photo match cannot tell its turns
apart carries its features' (artmatch.orientation_inliers: guided inliers as placed and turned).

For each photo, as taken and evened (locate.evened), every candidate with votes is compared with the
truth's corners: at the right place (within 2% of the diagonal) as it lies, turned wrong (within 5%),
placed roughly (2-5% off, as it lies: the place fit's imprecision, not the votes'), or elsewhere.
Prints, per source and kind of fit: the fits of each kind, how many votes_clear takes (a clear vote
turned wrong or elsewhere is the failure this rule must never make), the least lead of the right
ones, and those where the true orientation gathered no more votes than a turn. Feature fits are never
found turned, so each right one is also measured turned in place (its corners rolled): votes_clear
must take none of those.

    .venv/bin/python benchmarks/bench_orientation_votes.py            # quick: 5 photos a source
    .venv/bin/python benchmarks/bench_orientation_votes.py --full     # the figures in verify.VOTE_CHANCE's note
    .venv/bin/python benchmarks/bench_orientation_votes.py --dir ~/.cache/garden-pbr   # rendered photos with truth
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "vision"))

import numpy as np  # noqa: E402

import bench_photo_accuracy as accuracy  # noqa: E402
from assistant.vision import artmatch, locate, verify  # noqa: E402
from assistant.vision.geometry import turns  # noqa: E402
from assistant.vision.imageio import load_photo, to_grey  # noqa: E402
from assistant.vision.reference import Reference  # noqa: E402

#: a candidate within this share of the diagonal of the truth is at the right place (as the accuracy
#: benchmark counts a board found); within ROUGH_TOLERANCE, roughly there
PLACE_TOLERANCE = 0.02
ROUGH_TOLERANCE = 0.05
KINDS = ("right", "turned", "rough", "elsewhere", "right fit turned in place")
#: the candidates' methods by the votes they carry
FITS = {"rematch": "re-matches", "art": "feature fits", "art-all": "feature fits"}


def sources(full: bool, folders: list[Path]):
    """(name, cases) of the sources scanned; cases yield (label, LoadedPhoto, truth, profile)."""
    n = 60 if full else 5

    def loaded(cases):
        for label, image, truth, prof in cases:
            yield label, load_photo(image), truth, prof

    if folders:
        for folder in folders:
            yield str(folder), loaded(accuracy.dir_cases(folder))
        return
    size = (1600, 1200)
    yield "sample renderer, seed 7", loaded(accuracy.rendered_cases(n, 7, size, False))
    yield "sample renderer, seed 3, coverage 0.8", loaded(accuracy.rendered_cases(n, 3, size, False, coverage=0.8))
    yield "bed_photos, seed 2, coverage 0.8", loaded(accuracy.renderer_cases("bed_photos", n * 2 // 3, 2, size, 0.8))
    yield "woods_photos, seed 1, coverage 0.8", loaded(accuracy.renderer_cases("woods_photos", n // 2, 1, size, 0.8))
    pbr = ROOT / "samples" / "pbr" / "photos"
    yield f"{pbr.relative_to(ROOT)}", loaded(accuracy.dir_cases(pbr))


def scan(cases) -> dict:
    """The fits with votes of these photos by kind of fit (FITS) and sorted by the truth: lists of
    (own votes, turned votes)."""
    out: dict = {fit: {kind: [] for kind in KINDS} for fit in set(FITS.values())}
    refs: dict[int, Reference] = {}
    for _label, photo, truth, prof in cases:
        ref = refs.setdefault(id(prof), Reference(prof))
        true = np.array(truth["corners"], float) / photo.scale
        diagonal = np.linalg.norm(true[0] - true[2])
        for image in (photo.image, locate.evened(photo.image)):
            feats = None
            for cand in locate.locate_candidates(image, ref):
                if cand.votes is None:
                    continue
                off = [np.abs(np.roll(cand.corners, -k, axis=0) - true).max() / diagonal for k in range(4)]
                k = int(np.argmin(off))
                if off[k] >= ROUGH_TOLERANCE:
                    kind = "elsewhere"
                elif k:
                    kind = "turned"
                else:
                    kind = "right" if off[k] < PLACE_TOLERANCE else "rough"
                found = out[FITS[cand.method]]
                found[kind].append(cand.votes)
                if kind == "right" and cand.method != "rematch":
                    feats = feats or artmatch.photo_features(to_grey(image), 0)
                    use = dict(artmatch.feature_stages(feats))[cand.method]
                    ks = turns(prof.rows, prof.cols)
                    for roll in ks[1:]:
                        turned = np.roll(cand.corners, -roll, axis=0)
                        found["right fit turned in place"].append(artmatch.orientation_inliers(
                            ref.art, use, turned, prof.grid_rect(), ks[1:], image.shape[:2]))
    return out


def report(name: str, found: dict) -> int:
    """Prints one source's figures for one kind of fit; returns how many wrong fits votes_clear takes."""
    clear = {kind: sum(verify.votes_clear(v) for v in votes) for kind, votes in found.items()}
    right = found["right"]
    leads = [own / max(turned, 1) for own, turned in right if own > 0]
    behind = [f"{own}:{turned}" for own, turned in right if own <= turned]
    line = (f"{name}: {len(right)} at the right place ({clear['right']} clear), "
            f"{len(found['turned'])} turned wrong ({clear['turned']} clear), "
            f"{len(found['rough'])} roughly placed ({clear['rough']} clear), "
            f"{len(found['elsewhere'])} elsewhere ({clear['elsewhere']} clear)")
    if found["right fit turned in place"]:
        line += (f", the right ones turned in place {len(found['right fit turned in place'])} "
                 f"({clear['right fit turned in place']} clear)")
    print(line)
    print(f"  least lead of the right ones: {min(leads):.2f}" if leads else "  no right one with votes")
    if behind:
        print(f"  right ones whose orientation gathered no more votes than a turn: {', '.join(behind)}")
    return clear["turned"] + clear["elsewhere"] + clear["right fit turned in place"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true", help="60 photos a source, not 5")
    ap.add_argument("--dir", type=Path, action="append", default=[], help="photos with truth JSON beside them")
    args = ap.parse_args()
    total: dict = {fit: {kind: [] for kind in KINDS} for fit in set(FITS.values())}
    for name, cases in sources(args.full, args.dir):
        for fit, found in sorted(scan(cases).items()):
            if any(found.values()):
                report(f"{name}, {fit}", found)
            for kind in KINDS:
                total[fit][kind] += found[kind]
    wrong = sum(report(f"all, {fit}", found) for fit, found in sorted(total.items()))
    print(f"wrong fits taken as clear: {wrong}")


if __name__ == "__main__":
    main()
