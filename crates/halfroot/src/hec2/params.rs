//! The genus-2 curves of Kitamura–Katagi–Takagi, Appendix B.1, that can be used: C1
//! and C2 over F_2^83 = F_2\[z\]/(z^83 + z^7 + z^4 + z^2 + 1) and C6 over F_2^113 =
//! F_2\[z\]/(z^113 + z^9 + 1), each with #J = 2·r, r prime. (C3–C5 are printed damaged
//! in the paper and are left out.) The data are those of `tests/vectors/hecc-kitamura.json`,
//! which the integration tests compare with this table; [#J]D = 0 is checked by
//! [`Hec2Curve::new`](super::Hec2Curve::new) on every construction. Field elements are
//! hexadecimal, bit i the coefficient of z^i.

/// One named curve's parameters, as text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedHec2Curve {
    /// The paper's name (`C1`).
    pub name: &'static str,
    /// The field polynomial's exponents, descending.
    pub exponents: &'static [u32],
    /// h0, h1, h2 in hexadecimal.
    pub h: [&'static str; 3],
    /// f0, …, f5 in hexadecimal.
    pub f: [&'static str; 6],
    /// #J in decimal.
    pub order_j: &'static str,
}

/// C1, C2 and C6.
pub const NAMED_CURVES: &[NamedHec2Curve] = &[
    NamedHec2Curve {
        name: "C1",
        exponents: &[83, 7, 4, 2, 0],
        h: ["26c76058679188f41f7bc", "1", "1"],
        f: [
            "15000c12e0c816fa3c90d",
            "12e53b7f0fb5f060de6f0",
            "2905946b804eae26b529d",
            "3510a16ab31776237482d",
            "0",
            "1",
        ],
        order_j: "93536104789207145855187304766948403156983817851198",
    },
    NamedHec2Curve {
        name: "C2",
        exponents: &[83, 7, 4, 2, 0],
        h: ["1", "1", "1"],
        f: [
            "12d5d21396915b5770a14",
            "64ed5727767c5bd20a4d2",
            "674ad22c4ae3a624f2662",
            "6aeccc919ba7b17905576",
            "0",
            "1",
        ],
        order_j: "93536104789212612894157242714868481349614769897314",
    },
    NamedHec2Curve {
        name: "C6",
        exponents: &[113, 9, 0],
        h: ["1", "1", "1"],
        f: [
            "60e0f7a6be308f37cc499646fa58",
            "636a408c351d9d674bffa8b62409",
            "6b2e43411662ce9d27825f186566",
            "9b682c368ea87846032596a2dcd9",
            "0",
            "1",
        ],
        order_j: "107839786668602558616650634342784538897816714552964127576427417773954",
    },
];

/// The named curve `name` (case-insensitive), if there is one.
pub fn find(name: &str) -> Option<&'static NamedHec2Curve> {
    NAMED_CURVES
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

/// The names, for error messages.
pub fn known_names() -> String {
    NAMED_CURVES
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}
