; The 16-bit IsSpecialFloat overloads need shader model 6.9: before it, DXC reports
; SM.ISSPECIALFLOAT (a constraint of kind `overload`) rather than an overload the version does
; not have. The 32-bit overload is accepted.
define void @main(half %h, float %f) {
  %a = call i1 @dx.op.isSpecialFloat.f16(i32 8, half %h)
  %b = call i1 @dx.op.isSpecialFloat.f32(i32 8, float %f)
  ret void
}

declare i1 @dx.op.isSpecialFloat.f16(i32, half)
declare i1 @dx.op.isSpecialFloat.f32(i32, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 8}
!1 = !{!"lib", i32 6, i32 8}
