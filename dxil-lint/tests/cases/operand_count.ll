; Sin takes one operand after the opcode: two (line 5) or none (line 6) are INSTR.CALLOLOAD;
; so is a result of the wrong type (line 7) and an operand of the wrong type (line 8).
define void @main(float %x, double %d) {
  %ok = call float @dx.op.unary.f32(i32 13, float %x)
  %a = call float @dx.op.unary.f32(i32 13, float %x, float %x)
  %b = call float @dx.op.unary.f32(i32 13)
  %c = call double @dx.op.unary.f32(i32 13, float %x)
  %e = call float @dx.op.unary.f32(i32 13, double %d)
  ret void
}

declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
