#!/usr/bin/env bash
# Throughput and peak memory of `dxil lint` (the user's path, an optimized dev build) on a
# module of about 50 MB made of dx.op calls shaped as the corpus writes them (~890k calls):
#   scripts/bench-lint.sh [OUT.ll]
# Prints MB/s (median of hyperfine's runs when it is installed) and the peak RSS of one run.
set -euo pipefail
out=${1:-${TMPDIR:-/tmp}/lint-50mb.ll}
python3 - "$out" <<'PY'
import sys
body = [
    "  %a{n} = call float @dx.op.unary.f32(i32 13, float %x)",
    "  %b{n} = call float @dx.op.binary.f32(i32 35, float %a{n}, float %x)",
    "  %c{n} = call float @dx.op.tertiary.f32(i32 46, float %a{n}, float %b{n}, float %x)",
    "  %d{n} = call i32 @dx.op.unaryBits.i32(i32 31, i32 %i)",
    "  %e{n} = call float @dx.op.waveActiveOp.f32(i32 119, float %c{n}, i8 0, i8 0)",
    "  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %h, i32 %i, i32 0, float %e{n}, float undef, float undef, float undef, i8 1, i32 4)",
]
size = 50 * 1000 * 1000
parts = ["target triple = \"dxil-ms-dx\"\n%dx.types.Handle = type { i8* }\n\n"]
total = len(parts[0])
f = 0
while total < size:
    fn = [f"define void @f{f}(i32 %i, float %x, %dx.types.Handle %h) {{\nentry:\n"]
    for n in range(200):
        fn.extend(line.format(n=n) + "\n" for line in body)
    fn.append("  ret void\n}\n\n")
    text = "".join(fn)
    parts.append(text)
    total += len(text)
    f += 1
parts.append("""declare float @dx.op.unary.f32(i32, float)
declare float @dx.op.binary.f32(i32, float, float)
declare float @dx.op.tertiary.f32(i32, float, float, float)
declare i32 @dx.op.unaryBits.i32(i32, i32)
declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8)
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32)
!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
""")
open(sys.argv[1], "w").write("".join(parts))
PY
bytes=$(stat -c %s "$out")
cargo build --quiet -p dxil-cli
dxil=target/debug/dxil
/usr/bin/time -v "$dxil" lint "$out" 2>/tmp/bench-lint.time | tail -1
peak_kb=$(awk -F': ' '/Maximum resident/ {print $2}' /tmp/bench-lint.time)
secs=$(awk -F': ' '/Elapsed/ {print $2}' /tmp/bench-lint.time)
echo "file: $bytes bytes; peak RSS: $((peak_kb * 1024)) bytes ($(python3 -c "print(f'{$peak_kb*1024/$bytes:.2f}')")x the file); elapsed $secs"
if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs 5 -i --export-json /tmp/bench-lint.json "$dxil lint $out" >/dev/null
    python3 -c "import json; m=json.load(open('/tmp/bench-lint.json'))['results'][0]['median']; print(f'median {m:.3f} s: {$bytes/1e6/m:.0f} MB/s')"
fi
