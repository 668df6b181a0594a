//! The library of the `dxil` command: the subcommands other tools run too (`cargo xtask lint`
//! and `cargo xtask decls` call [`lint::run`] and [`decls::run`]).

pub mod decls;
pub mod lint;
pub mod ops;
pub mod output;
pub mod stdin;

/// `eprintln!` through [`output::error_line`]: a line on standard error that a closed pipe
/// there loses instead of panicking.
#[macro_export]
macro_rules! error_line {
    ($($arg:tt)*) => {
        $crate::output::error_line(format_args!($($arg)*))
    };
}
