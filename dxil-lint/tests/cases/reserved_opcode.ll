; Opcode 226 is Reserved0, a reserved slot: INSTR.OPCODERESERVED.
define void @main() {
  call void @dx.op.reserved(i32 226)
  ret void
}

declare void @dx.op.reserved(i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 8}
!1 = !{!"ps", i32 6, i32 8}
