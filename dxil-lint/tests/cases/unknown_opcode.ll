; Opcodes that name no op: 9999 (beyond the core table), 0x80010000 (an unknown table) and
; -1: INSTR.ILLEGALDXILOPCODE.
define void @main(float %x) {
  %a = call float @dx.op.unary.f32(i32 9999, float %x)
  %b = call float @dx.op.unary.f32(i32 -2147418112, float %x)
  %c = call float @dx.op.unary.f32(i32 -1, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
