//! How a run ends: the exit code of the worst outcome of its inputs.

/// The outcome of one input; a run exits with the worst of its inputs'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Read, nothing found.
    #[default]
    Clean,
    /// Read, with findings.
    Findings,
    /// Not readable.
    Unreadable,
}

impl Status {
    /// The exit code: 0, 1 or 2.
    pub fn code(self) -> u8 {
        match self {
            Status::Clean => 0,
            Status::Findings => 1,
            Status::Unreadable => 2,
        }
    }
}
