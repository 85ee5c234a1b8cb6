//! The one error type of the library.
//!
//! Parsing and validation return `Result<_, Error>`; partial mathematics (the square
//! root of a non-residue, the half-trace of a trace-one element, the inverse of zero)
//! returns `Option` instead, because those outcomes are ordinary answers, not mistakes.

use thiserror::Error as ThisError;

/// Everything that can go wrong when building a field or reading an element.
///
/// Every variant carries the offending input so that a message can echo it.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
#[non_exhaustive]
pub enum Error {
    /// A defining polynomial or modulus that is not well formed (wrong syntax, reversed
    /// or duplicate exponents, missing constant term, degree out of the supported range).
    #[error("invalid modulus {modulus:?}: {reason}")]
    InvalidModulus {
        /// The modulus as the user wrote it.
        modulus: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A defining polynomial that is well formed but reducible over the base field.
    #[error("modulus {modulus:?} is reducible: {reason}")]
    ReducibleModulus {
        /// The modulus as the user wrote it.
        modulus: String,
        /// What shows it reducible (e.g. a factor's degree).
        reason: String,
    },
    /// A number that should be prime is not (or is even, or too small).
    #[error("{name} = {value} is not an odd prime: {reason}")]
    NotPrime {
        /// Which argument (`p`, `q`).
        name: String,
        /// The value as given.
        value: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A textual element or number that could not be parsed.
    #[error("cannot parse {what} from {input:?}: {reason}")]
    Parse {
        /// What was being parsed ("element", "integer", "coefficient list").
        what: String,
        /// The text as given.
        input: String,
        /// Why it failed.
        reason: String,
    },
    /// An element or integer outside the allowed range (wider than d bits, not below p).
    #[error("{what} {value} is out of range: {reason}")]
    OutOfRange {
        /// What it is ("element", "coefficient", "exponent").
        what: String,
        /// The value as given.
        value: String,
        /// The allowed range.
        reason: String,
    },
    /// A byte string that is not the encoding of an element (wrong length, value out of
    /// range).
    #[error("invalid encoding of {what}: {reason}")]
    InvalidEncoding {
        /// What was being decoded ("element of F_2^163", "GF(p) element").
        what: String,
        /// Why it was rejected.
        reason: String,
    },
    /// Division by zero or inversion of zero.
    #[error("division by zero: {0}")]
    DivisionByZero(String),
    /// An argument that is valid on its own but not for this field or algorithm.
    #[error("invalid argument {name} = {value}: {reason}")]
    InvalidArgument {
        /// The argument's name.
        name: String,
        /// Its value as given.
        value: String,
        /// Why it is not acceptable.
        reason: String,
    },
    /// An algorithm name that names no algorithm of that kind.
    #[error("unknown {kind} {given:?}; valid names: {known}")]
    UnknownAlgorithm {
        /// The kind of algorithm ("GF(p) square-root algorithm").
        kind: String,
        /// The name as given.
        given: String,
        /// The valid names, comma-separated.
        known: String,
    },
    /// An algorithm was requested that does not exist or does not apply to this field.
    #[error("algorithm {algorithm:?} is not available here: {reason}")]
    UnsupportedAlgorithm {
        /// The algorithm's name as given.
        algorithm: String,
        /// Why it does not apply (and, for unknown names, which names exist).
        reason: String,
    },
}

impl Error {
    /// The same error with the argument called `name` (for the variants that name
    /// one: [`Error::NotPrime`], [`Error::InvalidArgument`]); others unchanged. For a
    /// caller that passes its argument on under another name, such as the prime q of
    /// F_{q^k} checked by the GF(p) constructor, which calls it p.
    pub fn for_argument(self, name: &str) -> Error {
        match self {
            Error::NotPrime { value, reason, .. } => Error::NotPrime {
                name: name.into(),
                value,
                reason,
            },
            Error::InvalidArgument { value, reason, .. } => Error::InvalidArgument {
                name: name.into(),
                value,
                reason,
            },
            e => e,
        }
    }
}

/// The library's `Result` alias.
pub type Result<T> = core::result::Result<T, Error>;
