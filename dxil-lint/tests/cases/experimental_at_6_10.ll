; ExperimentalNop at cs_6_10, a pre-release shader model: accepted.
define void @main() {
  call void @dx.op.nop(i32 -2147483648)
  ret void
}

declare void @dx.op.nop(i32)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 10}
!1 = !{!"cs", i32 6, i32 10}
