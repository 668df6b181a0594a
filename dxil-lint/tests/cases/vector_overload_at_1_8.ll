; Vector overloads of Unary (Sin) exist from DXIL 1.9: v4f32 at DXIL 1.8 is INSTR.OLOAD; at
; DXIL 1.9 the same call is accepted (see vector_overload_at_1_9.ll).
define void @main(<4 x float> %v) {
  %s = call <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> %v)
  ret void
}

declare <4 x float> @dx.op.unary.v4f32(i32, <4 x float>)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
