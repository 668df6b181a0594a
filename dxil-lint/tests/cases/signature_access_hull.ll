; Signature accesses of a hull shader: its patch-constant function (named by the hull-shader
; state) stores patch constants to the patch-constant signature and loads output control
; points from the output signature (INSTR.OPCONSTRANGE, INSTR.OPERANDRANGE); the main function
; stores its control-point outputs (a column equal to the element's column count passes, as in
; DXC).
define void @main() {
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float 0.0)
  call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 4, float 0.0)
  ret void
}

define void @pc() {
  %a = call float @dx.op.loadOutputControlPoint.f32(i32 103, i32 0, i32 0, i8 0, i32 0)
  %b = call float @dx.op.loadOutputControlPoint.f32(i32 103, i32 1, i32 0, i8 0, i32 0)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 2, i8 0, float %a)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 0, i32 3, i8 0, float %a)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 1, i32 0, i8 0, float %a)
  call void @dx.op.storePatchConstant.f32(i32 106, i32 2, i32 0, i8 0, float %a)
  ret void
}

declare void @dx.op.storeOutput.f32(i32, i32, i32, i8, float)
declare float @dx.op.loadOutputControlPoint.f32(i32, i32, i32, i8, i32)
declare void @dx.op.storePatchConstant.f32(i32, i32, i32, i8, float)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"hs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, !4}
!3 = !{null, !6, !8}
!4 = !{i32 3, !5}
!5 = !{void ()* @pc, i32 0, i32 3, i32 2, i32 3, i32 3, float 6.400000e+01}
!6 = !{!7}
!7 = !{i32 0, !"SV_Position", i8 9, i8 3, !11, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!8 = !{!9, !10}
!9 = !{i32 0, !"SV_TessFactor", i8 9, i8 25, !12, i8 0, i32 3, i8 1, i32 0, i8 3, null}
!10 = !{i32 1, !"SV_InsideTessFactor", i8 9, i8 26, !11, i8 0, i32 1, i8 1, i32 3, i8 0, null}
!11 = !{i32 0}
!12 = !{i32 0, i32 1, i32 2}
