//! Even/odd bit separation ("bit compression"), the first step of a square root
//! α = α_even² + x·α_odd² and of the half-trace's even-bit folding.
//!
//! Source: Avanzi §3.1 (compression by table); here by a mask-and-shift cascade (the
//! inverse of [`spread32`](crate::binary::portable::spread32)), or by BMI2 `pext` in
//! [`bmi2`] when the CPU has it (detected at run time; identical results).
//! Cost: about 15 word operations per input word (portable), 2 `pext` per word (BMI2).
//! Constant-time: yes.

pub mod bmi2;

/// The even mask `…0101`.
pub const EVEN_MASK: u64 = 0x5555_5555_5555_5555;
/// The odd mask `…1010`.
pub const ODD_MASK: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// Gathers the 32 even-position bits of `x` into the low half (bit 2i → bit i).
#[inline]
pub fn compress_even_word(x: u64) -> u32 {
    let mut x = x & EVEN_MASK;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF;
    x as u32
}

/// `(even, odd)` compressions of the first `words` words of `a`, portable code:
/// bit `2i` of `a` goes to bit `i` of `even`, bit `2i+1` to bit `i` of `odd`; words of
/// `a` from `words` on are ignored, and the outputs are zero beyond `⌈words/2⌉` words.
pub fn split_portable<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
    let mut even = [0u64; N];
    let mut odd = [0u64; N];
    for (i, &w) in a.iter().enumerate().take(words) {
        let sh = 32 * (i & 1);
        even[i / 2] |= (compress_even_word(w) as u64) << sh;
        odd[i / 2] |= (compress_even_word(w >> 1) as u64) << sh;
    }
    (even, odd)
}

/// `(even, odd)` compressions as [`split_portable`], by the fastest available backend.
#[inline]
pub fn split<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
    match bmi2::split(a, words) {
        Some(r) => r,
        None => split_portable(a, words),
    }
}

/// The name of the backend [`split`] uses on this CPU (`"bmi2-pext"` or `"portable"`).
pub fn backend_name() -> &'static str {
    if bmi2::available() {
        "bmi2-pext"
    } else {
        "portable"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_matches_bitwise() {
        let a = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 0xdead_beef];
        let (e, o) = split_portable(&a, 3);
        for i in 0..96 {
            let bit = |v: &[u64; 3], j: usize| (v[j / 64] >> (j % 64)) & 1;
            assert_eq!(bit(&e, i), bit(&a, 2 * i), "even {i}");
            assert_eq!(bit(&o, i), bit(&a, 2 * i + 1), "odd {i}");
        }
        assert_eq!(e[2], 0);
        assert_eq!(o[2], 0);
    }

    #[test]
    fn split_matches_portable() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            let mut a = [0u64; 5];
            for w in a.iter_mut() {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *w = x;
            }
            for words in 0..=5 {
                assert_eq!(split(&a, words), split_portable(&a, words));
            }
        }
    }
}
