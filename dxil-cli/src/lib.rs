//! The library of the `dxil` command: the subcommands other tools run too (`cargo xtask lint`
//! and `cargo xtask decls` call [`lint::run`] and [`decls::run`]).

pub mod decls;
pub mod lint;
pub mod ops;
pub mod output;
pub mod stdin;
