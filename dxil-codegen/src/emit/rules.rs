//! Validation rules: one table of rule rows (code, category, message, shader model, stages), the
//! rule enum indexing it, and the lookup by code.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, code, doc, hex, int, md, shader_model};
use crate::Error;

impl Emitter<'_> {
    pub(super) fn rules(&self) -> Result<TokenStream, Error> {
        let rt = &self.rt;
        let rules = &self.db.rules;
        let variants: Vec<_> = rules.iter().map(|r| &self.rule_variants[&r.name]).collect();
        let ids: Vec<_> = rules.iter().map(|r| int(r.id)).collect();
        let docs = rules.iter().map(|r| {
            doc(&format!(
                "{} ({}): {}{}",
                code(&r.code),
                md(&r.category),
                md(&r.doc),
                if r.disabled { " Disabled." } else { "" }
            ))
        });
        let rows = rules.iter().map(|r| {
            let (c, category, d, message) = (&r.code, &r.category, &r.doc, &r.message);
            let arguments = int(r.arguments as u64);
            let sm = shader_model(r.shader_model);
            let stages = r
                .stages
                .iter()
                .map(|s| self.db.stages[s.index()].shader_kind)
                .filter(|k| *k < 32)
                .fold(0u32, |m, k| m | 1 << k);
            let mut row = quote!(RuleInfo::new(#c, #category, #d, #message, #arguments, #sm));
            if stages != 0 {
                let stages = hex(stages);
                row = quote!(#row.stages(StageSet(#stages)));
            }
            if r.disabled {
                row = quote!(#row.disabled());
            }
            row
        });
        let n = int(rules.len() as u64);
        // the rules' ids are usually their positions: then the enum's value is the index
        let dense = rules.iter().enumerate().all(|(i, r)| r.id as usize == i);
        let (index, from_id) = if dense {
            (
                quote!(self as usize),
                quote! {
                    if (id as usize) < Self::ALL.len() { Some(Self::ALL[id as usize]) } else { None }
                },
            )
        } else {
            let positions = (0..rules.len()).map(|i| int(i as u64));
            (
                quote!(match self { #(ValidationRule::#variants => #positions,)* }),
                quote!(match id { #(#ids => Some(ValidationRule::#variants),)* _ => None }),
            )
        };
        let codes: Vec<&str> = rules.iter().map(|r| r.code.as_str()).collect();
        let map = self.name_map("rule codes", &codes, quote!(RULES))?;
        let runtime = self.runtime_imports(
            quote!(RuleInfo),
            quote!(NameMap, ShaderKind, ShaderModel, StageSet),
        );
        Ok(quote! {
            //! Validation rules of ops.toml (db/validation-rules.toml).
            #runtime

            /// Every rule, in the order of [`ValidationRule::ALL`].
            pub static RULES: [RuleInfo; #n] = [#(#rows),*];

            /// Validation rules: the checks a validator applies to a DXIL module. The value is the
            /// rule's numeric id; [`ValidationRule::info`] has the rest.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum ValidationRule {
                #( #docs #variants = #ids, )*
            }

            static BY_CODE: NameMap<RuleInfo> = #map;

            impl ValidationRule {
                /// Every rule.
                pub const ALL: [ValidationRule; #n] = [#(ValidationRule::#variants),*];

                /// The rule's position in [`ALL`](Self::ALL) and [`RULES`].
                #[inline]
                pub const fn index(self) -> usize {
                    #index
                }

                /// The rule's row.
                #[inline]
                pub const fn info(self) -> &'static RuleInfo {
                    &RULES[self.index()]
                }

                /// The rule's code, e.g. `INSTR.OLOAD`.
                pub const fn code(self) -> &'static str {
                    self.info().code
                }

                /// The rule's category, e.g. `Instruction`.
                pub const fn category(self) -> &'static str {
                    self.info().category
                }

                /// The error message, with `%0`, `%1` ... placeholders.
                pub const fn message(self) -> &'static str {
                    self.info().message
                }

                /// What the rule checks.
                pub const fn doc(self) -> &'static str {
                    self.info().doc
                }

                /// How many arguments the message takes.
                pub const fn arguments(self) -> usize {
                    self.info().arguments
                }

                /// The minimum shader model the rule applies to.
                pub const fn shader_model(self) -> ShaderModel {
                    self.info().shader_model
                }

                /// The stages the rule applies to; empty when it applies to every stage.
                pub const fn stages(self) -> StageSet {
                    self.info().stages
                }

                /// Whether the rule applies to a module of shader model `sm` for `stage`: the
                /// shader model is not below the rule's, and the rule lists the stage (or no
                /// stage at all). Disabled rules apply nowhere.
                pub const fn applies_to(self, sm: ShaderModel, stage: ShaderKind) -> bool {
                    let stages = self.stages();
                    !self.is_disabled()
                        && !sm.is_before(self.shader_model())
                        && (stages.is_empty() || stages.contains(stage))
                }

                /// DXC's numeric id of the rule (also the enum's value).
                pub const fn id(self) -> u32 {
                    self as u32
                }

                /// The rule with DXC's numeric id `id`.
                pub const fn from_id(id: u32) -> Option<ValidationRule> {
                    #from_id
                }

                /// Whether validators skip the rule.
                pub const fn is_disabled(self) -> bool {
                    self.info().disabled
                }

                /// The rule with this code (`INSTR.OLOAD`).
                pub fn from_code(code: &str) -> Option<ValidationRule> {
                    Some(ValidationRule::ALL[BY_CODE.index(code)?])
                }

                /// The message with its placeholders filled, or an error when the number of
                /// arguments is not the number the message takes.
                pub fn format<'a>(self, args: &'a [&'a dyn core::fmt::Display]) -> Result<#rt::RuleMessage<'a>, #rt::ArgumentCount> {
                    #rt::RuleMessage::new(self.code(), self.message(), self.arguments(), args)
                }
            }

            impl core::fmt::Display for ValidationRule {
                fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                    f.write_str(self.code())
                }
            }
        })
    }
}
