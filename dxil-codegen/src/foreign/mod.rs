//! Writers of other compilers' sources from the database: the parts of their sources that
//! their own generators make from their own op databases.

pub mod dxc;
