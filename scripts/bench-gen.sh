#!/bin/sh
# Times `cargo xtask gen` (warm: every output written before, nothing to change) beside DXC's five
# hctgen.py runs (../shared/anchors/dxc-hctgen/run-five.sh), with hyperfine, and prints the
# ratio of the medians. The goal is a ratio of at most 0.2.
#
# Usage: scripts/bench-gen.sh [RUNS]        (default 20 runs each)
# Needs hyperfine (Debian/Ubuntu: `apt-get install -y hyperfine`; or `cargo install hyperfine`)
# and python3 (for hctgen and to read hyperfine's JSON).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
HCTGEN=${HCTGEN:-$ROOT/../shared/anchors/dxc-hctgen/run-five.sh}
RUNS=${1:-20}
if ! command -v hyperfine >/dev/null 2>&1; then
    echo "hyperfine is not installed: apt-get install -y hyperfine (or cargo install hyperfine)" >&2
    exit 2
fi
if [ ! -x "$HCTGEN" ]; then
    echo "DXC's hctgen runner is not at $HCTGEN (set HCTGEN=...)" >&2
    exit 2
fi
cd "$ROOT"
# build first, and write every output once, so that the runs measure a warm `gen`
cargo build --quiet -p xtask
cargo xtask gen >/dev/null
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$OUT/times.json" \
    -n "cargo xtask gen" "cargo xtask gen" \
    -n "hctgen (five runs)" "$HCTGEN $OUT/hctgen"
python3 - "$OUT/times.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
gen, dxc = r["cargo xtask gen"], r["hctgen (five runs)"]
print(f"median: cargo xtask gen {gen * 1000:.1f} ms, hctgen {dxc * 1000:.1f} ms, ratio {gen / dxc:.3f} (goal: at most 0.2)")
PY
