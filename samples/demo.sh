#!/usr/bin/env bash
# The main job on the bundled samples: replay a recorded 3-player Cottage Garden
# game, show the table view and the final tally, start a fresh game and play a few
# turns, then read three sample photos of boards (drawn readings go to $OUT).
# Uses a throw-away GARDEN_HOME so your own games are untouched.
set -euo pipefail
cd "$(dirname "$0")/.."
garden() { if [ -x .venv/bin/garden ]; then .venv/bin/garden "$@"; else command garden "$@"; fi; }
export GARDEN_HOME="${GARDEN_HOME:-$(mktemp -d)}"
OUT="${OUT:-$GARDEN_HOME}"

echo "== A whole recorded game, replayed and checked move by move"
garden replay samples/records/cottage-3p.txt --save demo-3p
garden tally --game demo-3p

echo; echo "== A new game at the table"
garden new cottage-garden --players Ann,Ben,Cy --name demo
garden score Ann --pots 7 --cloches 2
garden next
garden refill
garden next
garden status

echo; echo "== The Hanging Gardens: a whole recorded game, and a first turn at the table"
garden replay samples/records/hanging-2p.txt --save demo-hg
garden tally --game demo-hg
garden new hanging-gardens --players Ann,Ben --name demo-hg-new
garden card GG./G.B --at 0,0
garden temple 0,0
garden take garden --column 3
garden fit RR./Y..
garden status

echo; echo "== Gartenbau: a whole recorded game, and a market ring defined for a new one"
garden replay samples/records/gartenbau-2p.txt --save demo-gb
garden tally --game demo-gb
garden market define 2 "S P1s C P1w C P2s C P1s1w C P2w C P1s C"
garden new gartenbau --players Ann,Ben --start Ann=aster+basil --start Ben=chive+dill --name demo-gb-new
garden seedling --tile dill+aster --at 1,0
garden next
garden market

echo; echo "== Reading phone photos of boards (profiles in calibration/)"
garden check samples/photos/bed-1-light_mixed.jpg --board bed-1-light --out "$OUT/bed-1-light_mixed.png"
garden check samples/photos/woodland-1-a_exif8.jpg --board woodland-1-a --out "$OUT/woodland-1-a_exif8.png"
# every cell covered: found by the corner markers laid at its corners (garden markers prints them)
garden check samples/photos/bed-1-dark_full_markers.jpg --board bed-1-dark --out "$OUT/bed-1-dark_full_markers.png"
