; A !dx.version the database does not declare (1.11) is reported, not taken as the latest:
; the calls are checked at the version of the shader model (6.6: DXIL 1.6), where
; RawBufferVectorLoad (DXIL 1.9) does not exist yet.
%dx.types.Handle = type { i8* }
%dx.types.ResRet.v4f32 = type { <4 x float>, i32 }

define void @main() {
  %r = call %dx.types.ResRet.v4f32 @dx.op.rawBufferVectorLoad.v4f32(i32 303, %dx.types.Handle undef, i32 0, i32 0, i32 4)
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 11}
!1 = !{!"cs", i32 6, i32 6}
