; Declarations must be the database's signature for their name: a wrong parameter type, a wrong
; result type and a missing parameter are INSTR.CALLOLOAD; an unknown stem is
; DECL.DXILFNEXTERN; a suffix that is no overload of the class is INSTR.OLOAD.
declare float @dx.op.unary.f32(i32, double)
declare i32 @dx.op.binary.f32(i32, float, float)
declare void @dx.op.storeOutput.f32(i32, i32, i32, i8)
declare float @dx.op.frobnicate.f32(i32, float)
declare float @dx.op.unary.q7(i32, float)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
