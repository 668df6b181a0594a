; Constraints on the resource behind a handle, traced to the annotateHandle that made it: its
; class (a store to an SRV), its kind (a raw-buffer load from a texture), the coordinates the
; kind wants (a byte-address buffer takes no element offset, a structured buffer needs one),
; the sampler's mode, the texture's component type (integers before SM 6.7), a handle that is
; zeroinitializer, the mip level of a UAV texture load. The calls after `accepted` keep every
; constraint; handles whose origin is unknown (a parameter) are not checked.
define void @main(i32 %i, float %x, %dx.types.Handle %unknown) {
  %b0 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 9, i32 0, i8 0 }, i32 0, i1 false)
  %tex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b0, %dx.types.ResourceProperties { i32 2, i32 1028 })
  %ftex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b0, %dx.types.ResourceProperties { i32 2, i32 1033 })
  %sb = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b0, %dx.types.ResourceProperties { i32 12, i32 4 })
  %b1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 9, i32 0, i8 1 }, i32 0, i1 false)
  %bab = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b1, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %rsb = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b1, %dx.types.ResourceProperties { i32 4108, i32 4 })
  %rwtex = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b1, %dx.types.ResourceProperties { i32 4098, i32 1033 })
  %b3 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 9, i32 0, i8 3 }, i32 0, i1 false)
  %samp = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b3, %dx.types.ResourceProperties { i32 14, i32 0 })
  %csamp = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b3, %dx.types.ResourceProperties { i32 32782, i32 0 })
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %sb, i32 %i, i32 0, float %x, float undef, float undef, float undef, i8 1, i32 4)
  %l1 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %ftex, i32 %i, i32 undef, i8 1, i32 4)
  %l2 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %bab, i32 %i, i32 0, i8 1, i32 4)
  %l3 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %rsb, i32 %i, i32 undef, i8 1, i32 4)
  %s1 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %ftex, %dx.types.Handle %csamp, float %x, float %x, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s2 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %tex, %dx.types.Handle %samp, float %x, float %x, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %s3 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle zeroinitializer, %dx.types.Handle %samp, float %x, float %x, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %t1 = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwtex, i32 0, i32 %i, i32 %i, i32 undef, i32 undef, i32 undef, i32 undef)
  ; accepted
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %rsb, i32 %i, i32 0, float %x, float undef, float undef, float undef, i8 1, i32 4)
  %l4 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %bab, i32 %i, i32 undef, i8 1, i32 4)
  %s4 = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle %ftex, %dx.types.Handle %samp, float %x, float %x, float undef, float undef, i32 undef, i32 undef, i32 undef, float undef)
  %t2 = call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle %rwtex, i32 undef, i32 %i, i32 %i, i32 undef, i32 undef, i32 undef, i32 undef)
  %l5 = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %unknown, i32 %i, i32 0, i8 1, i32 4)
  ret void
}

declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1)
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32)
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32)
declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)
declare %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"ps", i32 6, i32 6}
