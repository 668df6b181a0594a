; In a library, a call made directly in an entry function is checked against the entry's
; shader kind (tag 8 of its properties): Sample in the vertex entry @vsmain is SM.OPCODE. The
; same call in a library function that is not an entry (@helper) is allowed, and so is the
; call in the pixel entry.
%dx.types.Handle = type { i8* }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @vsmain(%dx.types.Handle %t, %dx.types.Handle %s) {
  %r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t, %dx.types.Handle %s, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  ret void
}

define void @psmain(%dx.types.Handle %t, %dx.types.Handle %s) {
  %r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t, %dx.types.Handle %s, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  ret void
}

define void @"\01?helper@@YAXXZ"(%dx.types.Handle %t, %dx.types.Handle %s) {
  %r = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %t, %dx.types.Handle %s, float 0.000000e+00, float 0.000000e+00, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  ret void
}

declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !5}
!0 = !{i32 1, i32 6}
!1 = !{!"lib", i32 6, i32 6}
!2 = !{null, !"", null, null, null}
!3 = !{void (%dx.types.Handle, %dx.types.Handle)* @vsmain, !"vsmain", null, null, !4}
!4 = !{i32 8, i32 1}
!5 = !{void (%dx.types.Handle, %dx.types.Handle)* @psmain, !"psmain", null, null, !6}
!6 = !{i32 8, i32 0}
