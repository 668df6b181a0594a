; Handles of createHandle (DXIL 1.5 and before) are traced to the record of !dx.resources of
; their class and range id: a buffer store to the SRV typed buffer (SRV range 0) is refused, to
; the UAV typed buffer (UAV range 0) accepted; a typed store writes all four components.
define void @main(i32 %i, float %x) {
  %srv = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 0, i32 0, i32 0, i1 false)
  %uav = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %srv, i32 %i, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %uav, i32 %i, i32 undef, float %x, float undef, float undef, float undef, i8 1)
  call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %uav, i32 %i, i32 undef, float %x, float %x, float %x, float %x, i8 15)
  ret void
}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1)
declare void @dx.op.bufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 5}
!1 = !{!"ps", i32 6, i32 5}
!2 = !{!3, !5, null, null}
!3 = !{!4}
!4 = !{i32 0, %"class.Buffer<float>"* undef, !"buf", i32 0, i32 0, i32 1, i32 10, i32 0, !7}
!5 = !{!6}
!6 = !{i32 0, %"class.RWBuffer<float>"* undef, !"rwbuf", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !7}
!7 = !{i32 0, i32 9}
