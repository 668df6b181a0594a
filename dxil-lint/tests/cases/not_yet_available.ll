; SampleCmpBias exists from DXIL 1.8 / shader model 6.8: at ps_6_7 it is SM.OPCODE.
%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @main(%dx.types.Handle %t, %dx.types.Handle %s) {
  %r = call %dx.types.ResRet.f32 @dx.op.sampleCmpBias.f32(i32 255, %dx.types.Handle %t, %dx.types.Handle %s, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float 0.000000e+00, float undef)
  ret void
}

declare %dx.types.ResRet.f32 @dx.op.sampleCmpBias.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 7}
!1 = !{!"ps", i32 6, i32 7}
