; Which semantics a signature may hold and how (a pixel shader): SV_Depth is no input and
; SV_ViewID is read with its op (SM.SEMANTIC, and META.SEMAKINDVALID for a kind no element
; has), SV_Position takes a packing location (META.SEMANTICSHOULDBEALLOCATED) and SV_Depth
; none (META.SEMANTICSHOULDNOTBEALLOCATED), a system value has index 0
; (META.SEMANTICINDEXMAX) and one row (META.SYSTEMVALUEROWS), SV_Target's indices are its rows
; from column 0 (SM.PSTARGETINDEXMATCHESROW, SM.PSTARGETCOL0), an output of a pixel shader is
; one of its outputs (SM.PSOUTPUTSEMANTIC), and its outputs are not interpolated
; (SM.NOINTERPMODE).
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 1}
!1 = !{!"ps", i32 6, i32 1}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !12, null}
!4 = !{!5, !6, !7, !8, !9}
!5 = !{i32 0, !"SV_Depth", i8 9, i8 17, !10, i8 0, i32 1, i8 1, i32 -1, i8 -1, null}
!6 = !{i32 1, !"SV_ViewID", i8 5, i8 27, !10, i8 1, i32 1, i8 1, i32 -1, i8 -1, null}
!7 = !{i32 2, !"SV_Position", i8 9, i8 3, !10, i8 4, i32 1, i8 4, i32 -1, i8 -1, null}
!8 = !{i32 3, !"SV_SampleIndex", i8 5, i8 12, !11, i8 1, i32 1, i8 1, i32 -1, i8 -1, null}
!9 = !{i32 4, !"SV_RenderTargetArrayIndex", i8 5, i8 4, !16, i8 1, i32 2, i8 1, i32 0, i8 0, null}
!10 = !{i32 0}
!11 = !{i32 1}
!12 = !{!13, !14, !15}
!13 = !{i32 0, !"SV_Target", i8 9, i8 16, !11, i8 0, i32 1, i8 4, i32 0, i8 1, null}
!14 = !{i32 1, !"SV_Depth", i8 9, i8 17, !10, i8 2, i32 1, i8 1, i32 2, i8 0, null}
!15 = !{i32 2, !"TEXCOORD", i8 9, i8 0, !10, i8 0, i32 1, i8 4, i32 3, i8 0, null}
!16 = !{i32 0, i32 1}
