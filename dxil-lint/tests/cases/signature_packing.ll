; How the elements of a signature share rows (a vertex shader's outputs, 16-bit types native):
; no component taken twice (META.SIGNATUREOVERLAP), within 32 rows of 4 columns
; (META.SIGNATUREOUTOFRANGE), no system value in the rows of an array
; (META.SIGNATUREINDEXCONFLICT), one interpolation mode (META.INTERPMODEINONEROW) and one data
; width (META.SIGNATUREDATAWIDTH) per row, system values right of arbitrary values
; (META.SIGNATUREILLEGALCOMPONENTORDER), a semantic index once per name
; (META.NOSEMANTICOVERLAP, which ends the checks of the signature, as in DXC) and a system
; value once per signature (META.DUPLICATESYSVALUE).
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 2}
!1 = !{!"vs", i32 6, i32 2}
!2 = !{void ()* @main, !"main", !3, null, !4}
!3 = !{null, !5, null}
!4 = !{i32 0, i64 8388608}
!5 = !{!6, !7, !8, !9, !10, !11, !12, !13, !14, !15, !16, !17, !19}
!6 = !{i32 0, !"SV_Position", i8 9, i8 3, !18, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!7 = !{i32 1, !"A", i8 9, i8 0, !18, i8 2, i32 1, i8 2, i32 1, i8 0, null}
!8 = !{i32 2, !"B", i8 9, i8 0, !18, i8 2, i32 1, i8 2, i32 1, i8 1, null}
!9 = !{i32 3, !"C", i8 9, i8 0, !18, i8 2, i32 2, i8 1, i32 31, i8 0, null}
!10 = !{i32 4, !"D", i8 9, i8 0, !20, i8 2, i32 2, i8 1, i32 2, i8 0, null}
!11 = !{i32 5, !"SV_RenderTargetArrayIndex", i8 5, i8 4, !18, i8 1, i32 1, i8 1, i32 2, i8 1, null}
!12 = !{i32 6, !"E", i8 9, i8 0, !18, i8 5, i32 1, i8 1, i32 4, i8 0, null}
!13 = !{i32 7, !"F", i8 9, i8 0, !18, i8 2, i32 1, i8 1, i32 4, i8 1, null}
!14 = !{i32 8, !"G", i8 8, i8 0, !18, i8 2, i32 1, i8 1, i32 5, i8 0, null}
!15 = !{i32 9, !"H", i8 9, i8 0, !18, i8 2, i32 1, i8 1, i32 5, i8 1, null}
!16 = !{i32 10, !"SV_CullDistance", i8 9, i8 7, !18, i8 2, i32 1, i8 1, i32 6, i8 0, null}
!17 = !{i32 11, !"I", i8 9, i8 0, !18, i8 2, i32 1, i8 1, i32 6, i8 1, null}
!18 = !{i32 0}
!19 = !{i32 12, !"SV_Position", i8 9, i8 3, !21, i8 4, i32 1, i8 4, i32 7, i8 0, null}
!20 = !{i32 0, i32 1}
!21 = !{i32 1}
