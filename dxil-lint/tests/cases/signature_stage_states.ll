; Signatures against the states of a library's entries: a hull shader of the quad domain has an
; edge factor of 4 rows (SM.TESSFACTORSIZEMATCHDOMAIN) and an inside factor
; (SM.TESSFACTORFORDOMAIN), and no inputs without input control points
; (SM.ZEROHSINPUTCONTROLPOINTWITHINPUT); a domain shader's inside factor of the tri domain has 1
; row (SM.INSIDETESSFACTORSIZEMATCHDOMAIN); a geometry shader emits at most 1024 scalars
; (SM.GSTOTALOUTPUTVERTEXDATARANGE: 300 vertices of 4); a pixel shader with a conservative
; depth interpolates its position without perspective (SM.PSCONSISTENTINTERP).
define void @hs() {
  ret void
}

define void @pc() {
  ret void
}

define void @ds() {
  ret void
}

define void @gs() {
  ret void
}

define void @ps() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6}
!0 = !{i32 1, i32 3}
!1 = !{!"lib", i32 6, i32 3}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @hs, !"hs", !10, null, !30}
!4 = !{void ()* @ds, !"ds", !11, null, !32}
!5 = !{void ()* @gs, !"gs", !12, null, !34}
!6 = !{void ()* @ps, !"ps", !13, null, !36}
!10 = !{!14, !15, !16}
!11 = !{null, !15, !17}
!12 = !{null, !15, null}
!13 = !{!18, !19, null}
!14 = !{!20}
!15 = !{!21}
!16 = !{!22}
!17 = !{!23, !24}
!18 = !{!25}
!19 = !{!26, !27}
!20 = !{i32 0, !"A", i8 9, i8 0, !40, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!21 = !{i32 0, !"SV_Position", i8 9, i8 3, !40, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!22 = !{i32 0, !"SV_TessFactor", i8 9, i8 25, !41, i8 0, i32 3, i8 1, i32 0, i8 3, null}
!23 = !{i32 0, !"SV_TessFactor", i8 9, i8 25, !41, i8 0, i32 3, i8 1, i32 0, i8 3, null}
!24 = !{i32 1, !"SV_InsideTessFactor", i8 9, i8 26, !42, i8 0, i32 2, i8 1, i32 3, i8 0, null}
!25 = !{i32 0, !"SV_Position", i8 9, i8 3, !40, i8 2, i32 1, i8 4, i32 0, i8 0, null}
!26 = !{i32 0, !"SV_Target", i8 9, i8 16, !40, i8 0, i32 1, i8 4, i32 0, i8 0, null}
!27 = !{i32 1, !"SV_DepthGreaterEqual", i8 9, i8 19, !40, i8 0, i32 1, i8 1, i32 -1, i8 -1, null}
!30 = !{i32 8, i32 3, i32 3, !31}
!31 = !{void ()* @pc, i32 0, i32 4, i32 3, i32 1, i32 3, float 6.400000e+01}
!32 = !{i32 8, i32 4, i32 2, !33}
!33 = !{i32 2, i32 3}
!34 = !{i32 8, i32 2, i32 1, !35}
!35 = !{i32 3, i32 300, i32 1, i32 5, i32 1}
!36 = !{i32 8, i32 0}
!40 = !{i32 0}
!41 = !{i32 0, i32 1, i32 2}
!42 = !{i32 0, i32 1}
