//! The reader: one pass over the lines of a module that keeps what the checks need — metadata
//! lines, function definitions, `dx.op` declarations and the lines of `dx.op` calls — with
//! their line numbers. Calls are split into operands when they are asked for.

use std::borrow::Cow;
use std::collections::HashMap;

use dxil_ops::{DxilVersion, ShaderKind, ShaderModel};

use crate::md::{self, Md};
use crate::text::{
    Closing, lines, matching, read_name, skip_keywords, split_top, split_type_value, strip_comment,
    word_position,
};

/// The prefix of `dx.op` function names.
const DX_OP: &[u8] = b"dx.op.";

/// How many following lines a call whose operand list is not closed may take.
const MAX_CONTINUATION_LINES: usize = 64;

/// A module read from LLVM IR text.
#[derive(Debug)]
pub struct Module<'t> {
    named: Vec<(&'t str, &'t str, usize)>,
    nodes: HashMap<u64, &'t str>,
    functions: Vec<FunctionDef<'t>>,
    declarations: Vec<Declaration<'t>>,
    sites: Vec<Site<'t>>,
}

/// A function definition (`define ... @name(...) {`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FunctionDef<'t> {
    /// Name, unquoted, escapes as written (`\01?main@@YAXXZ`).
    pub name: &'t str,
    /// Line of the `define`.
    pub line: usize,
}

/// A declaration of a `dx.op` function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Declaration<'t> {
    /// Line of the `declare`.
    pub line: usize,
    /// Function name, unquoted.
    pub name: &'t str,
    /// Result type as written.
    pub ret: &'t str,
    /// The parameter list inside the parentheses, as written; `None` when it is not closed.
    pub params: Option<&'t str>,
}

impl<'t> Declaration<'t> {
    /// The parameter types.
    pub fn param_types(&self) -> impl Iterator<Item = &'t str> + 't {
        split_top(self.params.unwrap_or("")).map(|p| split_type_value(p).0)
    }
}

/// The text of a line with a `dx.op` call.
#[derive(Debug)]
struct Site<'t> {
    line: usize,
    function: Option<usize>,
    code: Cow<'t, str>,
    parts: Parts,
}

/// Where the parts of a call are in its text (byte positions).
#[derive(Clone, Copy, Debug)]
struct Parts {
    /// The `call` keyword.
    call_kw: usize,
    /// The `@` of the callee.
    at: usize,
    /// The `(` of the operand list, if any.
    open: Option<usize>,
    /// The `)` that closes it, if any.
    close: Option<usize>,
}

impl Parts {
    /// Finds the operand list after the callee at `at`: its `(`, not yet the `)` that closes
    /// it (see [`Closing`]).
    fn locate(code: &str, call_kw: usize, at: usize) -> Parts {
        let mut parts = Parts {
            call_kw,
            at,
            open: None,
            close: None,
        };
        if let Some((_, n)) = code.get(at + 1..).and_then(read_name) {
            let after = at + 1 + n;
            let rest = code.get(after..).unwrap_or("");
            let open = after + (rest.len() - rest.trim_start().len());
            if code.as_bytes().get(open) == Some(&b'(') {
                parts.open = Some(open);
            }
        }
        parts
    }

    /// Whether the call has an operand list that is not closed.
    fn unclosed(&self) -> bool {
        self.open.is_some() && self.close.is_none()
    }
}

/// A call of a `dx.op` function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call<'m> {
    /// Line of the call (its first line when it spans several).
    pub line: usize,
    /// The enclosing function definition, as an index into [`Module::functions`].
    pub function: Option<usize>,
    /// Function name, unquoted.
    pub callee: &'m str,
    /// Result type as written.
    pub ret: &'m str,
    /// Operands, the opcode first.
    pub operands: Vec<Operand<'m>>,
    /// The name of the result (`%h` → `h`), when the call has one.
    pub result: Option<&'m str>,
    /// The operand list is not closed.
    pub unterminated: bool,
}

/// An operand of a call: its type and value as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand<'m> {
    /// The type (`i32`, `%dx.types.Handle`); empty when none could be read.
    pub ty: &'m str,
    /// The value (`13`, `%x`, `undef`, `{ i32 0, i8 1 }`).
    pub value: &'m str,
}

/// An entry point of `!dx.entryPoints`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryPoint<'t> {
    /// The entry function, unquoted; `None` for the `null` record of a library.
    pub function: Option<&'t str>,
    /// The entry's name.
    pub name: &'t str,
    /// The shader kind of its properties (tag 8, libraries only), as a number.
    pub kind: Option<i128>,
    /// The node launch type of its properties (tag 13, node shaders), as a number.
    pub launch: Option<i128>,
}

/// The shader model of `!dx.shaderModel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModelInfo<'t> {
    /// The kind as written (`ps`, `lib`).
    pub kind: &'t str,
    /// The version, if both numbers fit.
    pub version: Option<ShaderModel>,
}

impl ModelInfo<'_> {
    /// The stage of the kind; `None` for libraries and unknown kinds.
    pub fn stage(&self) -> Option<ShaderKind> {
        ShaderKind::from_profile_prefix(self.kind)
    }

    /// Whether the kind is a library.
    pub fn is_library(&self) -> bool {
        self.kind == "lib"
    }
}

/// DXC's name of a shader kind in shader-model names and messages: `ps`, `cs`, `lib`,
/// `raygeneration`, `node`, ...
pub fn kind_name(kind: ShaderKind) -> &'static str {
    // the stages only libraries hold are named by their ops.toml name
    match kind.profile_prefix() {
        "lib" if kind != ShaderKind::Library => kind.name(),
        prefix => prefix,
    }
}

impl std::fmt::Display for ModelInfo<'_> {
    /// `ps_6_0`, as DXC names shader models.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.version {
            Some(v) => write!(f, "{}_{}_{}", self.kind, v.major, v.minor),
            None => write!(f, "{}_?", self.kind),
        }
    }
}

/// The searcher for [`DX_OP`].
fn dx_op_finder() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    FINDER.get_or_init(|| memchr::memmem::Finder::new(DX_OP))
}

/// The position of the first `@dx.op.` or `@"dx.op.` in `code`: the index of the `@`.
fn dx_op_reference(code: &[u8]) -> Option<usize> {
    let finder = dx_op_finder();
    let mut from = 0;
    while let Some(i) = code.get(from..).and_then(|c| finder.find(c)) {
        let at = from + i;
        match (
            at.checked_sub(1).and_then(|p| code.get(p)),
            at.checked_sub(2).and_then(|p| code.get(p)),
        ) {
            (Some(b'@'), _) => return Some(at - 1),
            (Some(b'"'), Some(b'@')) => return Some(at - 2),
            _ => from = at + DX_OP.len(),
        }
    }
    None
}

impl<'t> Module<'t> {
    /// Reads a module. Never fails: what cannot be read is skipped.
    pub fn parse(text: &'t str) -> Module<'t> {
        let mut m = Module {
            named: Vec::new(),
            nodes: HashMap::new(),
            functions: Vec::new(),
            declarations: Vec::new(),
            sites: Vec::new(),
        };
        let mut current: Option<usize> = None;
        let mut lines = lines(text).enumerate().peekable();
        while let Some((index, raw)) = lines.next() {
            let line_no = index + 1;
            let line = raw.trim_start();
            let Some(&first) = line.as_bytes().first() else {
                continue;
            };
            match first {
                b';' => continue,
                b'!' => {
                    m.metadata_line(line, line_no);
                    continue;
                }
                b'}' => {
                    current = None;
                    continue;
                }
                _ => {}
            }
            let code = strip_comment(line).trim_end();
            if code.starts_with("define ") || code.starts_with("define\t") {
                if let Some(name) = global_name(code) {
                    m.functions.push(FunctionDef {
                        name,
                        line: line_no,
                    });
                    current = Some(m.functions.len() - 1);
                }
                continue;
            }
            let Some(at) = dx_op_reference(code.as_bytes()) else {
                continue;
            };
            if code.starts_with("declare") {
                if let Some(d) = declaration(code, at, line_no) {
                    m.declarations.push(d);
                }
                continue;
            }
            let Some(call_kw) = word_position(code.get(..at).unwrap_or(""), "call") else {
                // another use of a dx.op function (out of scope)
                continue;
            };
            let mut parts = Parts::locate(code, call_kw, at);
            // the search for the `)` goes on over the lines joined to the call
            let mut closing = parts.open.map(Closing::new);
            parts.close = closing.as_mut().and_then(|c| c.find(code.as_bytes()));
            let mut joined: Cow<'t, str> = Cow::Borrowed(code);
            let mut taken = 0;
            while parts.unclosed() && taken < MAX_CONTINUATION_LINES {
                let Some((_, next)) = lines.peek() else { break };
                let next_code = strip_comment(next.trim()).trim();
                if next_code.starts_with('!')
                    || next_code.starts_with("define")
                    || next_code.starts_with('}')
                {
                    break;
                }
                let s = joined.to_mut();
                s.push(' ');
                s.push_str(next_code);
                lines.next();
                taken += 1;
                parts.close = closing.as_mut().and_then(|c| c.find(joined.as_bytes()));
            }
            m.sites.push(Site {
                line: line_no,
                function: current,
                code: joined,
                parts,
            });
        }
        m
    }

    fn metadata_line(&mut self, line: &'t str, line_no: usize) {
        let code = strip_comment(line);
        let Some(eq) = memchr::memchr(b'=', code.as_bytes()) else {
            return;
        };
        let (Some(name), Some(body)) = (code.get(1..eq), code.get(eq + 1..)) else {
            return;
        };
        let name = name.trim();
        let body = body.trim();
        if name.bytes().next().is_some_and(|b| b.is_ascii_digit()) {
            if let Ok(n) = name.parse::<u64>() {
                self.nodes.entry(n).or_insert(body);
            }
        } else {
            self.named.push((name, body, line_no));
        }
    }

    /// Function definitions, in order.
    pub fn functions(&self) -> &[FunctionDef<'t>] {
        &self.functions
    }

    /// Declarations of `dx.op` functions, in order.
    pub fn declarations(&self) -> &[Declaration<'t>] {
        &self.declarations
    }

    /// Number of `dx.op` calls.
    pub fn call_count(&self) -> usize {
        self.sites.len()
    }

    /// The calls of `dx.op` functions, in order.
    pub fn calls(&self) -> impl Iterator<Item = Call<'_>> + '_ {
        self.sites.iter().map(call)
    }

    /// The line of the first `dx.op` declaration or call.
    pub fn first_dx_op_line(&self) -> Option<usize> {
        let d = self.declarations.first().map(|d| d.line);
        let c = self.sites.first().map(|s| s.line);
        match (d, c) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The operands of named metadata `name` (the first definition).
    pub(crate) fn named(&self, name: &str) -> Option<Vec<Md<'t>>> {
        let (_, body, _) = self.named.iter().find(|(n, _, _)| *n == name)?;
        md::tuple(body)
    }

    /// The line of named metadata `name` (the first definition).
    pub fn metadata_line_of(&self, name: &str) -> Option<usize> {
        let (_, _, line) = self.named.iter().find(|(n, _, _)| *n == name)?;
        Some(*line)
    }

    /// Resolves an element to a tuple: a reference to a node, or a tuple written in place.
    pub(crate) fn resolve(&self, e: &Md<'t>) -> Option<Vec<Md<'t>>> {
        match e {
            Md::Ref(n) => md::tuple(self.nodes.get(n)?),
            Md::Tuple(t) => Some(t.clone()),
            _ => None,
        }
    }

    /// The text of numbered metadata node `!n` (after the `=`).
    pub(crate) fn node(&self, n: u64) -> Option<&'t str> {
        self.nodes.get(&n).copied()
    }

    /// The DXIL version of `!dx.version`.
    pub fn dxil_version(&self) -> Option<DxilVersion> {
        let first = self.named("dx.version")?.into_iter().next()?;
        let t = self.resolve(&first)?;
        let major = u8::try_from(t.first()?.int()?).ok()?;
        let minor = u8::try_from(t.get(1)?.int()?).ok()?;
        Some(DxilVersion::new(major, minor))
    }

    /// The shader model of `!dx.shaderModel`.
    pub fn shader_model(&self) -> Option<ModelInfo<'t>> {
        let first = self.named("dx.shaderModel")?.into_iter().next()?;
        let t = self.resolve(&first)?;
        let Md::Str(kind) = t.first()? else {
            return None;
        };
        let major = t
            .get(1)
            .and_then(Md::int)
            .and_then(|v| u8::try_from(v).ok());
        let minor = t
            .get(2)
            .and_then(Md::int)
            .and_then(|v| u8::try_from(v).ok());
        Some(ModelInfo {
            kind,
            version: major.zip(minor).map(|(a, b)| ShaderModel::new(a, b)),
        })
    }

    /// The entry points of `!dx.entryPoints`. Each node is read once, however many entries
    /// name it.
    pub fn entry_points(&self) -> Vec<EntryPoint<'t>> {
        let Some(list) = self.named("dx.entryPoints") else {
            return Vec::new();
        };
        let mut entries: md::NodeFacts<EntryPoint<'t>> = md::NodeFacts::default();
        let mut properties: md::NodeFacts<(Option<i128>, Option<i128>)> = md::NodeFacts::default();
        list.iter()
            .filter_map(|e| {
                entries.get(self, e, |t| {
                    let function = match t.first() {
                        Some(Md::Global(g)) => Some(*g),
                        _ => None,
                    };
                    let name = match t.get(1) {
                        Some(Md::Str(s)) => s,
                        _ => "",
                    };
                    let (kind, launch) = t
                        .get(4)
                        .and_then(|p| {
                            properties.get(self, p, |props| {
                                let tag = |t: i128| {
                                    props
                                        .chunks(2)
                                        .find(|pair| pair.first().and_then(Md::int) == Some(t))
                                        .and_then(|pair| pair.get(1))
                                        .and_then(Md::int)
                                };
                                Some((tag(8), tag(13)))
                            })
                        })
                        .unwrap_or_default();
                    Some(EntryPoint {
                        function,
                        name,
                        kind,
                        launch,
                    })
                })
            })
            .collect()
    }
}

/// The name of the first global in `code` (`define void @main()` → `main`).
fn global_name(code: &str) -> Option<&str> {
    let at = memchr::memchr(b'@', code.as_bytes())?;
    read_name(code.get(at + 1..)?).map(|(n, _)| n)
}

/// Reads `declare RET @dx.op...(PARAMS) ATTRS`, where `at` is the position of the `@`.
fn declaration(code: &str, at: usize, line: usize) -> Option<Declaration<'_>> {
    let ret = skip_keywords(code.get("declare".len()..at)?).trim();
    let after = code.get(at + 1..)?;
    let (name, n) = read_name(after)?;
    let rest = after.get(n..)?;
    let open = rest.len() - rest.trim_start().len();
    let params = if rest.as_bytes().get(open) == Some(&b'(') {
        matching(rest.as_bytes(), open).and_then(|close| rest.get(open + 1..close))
    } else {
        None
    };
    Some(Declaration {
        line,
        name,
        ret,
        params,
    })
}

/// Reads the call of a site; what cannot be read is empty.
fn call<'m>(site: &'m Site<'_>) -> Call<'m> {
    let code: &str = &site.code;
    let p = site.parts;
    let ret = code
        .get(p.call_kw + 4..p.at)
        .map_or("", |r| skip_keywords(r).trim());
    let callee = code
        .get(p.at + 1..)
        .and_then(read_name)
        .map_or("", |(name, _)| name);
    let inside = match (p.open, p.close) {
        (Some(open), Some(close)) => code.get(open + 1..close),
        (Some(open), None) => code.get(open + 1..),
        (None, _) => None,
    };
    let operands = split_top(inside.unwrap_or(""))
        .map(|o| {
            let (ty, value) = split_type_value(o);
            Operand { ty, value }
        })
        .collect();
    let result = code
        .get(..p.call_kw)
        .and_then(|before| before.trim().strip_suffix('='))
        .map(str::trim_end)
        .and_then(|r| r.strip_prefix('%'))
        .and_then(|r| read_name(r).map(|(n, _)| n));
    Call {
        line: site.line,
        function: site.function,
        callee,
        ret,
        operands,
        result,
        unterminated: p.close.is_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"; CHECK: call float @dx.op.unary.f32(i32 13, float %x)
define void @main() {
  %1 = call float @dx.op.unary.f32(i32 13, float %x)  ; Sin(value)
  %2 = tail call %dx.types.Handle @"dx.op.createHandleForLib.class.RWBuffer<vector<float, 4> >"(i32 160, %"class.RWBuffer<vector<float, 4> >" %h), !dbg !3
  call void @dx.op.storeOutput.f32(i32 5,
      i32 0, i32 0, i8 0, float %1)
  ret void
}
declare float @dx.op.unary.f32(i32, float) #0
!dx.version = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!4}
!1 = !{i32 1, i32 6}
!2 = !{!"lib", i32 6, i32 6}
!4 = !{void ()* @main, !"main", null, null, !5}
!5 = !{i32 8, i32 5, i32 4, !6}
"#;

    #[test]
    fn reads_a_module() {
        let m = Module::parse(SAMPLE);
        assert_eq!(
            m.functions(),
            [FunctionDef {
                name: "main",
                line: 2
            }]
        );
        let calls: Vec<Call<'_>> = m.calls().collect();
        assert_eq!(calls.len(), 3);
        assert_eq!(calls[0].callee, "dx.op.unary.f32");
        assert_eq!(calls[0].ret, "float");
        assert_eq!(
            calls[0].operands[1],
            Operand {
                ty: "float",
                value: "%x"
            }
        );
        assert_eq!(
            calls[1].callee,
            "dx.op.createHandleForLib.class.RWBuffer<vector<float, 4> >"
        );
        assert_eq!(calls[1].operands.len(), 2);
        assert_eq!(calls[2].line, 5);
        assert_eq!(calls[2].operands.len(), 5);
        assert!(!calls[2].unterminated);
        assert_eq!(m.declarations().len(), 1);
        assert_eq!(
            m.declarations()[0].param_types().collect::<Vec<_>>(),
            ["i32", "float"]
        );
        assert_eq!(m.dxil_version(), Some(DxilVersion::new(1, 6)));
        let sm = m.shader_model().map(|s| s.to_string());
        assert_eq!(sm.as_deref(), Some("lib_6_6"));
        let e = m.entry_points();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].function, Some("main"));
        assert_eq!(e[0].kind, Some(5));
    }
}
