; Without !dx.version and !dx.shaderModel the calls are checked at the latest DXIL version, and
; one META.REQUIRED diagnostic says so (at the first dx.op function).
define void @main(float %x) {
  %a = call float @dx.op.unary.f32(i32 13, float %x)
  %b = call float @dx.op.unary.f32(i32 13, float %x)
  ret void
}

declare float @dx.op.unary.f32(i32, float)
