; A valid library exercising the spellings the reader must take: every call is accepted.
; (A function without an entry label numbers its block %0, so its first value is %1.)
; Comment lines are never code, even when they quote bad calls:
; CHECK: call float @dx.op.unary.f32(i32 9999, double %x)
  ; CHECK-NEXT: %r = call float @dx.op.unary.f32(i32 13)
target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { i8* }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.CBufRet.f16 = type { half, half, half, half }
%dx.types.CBufRet.f16.8 = type { half, half, half, half, half, half, half, half }
%dx.types.NodeRecordHandle = type { i8* }
%"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }
%struct.Rec = type { i32 }

define void @"\01?f@@YAXXZ"(%"class.RWBuffer<vector<float, 4> >" %rb, half %h, float %x, <4 x i1> %m, %dx.types.NodeRecordHandle %n) #0 {
entry:
  %0 = call %dx.types.Handle @"dx.op.createHandleForLib.class.RWBuffer<vector<float, 4> >"(i32 160, %"class.RWBuffer<vector<float, 4> >" %rb)  ; CreateHandleForLib(Resource)
  %1 = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false), !dbg !9 ; line:3 col:1  ; CreateHandleFromBinding(bind,index,nonUniformIndex)
  %2 = tail call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %1, %dx.types.ResourceProperties { i32 4106, i32 1033 }) #1  ; AnnotateHandle(res,props)  resource: RWTypedBuffer<F32>
  %3 = notail call half @dx.op.unary.f16(i32 13, half 0xH3C00)
  %4 = call float @dx.op.binary.f32(i32 35, float 1.500000e+02, float -2.5e-1)
  %5 = call i1 @dx.op.vectorReduce.v4i1(i32 310, <4 x i1> <i1 true, i1 false, i1 true, i1 true>)
  %6 = call i1 @dx.op.vectorReduce.v4i1(i32 309, <4 x i1> zeroinitializer)
  %7 = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %1,
        i32 0)
  %8 = call %struct.Rec addrspace(3)* @dx.op.getNodeRecordPtr.struct.Rec(i32 239, %dx.types.NodeRecordHandle %n, i32 0)
  %9 = call float @dx.op.unary.f32(i32 13, float %x) ; a comment with a ; and "quotes"
  ret void
}

define void @"\01?g@@YAXXZ"(%dx.types.Handle %h) {
  %1 = call %dx.types.CBufRet.f16 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %h, i32 0)
  ret void
}

declare %dx.types.Handle @"dx.op.createHandleForLib.class.RWBuffer<vector<float, 4> >"(i32, %"class.RWBuffer<vector<float, 4> >") #2
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1
declare half @dx.op.unary.f16(i32, half) #1
declare float @dx.op.binary.f32(i32, float, float) #1
declare i1 @dx.op.vectorReduce.v4i1(i32, <4 x i1>) #1
declare %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32, %dx.types.Handle, i32) #2
declare %struct.Rec addrspace(6)* @dx.op.getNodeRecordPtr.struct.Rec(i32, %dx.types.NodeRecordHandle, i32) #1
declare float @dx.op.unary.f32(i32, float) #1

attributes #0 = { nounwind }
attributes #1 = { nounwind readnone }
attributes #2 = { nounwind readonly }

!llvm.ident = !{!8}
!dx.valver = !{!0}
!dx.version = !{!0}
!dx.shaderModel = !{!{!"lib", i32 6, i32 9}}
!dx.entryPoints = !{!7}
!0 = !{i32 1, i32 9}
!7 = !{null, !"", null, null, null}
!8 = !{!"a string; with a semicolon"}
!9 = !DILocation(line: 3, column: 1, scope: !10)
