; Enumeration operands: WaveActiveOp op 7 is not a WaveOpKind and sop 2 not a SignedOpKind;
; QuadReadLaneAt's lane is at most 3; barrier flags outside MemoryTypeFlag, and ReorderScope
; (8) before DXIL 1.9, are INSTR.BARRIERFLAGINVALID. Values in range are accepted.
define void @main(float %x) {
  %ok = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 3, i8 1)
  %a = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 7, i8 0)
  %b = call float @dx.op.waveActiveOp.f32(i32 119, float %x, i8 0, i8 2)
  %c = call float @dx.op.quadReadLaneAt.f32(i32 122, float %x, i32 4)
  call void @dx.op.barrierByMemoryType(i32 244, i32 3, i32 7)
  call void @dx.op.barrierByMemoryType(i32 244, i32 16, i32 1)
  call void @dx.op.barrierByMemoryType(i32 244, i32 1, i32 9)
  ret void
}

declare float @dx.op.waveActiveOp.f32(i32, float, i8, i8)
declare float @dx.op.quadReadLaneAt.f32(i32, float, i32)
declare void @dx.op.barrierByMemoryType(i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 8}
!1 = !{!"cs", i32 6, i32 8}
