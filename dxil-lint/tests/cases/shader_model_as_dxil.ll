; A shader model written as the DXIL version (6.6 for 1.6) and a DXIL version written as the
; shader model (1.6 for 6.6): both are reported with the likely meaning; the calls are checked
; at the version suggested for !dx.version, DXIL 1.6.
define void @main() {
  %x = call float @dx.op.unary.f32(i32 13, float 1.0)
  ret void
}

declare float @dx.op.unary.f32(i32, float) #0

attributes #0 = { nounwind readnone }

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 6, i32 6}
!1 = !{!"cs", i32 1, i32 6}
