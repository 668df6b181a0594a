; A call with a groupshared-memory operand in a pixel shader: SM.TGSMUNSUPPORTED at the call
; (DXC: "Thread Group Shared Memory not supported from non-compute entry points."), besides
; SM.OPCODE for an op that only compute shaders may use, and the summaries at the entry.
define void @main(float addrspace(3)* %gs) {
  %m = call %dx.types.LinAlgMatrixC9M8N8U0S2 @dx.op.linAlgMatrixLoadFromMemory.mC9M8N8U0S2.f32(i32 -2147483633, float addrspace(3)* %gs, i32 0, i32 0, i32 0)
  ret void
}

declare %dx.types.LinAlgMatrixC9M8N8U0S2 @dx.op.linAlgMatrixLoadFromMemory.mC9M8N8U0S2.f32(i32, float addrspace(3)*, i32, i32, i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!dx.targetTypes = !{!3}
!0 = !{i32 1, i32 10}
!1 = !{!"ps", i32 6, i32 10}
!2 = !{void (float addrspace(3)*)* @main, !"main", null, null, null}
!3 = !{%dx.types.LinAlgMatrixC9M8N8U0S2 undef, i32 9, i32 8, i32 8, i32 0, i32 2}
