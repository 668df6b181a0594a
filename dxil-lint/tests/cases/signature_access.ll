; The calls that access a signature element (a pixel shader): the element id names an element
; of the signature (INSTR.OPCONSTRANGE), a constant row lies within its rows and a constant
; column within its columns (INSTR.OPERANDRANGE; as in DXC, a column equal to the number of
; columns passes). A row not known until run time is not checked; a column is a constant
; (INSTR.OPCONST, the constraint signature.col-const of the database).
define void @main(i32 %r, i8 %k) {
  %a = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 1, i32 undef)
  %b = call float @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 0, i32 undef)
  %c = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 2, i8 0, i32 undef)
  %d = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 %r, i8 3, i32 undef)
  %e = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
  %f = call float @dx.op.evalCentroid.f32(i32 89, i32 0, i32 0, i8 -1)
  %g = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 %k, i32 undef)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float %a)
  call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float %a)
  ret void
}

declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32)
declare float @dx.op.evalCentroid.f32(i32, i32, i32, i8)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void (i32, i8)* @main, !"main", !3, null, null}
!3 = !{!4, !7, null}
!4 = !{!5, !6}
!5 = !{i32 0, !"A", i8 9, i8 0, !9, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!6 = !{i32 1, !"B", i8 9, i8 0, !10, i8 2, i32 2, i8 1, i32 1, i8 0, null}
!7 = !{!8}
!8 = !{i32 0, !"SV_Target", i8 9, i8 16, !9, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!9 = !{i32 0}
!10 = !{i32 0, i32 1}
