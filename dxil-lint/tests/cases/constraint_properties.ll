; The resource properties of annotateHandle decode as dxil_ops::resource::ResourceProperties
; decodes them, the one decoder the builders, the readers and the lint share: all bits set
; (reserved bits, kind 255), kind Invalid (two 0 words), one word instead of two, a counter on
; a typed buffer, zeroinitializer. The calls after `accepted` decode (an RWBuffer<float4>, a
; structured buffer of 16-byte elements, and one of 2^31-byte elements, a word written as a
; negative i32 and read at its width).
define void @main(%dx.types.Handle %b) {
  %p1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 -1, i32 -1 })
  %p2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 0, i32 0 })
  %p3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 4106 })
  %p4 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 36874, i32 1033 })
  %p5 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties zeroinitializer)
  ; accepted
  %a1 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 4106, i32 1033 })
  %a2 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 12, i32 16 })
  %a3 = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %b, %dx.types.ResourceProperties { i32 12, i32 -2147483648 })
  ret void
}

declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties)

!dx.version = !{!0}
!dx.shaderModel = !{!1}
!0 = !{i32 1, i32 6}
!1 = !{!"cs", i32 6, i32 6}
