//! The database inside the package of `dxil-ops-macro`: a copy of every database file, and the
//! Rust file that embeds them with `include_str!`. The macros read the database the generated
//! code of `dxil-ops` was made from, and the package of `dxil-ops-macro` holds everything it
//! needs.

use quote::quote;

use crate::{Error, GeneratedFile, rust};
use dxil_db::Database;

/// The folder of the copy, relative to the workspace root.
pub const COPY_DIR: &str = "dxil-ops-macro/database";

/// The copies of the database files and `dxil-ops-macro/src/embedded.rs`.
pub(crate) fn files(db: &Database) -> Result<Vec<GeneratedFile>, Error> {
    let mut out: Vec<GeneratedFile> = db
        .files()
        .iter()
        .map(|(name, text)| GeneratedFile {
            path: format!("{COPY_DIR}/{name}"),
            contents: text.clone(),
        })
        .collect();
    let Some(((root, _), includes)) = db.files().split_first() else {
        return Ok(out);
    };
    let root_path = format!("../database/{root}");
    let includes = includes.iter().map(|(name, _)| {
        let path = format!("../database/{name}");
        quote!((#name, include_str!(#path)))
    });
    let fingerprint = db.fingerprint();
    let tokens = quote! {
        //! The database files `dxil-ops` was generated from (copied to `dxil-ops-macro/database`
        //! by `cargo xtask gen`), embedded in the macros.

        /// The root file: its name and text.
        pub const ROOT: (&str, &str) = (#root, include_str!(#root_path));

        /// The files the root includes: include path and text, in include order.
        pub const INCLUDES: &[(&str, &str)] = &[#(#includes),*];

        /// The fingerprint of these files (`dxil_db::fingerprint`), the same as
        /// `dxil_ops::DATABASE_FINGERPRINT`.
        pub const FINGERPRINT: u64 = #fingerprint;
    };
    out.push(GeneratedFile {
        path: "dxil-ops-macro/src/embedded.rs".to_owned(),
        contents: rust::format("embedded.rs", tokens)?,
    });
    Ok(out)
}
