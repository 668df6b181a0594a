; Relations between the operands of LinAlg ops (SM 6.10): product_dims (a product of an 8x8
; and an 8x8 matrix returned as 4x8), same_type (an accumulation that returns another type
; than its left-hand matrix), same_element (a bias vector of half for a float result). The
; calls after `accepted` keep every constraint.
define void @main(<8 x float> %v, <4 x half> %hb, <4 x float> %fb, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M8N8U1S2 %b, %dx.types.LinAlgMatrixC9M8N8U2S2 %acc, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv) {
  %p1 = call %dx.types.LinAlgMatrixC9M4N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M4N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M8N8U1S2 %b)
  %s1 = call %dx.types.LinAlgMatrixC9M4N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M4N8U2S2.mC9M8N8U2S2.mC9M8N8U0S2(i32 -2147483624, %dx.types.LinAlgMatrixC9M8N8U2S2 %acc, %dx.types.LinAlgMatrixC9M8N8U0S2 %a)
  %v1 = call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f16(i32 -2147483622, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv, i1 true, <8 x float> %v, i32 9, <4 x half> %hb)
  ; accepted
  %p2 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M8N8U1S2 %b)
  %s2 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M8N8U2S2.mC9M8N8U2S2.mC9M8N8U0S2(i32 -2147483624, %dx.types.LinAlgMatrixC9M8N8U2S2 %acc, %dx.types.LinAlgMatrixC9M8N8U0S2 %a)
  %v2 = call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f32(i32 -2147483622, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv, i1 true, <8 x float> %v, i32 9, <4 x float> %fb)
  ret void
}

declare %dx.types.LinAlgMatrixC9M4N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M4N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32, %dx.types.LinAlgMatrixC9M8N8U0S2, %dx.types.LinAlgMatrixC9M8N8U1S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32, %dx.types.LinAlgMatrixC9M8N8U0S2, %dx.types.LinAlgMatrixC9M8N8U1S2)
declare %dx.types.LinAlgMatrixC9M4N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M4N8U2S2.mC9M8N8U2S2.mC9M8N8U0S2(i32, %dx.types.LinAlgMatrixC9M8N8U2S2, %dx.types.LinAlgMatrixC9M8N8U0S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixAccumulate.mC9M8N8U2S2.mC9M8N8U2S2.mC9M8N8U0S2(i32, %dx.types.LinAlgMatrixC9M8N8U2S2, %dx.types.LinAlgMatrixC9M8N8U0S2)
declare <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f16(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32, <4 x half>)
declare <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC9M4N8U0S0.v8f32.v4f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32, <4 x float>)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.targetTypes = !{!2, !3, !4, !5, !6}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{%dx.types.LinAlgMatrixC9M8N8U0S2 undef, i32 9, i32 8, i32 8, i32 0, i32 2}
!3 = !{%dx.types.LinAlgMatrixC9M8N8U1S2 undef, i32 9, i32 8, i32 8, i32 1, i32 2}
!4 = !{%dx.types.LinAlgMatrixC9M8N8U2S2 undef, i32 9, i32 8, i32 8, i32 2, i32 2}
!5 = !{%dx.types.LinAlgMatrixC9M4N8U0S0 undef, i32 9, i32 4, i32 8, i32 0, i32 0}
!6 = !{%dx.types.LinAlgMatrixC9M4N8U2S2 undef, i32 9, i32 4, i32 8, i32 2, i32 2}
