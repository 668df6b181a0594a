; The signatures of the entries of a library, each checked for its own stage: a vertex shader's
; inputs are not interpolated (SM.NOINTERPMODE) and its clip and cull distances fit in 2 rows
; of 8 components (META.CLIPCULLMAXROWS, META.CLIPCULLMAXCOMPONENTS); a compute shader has no
; signatures (SM.CSNOSIGNATURES, and SM.SEMANTIC for the element: lib is DXC's name of the
; module's kind), nor a ray-generation shader (SM.RAYSHADERSIGNATURES); a mesh shader's
; primitive outputs are constant (SM.CONSTANTINTERPMODE); a hull shader's patch constants are
; not interpolated (SM.NOINTERPMODE). The first record (the module's) is no entry.
define void @vs() {
  ret void
}

define void @cs() {
  ret void
}

define void @rg() {
  ret void
}

define void @ms() {
  ret void
}

define void @hs() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6, !7}
!0 = !{i32 1, i32 5}
!1 = !{!"lib", i32 6, i32 5}
!2 = !{null, !"", !8, null, null}
!3 = !{void ()* @vs, !"vs", !10, null, !30}
!4 = !{void ()* @cs, !"cs", !11, null, !31}
!5 = !{void ()* @rg, !"rg", !11, null, !32}
!6 = !{void ()* @ms, !"ms", !12, null, !33}
!7 = !{void ()* @hs, !"hs", !13, null, !34}
!8 = !{!9, null, null}
!9 = !{!20}
!10 = !{!9, !14, null}
!11 = !{!9, null, null}
!12 = !{null, null, !15}
!13 = !{null, null, !16}
!14 = !{!21, !22, !23, !24}
!15 = !{!25}
!16 = !{!26}
!20 = !{i32 0, !"A", i8 9, i8 0, !40, i8 2, i32 1, i8 4, i32 0, i8 0, null}
!21 = !{i32 0, !"SV_Position", i8 9, i8 3, !40, i8 4, i32 1, i8 4, i32 0, i8 0, null}
!22 = !{i32 1, !"SV_ClipDistance", i8 9, i8 6, !40, i8 2, i32 1, i8 4, i32 1, i8 0, null}
!23 = !{i32 2, !"SV_ClipDistance", i8 9, i8 6, !41, i8 2, i32 1, i8 3, i32 2, i8 0, null}
!24 = !{i32 3, !"SV_CullDistance", i8 9, i8 7, !40, i8 2, i32 1, i8 2, i32 3, i8 0, null}
!25 = !{i32 0, !"B", i8 9, i8 0, !40, i8 2, i32 1, i8 1, i32 0, i8 0, null}
!26 = !{i32 0, !"C", i8 9, i8 0, !40, i8 2, i32 1, i8 1, i32 0, i8 0, null}
!30 = !{i32 8, i32 1}
!31 = !{i32 8, i32 5, i32 4, !42}
!32 = !{i32 8, i32 7}
!33 = !{i32 8, i32 13}
!34 = !{i32 8, i32 3}
!40 = !{i32 0}
!41 = !{i32 1}
!42 = !{i32 1, i32 1, i32 1}
