//! The region of `DxilInstructions.h`: a helper struct per LLVM instruction and per op, with
//! its identification, its operand positions and accessors (typed ones for immediates).

use std::fmt::Write as _;

use dxil_db::TypeKind;

use super::Error;
use super::view::View;

/// The helper structs: LLVM instructions first, then the ops but reserved slots.
pub(super) fn helpers(view: &View<'_>) -> Result<String, Error> {
    let mut s = String::new();
    for i in &view.db.llvm_instructions {
        let name = format!("LlvmInst_{}", i.name);
        head(&mut s, &name, &i.doc);
        let _ = writeln!(
            s,
            "    return Instr->getOpcode() == llvm::Instruction::{};\n  }}",
            i.name
        );
        allowed(&mut s, i.allowed);
        s.push_str("};\n\n");
    }
    for o in view.ops.iter().filter(|o| !o.op.reserved) {
        let name = format!("DxilInst_{}", o.op.name);
        head(&mut s, &name, &o.op.doc);
        let _ = writeln!(
            s,
            "    return hlsl::OP::IsDxilOpFuncCallInst(Instr, hlsl::OP::OpCode::{});\n  }}",
            o.op.name
        );
        allowed(&mut s, true);
        let _ = writeln!(
            s,
            "  bool isArgumentListValid() const {{\n    if ({} != llvm::dyn_cast<llvm::CallInst>(Instr)->getNumArgOperands()) return false;\n    return true;\n  }}",
            o.operands.len() - 1
        );
        let _ = writeln!(
            s,
            "  // Metadata\n  bool requiresUniformInputs() const {{ return {}; }}",
            view.flag(o, "requires_uniform_inputs")
        );
        // the operands after the result and the opcode, at their call operand positions
        let params: Vec<(usize, &super::view::Operand<'_>)> = o
            .operands
            .iter()
            .enumerate()
            .skip(2)
            .map(|(i, p)| (i - 1, p))
            .collect();
        if !params.is_empty() {
            s.push_str("  // Operand indexes\n  enum OperandIdx {\n");
            for (i, p) in &params {
                let _ = writeln!(s, "    arg_{} = {i},", p.name);
            }
            s.push_str("  };\n  // Accessors\n");
        }
        for (i, p) in &params {
            let n = p.name;
            let _ = writeln!(
                s,
                "  llvm::Value *get_{n}() const {{ return Instr->getOperand({i}); }}\n  void set_{n}(llvm::Value *val) {{ Instr->setOperand({i}, val); }}"
            );
            let accessor = view.ty(p.ty, o.op)?.accessor.as_deref();
            let (Some(cty), true) = (accessor, p.immediate) else {
                continue;
            };
            let bits = match &view.db.types[p.ty.index()].kind {
                TypeKind::Llvm(l) => l.strip_prefix('i').and_then(|b| b.parse::<u32>().ok()),
                _ => None,
            }
            .ok_or_else(|| {
                Error::new(format!(
                    "accessor type of `{n}` of `{}` is no integer",
                    o.op.name
                ))
            })?;
            let _ = writeln!(
                s,
                "  {cty} get_{n}_val() const {{ return ({cty})(llvm::dyn_cast<llvm::ConstantInt>(Instr->getOperand({i}))->getZExtValue()); }}\n  void set_{n}_val({cty} val) {{ Instr->setOperand({i}, llvm::Constant::getIntegerValue(llvm::IntegerType::get(Instr->getContext(), {bits}), llvm::APInt({bits}, (uint64_t)val))); }}"
            );
        }
        s.push_str("};\n\n");
    }
    Ok(s)
}

/// The doc comment, the struct's head and the start of its `operator bool`.
fn head(s: &mut String, name: &str, doc: &str) {
    if !doc.is_empty() {
        let _ = writeln!(s, "/// This instruction {doc}");
    }
    let _ = writeln!(
        s,
        "struct {name} {{\n  llvm::Instruction *Instr;\n  // Construction and identification\n  {name}(llvm::Instruction *pInstr) : Instr(pInstr) {{}}\n  operator bool() const {{"
    );
}

/// `isAllowed`.
fn allowed(s: &mut String, allowed: bool) {
    let _ = writeln!(
        s,
        "  // Validation support\n  bool isAllowed() const {{ return {allowed}; }}"
    );
}
