; Calls the reader can only partly make sense of: an opcode that is not an i32 (line 5), a call
; without operands (line 6), an opcode that does not fit in 32 bits (line 7), and an operand list
; that is never closed (line 8, which takes the following lines up to the end of the function).
define void @main(float %x) {
  %a = call float @dx.op.unary.f32(i64 13, float %x)
  %b = call float @dx.op.unary.f32()
  %c = call float @dx.op.unary.f32(i32 4294967296, float %x)
  %d = call float @dx.op.unary.f32(i32 13, float %x
  ret void
}

declare float @dx.op.unary.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
