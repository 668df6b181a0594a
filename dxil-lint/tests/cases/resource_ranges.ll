; The register ranges of !dx.resources: ranges of one class overlap in one space
; (SM.RESOURCERANGEOVERLAP: u1-u3 and u3, and an unbounded range from t10 and t20), not across
; spaces or classes (t0 in space 1, s0 and b0 beside t0); the ids of each class count from 0
; in order (META.DENSERESIDS, reported once, for the first record that breaks it).
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"ps", i32 6, i32 0}
!2 = !{!3, !4, !5, !6}
!3 = !{!10, !11, !12, !13}
!4 = !{!14, !15}
!5 = !{!16}
!6 = !{!17, !18}
!10 = !{i32 0, %"class.Texture2D<float>"* undef, !"t0", i32 0, i32 0, i32 1, i32 2, i32 0, !20}
!11 = !{i32 1, %"class.Texture2D<float>"* undef, !"t0s1", i32 1, i32 0, i32 1, i32 2, i32 0, !20}
!12 = !{i32 2, [0 x %"class.Texture2D<float>"]* undef, !"unbounded", i32 0, i32 10, i32 -1, i32 2, i32 0, !20}
!13 = !{i32 3, %"class.Texture2D<float>"* undef, !"t20", i32 0, i32 20, i32 1, i32 2, i32 0, !20}
!14 = !{i32 0, [3 x %"class.RWBuffer<float>"]* undef, !"u1", i32 0, i32 1, i32 3, i32 10, i1 false, i1 false, i1 false, !20}
!15 = !{i32 1, %"class.RWBuffer<float>"* undef, !"u3", i32 0, i32 3, i32 1, i32 10, i1 false, i1 false, i1 false, !20}
!16 = !{i32 0, %cb* undef, !"b0", i32 0, i32 0, i32 1, i32 16, null}
!17 = !{i32 0, %struct.SamplerState* undef, !"s0", i32 0, i32 0, i32 1, i32 0, null}
!18 = !{i32 2, %struct.SamplerState* undef, !"s1", i32 0, i32 1, i32 1, i32 0, null}
!20 = !{i32 0, i32 9}
