; Constraints of the LinAlg matrix ops (SM 6.10), read from the matrix types
; (%dx.types.LinAlgMatrixC<component>M<rows>N<columns>U<use>S<scope>) and !dx.targetTypes:
; k_match (A is 8x8, B 6x8), matrix_scope with same_scope (a Thread-scope A), matrix_scope and
; matrix_use of a matrix-vector product (ThreadGroup, use B), vector_dim (2 results for M = 4),
; signed_float (an unsigned float result), scope_layout, layout_stride and multiple_of of an
; accumulation to a descriptor, resource_kind (not a RWByteAddressBuffer), same_dims of a copy,
; matrix_metadata (a type without its !dx.targetTypes entry), matrix_k (K = 2), matrix_component
; (component type 0, Invalid), defined (an undef matrix). The calls after `accepted` keep every
; constraint.
define void @main(<8 x float> %v, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M6N8U1S2 %b6, %dx.types.LinAlgMatrixC9M8N8U1S2 %b, %dx.types.LinAlgMatrixC9M8N8U0S0 %at, %dx.types.LinAlgMatrixC9M4N8U1S2 %mb, %dx.types.LinAlgMatrixC9M8N8U2S1 %acc, %dx.types.LinAlgMatrixC9M4N8U0S2 %src, %dx.types.LinAlgMatrixC9M4N2U0S0 %k2, %dx.types.LinAlgMatrixC0M4N8U0S0 %ct, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv) {
  %h0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 9, i32 0, i8 1 }, i32 0, i1 false)
  %rwtex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h0, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  %bab = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %h0, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %m1 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M6N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M6N8U1S2 %b6)
  %m2 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S0.mC9M8N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M8N8U0S0 %at, %dx.types.LinAlgMatrixC9M8N8U1S2 %b)
  %v1 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U1S2.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U1S2 %mb, i1 true, <8 x float> %v, i32 9)
  %v2 = call <2 x float> @dx.op.linAlgMatVecMul.v2f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv, i1 false, <8 x float> %v, i32 9)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S1(i32 -2147483621, %dx.types.LinAlgMatrixC9M8N8U2S1 %acc, %dx.types.Handle %rwtex, i32 0, i32 16, i32 4, i32 100)
  %c1 = call %dx.types.LinAlgMatrixC9M8N5U0S2 @dx.op.linAlgCopyConvertMatrix.mC9M8N5U0S2.mC9M4N8U0S2(i32 -2147483635, %dx.types.LinAlgMatrixC9M4N8U0S2 %src, i1 false)
  %v3 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N2U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N2U0S0 %k2, i1 true, <8 x float> %v, i32 9)
  %v4 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC0M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC0M4N8U0S0 %ct, i1 true, <8 x float> %v, i32 9)
  %v5 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 undef, i1 true, <8 x float> %v, i32 9)
  ; accepted
  %m3 = call %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC9M8N8U0S2 %a, %dx.types.LinAlgMatrixC9M8N8U1S2 %b)
  %v6 = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32 -2147483623, %dx.types.LinAlgMatrixC9M4N8U0S0 %mv, i1 true, <8 x float> %v, i32 9)
  call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S1(i32 -2147483621, %dx.types.LinAlgMatrixC9M8N8U2S1 %acc, %dx.types.Handle %bab, i32 0, i32 16, i32 0, i32 128)
  %c2 = call %dx.types.LinAlgMatrixC9M8N4U0S2 @dx.op.linAlgCopyConvertMatrix.mC9M8N4U0S2.mC9M4N8U0S2(i32 -2147483635, %dx.types.LinAlgMatrixC9M4N8U0S2 %src, i1 true)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M6N8U1S2(i32, %dx.types.LinAlgMatrixC9M8N8U0S2, %dx.types.LinAlgMatrixC9M6N8U1S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S0.mC9M8N8U1S2(i32, %dx.types.LinAlgMatrixC9M8N8U0S0, %dx.types.LinAlgMatrixC9M8N8U1S2)
declare %dx.types.LinAlgMatrixC9M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC9M8N8U2S2.mC9M8N8U0S2.mC9M8N8U1S2(i32, %dx.types.LinAlgMatrixC9M8N8U0S2, %dx.types.LinAlgMatrixC9M8N8U1S2)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U1S2.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U1S2, i1, <8 x float>, i32)
declare <2 x float> @dx.op.linAlgMatVecMul.v2f32.mC9M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N2U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N2U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC0M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC0M4N8U0S0, i1, <8 x float>, i32)
declare <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC9M4N8U0S0.v8f32(i32, %dx.types.LinAlgMatrixC9M4N8U0S0, i1, <8 x float>, i32)
declare void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S1(i32, %dx.types.LinAlgMatrixC9M8N8U2S1, %dx.types.Handle, i32, i32, i32, i32)
declare %dx.types.LinAlgMatrixC9M8N4U0S2 @dx.op.linAlgCopyConvertMatrix.mC9M8N4U0S2.mC9M4N8U0S2(i32, %dx.types.LinAlgMatrixC9M4N8U0S2, i1)
declare %dx.types.LinAlgMatrixC9M8N5U0S2 @dx.op.linAlgCopyConvertMatrix.mC9M8N5U0S2.mC9M4N8U0S2(i32, %dx.types.LinAlgMatrixC9M4N8U0S2, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.targetTypes = !{!2, !3, !4, !5, !6, !7, !8, !9, !10, !11, !12, !13}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
!2 = !{%dx.types.LinAlgMatrixC9M8N8U0S2 undef, i32 9, i32 8, i32 8, i32 0, i32 2}
!3 = !{%dx.types.LinAlgMatrixC9M6N8U1S2 undef, i32 9, i32 6, i32 8, i32 1, i32 2}
!4 = !{%dx.types.LinAlgMatrixC9M8N8U1S2 undef, i32 9, i32 8, i32 8, i32 1, i32 2}
!5 = !{%dx.types.LinAlgMatrixC9M8N8U0S0 undef, i32 9, i32 8, i32 8, i32 0, i32 0}
!6 = !{%dx.types.LinAlgMatrixC9M4N8U1S2 undef, i32 9, i32 4, i32 8, i32 1, i32 2}
!7 = !{%dx.types.LinAlgMatrixC9M8N8U2S1 undef, i32 9, i32 8, i32 8, i32 2, i32 1}
!8 = !{%dx.types.LinAlgMatrixC9M4N8U0S2 undef, i32 9, i32 4, i32 8, i32 0, i32 2}
!9 = !{%dx.types.LinAlgMatrixC9M8N8U2S2 undef, i32 9, i32 8, i32 8, i32 2, i32 2}
!10 = !{%dx.types.LinAlgMatrixC9M4N2U0S0 undef, i32 9, i32 4, i32 2, i32 0, i32 0}
!11 = !{%dx.types.LinAlgMatrixC0M4N8U0S0 undef, i32 0, i32 4, i32 8, i32 0, i32 0}
!12 = !{%dx.types.LinAlgMatrixC9M4N8U0S0 undef, i32 9, i32 4, i32 8, i32 0, i32 0}
!13 = !{%dx.types.LinAlgMatrixC9M8N4U0S2 undef, i32 9, i32 8, i32 4, i32 0, i32 2}
