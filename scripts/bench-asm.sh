#!/bin/sh
# Times `dxil asm` (release build) beside `llvm-as-14` on the same LLVM IR files, with
# hyperfine in one run, and prints the medians and their ratio. The goal is a ratio of at most
# 0.5. The files: every .ll of ../shared/corpus/dxc (or the folder given) that both tools
# accept, each assembled once per run by a loop in sh (the same loop for both tools).
#
# Usage: scripts/bench-asm.sh [FOLDER] [RUNS]     (default ../shared/corpus/dxc, 20 runs)
# Needs hyperfine, llvm-as-14 and python3 (to read hyperfine's JSON).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${1:-$ROOT/../shared/corpus/dxc}
RUNS=${2:-20}
LLVM_AS=${LLVM_AS:-llvm-as-14}
for tool in hyperfine "$LLVM_AS" python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "$tool is not installed" >&2
        exit 2
    fi
done
cd "$ROOT"
cargo build --quiet --release -p dxil-cli
DXIL=$ROOT/target/release/dxil
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# the files both accept
: >"$OUT/files"
find "$DIR" -name '*.ll' | sort | while read -r f; do
    if "$LLVM_AS" "$f" -o /dev/null 2>/dev/null && "$DXIL" asm "$f" -o "$OUT/x.dxil" 2>/dev/null; then
        echo "$f" >>"$OUT/files"
    fi
done
N=$(wc -l <"$OUT/files")
BYTES=$(xargs cat <"$OUT/files" | wc -c)
echo "$N files ($BYTES bytes of text) that llvm-as-14 and dxil asm both accept"
hyperfine --warmup 3 --runs "$RUNS" --export-json "$OUT/times.json" \
    -n "dxil asm" "while read -r f; do $DXIL asm \"\$f\" -o $OUT/out.dxil; done <$OUT/files" \
    -n "llvm-as-14" "while read -r f; do $LLVM_AS \"\$f\" -o $OUT/out.bc; done <$OUT/files"
python3 - "$OUT/times.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
ours, llvm = r["dxil asm"], r["llvm-as-14"]
print(f"median: dxil asm {ours * 1000:.1f} ms, llvm-as-14 {llvm * 1000:.1f} ms, ratio {ours / llvm:.3f} (goal: at most 0.5)")
PY
