//! Compile-time field specifications: zero-sized [`ModulusSpec`] types whose degree and
//! exponents are constants, so that generic code ([`Arith`](super::arith::Arith), the
//! reduction in [`portable::reduce`](super::portable::reduce), square roots) is
//! specialised and unrolled by the compiler for each polynomial.
//!
//! Sources:
//! * NIST: FIPS 186-4 Appendix D.1.3 (also SEC 2 v2), the pentanomials/trinomials of the
//!   binary curves B/K-163, 233, 283, 409, 571.
//! * Avanzi, *Another look at square roots, traces and quadratic equations in fields of
//!   even characteristic*, SAC 2007: Table 1 (special square-root-friendly (SSRF) type I
//!   polynomials with least sediment degree, degrees 47…571) and Table 3 (the 17 fields
//!   timed on the PowerPC G4, SSRF and non-SSRF).
//!
//! Each type has the inherent constants `DEGREE`, `MIDDLE` (exponents strictly between 0
//! and d, descending), `EXPONENTS` (full list `d, …, 0`), `WORDS = ⌈d/64⌉` and `NAME`.
//! [`STANDARD`] lists all of them by name; [`TABLE1`], [`TABLE3`] and [`NIST`] list the
//! names of each source table in order.
//!
//! The crate-level macro [`for_each_binary_spec!`](crate::for_each_binary_spec) calls
//! a macro once per spec with `(Type, WORDS)` so that tests and benchmarks can stamp the
//! same code on every field.

use super::modulus::ModulusSpec;

macro_rules! binary_specs {
    ($( $(#[$doc:meta])* $name:ident = $d:literal; [$($k:literal),*]; )*) => {
        $(
            $(#[$doc])*
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
            pub struct $name;

            impl $name {
                /// The degree d.
                pub const DEGREE: u32 = $d;
                /// The exponents strictly between 0 and d, descending.
                pub const MIDDLE: &'static [u32] = &[$($k),*];
                /// The full descending exponent list `d, …, 0`.
                pub const EXPONENTS: &'static [u32] = &[$d, $($k,)* 0];
                /// The number of 64-bit words of an element, ⌈d/64⌉.
                pub const WORDS: usize = ($d as usize).div_ceil(64);
                /// The type's name, as listed in [`STANDARD`].
                pub const NAME: &'static str = stringify!($name);
            }

            impl ModulusSpec for $name {
                const COMPILE_TIME: bool = true;
                const TRACE_FEW_BITS: ([u32; 4], usize) =
                    super::trace::few_trace_bits($d, &[$($k),*], $d as usize);
                #[inline(always)]
                fn degree(&self) -> u32 {
                    $d
                }
                #[inline(always)]
                fn middle_exponents(&self) -> &[u32] {
                    Self::MIDDLE
                }
            }
        )*

        /// Every compile-time spec: (type name, full descending exponent list).
        pub const STANDARD: &[(&str, &[u32])] = &[
            $( (stringify!($name), &[$d, $($k,)* 0]), )*
        ];

        /// Calls `$m!(Type, WORDS)` once for every compile-time binary-field spec (the
        /// types of [`binary::spec`](crate::binary::spec), written with their full path).
        #[macro_export]
        macro_rules! for_each_binary_spec {
            ($m:ident) => {
                $( $m!($crate::binary::spec::$name, { $crate::binary::spec::$name::WORDS }); )*
            };
        }
    };
}

binary_specs! {
    /// NIST B-163/K-163: X^163 + X^7 + X^6 + X^3 + 1 (FIPS 186-4 D.1.3; Avanzi Table 3).
    Nist163 = 163; [7, 6, 3];
    /// NIST B-233/K-233: X^233 + X^74 + 1 (FIPS 186-4 D.1.3; Avanzi Table 3).
    Nist233 = 233; [74];
    /// NIST B-283/K-283: X^283 + X^12 + X^7 + X^5 + 1 (FIPS 186-4 D.1.3).
    Nist283 = 283; [12, 7, 5];
    /// NIST B-409/K-409: X^409 + X^87 + 1 (FIPS 186-4 D.1.3; SSRF, Avanzi Table 1).
    Nist409 = 409; [87];
    /// NIST B-571/K-571: X^571 + X^10 + X^5 + X^2 + 1 (FIPS 186-4 D.1.3).
    Nist571 = 571; [10, 5, 2];

    /// X^41 + X^3 + 1: SSRF type I (Avanzi Table 3).
    Ssrf41 = 41; [3];
    /// X^43 + X^17 + X^9 + X^5 + 1: SSRF type I (Avanzi Table 3).
    Ssrf43 = 43; [17, 9, 5];
    /// X^47 + X^5 + 1: SSRF type I, also the standard one (Avanzi Tables 1 and 3).
    Ssrf47 = 47; [5];
    /// X^53 + X^19 + X^17 + X^15 + 1: SSRF type I (Avanzi Table 1).
    Ssrf53 = 53; [19, 17, 15];
    /// X^59 + X^21 + X^17 + X^15 + 1: SSRF type I (Avanzi Table 1).
    Ssrf59 = 59; [21, 17, 15];
    /// X^67 + X^25 + X^17 + X^5 + 1: SSRF type I (Avanzi Table 1).
    Ssrf67 = 67; [25, 17, 5];
    /// X^71 + X^9 + 1: SSRF type I (Avanzi Table 1).
    Ssrf71 = 71; [9];
    /// X^73 + X^25 + 1: SSRF type I, also the standard one (Avanzi Table 1).
    Ssrf73 = 73; [25];
    /// X^79 + X^9 + 1: SSRF type I, also the standard one (Avanzi Table 1).
    Ssrf79 = 79; [9];
    /// X^83 + X^29 + X^25 + X^3 + 1: SSRF type I (Avanzi Tables 1 and 3, Appendix A.1).
    Ssrf83 = 83; [29, 25, 3];
    /// X^89 + X^51 + 1: SSRF type I (Avanzi Tables 1 and 3).
    Ssrf89 = 89; [51];
    /// X^97 + X^33 + 1: SSRF type I (Avanzi Tables 1 and 3).
    Ssrf97 = 97; [33];
    /// X^101 + X^35 + X^31 + X^3 + 1: SSRF type I (Avanzi Table 1).
    Ssrf101 = 101; [35, 31, 3];
    /// X^107 + X^37 + X^33 + X^23 + 1: SSRF type I (Avanzi Table 1).
    Ssrf107 = 107; [37, 33, 23];
    /// X^109 + X^43 + X^41 + X^23 + 1: SSRF type I (Avanzi Table 1).
    Ssrf109 = 109; [43, 41, 23];
    /// X^113 + X^9 + 1: SSRF type I (ζ = x^57 + x^5), the field of Kitamura–Katagi–Takagi's
    /// genus-2 curve C6 (their Table 2).
    Ssrf113 = 113; [9];
    /// X^127 + X + 1: SSRF type I, also the standard one (Avanzi Tables 1 and 3).
    Ssrf127 = 127; [1];
    /// X^127 + X^63 + 1: SSRF type I (ζ = x^64 + x^32), the modulus of crrl's `GFb127`
    /// (Pornin), for the peer comparison in `halfroot report fields --peers`.
    Ssrf127K63 = 127; [63];
    /// X^131 + X^45 + X^41 + X^9 + 1: SSRF type I (Avanzi Table 1).
    Ssrf131 = 131; [45, 41, 9];
    /// X^137 + X^21 + 1: SSRF type I, also the standard one (Avanzi Table 1).
    Ssrf137 = 137; [21];
    /// X^139 + X^53 + X^33 + X^25 + 1: SSRF type I (Avanzi Table 1).
    Ssrf139 = 139; [53, 33, 25];
    /// X^149 + X^51 + X^47 + X^9 + 1: SSRF type I (Avanzi Table 1).
    Ssrf149 = 149; [51, 47, 9];
    /// X^157 + X^55 + X^47 + X^11 + 1: SSRF type I (Avanzi Table 1).
    Ssrf157 = 157; [55, 47, 11];
    /// X^163 + X^57 + X^49 + X^29 + 1: SSRF type I (Avanzi Tables 1 and 3, Appendix A.2/B).
    Ssrf163 = 163; [57, 49, 29];
    /// X^179 + X^61 + X^57 + X^41 + 1: SSRF type I (Avanzi Table 1).
    Ssrf179 = 179; [61, 57, 41];
    /// X^191 + X^9 + 1: SSRF type I (Avanzi Table 3).
    Ssrf191 = 191; [9];
    /// X^199 + X^67 + 1: SSRF type I (Avanzi Table 1).
    Ssrf199 = 199; [67];
    /// X^211 + X^73 + X^69 + X^35 + 1: SSRF type I (Avanzi Table 1).
    Ssrf211 = 211; [73, 69, 35];
    /// X^223 + X^33 + 1: SSRF type I (Avanzi Table 3).
    Ssrf223 = 223; [33];
    /// X^233 + X^159 + 1: SSRF type I (Avanzi Tables 1 and 3).
    Ssrf233 = 233; [159];
    /// X^239 + X^81 + 1: SSRF type I (Avanzi Table 1).
    Ssrf239 = 239; [81];
    /// X^251 + X^89 + X^81 + X^3 + 1: SSRF type I (Avanzi Table 1).
    Ssrf251 = 251; [89, 81, 3];
    /// X^269 + X^91 + X^87 + X^61 + 1: SSRF type I (Avanzi Table 1).
    Ssrf269 = 269; [91, 87, 61];
    /// X^283 + X^97 + X^89 + X^87 + 1: SSRF type I (Avanzi Table 1).
    Ssrf283 = 283; [97, 89, 87];
    /// X^409 + X^87 + 1: SSRF type I (Avanzi Table 1; the NIST polynomial, see [`Nist409`]).
    Ssrf409 = 409; [87];
    /// X^571 + X^193 + X^185 + X^5 + 1: SSRF type I (Avanzi Table 1).
    Ssrf571 = 571; [193, 185, 5];

    /// X^43 + X^6 + X^4 + X^3 + 1: the usual (not square-root-friendly) one (Avanzi Table 3).
    Std43 = 43; [6, 4, 3];
    /// X^83 + X^7 + X^4 + X^2 + 1: Magma's default, not SSRF (Avanzi Table 3, Appendix A.1).
    Std83 = 83; [7, 4, 2];
    /// X^89 + X^38 + 1: the usual one, not SSRF (Avanzi Table 3).
    Std89 = 89; [38];
    /// X^97 + X^6 + 1: the usual one, not SSRF (Avanzi Table 3).
    Std97 = 97; [6];
}

/// The five NIST binary-field polynomials, by degree.
pub const NIST: &[&str] = &["Nist163", "Nist233", "Nist283", "Nist409", "Nist571"];

/// Avanzi Table 1 (SSRF type I tri/pentanomials with least sediment), row order.
pub const TABLE1: &[&str] = &[
    "Ssrf47", "Ssrf53", "Ssrf59", "Ssrf67", "Ssrf71", "Ssrf73", "Ssrf79", "Ssrf83", "Ssrf89",
    "Ssrf97", "Ssrf101", "Ssrf107", "Ssrf109", "Ssrf127", "Ssrf131", "Ssrf137", "Ssrf139",
    "Ssrf149", "Ssrf157", "Ssrf163", "Ssrf179", "Ssrf199", "Ssrf211", "Ssrf233", "Ssrf239",
    "Ssrf251", "Ssrf269", "Ssrf283", "Ssrf409", "Ssrf571",
];

/// Avanzi Table 3 (fields timed on the PowerPC G4), row order.
pub const TABLE3: &[&str] = &[
    "Ssrf41", "Std43", "Ssrf43", "Ssrf47", "Std83", "Ssrf83", "Std89", "Ssrf89", "Std97", "Ssrf97",
    "Ssrf127", "Nist163", "Ssrf163", "Ssrf191", "Ssrf223", "Nist233", "Ssrf233",
];

/// One spec of each structural class of [`STANDARD`]: the classes are the word count,
/// the number of middle terms, the reduction rounds of a square (a double-length value of
/// 2d − 1 bits) and of the ζ product (d + ⌊d/2⌋ bits), whether the largest middle
/// exponent is at least 64 (multi-word shifts), and the SSRF type. These are what the
/// spec-specialised kernels (the unrolled reductions, the word-sliced AVX-512 kernels,
/// the square-root method) branch on at compile time, so a suite stamped on these 22
/// reaches every code shape the 45 specs have, at half the build weight (issue 19 part
/// 6). The `binary` integration tests check that the list covers every class of
/// [`STANDARD`] once.
pub const REPRESENTATIVE: &[&str] = &[
    "Ssrf41", "Ssrf43", "Std43", "Ssrf127", "Ssrf97", "Std97", "Ssrf89", "Ssrf83", "Std83",
    "Ssrf191", "Ssrf163", "Nist163", "Ssrf223", "Ssrf239", "Nist233", "Ssrf233", "Ssrf251",
    "Nist283", "Ssrf283", "Nist409", "Nist571", "Ssrf571",
];

/// Calls `$m!(Type, WORDS)` once for every spec of [`REPRESENTATIVE`], in its order.
#[macro_export]
macro_rules! for_each_representative_binary_spec {
    ($m:ident) => {
        $crate::__stamp_binary_specs!($m; Ssrf41 Ssrf43 Std43 Ssrf127 Ssrf97 Std97 Ssrf89 Ssrf83
            Std83 Ssrf191 Ssrf163 Nist163 Ssrf223 Ssrf239 Nist233 Ssrf233
            Ssrf251 Nist283 Ssrf283 Nist409 Nist571 Ssrf571);
    };
}

/// Calls `$m!(Type, WORDS)` for each named spec (the helper of
/// [`for_each_representative_binary_spec!`](crate::for_each_representative_binary_spec)).
#[doc(hidden)]
#[macro_export]
macro_rules! __stamp_binary_specs {
    ($m:ident; $($name:ident)*) => {
        $( $m!($crate::binary::spec::$name, { $crate::binary::spec::$name::WORDS }); )*
    };
}

/// The full exponent list of the spec called `name` (as in [`STANDARD`]).
pub fn exponents_of(name: &str) -> Option<&'static [u32]> {
    STANDARD.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn tables_name_existing_specs_with_the_published_exponents() {
        for name in NIST.iter().chain(TABLE1).chain(TABLE3) {
            assert!(exponents_of(name).is_some(), "{name}");
        }
        assert_eq!(TABLE1.len(), 30);
        assert_eq!(TABLE3.len(), 17);
        let t3: Vec<&[u32]> = TABLE3.iter().filter_map(|n| exponents_of(n)).collect();
        assert_eq!(t3[1], &[43, 6, 4, 3, 0]);
        assert_eq!(t3[16], &[233, 159, 0]);
        assert_eq!(Nist571::WORDS, 9);
        assert_eq!(Ssrf163::EXPONENTS, &[163, 57, 49, 29, 0]);
        assert_eq!(Nist163.middle_exponents(), &[7, 6, 3]);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "tables_name_existing_specs_with_the_published_exponents",
        tables_name_existing_specs_with_the_published_exponents,
    )];
}
