//! Avanzi, "Another look at square roots and traces (and quadratic equations) in fields
//! of even characteristic", §3.4, Tables 3 and 4, transcribed for printing beside our
//! measurements. Times are µs; ratios are the paper's printed "costs relative to one Mul".

/// One row of Table 3 / Table 4.
#[derive(Clone, Copy, Debug)]
pub struct AvanziRow {
    /// The reduction polynomial as an exponent list.
    pub modulus: &'static str,
    /// The paper's "Sqrt Frnd" column.
    pub sqrt_friendly: bool,
    /// Mul, Sqr, Inv, Sqrt, Trace, Eq in µs.
    pub us: [f64; 6],
    /// Sqr, Inv, Sqrt, Trace, Eq relative to Mul, as printed.
    pub ratios: [f64; 5],
}

macro_rules! rows {
    ($( $m:literal, $f:literal, [$($u:literal),*], [$($r:literal),*]; )*) => {
        &[ $( AvanziRow { modulus: $m, sqrt_friendly: $f, us: [$($u),*], ratios: [$($r),*] } ),* ]
    };
}

/// Table 3: PowerPC G4, 1.5 GHz.
pub const TABLE3_G4: &[AvanziRow] = rows! {
    "41,3,0", true, [0.084, 0.013, 0.448, 0.015, 0.007, 0.129], [0.160, 5.340, 0.178, 0.078, 1.536];
    "43,6,4,3,0", false, [0.090, 0.016, 0.453, 0.327, 0.020, 0.128], [0.179, 5.010, 3.619, 0.227, 1.422];
    "43,17,9,5,0", true, [0.090, 0.017, 0.454, 0.018, 0.007, 0.126], [0.186, 5.029, 0.196, 0.072, 1.400];
    "47,5,0", true, [0.089, 0.013, 0.478, 0.015, 0.007, 0.128], [0.150, 5.344, 0.167, 0.083, 1.438];
    "83,7,4,2,0", false, [0.212, 0.030, 0.915, 0.383, 0.023, 0.191], [0.141, 4.313, 1.806, 0.107, 0.901];
    "83,29,25,3,0", true, [0.214, 0.045, 0.925, 0.054, 0.007, 0.192], [0.209, 4.316, 0.254, 0.034, 0.897];
    "89,38,0", false, [0.253, 0.023, 0.958, 0.354, 0.023, 0.200], [0.089, 3.782, 1.398, 0.092, 0.791];
    "89,51,0", true, [0.253, 0.024, 0.958, 0.025, 0.007, 0.201], [0.093, 3.782, 0.098, 0.027, 0.794];
    "97,6,0", false, [0.311, 0.028, 1.598, 0.401, 0.025, 0.256], [0.091, 5.139, 1.289, 0.081, 0.823];
    "97,33,0", true, [0.304, 0.024, 1.576, 0.028, 0.006, 0.252], [0.080, 5.191, 0.091, 0.020, 0.829];
    "127,1,0", true, [0.418, 0.053, 1.814, 0.062, 0.007, 0.288], [0.127, 4.345, 0.149, 0.016, 0.689];
    "163,7,6,3,0", false, [0.819, 0.086, 5.317, 0.679, 0.033, 0.388], [0.105, 6.491, 0.829, 0.040, 0.474];
    "163,57,49,29,0", true, [0.821, 0.090, 5.327, 0.095, 0.007, 0.391], [0.110, 6.491, 0.116, 0.009, 0.476];
    "191,9,0", true, [0.896, 0.083, 5.804, 0.093, 0.008, 0.429], [0.093, 6.474, 0.104, 0.009, 0.479];
    "223,33,0", true, [1.198, 0.098, 12.865, 0.113, 0.006, 0.501], [0.082, 10.737, 0.094, 0.005, 0.418];
    "233,74,0", false, [1.336, 0.101, 14.599, 0.918, 0.037, 0.582], [0.076, 10.925, 0.687, 0.028, 0.436];
    "233,159,0", true, [1.330, 0.090, 14.593, 0.117, 0.006, 0.584], [0.068, 10.971, 0.088, 0.005, 0.439];
};

/// Table 4: Intel Core 2 Duo, 1.83 GHz (same 32-bit code).
pub const TABLE4_CORE2: &[AvanziRow] = rows! {
    "41,3,0", true, [0.061, 0.012, 1.367, 0.020, 0.009, 0.067], [0.203, 22.569, 0.338, 0.154, 1.108];
    "43,6,4,3,0", false, [0.065, 0.017, 1.383, 0.227, 0.018, 0.067], [0.257, 21.214, 3.486, 0.271, 1.029];
    "43,17,9,5,0", true, [0.067, 0.017, 1.405, 0.024, 0.009, 0.067], [0.250, 20.950, 0.361, 0.139, 1.000];
    "47,5,0", true, [0.063, 0.012, 1.491, 0.021, 0.009, 0.067], [0.194, 23.532, 0.338, 0.147, 1.059];
    "83,7,4,2,0", false, [0.184, 0.037, 2.744, 0.277, 0.017, 0.126], [0.198, 14.877, 1.503, 0.091, 0.685];
    "83,29,25,3,0", true, [0.181, 0.036, 2.752, 0.034, 0.009, 0.126], [0.198, 15.195, 0.185, 0.049, 0.698];
    "89,38,0", false, [0.203, 0.035, 2.869, 0.265, 0.017, 0.133], [0.172, 14.103, 1.302, 0.082, 0.654];
    "89,51,0", true, [0.205, 0.040, 2.849, 0.037, 0.010, 0.132], [0.197, 13.923, 0.180, 0.049, 0.645];
    "97,6,0", false, [0.224, 0.031, 3.690, 0.284, 0.018, 0.187], [0.137, 16.448, 1.267, 0.081, 0.831];
    "97,33,0", true, [0.235, 0.049, 3.651, 0.037, 0.009, 0.185], [0.209, 15.536, 0.157, 0.038, 0.787];
    "127,1,0", true, [0.308, 0.038, 4.378, 0.043, 0.009, 0.217], [0.124, 14.225, 0.140, 0.030, 0.703];
    "163,7,6,3,0", false, [0.468, 0.067, 6.891, 0.449, 0.019, 0.317], [0.142, 14.734, 0.960, 0.040, 0.677];
    "163,57,49,29,0", true, [0.473, 0.070, 6.891, 0.073, 0.009, 0.315], [0.149, 14.560, 0.154, 0.020, 0.665];
    "191,9,0", true, [0.658, 0.059, 7.609, 0.063, 0.007, 0.354], [0.089, 11.568, 0.096, 0.011, 0.538];
    "223,33,0", true, [0.854, 0.066, 10.846, 0.078, 0.009, 0.420], [0.077, 12.699, 0.092, 0.010, 0.492];
    "233,74,0", false, [0.952, 0.086, 12.175, 0.597, 0.021, 0.464], [0.090, 12.787, 0.627, 0.022, 0.488];
    "233,159,0", true, [0.944, 0.089, 12.355, 0.081, 0.008, 0.464], [0.094, 13.084, 0.086, 0.008, 0.492];
};

/// Fields measured beyond the paper's tables: the larger NIST sizes, each with the NIST
/// polynomial and (where different) the square-root-friendly one of Avanzi Table 1.
pub const EXTRA_FIELDS: &[&str] = &[
    "283,12,7,5,0",
    "283,97,89,87,0",
    "409,87,0",
    "571,10,5,2,0",
    "571,193,185,5,0",
];

/// The paper's row for `modulus` in `table`, if any.
pub fn find(table: &'static [AvanziRow], modulus: &str) -> Option<&'static AvanziRow> {
    table.iter().find(|r| r.modulus == modulus)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The transcription is checked against itself: the times are printed to 0.001 µs
    /// and the ratios to 0.001, so each printed ratio must lie in the interval that the
    /// rounded times allow (widened by the ratio's own rounding). A typo in either
    /// column breaks this.
    #[test]
    fn printed_ratios_agree_with_printed_times() {
        for table in [TABLE3_G4, TABLE4_CORE2] {
            assert_eq!(table.len(), 17);
            for r in table {
                let m = r.us[0];
                for k in 0..5 {
                    let t = r.us[k + 1];
                    let lo = (t - 0.0005) / (m + 0.0005) - 0.0005;
                    let hi = (t + 0.0005) / (m - 0.0005) + 0.0005;
                    let printed = r.ratios[k];
                    assert!(
                        lo <= printed && printed <= hi,
                        "{} column {k}: {printed} outside [{lo}, {hi}]",
                        r.modulus
                    );
                }
            }
        }
    }
}
