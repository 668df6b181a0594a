; DerivCoarseX is not allowed in vertex shaders: SM.OPCODE. Every function of a non-library
; module is checked with the module's stage, so the call in @helper is reported too.
define void @main(float %x) {
  %d = call float @dx.op.unary.f32(i32 83, float %x)
  ret void
}

define internal void @helper(float %x) {
  %d = call float @dx.op.unary.f32(i32 83, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void (float)* @main, !"main", null, null, null}
