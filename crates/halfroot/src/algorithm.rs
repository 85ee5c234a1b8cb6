//! Algorithm names: one spelling per algorithm, everywhere.
//!
//! Every operation with several algorithms has an enum (`binary::sqrt::SqrtAlgorithm`,
//! `prime::sqrt::SqrtAlgorithm`, `ext::mul::MulAlgorithm`, …) that implements
//! [`Named`]: a canonical name in kebab-case (`tonelli-shanks`, `mask-ct`,
//! `karatsuba-lazy`), used in messages, JSON, the command line and Python alike.
//! [`parse`] accepts that name with `_` for `-` and in any case, so `tonelli_shanks`
//! and `Tonelli-Shanks` are the same algorithm; an unknown name is an
//! [`Error::UnknownAlgorithm`] that lists the valid ones. [`parse_or_auto`] also takes
//! `auto`, the caller's best choice for the field at hand.

use crate::error::{Error, Result};

/// An enum of algorithms for one operation, with canonical names.
pub trait Named: Copy + Sized + 'static {
    /// What the algorithms compute, for messages ("GF(p) square-root algorithm").
    const KIND: &'static str;
    /// Every algorithm.
    fn all() -> &'static [Self];
    /// The canonical kebab-case name.
    fn name(self) -> &'static str;
}

/// The canonical form of a name as typed: trimmed, lower case, `_` as `-`.
pub fn normalize(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace('_', "-")
}

/// The valid names of `T`, comma-separated (for messages).
pub fn known_names<T: Named>() -> String {
    T::all()
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The algorithm called `s` (see the module documentation for the accepted
/// spellings); [`Error::UnknownAlgorithm`] listing the valid names otherwise.
///
/// ```
/// use halfroot::algorithm::parse;
/// use halfroot::prime::sqrt::SqrtAlgorithm;
/// let a: SqrtAlgorithm = parse("tonelli_shanks").expect("known");
/// assert_eq!(a, parse("Tonelli-Shanks").expect("known"));
/// assert_eq!(a.to_string(), "tonelli-shanks");
/// let e = parse::<SqrtAlgorithm>("newton").expect_err("unknown");
/// assert!(e.to_string().contains("sarkar-table"));
/// ```
pub fn parse<T: Named>(s: &str) -> Result<T> {
    let want = normalize(s);
    T::all()
        .iter()
        .copied()
        .find(|a| a.name() == want)
        .ok_or_else(|| Error::UnknownAlgorithm {
            kind: T::KIND.into(),
            given: s.into(),
            known: known_names::<T>(),
        })
}

/// As [`parse`], and `auto` (any spelling) gives `None`: the caller picks the best
/// algorithm for its field. Enums that have an `Auto` variant of their own parse it
/// with [`parse`].
pub fn parse_or_auto<T: Named>(s: &str) -> Result<Option<T>> {
    if normalize(s) == "auto" {
        return Ok(None);
    }
    parse(s).map(Some).map_err(|e| match e {
        Error::UnknownAlgorithm { kind, given, known } => Error::UnknownAlgorithm {
            kind,
            given,
            known: format!("{known}, auto"),
        },
        other => other,
    })
}

/// Implements [`Named`] and `FromStr` ([`parse`]) for an algorithm enum with an `ALL`
/// constant and a `name()` method; with `display`, also `Display` (the name).
macro_rules! named_algorithm {
    ($t:ty, $kind:expr, display) => {
        $crate::algorithm::named_algorithm!($t, $kind);
        impl core::fmt::Display for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    ($t:ty, $kind:expr) => {
        impl $crate::algorithm::Named for $t {
            const KIND: &'static str = $kind;
            fn all() -> &'static [Self] {
                &<$t>::ALL
            }
            fn name(self) -> &'static str {
                <$t>::name(self)
            }
        }
        impl core::str::FromStr for $t {
            type Err = $crate::error::Error;
            /// Parses a name (any case, `_` or `-`); the error lists the valid names.
            fn from_str(s: &str) -> $crate::error::Result<Self> {
                $crate::algorithm::parse(s)
            }
        }
    };
}
pub(crate) use named_algorithm;

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    /// Every algorithm enum: names are kebab-case, distinct, and parse back from
    /// either spelling and any case.
    fn check<T: Named + PartialEq + core::fmt::Debug>() {
        let names: Vec<&str> = T::all().iter().map(|a| a.name()).collect();
        for (i, &n) in names.iter().enumerate() {
            assert!(
                n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{} name {n:?} is not kebab-case",
                T::KIND
            );
            assert!(!names[..i].contains(&n), "{n} twice");
            let a = T::all()[i];
            assert_eq!(parse::<T>(n).expect("name"), a);
            assert_eq!(
                parse::<T>(&n.replace('-', "_").to_uppercase()).expect("snake"),
                a
            );
            if n != "auto" {
                assert_eq!(parse_or_auto::<T>(n).expect("name"), Some(a));
            }
        }
        let e = parse::<T>("no-such-thing").expect_err("unknown");
        for n in &names {
            assert!(e.to_string().contains(n), "{e} does not list {n}");
        }
        assert_eq!(parse_or_auto::<T>(" AUTO ").expect("auto"), None);
        let e = parse_or_auto::<T>("nope").expect_err("unknown").to_string();
        assert!(e.ends_with(", auto"), "{e}");
    }

    fn every_algorithm_enum_has_one_spelling() {
        check::<crate::binary::sqrt::SqrtAlgorithm>();
        check::<crate::binary::half_trace::HalfTraceMethod>();
        check::<crate::binary::linear_map::Layout>();
        check::<crate::binary::inv::InvAlgorithm>();
        check::<crate::prime::sqrt::SqrtAlgorithm>();
        check::<crate::prime::qr::QrTest>();
        check::<crate::prime2::sqrt::Fp2SqrtAlgorithm>();
        check::<crate::prime2::qr::Fp2QrTest>();
        check::<crate::ext::mul::MulAlgorithm>();
        check::<crate::ext::inv::InvAlgorithm>();
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "every_algorithm_enum_has_one_spelling",
        every_algorithm_enum_has_one_spelling,
    )];
}
