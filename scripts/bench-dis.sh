#!/bin/sh
# Times `dxil dis` over the 219 containers of ../shared/corpus/dxil-bin beside `llvm-dis-14`
# over the bitcode of the same containers (extracted first by the example `extract_bitcode`
# of dxil-module), one process per file for both, with hyperfine; prints the medians and
# their ratio. Then the peak memory of `dxil dis` on the container with the most bitcode
# (/usr/bin/time -v), against the sizes of that file and of its bitcode.
#
# Usage: scripts/bench-dis.sh [RUNS]        (default 10 runs each)
# Needs hyperfine (Debian/Ubuntu: `apt-get install -y hyperfine`; or `cargo install hyperfine`),
# llvm-dis-14 (or the program LLVM_DIS names), python3 (to read hyperfine's JSON) and
# /usr/bin/time for the memory figure.
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${DXIL_SHARED:-$ROOT/../shared}/corpus/dxil-bin
LLVM_DIS=${LLVM_DIS:-llvm-dis-14}
RUNS=${1:-10}
if ! command -v hyperfine >/dev/null 2>&1; then
    echo "hyperfine is not installed: apt-get install -y hyperfine (or cargo install hyperfine)" >&2
    exit 2
fi
if ! command -v "$LLVM_DIS" >/dev/null 2>&1; then
    echo "$LLVM_DIS is not installed (set LLVM_DIS=...)" >&2
    exit 2
fi
if [ ! -d "$CORPUS" ]; then
    echo "no corpus at $CORPUS (set DXIL_SHARED=...)" >&2
    exit 2
fi
if find "$CORPUS" -name '*.dxil' | grep -q '[[:space:]]'; then
    echo "corpus paths with blanks: the xargs commands below split on them" >&2
    exit 2
fi
cd "$ROOT"
cargo build --quiet --release -p dxil-cli
cargo build --quiet --release -p dxil-module --example extract_bitcode
DXIL=$ROOT/target/release/dxil
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
find "$CORPUS" -name '*.dxil' | sort >"$OUT/containers.txt"
mkdir "$OUT/bc"
xargs -d '\n' -a "$OUT/containers.txt" "$ROOT/target/release/examples/extract_bitcode" \
    "$OUT/bc" >"$OUT/bitcode.txt"
echo "$(wc -l <"$OUT/containers.txt") containers, $(cat "$OUT/bc"/*.bc | wc -c) bytes of bitcode"
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$OUT/times.json" \
    -n "dxil dis" "xargs -n 1 -a $OUT/containers.txt $DXIL dis" \
    -n "llvm-dis-14" "xargs -n 1 -a $OUT/bitcode.txt $LLVM_DIS -o -"
python3 - "$OUT/times.json" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
ours, llvm = r["dxil dis"], r["llvm-dis-14"]
print(f"median: dxil dis {ours * 1000:.1f} ms, llvm-dis-14 {llvm * 1000:.1f} ms, "
      f"ratio {ours / llvm:.3f} (dxil dis / llvm-dis-14)")
PY
# the container whose bitcode is largest
BIG=$(paste "$OUT/containers.txt" "$OUT/bitcode.txt" | while IFS="$(printf '\t')" read -r c b; do
    echo "$(wc -c <"$b") $c"
done | sort -n | tail -1)
BIG_BC=${BIG%% *}
BIG_FILE=${BIG#* }
if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$DXIL" dis "$BIG_FILE" -o /dev/null 2>"$OUT/time.txt"
    RSS=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/time.txt")
    echo "peak memory of dxil dis on $BIG_FILE ($(wc -c <"$BIG_FILE") bytes, $BIG_BC of bitcode): max RSS $RSS KB"
    /usr/bin/time -v "$LLVM_DIS" "$(paste "$OUT/containers.txt" "$OUT/bitcode.txt" | grep -F "$BIG_FILE" | cut -f2)" -o /dev/null 2>"$OUT/time.txt"
    echo "  llvm-dis-14 on its bitcode: max RSS $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/time.txt") KB"
else
    echo "no /usr/bin/time: peak memory not measured"
fi
