; The properties of a library's entries: a thread group of at most 1024 x 1024 x 64 and 1024
; threads in compute shaders, 128 in each dimension and in all in mesh shaders
; (SM.THREADGROUPCHANNELRANGE, SM.MAXTHEADGROUP); a mesh shader outputs at most 256 vertices
; and primitives (SM.MESHSHADERMAXVERTEXCOUNT, SM.MESHSHADERMAXPRIMITIVECOUNT); a hull shader
; has a domain, a partitioning, an output primitive that fits its domain, a largest
; tessellation factor of 1 to 64 and at most 32 control points (SM.VALIDDOMAIN,
; META.TESSELLATORPARTITION, SM.ISOLINEOUTPUTPRIMITIVEMISMATCH, META.MAXTESSFACTOR,
; SM.OUTPUTCONTROLPOINTCOUNTRANGE), a domain shader too (SM.DSINPUTCONTROLPOINTCOUNTRANGE); a
; geometry shader emits at most 1024 vertices in 1 to 32 instances from a known primitive
; (SM.GSOUTPUTVERTEXCOUNTRANGE, SM.GSINSTANCECOUNTRANGE, SM.GSVALIDINPUTPRIMITIVE).
define void @cs() {
  ret void
}

define void @ms() {
  ret void
}

define void @hs() {
  ret void
}

define void @ds() {
  ret void
}

define void @gs() {
  ret void
}

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!dx.entryPoints = !{!2, !3, !4, !5, !6, !7}
!0 = !{i32 1, i32 5}
!1 = !{!"lib", i32 6, i32 5}
!2 = !{null, !"", null, null, null}
!3 = !{void ()* @cs, !"cs", null, null, !10}
!4 = !{void ()* @ms, !"ms", null, null, !12}
!5 = !{void ()* @hs, !"hs", null, null, !15}
!6 = !{void ()* @ds, !"ds", null, null, !17}
!7 = !{void ()* @gs, !"gs", null, null, !19}
!10 = !{i32 8, i32 5, i32 4, !11}
!11 = !{i32 2000, i32 1, i32 0}
!12 = !{i32 8, i32 13, i32 9, !13}
!13 = !{!14, i32 300, i32 257, i32 2, i32 0}
!14 = !{i32 64, i32 4, i32 1}
!15 = !{i32 8, i32 3, i32 3, !16}
!16 = !{null, i32 3, i32 33, i32 1, i32 0, i32 3, float 1.000000e+02}
!17 = !{i32 8, i32 4, i32 2, !18}
!18 = !{i32 0, i32 40}
!19 = !{i32 8, i32 2, i32 1, !20}
!20 = !{i32 4, i32 2000, i32 1, i32 5, i32 0}
