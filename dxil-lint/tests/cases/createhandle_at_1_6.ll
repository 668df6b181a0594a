; CreateHandle was removed in DXIL 1.6 (CreateHandleFromBinding + AnnotateHandle replace it):
; at ps_6_6 it is SM.OPCODEININVALIDFUNCTION, as DXC reports it.
%dx.types.Handle = type { i8* }

define void @main() {
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 0, i32 0, i1 false)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
