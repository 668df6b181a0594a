//! The signature tables and the LLVM instruction table.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;

impl Emitter<'_> {
    pub(super) fn tables(&self) -> TokenStream {
        quote! {
            //! Signature tables and LLVM instructions of ops.toml (db/signature-tables.toml,
            //! db/llvm-instructions.toml).
        }
    }
}
