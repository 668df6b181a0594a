; In a library, SM.OPCODE names the shader model with the calling entry's stage as DXC does
; (lib_6_10(raygeneration)); an entry whose calls use ops its stage does not allow also gets
; DXC's summaries at its definition: SM.INCOMPATIBLEOPERATION, SM.INCOMPATIBLESTAGE and, for ops
; that need a thread group, SM.INCOMPATIBLEREQUIRESGROUP. A node shader of the thread launch type
; has no visible group either. The compute entry is accepted.
define void @rg() {
  %1 = call i32 @dx.op.getGroupWaveIndex(i32 -2147483647)
  ret void
}

define void @threadnode() {
  %1 = call i32 @dx.op.getGroupWaveIndex(i32 -2147483647)
  ret void
}

define void @cs() {
  %1 = call i32 @dx.op.getGroupWaveIndex(i32 -2147483647)
  ret void
}

declare i32 @dx.op.getGroupWaveIndex(i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !5, !7}
!0 = !{i32 1, i32 10}
!1 = !{!"lib", i32 6, i32 10}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @rg, !"rg", null, null, !4}
!4 = !{i32 8, i32 7}
!5 = !{void ()* @threadnode, !"threadnode", null, null, !6}
!6 = !{i32 8, i32 15, i32 13, i32 3}
!7 = !{void ()* @cs, !"cs", null, null, !8}
!8 = !{i32 8, i32 5, i32 4, !9}
!9 = !{i32 1, i32 1, i32 1}
