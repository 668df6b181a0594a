//! Floating-point constants in LLVM IR text: reading decimal and hexadecimal forms, the exact
//! conversions from a double that LLVM requires for `float` and `half`, and the spelling LLVM
//! prints (`1.500000e+02` when six significant digits give the value back exactly, else the
//! double's bits in hexadecimal; `half` always as `0xH` and its bits).

/// The double a decimal literal denotes (correctly rounded), if it is one.
pub(crate) fn parse_decimal(text: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(text).ok()?;
    let s = s.strip_prefix('+').unwrap_or(s);
    s.parse::<f64>().ok()
}

/// The bits of the `float` a double's bits denote exactly, or `None` when the conversion would
/// lose information (NaN payload bits included).
pub(crate) fn double_to_float(bits: u64) -> Option<u32> {
    let d = f64::from_bits(bits);
    if d.is_nan() {
        let mant = bits & ((1 << 52) - 1);
        if mant & ((1 << 29) - 1) != 0 {
            return None;
        }
        let sign = ((bits >> 63) as u32) << 31;
        return Some(sign | 0x7F80_0000 | (mant >> 29) as u32);
    }
    let f = d as f32;
    (f64::from(f).to_bits() == bits).then_some(f.to_bits())
}

/// The bits of the `half` a double's bits denote exactly, or `None`.
pub(crate) fn double_to_half(bits: u64) -> Option<u16> {
    let sign = ((bits >> 63) as u16) << 15;
    let exp = ((bits >> 52) & 0x7FF) as i32;
    let mant = bits & ((1 << 52) - 1);
    if exp == 0x7FF {
        if mant & ((1 << 42) - 1) != 0 {
            return None;
        }
        return Some(sign | 0x7C00 | (mant >> 42) as u16);
    }
    if exp == 0 && mant == 0 {
        return Some(sign);
    }
    if exp == 0 {
        // A double subnormal is far below the smallest half.
        return None;
    }
    let e = exp - 1023;
    if e > 15 {
        return None;
    }
    if e >= -14 {
        if mant & ((1 << 42) - 1) != 0 {
            return None;
        }
        return Some(sign | (((e + 15) as u16) << 10) | (mant >> 42) as u16);
    }
    // A half subnormal: a multiple of 2^-24 below 2^-14.
    let full = mant | (1 << 52);
    let shift = 42 + (-14 - e);
    if shift >= 64 || full & ((1u64 << shift) - 1) != 0 {
        return None;
    }
    Some(sign | (full >> shift) as u16)
}

/// The double with the value of a float's bits (NaN payloads kept in the top bits, as LLVM
/// converts them).
pub(crate) fn float_to_double(bits: u32) -> u64 {
    let f = f32::from_bits(bits);
    if f.is_nan() {
        let sign = u64::from(bits >> 31) << 63;
        let mant = u64::from(bits & 0x7F_FFFF) << 29;
        return sign | (0x7FF << 52) | mant;
    }
    f64::from(f).to_bits()
}

/// Writes a `double` (or a `float` as its double) as LLVM prints it.
pub(crate) fn write_double(out: &mut String, bits: u64) {
    let v = f64::from_bits(bits);
    if v == 0.0 {
        out.push_str(if bits >> 63 == 1 {
            "-0.000000e+00"
        } else {
            "0.000000e+00"
        });
        return;
    }
    if v.is_finite() {
        let s = format!("{v:.5e}");
        if s.parse::<f64>().ok() == Some(v)
            && let Some((mantissa, exp)) = s.split_once('e')
        {
            out.push_str(mantissa);
            out.push_str("0e");
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            out.push(sign);
            if digits.len() < 2 {
                out.push('0');
            }
            out.push_str(digits);
            return;
        }
    }
    out.push_str("0x");
    out.push_str(&format!("{bits:X}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(v: f64) -> String {
        let mut s = String::new();
        write_double(&mut s, v.to_bits());
        s
    }

    #[test]
    fn spelling() {
        assert_eq!(show(150.0), "1.500000e+02");
        assert_eq!(show(-0.5), "-5.000000e-01");
        assert_eq!(show(0.0), "0.000000e+00");
        assert_eq!(show(0.1), "1.000000e-01");
        assert_eq!(show(1e100), "1.000000e+100");
        assert_eq!(show(f64::from(0.1f32)), "0x3FB99999A0000000");
        assert_eq!(show(f64::INFINITY), "0x7FF0000000000000");
    }

    #[test]
    fn conversions() {
        assert_eq!(double_to_float(1.5f64.to_bits()), Some(1.5f32.to_bits()));
        assert_eq!(double_to_float(0.1f64.to_bits()), None);
        assert_eq!(double_to_half(1.0f64.to_bits()), Some(0x3C00));
        assert_eq!(double_to_half(65504.0f64.to_bits()), Some(0x7BFF));
        assert_eq!(double_to_half(65505.0f64.to_bits()), None);
        assert_eq!(double_to_half((2f64).powi(-24).to_bits()), Some(1));
        assert_eq!(float_to_double(0x7FC0_0000), 0x7FF8_0000_0000_0000);
    }
}
