; A semantic index used twice in a signature (META.NOSEMANTICOVERLAP): DXC stops checking the
; signature there, so the overlap of the element after it is not reported.
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{null, !4, null}
!4 = !{!5, !6, !7}
!5 = !{i32 0, !"TEXCOORD", i8 9, i8 0, !8, i8 2, i32 2, i8 2, i32 0, i8 0, null}
!6 = !{i32 1, !"texcoord", i8 9, i8 0, !9, i8 2, i32 1, i8 2, i32 2, i8 0, null}
!7 = !{i32 2, !"B", i8 9, i8 0, !10, i8 2, i32 1, i8 4, i32 0, i8 0, null}
!8 = !{i32 0, i32 1}
!9 = !{i32 1}
!10 = !{i32 0}
