; RawBufferLoad allows 64-bit overloads (d, l) only from DXIL 1.3: f64 at DXIL 1.2 is INSTR.OLOAD.
; The f32 call is fine.
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }
%dx.types.ResRet.f64 = type { double, double, double, double, i32 }

define void @main() {
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %a = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %h, i32 0, i32 0, i8 1, i32 4)
  %b = call %dx.types.ResRet.f64 @dx.op.rawBufferLoad.f64(i32 139, %dx.types.Handle %h, i32 0, i32 0, i8 1, i32 8)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare %dx.types.ResRet.f64 @dx.op.rawBufferLoad.f64(i32, %dx.types.Handle, i32, i32, i8, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 2}
!1 = !{!"cs", i32 6, i32 2}
