//! Messages of validation rules with their `%0`, `%1` ... placeholders filled.

use core::fmt;

/// A rule message with its arguments; displays the filled message.
#[derive(Clone, Copy)]
pub struct RuleMessage<'a> {
    code: &'static str,
    template: &'static str,
    args: &'a [&'a dyn fmt::Display],
}

impl core::fmt::Debug for RuleMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleMessage")
            .field("code", &self.code)
            .field("template", &self.template)
            .field("args", &self.args.len())
            .finish()
    }
}

/// The wrong number of arguments for a rule message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgumentCount {
    /// The rule's code.
    pub code: &'static str,
    /// Arguments the message takes.
    pub expected: usize,
    /// Arguments given.
    pub found: usize,
}

impl fmt::Display for ArgumentCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the message of {} takes {} argument(s), {} given",
            self.code, self.expected, self.found
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ArgumentCount {}

impl<'a> RuleMessage<'a> {
    /// A message of rule `code` from its template; fails unless `args` has `expected` entries.
    pub fn new(
        code: &'static str,
        template: &'static str,
        expected: usize,
        args: &'a [&'a dyn fmt::Display],
    ) -> Result<Self, ArgumentCount> {
        if args.len() != expected {
            return Err(ArgumentCount {
                code,
                expected,
                found: args.len(),
            });
        }
        Ok(RuleMessage {
            code,
            template,
            args,
        })
    }

    /// The rule's code.
    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl fmt::Display for RuleMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.template;
        while let Some(i) = rest.find('%') {
            f.write_str(&rest[..i])?;
            let after = &rest[i + 1..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            match after[..digits]
                .parse::<usize>()
                .ok()
                .and_then(|n| self.args.get(n))
            {
                Some(arg) => {
                    write!(f, "{arg}")?;
                    rest = &after[digits..];
                }
                None => {
                    f.write_str("%")?;
                    rest = after;
                }
            }
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use std::string::{String, ToString};

    use super::*;

    fn filled(template: &'static str, expected: usize, args: &[&dyn fmt::Display]) -> String {
        match RuleMessage::new("X", template, expected, args) {
            Ok(m) => m.to_string(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn fills_placeholders_and_checks_the_count() {
        let args: [&dyn fmt::Display; 2] = [&"Sample", &"cs_6_5"];
        assert_eq!(
            filled("Opcode %0 not valid in shader model %1.", 2, &args),
            "Opcode Sample not valid in shader model cs_6_5."
        );
        assert_eq!(
            filled("%1 before %0, %1 again", 2, &args),
            "cs_6_5 before Sample, cs_6_5 again"
        );
        assert_eq!(
            RuleMessage::new("X", "%0", 1, &[]).err(),
            Some(ArgumentCount {
                code: "X",
                expected: 1,
                found: 0
            })
        );
        assert_eq!(
            filled("%0", 1, &[]),
            "the message of X takes 1 argument(s), 0 given"
        );
    }

    #[test]
    fn leaves_other_percent_signs_alone() {
        let args: [&dyn fmt::Display; 1] = [&"Sample"];
        assert_eq!(filled("100% of %0", 1, &args), "100% of Sample");
        assert_eq!(filled("50%", 1, &args), "50%");
        assert_eq!(filled("%%0", 1, &args), "%Sample");
        // A placeholder beyond the arguments (impossible for generated rules) stays as written.
        assert_eq!(
            filled("%0 %7 %99999999999999999999", 1, &args),
            "Sample %7 %99999999999999999999"
        );
    }
}
