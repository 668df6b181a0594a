; The type, name and interpolation of signature elements (a pixel shader's inputs): a semantic
; name of 1 to 64 bytes (META.SEMANTICLEN), a component type a signature holds
; (META.SIGNATURECOMPTYPE), integers not interpolated linearly (META.INTEGERINTERPMODE), an
; interpolation mode that is one (META.INTERPMODEVALID), system values of their type and
; shape (META.SEMANTICCOMPTYPE: SV_Position is a float4, SV_IsFrontFace a uint).
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{void ()* @main, !"main", !3, null, null}
!3 = !{!4, !12, null}
!4 = !{!5, !6, !7, !8, !9, !10}
!5 = !{i32 0, !"", i8 9, i8 0, !11, i8 2, i32 1, i8 2, i32 0, i8 0, null}
!6 = !{i32 1, !"A", i8 0, i8 0, !11, i8 2, i32 1, i8 1, i32 1, i8 0, null}
!7 = !{i32 2, !"B", i8 5, i8 0, !11, i8 2, i32 1, i8 1, i32 2, i8 0, null}
!8 = !{i32 3, !"C", i8 9, i8 0, !11, i8 9, i32 1, i8 1, i32 3, i8 0, null}
!9 = !{i32 4, !"SV_Position", i8 9, i8 3, !11, i8 4, i32 1, i8 3, i32 4, i8 0, null}
!10 = !{i32 5, !"SV_IsFrontFace", i8 9, i8 13, !11, i8 1, i32 1, i8 1, i32 5, i8 0, null}
!11 = !{i32 0}
!12 = !{!13}
!13 = !{i32 0, !"SV_Target", i8 9, i8 16, !11, i8 0, i32 1, i8 4, i32 0, i8 0, null}
