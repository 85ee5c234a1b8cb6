//! Text form of binary-field elements: hexadecimal, bit i = coefficient of x^i (the
//! SEC 1 octet-string order read as one big number).
//!
//! Parsing accepts an optional `0x`/`0X` prefix, upper or lower case, surrounding
//! whitespace and leading zeros; output is lowercase without prefix or leading zeros,
//! `0` for zero.

use crate::error::{Error, Result};

/// The element of a degree-`degree` field written `text`, as ⌈degree/64⌉ little-endian
/// words. [`Error::Parse`] for non-hexadecimal text, [`Error::OutOfRange`] for a value
/// of `degree` bits or more.
pub fn parse_hex(text: &str, degree: u32) -> Result<Vec<u64>> {
    let t = text.trim();
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    let parse_err = |reason: &str| Error::Parse {
        what: "element".into(),
        input: text.to_string(),
        reason: reason.into(),
    };
    if digits.is_empty() {
        return Err(parse_err("no hexadecimal digits"));
    }
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(parse_err(&format!("{c:?} is not a hexadecimal digit")));
    }
    let digits = digits.trim_start_matches('0');
    let words = (degree as usize).div_ceil(64);
    let mut out = vec![0u64; words];
    let bits = match digits.chars().next() {
        None => 0,
        Some(c) => {
            4 * (digits.len() - 1) + (32 - c.to_digit(16).unwrap_or(0).leading_zeros()) as usize
        }
    };
    if bits > degree as usize {
        return Err(Error::OutOfRange {
            what: "element".into(),
            value: text.trim().to_string(),
            reason: format!(
                "it has {bits} bits but elements of F_2^{degree} have at most {degree} (degree < {degree})"
            ),
        });
    }
    for (i, c) in digits.bytes().rev().enumerate() {
        let v = (c as char).to_digit(16).unwrap_or(0) as u64;
        out[i / 16] |= v << (4 * (i % 16));
    }
    Ok(out)
}

/// Lowercase hexadecimal of a little-endian word vector, no prefix, no leading zeros.
pub fn format_hex(words: &[u64]) -> String {
    let mut s = String::new();
    for &w in words.iter().rev() {
        if s.is_empty() {
            if w != 0 {
                s = format!("{w:x}");
            }
        } else {
            s.push_str(&format!("{w:016x}"));
        }
    }
    if s.is_empty() {
        s.push('0');
    }
    s
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn hex_round_trips_and_rejects() {
        let v = parse_hex("0x1_0", 8);
        assert!(matches!(v, Err(Error::Parse { .. })));
        assert_eq!(parse_hex("0X00ff", 8).expect("ff"), vec![0xff]);
        assert!(matches!(parse_hex("1ff", 8), Err(Error::OutOfRange { .. })));
        assert_eq!(parse_hex("0", 163).expect("0"), vec![0, 0, 0]);
        let big = "4000000000000000000000000000000000000000a";
        let w = parse_hex(big, 163).expect("big");
        assert_eq!(w, vec![0xa, 0, 1 << 34]);
        assert_eq!(format_hex(&w), big);
        assert_eq!(format_hex(&[0, 0]), "0");
        assert_eq!(format_hex(&[1, 2]), "20000000000000001");
        assert!(matches!(
            parse_hex("8000000000000000000000000000000000000000a", 163),
            Err(Error::OutOfRange { .. })
        ));
        assert!(matches!(parse_hex("", 8), Err(Error::Parse { .. })));
        assert!(matches!(parse_hex("0x", 8), Err(Error::Parse { .. })));
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] =
        &[("hex_round_trips_and_rejects", hex_round_trips_and_rejects)];
}
