//! The shape of the real database: one self-contained record per op. A `[class.NAME]` record
//! exists only where several ops share its signature; every other op carries its own.

#![allow(clippy::panic)] // a test fails by panicking

use crate::common;

#[test]
fn class_records_serve_several_ops() {
    let db = common::load_db();
    let mut records = 0;
    let mut lonely = Vec::new();
    for (i, class) in db.classes.iter().enumerate() {
        if !class.shared {
            continue;
        }
        records += 1;
        let ops: Vec<&str> = db
            .ops_of_class(dxil_db::ClassId(i as u32))
            .map(|o| o.name.as_str())
            .collect();
        if ops.len() < 2 {
            lonely.push(format!("[class.{}] serves {ops:?}", class.name));
        }
    }
    let own = db.ops.iter().filter(|o| !db.class_of(o).shared).count();
    println!(
        "{records} class records serve {} ops; {own} of {} ops carry their own signature",
        db.ops.len() - own,
        db.ops.len()
    );
    assert!(
        lonely.is_empty(),
        "class records that serve fewer than two ops; move `result` and `params` into the op's record:\n{}",
        lonely.join("\n")
    );
}
