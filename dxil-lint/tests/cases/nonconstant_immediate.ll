; Immediate operands must be constants: WaveActiveOp's `op` (an SSA value) and `sop` (undef),
; and CreateHandle's `nonUniformIndex`: INSTR.OPCONST. A non-constant opcode is INSTR.OPCONST
; too.
%dx.types.Handle = type { i8* }

define void @main(float %x, i8 %k, i1 %b, i32 %op) {
  %w = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 %k, i8 undef)
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 %b)
  %s = call float @dx.op.unary.f32(i32 %op, float %x)
  ret void
}

declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
