; The vector overload of Sin at DXIL 1.9: accepted.
define void @main(<4 x float> %v) {
  %s = call <4 x float> @dx.op.unary.v4f32(i32 13, <4 x float> %v)
  ret void
}

declare <4 x float> @dx.op.unary.v4f32(i32, <4 x float>)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
