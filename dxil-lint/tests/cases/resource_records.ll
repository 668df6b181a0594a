; Each record of !dx.resources on its own (a vertex shader): a shape that is a kind of resource
; (SM.INVALIDRESOURCEKIND), a sample count on multisampled textures only
; (SM.SAMPLECOUNTONLYON2DMS), rasterizer-ordered views in pixel shaders only (SM.ROVONLYINPS),
; no cube UAVs (SM.INVALIDTEXTUREKINDONUAV), a counter on a structured buffer only
; (SM.COUNTERONLYONSTRUCTBUF) and never globally coherent (META.COHERENCENOTONAPPENDCONSUME),
; a sampler mode that is one (META.VALIDSAMPLERMODE).
%T = type { i32 }
define void @main() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.resources = !{!2}
!0 = !{i32 1, i32 0}
!1 = !{!"vs", i32 6, i32 0}
!2 = !{!3, !4, null, !5}
!3 = !{!10, !11, !12}
!4 = !{!13, !14, !15, !16}
!5 = !{!17}
!10 = !{i32 0, %T* undef, !"noshape", i32 0, i32 0, i32 1, i32 13, i32 0, null}
!11 = !{i32 1, %T* undef, !"samples", i32 0, i32 1, i32 1, i32 2, i32 4, !20}
!12 = !{i32 2, %T* undef, !"ms", i32 0, i32 2, i32 1, i32 3, i32 4, !20}
!13 = !{i32 0, %T* undef, !"rov", i32 0, i32 0, i32 1, i32 2, i1 false, i1 false, i1 true, !20}
!14 = !{i32 1, %T* undef, !"cube", i32 0, i32 1, i32 1, i32 5, i1 false, i1 false, i1 false, !20}
!15 = !{i32 2, %T* undef, !"typed", i32 0, i32 2, i32 1, i32 10, i1 false, i1 true, i1 false, !20}
!16 = !{i32 3, %T* undef, !"append", i32 0, i32 3, i32 1, i32 12, i1 true, i1 true, i1 false, !21}
!17 = !{i32 0, %T* undef, !"s", i32 0, i32 0, i32 1, i32 3, null}
!20 = !{i32 0, i32 9}
!21 = !{i32 1, i32 4}
