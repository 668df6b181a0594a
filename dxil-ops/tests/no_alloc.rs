//! Lookups, name parsing, signatures and builders do not allocate.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt::Write;

use dxil_ops::{DxilVersion, Op, Overload, ScalarType, ShaderKind, Target};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator and only counts calls.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// A fixed buffer, so that formatting itself does not allocate.
struct Buf([u8; 512], usize);

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.1 + s.len();
        self.0
            .get_mut(self.1..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.1 = end;
        Ok(())
    }
}

#[test]
fn hot_paths_do_not_allocate() {
    let v = DxilVersion::new(1, 6);
    let n = allocations(|| {
        let op = Op::from_opcode(83).expect("DerivCoarseX");
        assert!(op.stages_at(v).contains(ShaderKind::Compute));
        assert!(op.overloads_at(v).is_some());
        assert_eq!(Op::from_name("Sample"), Some(Op::Sample));
        let f = dxil_ops::parse_function_name("dx.op.rawBufferVectorLoad.v4f32").expect("valid");
        let sig = dxil_ops::Signature::of(f, dxil_ops::Precision::Native).expect("signature");
        let mut buf = Buf([0; 512], 0);
        write!(buf, "{}", sig.declaration()).expect("fits");
        let target = Target::new(v).with_stage(ShaderKind::Pixel);
        let call = dxil_ops::build::sin(&target, Overload::Scalar(ScalarType::F32), "%x")
            .expect("valid call");
        let mut buf = Buf([0; 512], 0);
        dxil_ops::ir::write_call(&mut buf, Some("y"), &call).expect("fits");
    });
    assert_eq!(n, 0, "{n} allocations");
}
