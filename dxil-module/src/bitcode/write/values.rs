//! Value numbering: globals, then functions, then the module's constants; in a function body
//! its arguments, its own constants, then the results of its instructions. Constants are
//! numbered as LLVM's enumerator numbers them: each after the constants it contains, counted
//! by use, then ordered by type and by use (most used first) with integers moved to the front,
//! so that a decoded DXC module keeps its constant tables as DXC wrote them.

use super::error::{Place, WriteError, WriteErrorKind};
use super::types::TypeTable;
use crate::model::{ConstExpr, ConstId, ConstKind, Module, Type, Value};

/// No number.
pub(super) const NONE: u32 = u32::MAX;

/// The `i`th value operand of a constant, in LLVM's operand order.
pub(super) fn const_operand(kind: &ConstKind, i: usize) -> Option<Value> {
    let nth = |vs: &[Value]| vs.get(i).copied();
    match kind {
        ConstKind::Aggregate(vs) => nth(vs),
        ConstKind::Expr(e) => match e {
            ConstExpr::Cast { value, .. } => nth(&[*value]),
            ConstExpr::Binary { lhs, rhs, .. } | ConstExpr::Compare { lhs, rhs, .. } => {
                nth(&[*lhs, *rhs])
            }
            ConstExpr::GetElementPtr { operands, .. } => nth(operands),
            ConstExpr::Select {
                cond,
                then,
                otherwise,
            } => nth(&[*cond, *then, *otherwise]),
            ConstExpr::ExtractElement { vector, index } => nth(&[*vector, *index]),
            ConstExpr::InsertElement {
                vector,
                element,
                index,
            } => nth(&[*vector, *element, *index]),
            ConstExpr::ShuffleVector { a, b, mask } => nth(&[*a, *b, *mask]),
        },
        _ => None,
    }
}

/// The constants of one table (the module's or a function's), as they are enumerated.
pub(super) struct ConstTable {
    /// The constants in the order of the table.
    pub list: Vec<ConstId>,
    /// How many times each was enumerated (by position in `list` until [`Self::order`]).
    counts: Vec<u32>,
    /// The position of each constant in `list`, valid where `stamp` is the table's.
    pos: Vec<u32>,
    stamp: Vec<u32>,
    current: u32,
    /// Constants being enumerated (to find one that contains itself).
    open: Vec<bool>,
    stack: Vec<(ConstId, usize)>,
}

impl ConstTable {
    /// An empty table for the constants of `m`.
    pub(super) fn new(m: &Module) -> ConstTable {
        let n = m.constants.len();
        ConstTable {
            list: Vec::new(),
            counts: Vec::new(),
            pos: vec![NONE; n],
            stamp: vec![0; n],
            current: 1,
            open: vec![false; n],
            stack: Vec::new(),
        }
    }

    /// Empties the table for the next function.
    pub(super) fn reset(&mut self) {
        self.list.clear();
        self.counts.clear();
        self.current += 1;
    }

    /// The position of a constant in the table, if it is in it.
    #[inline]
    pub(super) fn position(&self, c: ConstId) -> Option<u32> {
        match self.stamp.get(c.index()) {
            Some(&s) if s == self.current => self.pos.get(c.index()).copied(),
            _ => None,
        }
    }

    /// Enumerates constant `root` and the constants it contains, unless `outer` (the
    /// module's table, for a function's) has them already.
    pub(super) fn add(
        &mut self,
        m: &Module,
        root: ConstId,
        outer: Option<&ConstTable>,
        place: &dyn Fn() -> Place,
    ) -> Result<(), WriteError> {
        if !self.known(root, outer) {
            self.open_const(m, root, place)?;
        }
        while let Some(&mut (c, ref mut next)) = self.stack.last_mut() {
            let kind = m.constants.get(c).map(|k| &k.kind);
            match kind.and_then(|k| const_operand(k, *next)) {
                Some(v) => {
                    *next += 1;
                    match v {
                        Value::Const(d) => {
                            if self.open.get(d.index()) == Some(&true) {
                                return Err(WriteError::new(
                                    Place::Constant(d.0),
                                    WriteErrorKind::ConstantCycle,
                                ));
                            }
                            if !self.known(d, outer) {
                                self.open_const(m, d, place)?;
                            }
                        }
                        Value::Global(_) | Value::Function(_) => {}
                        Value::Arg(_) | Value::Inst(_) => {
                            return Err(WriteError::new(
                                Place::Constant(c.0),
                                WriteErrorKind::LocalValue,
                            ));
                        }
                        Value::Metadata(_) => {
                            return Err(WriteError::new(
                                Place::Constant(c.0),
                                WriteErrorKind::MetadataOperand,
                            ));
                        }
                    }
                }
                None => {
                    self.stack.pop();
                    self.open[c.index()] = false;
                    let i = c.index();
                    self.pos[i] = self.list.len() as u32;
                    self.stamp[i] = self.current;
                    self.list.push(c);
                    self.counts.push(1);
                }
            }
        }
        Ok(())
    }

    /// Whether `c` has a number already (counting this use when it is in this table).
    fn known(&mut self, c: ConstId, outer: Option<&ConstTable>) -> bool {
        if let Some(p) = self.position(c) {
            if let Some(n) = self.counts.get_mut(p as usize) {
                *n += 1;
            }
            return true;
        }
        outer.is_some_and(|o| o.position(c).is_some())
    }

    fn open_const(
        &mut self,
        m: &Module,
        c: ConstId,
        place: &dyn Fn() -> Place,
    ) -> Result<(), WriteError> {
        if m.constants.get(c).is_none() {
            return Err(WriteError::new(
                place(),
                WriteErrorKind::OutOfRange {
                    what: "constant",
                    id: u64::from(c.0),
                    count: m.constants.len() as u64,
                },
            ));
        }
        self.open[c.index()] = true;
        self.stack.push((c, 0));
        Ok(())
    }

    /// Orders the table as LLVM's enumerator does: a stable sort by type id and then by
    /// descending use count, then integers (and vectors of them) moved to the front by an
    /// exchanging partition (not stable: the one of C++'s `std::partition`).
    pub(super) fn order(&mut self, m: &Module, types: &TypeTable) {
        if self.list.len() < 2 {
            return;
        }
        let type_of = |c: ConstId| {
            m.constants
                .get(c)
                .and_then(|k| types.ids.get(k.ty.index()).copied())
                .unwrap_or(NONE)
        };
        let mut keyed: Vec<(u32, u32, ConstId)> = self
            .list
            .iter()
            .zip(&self.counts)
            .map(|(&c, &n)| (type_of(c), n, c))
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let is_int = |c: ConstId| {
            let Some(k) = m.constants.get(c) else {
                return false;
            };
            match m.types.get(k.ty) {
                Some(Type::Int(_)) => true,
                Some(Type::Vector { elem, .. }) => matches!(m.types.get(*elem), Some(Type::Int(_))),
                _ => false,
            }
        };
        let (mut first, mut last) = (0usize, keyed.len());
        'outer: loop {
            while first != last && is_int(keyed[first].2) {
                first += 1;
            }
            if first == last {
                break;
            }
            loop {
                last -= 1;
                if first == last {
                    break 'outer;
                }
                if is_int(keyed[last].2) {
                    break;
                }
            }
            keyed.swap(first, last);
            first += 1;
        }
        for (i, (_, n, c)) in keyed.into_iter().enumerate() {
            self.list[i] = c;
            self.counts[i] = n;
            self.pos[c.index()] = i as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Constant;

    #[test]
    fn constants_are_ordered_by_type_then_use_with_integers_first() {
        let mut m = Module::new();
        let f = m.types.intern(Type::Float);
        let i = m.types.int(32);
        let h = m.types.intern(Type::Half);
        let x = m.constants.intern(Constant {
            ty: f,
            kind: ConstKind::Float(1),
        });
        let a = m.int_const(i, 1);
        let b = m.int_const(i, 2);
        let y = m.constants.intern(Constant {
            ty: h,
            kind: ConstKind::Float(2),
        });
        let types = super::super::types::enumerate(&m).expect("valid");
        let mut t = ConstTable::new(&m);
        let place = || Place::Module;
        for c in [x, a, b, b, y] {
            t.add(&m, c, None, &place).expect("valid");
        }
        t.order(&m, &types);
        // by type: float (0) [x], i32 (1) [b (2 uses), a], half (2) [y]; then the
        // partition swaps the first non-integer (x) with the last integer (a)
        assert_eq!(t.list, [a, b, x, y]);
    }

    #[test]
    fn a_constant_containing_itself_is_refused() {
        let mut m = Module::new();
        let i = m.types.int(32);
        let arr = m.types.intern(Type::Array { len: 1, elem: i });
        let c = m.constants.intern(Constant {
            ty: arr,
            kind: ConstKind::Aggregate(vec![Value::Const(ConstId(0))]),
        });
        let mut t = ConstTable::new(&m);
        let e = t.add(&m, c, None, &|| Place::Module).unwrap_err();
        assert_eq!(e.kind(), &WriteErrorKind::ConstantCycle);
    }
}
