; The legacy Barrier's mode takes BarrierMode flags: bits outside them are INSTR.OPCONSTRANGE
; and a mode that is not a constant is INSTR.OPCONST (not the rules of the DXIL 1.8 barriers).
; CreateHandle's resource class 4 is ResourceClass::Invalid: INSTR.OPCONSTRANGE.
%dx.types.Handle = type { i8* }

define void @main(i32 %m) {
  call void @dx.op.barrier(i32 80, i32 9)
  call void @dx.op.barrier(i32 80, i32 16)
  call void @dx.op.barrier(i32 80, i32 %m)
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 4, i32 0, i32 0, i1 false)
  ret void
}

declare void @dx.op.barrier(i32, i32)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"cs", i32 6, i32 0}
