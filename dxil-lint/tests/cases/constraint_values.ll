; Constraints on the values of operands (db/constraints.toml), in this order: immediate (a
; write mask that is a value), one_of (a mask with a gap) with mask_matches (a defined value the
; mask leaves out), masked_defined (a masked value undef), mask_matches, range (HitObject
; component 3), multiple_of (a root-table offset of 6), finite (Asin of infinity), float_range
; (a bias of 20), implies (ForceOMM2State without AllowOpacityMicromaps), bind_index (index 5
; outside [0, 2]), one_of of a struct field (the class byte 7 of a ResBind), bits (both UAV
; fences, in a library function: the compute-like rules apply), defined (an undef HitObject).
; Each reports DXC's rule and message, then what was found. The calls after `accepted` keep
; every constraint.
define void @main(float %x, i8 %m, %dx.types.HitObject %ho, i32 %i, %dx.types.Handle %h, %dx.types.Handle %s) {
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %h, i32 0, i32 undef, float %x, float %x, float %x, float %x, i8 %m)
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %h, i32 0, i32 undef, float %x, float %x, float undef, float undef, i8 2, i32 4)
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %h, i32 0, i32 undef, float undef, float %x, float undef, float undef, i8 3, i32 4)
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %h, i32 0, i32 undef, float %x, float %x, float undef, float undef, i8 1, i32 4)
  %c = call float @dx.op.hitObject_StateVector.f32(i32 275, %dx.types.HitObject %ho, i32 3)
  %r = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %ho, i32 6)
  %a = call float @dx.op.unary.f32(i32 16, float 0x7FF0000000000000)
  %b = call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle %h, %dx.types.Handle %s, float %x, float %x, float undef, float undef, i32 undef, i32 undef, i32 undef, float 2.000000e+01, float undef)
  %q = call i32 @dx.op.allocateRayQuery2(i32 258, i32 1024, i32 0)
  %h1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 2, i32 0, i8 1 }, i32 5, i1 false)
  %h2 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 7 }, i32 0, i1 false)
  call void @dx.op.barrier(i32 80, i32 6)
  call void @dx.op.maybeReorderThread(i32 268, %dx.types.HitObject undef, i32 %i, i32 0)
  ; accepted
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %h, i32 0, i32 undef, float %x, float %x, float %x, float undef, i8 7, i32 4)
  %r2 = call i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32 288, %dx.types.HitObject %ho, i32 8)
  %q2 = call i32 @dx.op.allocateRayQuery2(i32 258, i32 1024, i32 1)
  %h3 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 2, i32 0, i8 1 }, i32 %i, i1 false)
  call void @dx.op.barrier(i32 80, i32 3)
  ret void
}

declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32)
declare float @dx.op.hitObject_StateVector.f32(i32, %dx.types.HitObject, i32)
declare i32 @dx.op.hitObject_LoadLocalRootTableConstant(i32, %dx.types.HitObject, i32)
declare float @dx.op.unary.f32(i32, float)
declare %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float, float)
declare i32 @dx.op.allocateRayQuery2(i32, i32, i32)
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare void @dx.op.barrier(i32, i32)
declare void @dx.op.maybeReorderThread(i32, %dx.types.HitObject, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 9}
!1 = !{!"lib", i32 6, i32 9}
