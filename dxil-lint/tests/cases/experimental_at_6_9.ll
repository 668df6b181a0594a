; ExperimentalNop (0x80000000) is in the experimental table, which needs a pre-release shader
; model: at cs_6_9 it is INSTR.EXPDXILOPCODEREQUIRESEXPSM (see experimental_at_6_10.ll).
define void @main() {
  call void @dx.op.nop(i32 -2147483648)
  ret void
}

declare void @dx.op.nop(i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 9}
!1 = !{!"cs", i32 6, i32 9}
