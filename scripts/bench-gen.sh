#!/bin/sh
# Times `cargo xtask gen` (warm: every output written before, nothing to change) and
# `cargo xtask emit dxc` (DXC's five generated files, written afresh each run) beside DXC's five
# hctgen.py runs (../shared/anchors/dxc-hctgen/run-five.sh), which write the same five files,
# in one hyperfine run, and prints the ratios of the medians. The goals: at most 0.2 for `gen`,
# at most 0.1 for `emit dxc`.
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
DXC=$(cd "$(dirname "$HCTGEN")" && pwd)
cd "$ROOT"
# build first, and write every output once, so that the runs measure a warm `gen`
cargo build --quiet -p xtask
cargo xtask gen >/dev/null
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# one --prepare per command: only `emit dxc` starts from an empty folder (hctgen overwrites its
# files every run; `emit` would otherwise find them current and write nothing)
hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$OUT/times.json" \
    --prepare "true" --prepare "rm -rf $OUT/emit" --prepare "true" \
    -n "cargo xtask gen" "cargo xtask gen" \
    -n "cargo xtask emit dxc" "cargo xtask emit dxc --input $DXC --output $OUT/emit" \
    -n "hctgen (five runs)" "$HCTGEN $OUT/hctgen"
python3 - "$OUT/times.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
gen, emit, dxc = r["cargo xtask gen"], r["cargo xtask emit dxc"], r["hctgen (five runs)"]
print(f"median: cargo xtask gen {gen * 1000:.1f} ms, cargo xtask emit dxc {emit * 1000:.1f} ms, hctgen {dxc * 1000:.1f} ms")
print(f"ratio to hctgen: gen {gen / dxc:.3f} (goal: at most 0.2), emit dxc {emit / dxc:.3f} (goal: at most 0.1)")
PY
