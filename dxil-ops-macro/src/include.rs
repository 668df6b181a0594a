//! `include_ops!`: the `dxil-ops` API for a downstream extension file.

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;
use syn::LitStr;

use crate::database;

/// Reads the extension file named by `path` (relative to the calling crate's folder), loads it
/// with the workspace's database and generates its API.
pub fn expand(path: &LitStr) -> syn::Result<TokenStream> {
    let rel = path.value();
    let err = |msg: String| syn::Error::new(path.span(), msg);
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return Err(err(
            "CARGO_MANIFEST_DIR is not set: include_ops! reads the file relative to the folder of \
             the calling crate's Cargo.toml, and needs cargo to say which"
                .to_owned(),
        ));
    };
    let full = PathBuf::from(dir).join(&rel);
    let text = std::fs::read_to_string(&full).map_err(|e| {
        err(format!(
            "cannot read `{rel}` (relative to the folder of the crate's Cargo.toml): {e}"
        ))
    })?;
    let ext = database::with_extension(&rel, &text)
        .map_err(|e| err(format!("`{rel}` does not load:\n{e}")))?;
    let items = dxil_codegen::generate_extension(&ext)
        .map_err(|e| err(format!("cannot generate the API of `{rel}`: {e}")))?;
    // Makes the compiler record the file, so that cargo rebuilds the crate when it changes.
    let tracked = full.to_string_lossy().into_owned();
    let same_database = database::same_database_check();
    Ok(quote! {
        #items
        #same_database
        const _: &str = ::core::include_str!(#tracked);
    })
}
