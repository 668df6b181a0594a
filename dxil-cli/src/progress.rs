//! Progress over many inputs: a bar on stderr when it is a terminal and there is more than one
//! input; nothing otherwise. Output goes around the bar.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressStyle};

/// The progress of a run over `n` inputs.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress over `n` inputs.
    pub fn new(n: usize) -> Progress {
        let bar = (n > 1 && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(n as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {wide_msg}") {
                bar.set_style(style);
            }
            bar
        });
        Progress { bar }
    }

    /// Writes `out` to stdout and `err` to stderr, around the bar.
    pub fn print(&self, out: &str, err: &str) {
        let write = || {
            let _ = std::io::stdout().write_all(out.as_bytes());
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().write_all(err.as_bytes());
        };
        match &self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }

    /// The input `name` starts.
    pub fn start(&self, name: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(name.to_owned());
        }
    }

    /// The input is done.
    pub fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
