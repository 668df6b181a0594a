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
            match after[..digits].parse::<usize>().ok().and_then(|n| self.args.get(n)) {
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
    use super::*;

    #[test]
    fn fills_placeholders_and_checks_the_count() {
        let args: [&dyn fmt::Display; 2] = [&"Sample", &"cs_6_5"];
        let m = RuleMessage::new("SM.OPCODE", "Opcode %0 not valid in shader model %1.", 2, &args).unwrap();
        let mut s = String::new();
        fmt::write(&mut s, format_args!("{m}")).unwrap();
        assert_eq!(s, "Opcode Sample not valid in shader model cs_6_5.");
        assert!(RuleMessage::new("X", "%0", 1, &[]).is_err());
        let m = RuleMessage::new("X", "100% of %0", 1, &args[..1]).unwrap();
        let mut s = String::new();
        fmt::write(&mut s, format_args!("{m}")).unwrap();
        assert_eq!(s, "100% of Sample");
    }

    extern crate std;
    use std::string::String;
}
