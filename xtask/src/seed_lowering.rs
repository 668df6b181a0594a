//! Lowers every example call of the resource-handling seeds (`../shared/seeds/001_*.txt` and
//! `002_*.txt`, read at test time) with the LLVM intrinsic map of `dxil_ops::intrinsic`, at
//! DXIL 1.5 and 1.6, prints each as a module, and checks the modules with the linter (no
//! diagnostic) and with `llvm-as-14` (required when `DXIL_REQUIRE_LLVM_AS=1`; `LLVM_AS` names
//! another assembler). Without the shared data the test is skipped with a message, unless
//! `DXIL_REQUIRE_SHARED` is set (see `dxil-db/tests/common/shared.rs`). The modules are also written to the folder `dxil-seed-lowering` of
//! the temporary directory, for `cargo xtask lint`.
//!
//! An example call is a `call` statement of a `@llvm.dx.*` function in a code block of a seed;
//! declarations are not calls. The test reads them from the text, so it follows the seeds as they
//! are, and says which ones it cannot lower and why.

#![allow(clippy::panic)] // a test fails by panicking

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use crate::llvm_as::assemble;

#[path = "../../dxil-db/tests/common/shared.rs"]
mod shared;

use dxil_lint::split_top;
use dxil_ops::call::{Operand, Target, build_dynamic};
use dxil_ops::info::{OpInfo, ParamInfo};
use dxil_ops::intrinsic::resource::{Facts, ResourceType};
use dxil_ops::intrinsic::{self, Derived, Operands, ResultShape, Step, is_64_bit};
use dxil_ops::{DxilVersion, Overload, Overloads, ScalarType, ShaderKind};

/// The seed whose file name starts with `prefix`.
fn seed(dir: &Path, prefix: &str) -> (String, String) {
    let entries = std::fs::read_dir(dir).expect("the seeds folder is readable");
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with(prefix) && name.ends_with(".txt") {
            let text = std::fs::read_to_string(e.path()).expect("the seed is readable");
            return (name, text);
        }
    }
    panic!("no seed {prefix}_*.txt in {}", dir.display());
}

/// An example call read from a seed.
#[derive(Debug)]
struct Example {
    /// `001:166`.
    place: String,
    /// The result name without `%`, if any.
    result: Option<String>,
    /// The return type as written.
    ret: String,
    /// The called function.
    callee: String,
    /// The arguments: type and value as written.
    args: Vec<(String, String)>,
}

/// The example calls of a seed, and the places of calls it cuts off.
fn examples(tag: &str, text: &str) -> (Vec<Example>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut cut = Vec::new();
    let mut seen = BTreeSet::new();
    for (n, line) in lines.iter().enumerate() {
        if !line.contains("@llvm.dx.") {
            continue;
        }
        // the statement starts at the nearest line (this one or up to 3 before) that begins a
        // call or a declaration
        let Some(start) = (n.saturating_sub(3)..=n).rev().find(|&k| {
            let t = lines[k].trim_start();
            t.starts_with("call ")
                || t.starts_with("declare")
                || (t.starts_with('%') && t.contains("= call"))
        }) else {
            continue;
        };
        if lines[start].trim_start().starts_with("declare") || !seen.insert(start) {
            continue;
        }
        let joined = lines[start..].join(" ");
        let at = joined.find("@llvm.dx.").unwrap_or(0);
        let Some(open) = joined[at..].find('(').map(|i| at + i) else {
            continue;
        };
        let mut depth = 0;
        let mut close = None;
        for (i, c) in joined[open..].char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let place = format!("{tag}:{}", start + 1);
        let Some(close) = close else {
            cut.push(place);
            continue;
        };
        let head = joined[..at].trim();
        let (result, ret) = match head.split_once("= call") {
            Some((r, t)) => (
                Some(r.trim().trim_start_matches('%').to_owned()),
                t.trim().to_owned(),
            ),
            None => (None, head.trim_start_matches("call").trim().to_owned()),
        };
        let callee = joined[at + 1..open].trim().to_owned();
        let args = split_top(&joined[open + 1..close])
            .filter(|a| !a.is_empty())
            .map(|a| match a.rsplit_once(' ') {
                Some((t, v)) => (t.trim().to_owned(), v.trim().to_owned()),
                None => (String::new(), a.to_owned()),
            })
            .collect();
        out.push(Example {
            place,
            result,
            ret,
            callee,
            args,
        });
    }
    (out, cut)
}

/// A scalar type as the seeds write it (`float`, `f32`, `i32`, ...).
fn scalar(t: &str) -> Option<ScalarType> {
    let name = match t.trim() {
        "half" | "f16" => "f16",
        "float" | "f32" => "f32",
        "double" | "f64" => "f64",
        other => other,
    };
    ScalarType::from_name(name)
}

/// A scalar or vector type as an overload.
fn overload(t: &str) -> Option<Overload<'static>> {
    let t = t.trim();
    if let Some(inner) = t.strip_prefix('<').and_then(|r| r.strip_suffix('>')) {
        let (n, e) = inner.split_once(" x ")?;
        return Some(Overload::Vector(scalar(e)?, n.trim().parse().ok()?));
    }
    scalar(t).map(Overload::Scalar)
}

/// The LLVM spelling of a seed's type (`<4 x f32>` → `<4 x float>`; a resource type → the
/// handle).
fn llvm_type(t: &str) -> String {
    if t.starts_with("target(") {
        return "%dx.types.Handle".to_owned();
    }
    match overload(t) {
        Some(Overload::Scalar(s)) => s.llvm().to_owned(),
        Some(Overload::Vector(s, n)) => format!("<{n} x {}>", s.llvm()),
        _ => t.to_owned(),
    }
}

/// The intrinsic call's overload type: `T` of a `{T, i1}` result, the element of a row struct,
/// the result itself, or (for a store) the stored value's type.
fn value_type(e: &Example) -> Option<Overload<'static>> {
    let ret = e.ret.trim();
    if let Some(inner) = ret.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        return split_top(inner).next().and_then(overload);
    }
    if ret == "void" {
        return e.args.last().and_then(|(t, _)| overload(t));
    }
    overload(ret)
}

/// A module under construction: the body of `@main`, its parameters, declarations and struct
/// types.
#[derive(Default)]
struct Module {
    params: Vec<String>,
    body: Vec<String>,
    dx_ops: dxil_ops::module::Module,
}

impl Module {
    /// Writes a call of `op` (a helper of a result shape) named `name`.
    fn helper(
        &mut self,
        op: &'static OpInfo,
        target: &Target,
        o: Overload<'static>,
        operands: &[Operand<String>],
        name: &str,
    ) {
        let call = build_dynamic(op, target, Overloads::one(o), operands)
            .unwrap_or_else(|e| panic!("{}: {e}", op.name));
        self.add(&call, Some(name));
    }

    fn add(&mut self, call: &dxil_ops::call::DynCall<'_, '_, String>, result: Option<&str>) {
        let mut line = String::new();
        self.dx_ops
            .write_dynamic_call(&mut line, result, call)
            .unwrap_or_else(|e| panic!("{e}"));
        self.body.push(line);
    }

    fn text(&self, version: DxilVersion) -> String {
        let target = Target::new(version).with_stage(ShaderKind::Compute);
        let mut s = String::new();
        let _ = write!(s, "{}", self.dx_ops.types());
        let _ = writeln!(s, "\ndefine void @main({}) {{", self.params.join(", "));
        for l in &self.body {
            let _ = writeln!(s, "  {l}");
        }
        let _ = writeln!(s, "  ret void\n}}\n");
        let _ = writeln!(s, "{}", self.dx_ops.declarations());
        if let Ok(m) = dxil_ops::module::metadata(&target, 0) {
            let _ = write!(s, "{m}");
        }
        s
    }
}

/// The intrinsic call as the lowering sees it.
struct Call<'e, 'm> {
    example: &'e Example,
    module: &'m mut Module,
    target: Target,
    facts: Facts<'e>,
    /// The result names of the steps made so far.
    steps: Vec<String>,
}

impl Call<'_, '_> {
    fn value(&self, i: u8) -> Option<&(String, String)> {
        self.example.args.get(usize::from(i))
    }
}

impl Operands<String> for Call<'_, '_> {
    fn arg(&mut self, index: u8) -> Option<Operand<String>> {
        let (ty, v) = self.value(index)?;
        let ty = llvm_type(ty);
        let int = |t: &'static str, value: i64| Some(Operand::Int { ty: t, value });
        match (ty.as_str(), v.as_str()) {
            ("i1", "false") => int("i1", 0),
            ("i1", "true") => int("i1", 1),
            ("i1", n) if n.parse::<i64>().is_ok() => int("i1", n.parse().ok()?),
            ("i8", n) if n.parse::<i64>().is_ok() => int("i8", n.parse().ok()?),
            ("i32", n) if n.parse::<i64>().is_ok() => int("i32", n.parse().ok()?),
            _ => Some(Operand::Value(v.clone())),
        }
    }

    fn element(
        &mut self,
        arg: u8,
        index: u8,
        split: Option<&'static OpInfo>,
    ) -> Option<Operand<String>> {
        let (ty, v) = self.value(arg)?.clone();
        let (t, n) = match overload(&ty)? {
            Overload::Vector(t, n) => (t, u32::from(n)),
            Overload::Scalar(t) => (t, 1),
            _ => return None,
        };
        let lanes = split.filter(|_| is_64_bit(t));
        let (element, half) = match lanes {
            Some(_) => (u32::from(index) / 2, Some(u32::from(index) % 2)),
            None => (u32::from(index), None),
        };
        if element >= n {
            return None;
        }
        let e = if n == 1 {
            v.clone()
        } else {
            let name = format!("{}.e{element}", v.trim_start_matches('%'));
            let line = format!(
                "%{name} = extractelement {} {v}, i32 {element}",
                llvm_type(&ty)
            );
            if !self.module.body.contains(&line) {
                self.module.body.push(line);
            }
            format!("%{name}")
        };
        match (lanes, half) {
            (Some(op), Some(h)) => {
                let base = format!("{}.s{element}", v.trim_start_matches('%'));
                let split_line = format!("%{base} = ");
                if !self.module.body.iter().any(|l| l.starts_with(&split_line)) {
                    let operands = [Operand::Value(e)];
                    let call = build_dynamic(
                        op,
                        &self.target,
                        Overloads::one(Overload::Scalar(t)),
                        &operands,
                    )
                    .ok()?;
                    self.module.add(&call, Some(&base));
                    let ret = call.signature.ret().to_string();
                    for k in 0..2 {
                        self.module
                            .body
                            .push(format!("%{base}.{k} = extractvalue {ret} %{base}, {k}"));
                    }
                }
                Some(Operand::Value(format!("%{base}.{h}")))
            }
            _ => Some(Operand::Value(e)),
        }
    }

    fn undef(&mut self, _param: &'static ParamInfo) -> Option<Operand<String>> {
        Some(Operand::Value("undef".to_owned()))
    }

    fn step_result(&mut self, step: u8) -> Option<Operand<String>> {
        self.steps
            .get(usize::from(step))
            .map(|s| Operand::Value(format!("%{s}")))
    }

    fn derived(&mut self, value: Derived, step: &Step) -> Option<Operand<String>> {
        self.facts.derived(value, step)
    }
}

/// Lowers one example at `version`: the module, or why there is none.
fn lower(e: &Example, version: DxilVersion) -> Result<Module, String> {
    let info = intrinsic::find_called(&e.callee)
        .ok_or_else(|| format!("`{}` is not in the map", e.callee))?;
    let Some(lowering) = info.lowering_at(version) else {
        return Err(if info.lowerings.is_empty() {
            format!("`{}` lowers to no DXIL op: {}", info.name, info.remarks)
        } else {
            format!(
                "`{}` has no lowering before DXIL {}",
                info.name, info.lowerings[0].since
            )
        });
    };
    let target = Target::new(version);
    let mut module = Module::default();
    for (t, v) in &e.args {
        if v.starts_with('%') {
            module.params.push(format!("{} {v}", llvm_type(t)));
        }
    }
    // the resource: the handle argument's type, or the type a handle creation returns
    let resource_text = if e.ret.starts_with("target(") {
        Some(e.ret.as_str())
    } else {
        e.args
            .iter()
            .map(|(t, _)| t.as_str())
            .find(|t| t.starts_with("target("))
    };
    let resource = match resource_text {
        Some(t) => Some(ResourceType::parse(t).map_err(|err| err.to_string())?),
        None => None,
    };
    let number = |i: usize| {
        e.args
            .get(i)
            .and_then(|(_, v)| v.parse::<u32>().ok())
            .unwrap_or(0)
    };
    let value = value_type(e);
    let is_binding = info.name.ends_with("handlefrombinding");
    let facts = Facts {
        resource,
        lower_bound: if is_binding { number(1) } else { 0 },
        range_size: if is_binding { number(2) } else { 1 },
        range_id: 0,
        value,
    };
    let result = e.result.clone().unwrap_or_else(|| "r".to_owned());
    let mut call = Call {
        example: e,
        module: &mut module,
        target,
        facts,
        steps: Vec::new(),
    };
    let n = lowering.steps.len();
    let mut buf = intrinsic::operand_buffer::<String>();
    let mut last_ret = String::new();
    for (k, step) in lowering.steps.iter().enumerate() {
        let o = value.unwrap_or(Overload::Void);
        let dyn_call = step
            .build(&target, o, &mut call, &mut buf)
            .map_err(|err| format!("{}: {err}", step.op.name))?;
        let name = if k + 1 == n {
            result.clone()
        } else {
            format!("{result}.s{k}")
        };
        let returns = dyn_call.signature.ret().to_string() != "void";
        last_ret = dyn_call.signature.ret().to_string();
        call.module.add(&dyn_call, returns.then_some(name.as_str()));
        call.steps.push(name);
    }
    match lowering.result {
        ResultShape::ResRet { check, join64 } => {
            let o = value.ok_or("no value type")?;
            let (t, count) = match o {
                Overload::Vector(t, n) => (t, u32::from(n)),
                Overload::Scalar(t) => (t, 1),
                _ => return Err("no value type".to_owned()),
            };
            let pairs = lowering.steps[n - 1].splits_64_bit(o);
            let fields = if pairs { count * 2 } else { count };
            for i in 0..fields {
                module.body.push(format!(
                    "%{result}.{i} = extractvalue {last_ret} %{result}, {i}"
                ));
            }
            if let (true, Some(op)) = (pairs && t.llvm() == "double", join64) {
                for i in 0..count {
                    let ops = [
                        Operand::Value(format!("%{result}.{}", 2 * i)),
                        Operand::Value(format!("%{result}.{}", 2 * i + 1)),
                    ];
                    module.helper(
                        op,
                        &target,
                        Overload::Scalar(t),
                        &ops,
                        &format!("{result}.d{i}"),
                    );
                }
            }
            let checks = e.ret.trim_end_matches('}').trim_end().ends_with("i1");
            if let (true, Some(op)) = (checks, check) {
                module.body.push(format!(
                    "%{result}.status = extractvalue {last_ret} %{result}, 4"
                ));
                let i32_type = scalar("i32").ok_or("no i32")?;
                let status = [Operand::Value(format!("%{result}.status"))];
                module.helper(
                    op,
                    &target,
                    Overload::Scalar(i32_type),
                    &status,
                    &format!("{result}.check"),
                );
            }
        }
        ResultShape::Field(i) => module.body.push(format!(
            "%{result}.x = extractvalue {last_ret} %{result}, {i}"
        )),
        ResultShape::None | ResultShape::Value => {}
    }
    Ok(module)
}

#[dxil_test_data::needs(shared = "seeds")]
#[test]
fn seed_examples_lower_at_dxil_1_5_and_1_6() {
    let Some(dir) = shared::shared_path("seeds") else {
        return;
    };
    let out_dir = std::env::temp_dir().join("dxil-seed-lowering");
    std::fs::create_dir_all(&out_dir).expect("the output folder can be made");
    let versions = [DxilVersion::new(1, 5), DxilVersion::new(1, 6)];
    let mut failures = Vec::new();
    let (mut lowered, mut without, mut assembled, mut total) = (0, 0, 0, 0);
    let mut llvm_as_missing = false;
    for prefix in ["001", "002"] {
        let (file, text) = seed(&dir, prefix);
        let (examples, cut) = examples(prefix, &text);
        println!("{file}: {} example calls", examples.len());
        for place in cut {
            println!("  {place}: the call is cut off at the end of the seed; not lowered");
        }
        assert!(!examples.is_empty(), "{file} has no example call");
        for e in &examples {
            total += 1;
            let args: Vec<&str> = e.args.iter().map(|(_, v)| v.as_str()).collect();
            println!("\n{} {}({})", e.place, e.callee, args.join(", "));
            for v in versions {
                match lower(e, v) {
                    Err(why) => {
                        without += 1;
                        println!("  DXIL {v}: {why}");
                    }
                    Ok(m) => {
                        lowered += 1;
                        println!("  DXIL {v}:");
                        for l in &m.body {
                            println!("    {l}");
                        }
                        let text = m.text(v);
                        let name =
                            format!("{}-{}_{}.ll", e.place.replace(':', "-"), v.major, v.minor);
                        std::fs::write(out_dir.join(&name), &text).expect("the module is written");
                        let report = dxil_lint::lint(&text);
                        if !report.diagnostics.is_empty() || report.calls == 0 {
                            let d: Vec<String> = report
                                .diagnostics
                                .iter()
                                .map(|d| d.with_file(&name).to_string())
                                .collect();
                            failures.push(format!("{name}: lint:\n{}\n{text}", d.join("\n")));
                        }
                        match assemble(&text) {
                            Some(Ok(())) => assembled += 1,
                            Some(Err(err)) => {
                                failures.push(format!("{name}: llvm-as:\n{err}\n{text}"))
                            }
                            None => llvm_as_missing = true,
                        }
                    }
                }
            }
        }
    }
    println!(
        "\n{total} example calls, lowered {lowered} times at DXIL 1.5 and 1.6 ({without} without a lowering), {assembled} modules assembled{}; modules in {}",
        if llvm_as_missing {
            " (llvm-as-14 not found)"
        } else {
            ""
        },
        out_dir.display()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(lowered > 0);
}
