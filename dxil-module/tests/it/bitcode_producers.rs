//! Bitcode as the DXIL writers other than DXC write it (built by `common/producers.rs`):
//! Mesa's DXIL emitter and LLVM's DirectX backend. Each shape decodes; the `dx.op` calls
//! print as `llvm-dis-14` prints them.
//!
//! The shapes: a BLOCKINFO block of abbreviation width 2 whose symbol-table abbreviation
//! gives the record code as a 3-bit fixed field, type ids as 32-bit fixed fields, a
//! `NUMENTRY` that counts the `metadata` type written last, globals through an abbreviation
//! with a literal section, 15-operand `FUNCTION` records naming the function type (not a
//! pointer to it), module constants with abbreviations defined in the block, metadata
//! strings among the nodes (Mesa) or first, each through an abbreviation defined just before
//! it, with the kinds in a metadata block of their own (LLVM), `ENTRY` names before the
//! bodies, the old six-operand `cmpxchg` (its value the loaded value) and the top-level
//! `SYMTAB` and `STRTAB` blocks.

#![allow(clippy::panic)]

use crate::common;
use crate::dis_lines;
use crate::producers::{self, Extras, PRECISE_KIND};

use dxil_module::bitcode;
use dxil_module::model::{
    GlobalId, InstId, InstKind, MdItem, Module, Ordering, RmwOp, Type, Value,
};
use dxil_module::text::{self, PrintOptions};

fn decode(extras: Extras) -> Module {
    let bc = producers::mesa_module(extras);
    bitcode::decode(&bc).unwrap_or_else(|e| panic!("{extras:?}: {e}"))
}

/// The instructions of `main`'s body.
fn main_insts(m: &Module) -> Vec<InstKind> {
    let body = m
        .functions
        .iter()
        .find_map(|f| f.body.as_ref())
        .expect("main has a body");
    body.insts.iter().map(|i| i.kind.clone()).collect()
}

#[test]
fn mesa_shaped_module_decodes() {
    let m = decode(Extras::default());
    let names: Vec<_> = m
        .functions
        .iter()
        .map(|f| f.name.map(|n| m.symbols.bytes(n).to_vec()))
        .collect();
    assert_eq!(
        names,
        [
            Some(b"main".to_vec()),
            Some(b"dx.op.storeOutput.f32".to_vec())
        ]
    );
    let global = m.globals[0].name.map(|n| m.symbols.bytes(n).to_vec());
    assert_eq!(global.as_deref(), Some(producers::SHARED_NAME));
    assert_eq!(m.globals[0].addrspace, 3);
}

#[test]
fn llvm_tables_after_the_module_are_skipped() {
    let plain = decode(Extras::default());
    let with = decode(Extras {
        llvm_tables: true,
        ..Extras::default()
    });
    let print = |m: &Module| text::print(m, &PrintOptions::default());
    assert_eq!(print(&plain), print(&with));
}

#[test]
fn old_cmpxchg_is_a_cmpxchg_and_the_extractvalue_of_its_value() {
    let insts = main_insts(&decode(Extras::default()));
    assert_eq!(insts.len(), 5, "{insts:?}");
    let InstKind::CmpXchg {
        weak,
        success,
        failure,
        ..
    } = &insts[0]
    else {
        panic!("not a cmpxchg: {:?}", insts[0]);
    };
    assert!(!weak);
    assert_eq!((*success, *failure), (Ordering::SeqCst, Ordering::SeqCst));
    let InstKind::ExtractValue { aggregate, indices } = &insts[1] else {
        panic!("not an extractvalue: {:?}", insts[1]);
    };
    assert_eq!(*aggregate, Value::Inst(InstId(0)));
    assert_eq!(&indices[..], [0]);
    // the cast's operand (relative id 1) is the extractvalue, not the cmpxchg
    let InstKind::Cast { value, .. } = &insts[2] else {
        panic!("not a cast: {:?}", insts[2]);
    };
    assert_eq!(*value, Value::Inst(InstId(1)));
}

#[test]
fn old_cmpxchg_failure_ordering_given_or_the_strongest_allowed() {
    let failure = |extras| match &main_insts(&decode(extras))[0] {
        InstKind::CmpXchg { failure, .. } => *failure,
        other => panic!("not a cmpxchg: {other:?}"),
    };
    let given = Extras {
        cmpxchg_failure: true,
        ..Extras::default()
    };
    assert_eq!(failure(given), Ordering::Monotonic);
    let acq_rel = Extras {
        acq_rel: true,
        ..Extras::default()
    };
    assert_eq!(failure(acq_rel), Ordering::Acquire);
}

#[test]
fn llvm_metadata_layout_decodes() {
    let m = decode(Extras {
        llvm_metadata: true,
        ..Extras::default()
    });
    let strings = m
        .metadata
        .items
        .iter()
        .filter(|i| matches!(i, MdItem::String(_)))
        .count();
    assert_eq!((m.metadata.items.len(), strings), (4, 2));
    assert_eq!(m.metadata.kinds.len(), 2);
    assert_eq!(m.metadata.named.len(), 1);
}

#[test]
fn attachments_count_instructions_without_the_old_cmpxchg() {
    for llvm_metadata in [false, true] {
        attachment_on_the_cast(Extras {
            attachment: true,
            llvm_metadata,
            ..Extras::default()
        });
    }
}

fn attachment_on_the_cast(extras: Extras) {
    let m = decode(extras);
    let body = m
        .functions
        .iter()
        .find_map(|f| f.body.as_ref())
        .expect("main has a body");
    let at: Vec<_> = body
        .attachments
        .iter()
        .map(|(i, a)| (i.0, a.kind))
        .collect();
    // bitcode instruction 1 is the uitofp: body instruction 2
    assert_eq!(at, [(2, PRECISE_KIND)]);
}

#[dxil_test_data::needs(tool = "llvm-dis-14")]
#[test]
fn producer_shapes_print_dx_op_calls_as_llvm_dis_14() {
    let all = [
        Extras::default(),
        Extras {
            llvm_tables: true,
            cmpxchg_failure: true,
            acq_rel: true,
            attachment: true,
            ..Extras::default()
        },
        Extras {
            llvm_tables: true,
            llvm_metadata: true,
            attachment: true,
            ..Extras::default()
        },
        Extras {
            llvm_metadata: true,
            attachment: true,
            function_metadata: true,
            ..Extras::default()
        },
        Extras {
            attachment: true,
            function_metadata: true,
            ..Extras::default()
        },
        Extras {
            same_names: true,
            ..Extras::default()
        },
    ];
    for extras in all {
        let bc = producers::mesa_module(extras);
        let Some(llvm) = common::llvm_dis(&bc) else {
            return;
        };
        let llvm = llvm.unwrap_or_else(|e| panic!("llvm-dis-14 refuses {extras:?}: {e}"));
        let llvm = String::from_utf8(llvm).expect("llvm-dis prints UTF-8");
        let m = bitcode::decode(&bc).unwrap_or_else(|e| panic!("{extras:?}: {e}"));
        let ours = text::print(&m, &PrintOptions::default());
        let n = dis_lines::compare_calls(&llvm, &ours).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n, 1, "{extras:?}: the dx.op calls of\n{llvm}");
        // the lines of the body agree too (LLVM 14 adds the cmpxchg's alignment)
        let body = |t: &str| {
            t.lines()
                .skip_while(|l| !l.starts_with("define"))
                .take_while(|l| *l != "}")
                .map(|l| l.replace(", align 4", ""))
                .collect::<Vec<_>>()
        };
        assert_eq!(body(&llvm), body(&ours), "{extras:?}");
        // and so do the nodes, numbered alike
        let nodes = |t: &str| {
            t.lines()
                .filter(|l| l.starts_with("!") && !l.starts_with("!llvm.ident"))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(nodes(&llvm), nodes(&ours), "{extras:?}");
    }
}

#[test]
fn a_bodys_own_nodes_and_strings_decode() {
    for llvm_metadata in [false, true] {
        let m = decode(Extras {
            llvm_metadata,
            attachment: true,
            function_metadata: true,
            ..Extras::default()
        });
        let body = m
            .functions
            .iter()
            .find_map(|f| f.body.as_ref())
            .expect("main has a body");
        let [(_, a)] = body.attachments[..] else {
            panic!("one attachment: {:?}", body.attachments);
        };
        let Some(MdItem::Node { operands, .. }) = m.metadata.get(a.node) else {
            panic!("the attachment is not a node: {:?}", m.metadata.get(a.node));
        };
        let ops = operands.of(&m.metadata.node_pool);
        let [Some(string), Some(module_node)] = ops[..] else {
            panic!("two operands: {ops:?}");
        };
        let Some(MdItem::String(s)) = m.metadata.get(string) else {
            panic!("not a string: {:?}", m.metadata.get(string));
        };
        assert_eq!(s.of(&m.metadata.string_pool), b"fn");
        let module_items = if llvm_metadata { 4 } else { 3 };
        assert_eq!(module_node.0, module_items - 1);
        // written back as DXC lays it out (the body's items among the module's), it reads
        // back the same
        let written = bitcode::write(&m).expect("the module writes");
        let again = bitcode::decode(&written).expect("the written module decodes");
        let print = |m: &Module| text::print(m, &PrintOptions::default());
        assert_eq!(print(&m), print(&again));
    }
}

#[test]
fn a_node_of_a_body_holding_its_result_is_refused() {
    let bc = producers::mesa_module(Extras {
        llvm_metadata: true,
        attachment: true,
        function_metadata: true,
        local_in_node: true,
        ..Extras::default()
    });
    let e = bitcode::decode(&bc).expect_err("a node may not hold a result");
    let text = e.to_string();
    assert!(
        text.contains("metadata other than a function's argument or result"),
        "{text}"
    );
}

#[test]
fn atomicrmw_of_code_59_with_the_old_layout_decodes() {
    let m = decode(Extras {
        atomicrmw_59: true,
        ..Extras::default()
    });
    let insts = main_insts(&m);
    let Some(InstKind::AtomicRmw {
        op,
        ptr,
        ordering,
        single_thread,
        ..
    }) = insts.get(4)
    else {
        panic!("no atomicrmw: {insts:?}");
    };
    assert_eq!(
        (*op, *ptr, *ordering, *single_thread),
        (
            RmwOp::Add,
            Value::Global(GlobalId(0)),
            Ordering::SeqCst,
            false
        )
    );
    // written back with LLVM 3.7's code, which DXC and LLVM read
    let written = bitcode::write(&m).expect("the module writes");
    let again = bitcode::decode(&written).expect("the written module decodes");
    let print = |m: &Module| text::print(m, &PrintOptions::default());
    assert!(print(&again).contains("atomicrmw add i32 addrspace(3)*"));
}

#[test]
fn names_given_twice_take_suffixes_as_llvm_gives_them() {
    let m = decode(Extras {
        same_names: true,
        ..Extras::default()
    });
    let name = |s: Option<dxil_module::model::Sym>| s.map(|s| m.symbols.lossy(s).into_owned());
    assert_eq!(name(m.globals[0].name).as_deref(), Some("main.1"));
    assert_eq!(name(m.functions[0].name).as_deref(), Some("main"));
    let structs: Vec<_> = m
        .types
        .iter()
        .filter_map(|(_, t)| match t {
            Type::Named(n) => name(n.name),
            _ => None,
        })
        .collect();
    assert_eq!(structs, ["s", "s.0"]);
    let body = m
        .functions
        .iter()
        .find_map(|f| f.body.as_ref())
        .expect("main has a body");
    let insts: Vec<_> = body.insts.iter().filter_map(|i| name(i.name)).collect();
    assert_eq!(insts, ["x"]);
    assert_eq!(name(body.blocks[0].name).as_deref(), Some("x1"));
}

#[test]
fn a_bodys_own_debug_record_refers_to_the_bodys_node() {
    let m = decode(Extras {
        llvm_metadata: true,
        attachment: true,
        function_metadata: true,
        function_location: true,
        ..Extras::default()
    });
    let print = |m: &Module| text::print(m, &PrintOptions::default());
    let text = print(&m);
    let location = text
        .lines()
        .find(|l| l.contains("!DILocation("))
        .unwrap_or_else(|| panic!("no location in\n{text}"));
    // its scope is the body's node, `!{!"fn", ...}`
    let scope = location
        .split("scope: ")
        .nth(1)
        .and_then(|s| s.strip_suffix(')'))
        .expect("a scope");
    assert!(
        text.lines()
            .any(|l| l.starts_with(&format!("{scope} = !{{!\"fn\""))),
        "{text}"
    );
    assert!(location.contains("line: 1, column: 2"), "{location}");
    let written = bitcode::write(&m).expect("the module writes");
    let again = bitcode::decode(&written).expect("the written module decodes");
    assert_eq!(text, print(&again));
}
