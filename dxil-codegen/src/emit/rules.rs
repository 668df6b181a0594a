//! Validation rules: an enum with each rule's code, category, message, shader model and
//! stages, and the formatter of its message.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Emitter, doc, shader_model};
use crate::names;

impl Emitter<'_> {
    pub(super) fn rules(&self) -> TokenStream {
        let rt = &self.rt;
        let rules = &self.db.rules;
        let variants: Vec<_> = rules.iter().map(|r| names::camel(&r.name)).collect();
        let ids: Vec<u32> = rules.iter().map(|r| r.id).collect();
        let docs = rules.iter().map(|r| {
            doc(&format!(
                "`{}` ({}): {}\n\nMessage: \"{}\"{}",
                r.code,
                r.category,
                r.doc,
                r.message,
                if r.disabled { "\n\nDisabled." } else { "" }
            ))
        });
        let codes: Vec<&str> = rules.iter().map(|r| r.code.as_str()).collect();
        let categories: Vec<&str> = rules.iter().map(|r| r.category.as_str()).collect();
        let messages: Vec<&str> = rules.iter().map(|r| r.message.as_str()).collect();
        let rule_docs: Vec<&str> = rules.iter().map(|r| r.doc.as_str()).collect();
        let arguments: Vec<usize> = rules.iter().map(|r| r.arguments).collect();
        let sms: Vec<_> = rules
            .iter()
            .map(|r| shader_model(rt, r.shader_model))
            .collect();
        let disabled: Vec<bool> = rules.iter().map(|r| r.disabled).collect();
        let stages: Vec<u32> = rules
            .iter()
            .map(|r| {
                r.stages
                    .iter()
                    .map(|s| self.db.stages[s.index()].shader_kind)
                    .filter(|k| *k < 32)
                    .fold(0u32, |m, k| m | 1 << k)
            })
            .collect();
        let n = rules.len();
        let map = self.phf_map(
            quote!(ValidationRule),
            rules
                .iter()
                .zip(&variants)
                .map(|(r, v)| (r.code.as_str(), quote!(ValidationRule::#v))),
        );
        quote! {
            //! Validation rules of ops.toml (db/validation-rules.toml).

            /// Validation rules: the checks a validator applies to a DXIL module. The value is the
            /// rule's numeric id.
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            #[repr(u32)]
            pub enum ValidationRule {
                #( #docs #variants = #ids, )*
            }

            static BY_CODE: #rt::NameMap<ValidationRule> = #map;

            impl ValidationRule {
                /// Every rule.
                pub const ALL: [ValidationRule; #n] = [#(ValidationRule::#variants),*];

                /// The rule's code, e.g. `INSTR.OLOAD`.
                pub const fn code(self) -> &'static str {
                    match self { #(ValidationRule::#variants => #codes,)* }
                }

                /// The rule's category, e.g. `Instruction`.
                pub const fn category(self) -> &'static str {
                    match self { #(ValidationRule::#variants => #categories,)* }
                }

                /// The error message, with `%0`, `%1` ... placeholders.
                pub const fn message(self) -> &'static str {
                    match self { #(ValidationRule::#variants => #messages,)* }
                }

                /// What the rule checks.
                pub const fn doc(self) -> &'static str {
                    match self { #(ValidationRule::#variants => #rule_docs,)* }
                }

                /// How many arguments the message takes.
                pub const fn arguments(self) -> usize {
                    match self { #(ValidationRule::#variants => #arguments,)* }
                }

                /// The minimum shader model the rule applies to.
                pub const fn shader_model(self) -> #rt::ShaderModel {
                    match self { #(ValidationRule::#variants => #sms,)* }
                }

                /// The stages the rule applies to; empty when it applies to every stage.
                pub const fn stages(self) -> #rt::StageSet {
                    match self { #(ValidationRule::#variants => #rt::StageSet(#stages),)* }
                }

                /// Whether the rule applies to a module of shader model `sm` for `stage`: the
                /// shader model is not below the rule's, and the rule lists the stage (or no
                /// stage at all). Disabled rules apply nowhere.
                pub const fn applies_to(self, sm: #rt::ShaderModel, stage: #rt::ShaderKind) -> bool {
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
                    match id {
                        #(#ids => Some(ValidationRule::#variants),)*
                        _ => None,
                    }
                }

                /// Whether validators skip the rule.
                pub const fn is_disabled(self) -> bool {
                    match self { #(ValidationRule::#variants => #disabled,)* }
                }

                /// The rule with this code (`INSTR.OLOAD`).
                pub fn from_code(code: &str) -> Option<ValidationRule> {
                    BY_CODE.get(code).copied()
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
        }
    }
}
