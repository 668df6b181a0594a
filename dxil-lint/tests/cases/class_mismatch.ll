; Opcode 5 is StoreOutput, but the function is of class Unary: INSTR.ILLEGALDXILOPFUNCTION. The
; overload of the name (f32) is one StoreOutput allows, so there is no INSTR.OLOAD.
define void @main(float %x) {
  %y = call float @dx.op.unary.f32(i32 5, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
