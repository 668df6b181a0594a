//! Validation rules.

use proc_macro2::TokenStream;
use quote::quote;

use super::Emitter;

impl Emitter<'_> {
    pub(super) fn rules(&self) -> TokenStream {
        quote! {
            //! Validation rules of ops.toml (db/validation-rules.toml).
        }
    }
}
