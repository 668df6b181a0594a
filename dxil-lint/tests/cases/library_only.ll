; CreateHandleForLib is for libraries only, and CreateHandle for non-libraries only:
; SM.OPCODEININVALIDFUNCTION. This module is a library (lib_6_5): the CreateHandle call is
; reported; see non_library_only.ll for the other way round.
%dx.types.Handle = type { i8* }
%struct.ByteAddressBuffer = type { i32 }

define void @"\01?f@@YAXXZ"(%struct.ByteAddressBuffer %b) {
  %h1 = call %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32 160, %struct.ByteAddressBuffer %b)
  %h2 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleForLib.struct.ByteAddressBuffer(i32, %struct.ByteAddressBuffer)
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 5}
!1 = !{!"lib", i32 6, i32 5}
