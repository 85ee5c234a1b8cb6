//! One CPU-capability module: the features this CPU has, detected once, restricted by
//! the environment variable `HALFROOT_CPU`, and the only source every kernel choice in
//! the crate derives from (each backend's proof token — `Pclmul`, `AdxToken`,
//! `Sliced512`, … — is made only when [`has`] says yes).
//!
//! `HALFROOT_CPU` (read once, at the first query) takes:
//! - `native` (or unset, or empty): everything the CPU has;
//! - a level, capped by what the CPU has: `portable` (no SIMD or assembly kernels),
//!   `clmul` (SSE2, SSE4.1, PCLMULQDQ: a Westmere-class CPU, legacy-encoded PCLMULQDQ
//!   only), `avx2` (the AMD Zen 3 class: `clmul` plus BMI1, BMI2 with fast PDEP/PEXT, ADX, AVX,
//!   AVX2 and VPCLMULQDQ, no AVX-512, no GFNI), `avx512` (everything, = native on x86-64);
//! - a comma-separated list of feature names (the set, capped by the CPU), e.g.
//!   `pclmulqdq,bmi2`, or of removals from the native set, e.g. `-gfni,-avx512ifma`.
//!
//! An unknown level or feature name is refused by [`parse_restriction`] with a typed
//! error; [`caps`] then warns once on standard error and runs the portable code (a wrong
//! spelling must not silently test the native paths). Tests, benchmarks and
//! `halfroot report` use this to run any path the machine supports beside the portable
//! one; `halfroot report` and `halfroot field … info` print [`describe`].

use crate::error::{Error, Result};
use std::sync::OnceLock;

/// A CPU feature a kernel of this crate uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Feature {
    /// SSE2.
    Sse2,
    /// SSE4.1.
    Sse41,
    /// PCLMULQDQ (carry-less multiplication, xmm).
    Pclmulqdq,
    /// BMI1.
    Bmi1,
    /// BMI2 (MULX, PDEP, PEXT).
    Bmi2,
    /// ADX (ADCX, ADOX).
    Adx,
    /// AVX2.
    Avx2,
    /// AVX-512 Foundation.
    Avx512f,
    /// AVX-512 Byte and Word.
    Avx512bw,
    /// AVX-512 Doubleword and Quadword.
    Avx512dq,
    /// AVX-512 Vector Length extensions.
    Avx512vl,
    /// AVX-512 VBMI.
    Avx512vbmi,
    /// AVX-512 VBMI2.
    Avx512vbmi2,
    /// AVX-512 IFMA (52-bit multiply-add).
    Avx512ifma,
    /// VPCLMULQDQ (carry-less multiplication on ymm/zmm).
    Vpclmulqdq,
    /// GFNI (Galois-field affine transforms).
    Gfni,
    /// AVX (the VEX encoding, here for `vpclmulqdq` on xmm; enabled by the OS).
    Avx,
    /// BMI2's PDEP and PEXT at full speed (3 cycles): every CPU with BMI2 except AMD's
    /// families 15h–18h (Excavator, Zen 1, Zen 2, Hygon Dhyana), which run them in
    /// microcode, about 8 cycles per set bit of the mask: measured on a Zen 1 (EPYC,
    /// family 17h), a 233-bit square root by PEXT took 450 ns against 20 without. Not an
    /// instruction set: the PDEP/PEXT forms of the binary-field kernels ask for it (and
    /// BMI2), the others use BMI2 alone (MULX, SHRX).
    PdepFast,
}

impl Feature {
    /// Every feature, in the order [`describe`] lists them.
    pub const ALL: [Feature; 18] = [
        Feature::Sse2,
        Feature::Sse41,
        Feature::Pclmulqdq,
        Feature::Bmi1,
        Feature::Bmi2,
        Feature::PdepFast,
        Feature::Adx,
        Feature::Avx,
        Feature::Avx2,
        Feature::Vpclmulqdq,
        Feature::Avx512f,
        Feature::Avx512bw,
        Feature::Avx512dq,
        Feature::Avx512vl,
        Feature::Avx512vbmi,
        Feature::Avx512vbmi2,
        Feature::Avx512ifma,
        Feature::Gfni,
    ];

    /// The name `is_x86_feature_detected!` and `HALFROOT_CPU` use.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Sse2 => "sse2",
            Feature::Sse41 => "sse4.1",
            Feature::Pclmulqdq => "pclmulqdq",
            Feature::Bmi1 => "bmi1",
            Feature::Bmi2 => "bmi2",
            Feature::PdepFast => "pdep-fast",
            Feature::Adx => "adx",
            Feature::Avx => "avx",
            Feature::Avx2 => "avx2",
            Feature::Avx512f => "avx512f",
            Feature::Avx512bw => "avx512bw",
            Feature::Avx512dq => "avx512dq",
            Feature::Avx512vl => "avx512vl",
            Feature::Avx512vbmi => "avx512vbmi",
            Feature::Avx512vbmi2 => "avx512vbmi2",
            Feature::Avx512ifma => "avx512ifma",
            Feature::Vpclmulqdq => "vpclmulqdq",
            Feature::Gfni => "gfni",
        }
    }

    fn bit(self) -> u32 {
        1 << (self as u8)
    }
}

/// A set of CPU features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Caps(u32);

impl Caps {
    /// The empty set: portable code only.
    pub const NONE: Caps = Caps(0);

    /// The set of the given features.
    pub fn of(features: &[Feature]) -> Caps {
        Caps(features.iter().fold(0, |acc, f| acc | f.bit()))
    }

    /// Whether `f` is in the set.
    #[inline]
    pub fn has(self, f: Feature) -> bool {
        self.0 & f.bit() != 0
    }

    /// Whether every feature of `fs` is in the set.
    #[inline]
    pub fn has_all(self, fs: &[Feature]) -> bool {
        fs.iter().all(|&f| self.has(f))
    }

    /// The features of both sets.
    pub fn intersect(self, o: Caps) -> Caps {
        Caps(self.0 & o.0)
    }

    /// The features of the set, in [`Feature::ALL`] order.
    pub fn features(self) -> Vec<Feature> {
        Feature::ALL.into_iter().filter(|&f| self.has(f)).collect()
    }

    /// The feature names, comma-separated (`none` for the empty set).
    pub fn names(self) -> String {
        let v: Vec<&str> = self.features().into_iter().map(Feature::name).collect();
        if v.is_empty() {
            "none".into()
        } else {
            v.join(",")
        }
    }
}

/// The features this CPU has (hardware detection, cached; nothing restricted).
pub fn detected() -> Caps {
    static DETECTED: OnceLock<Caps> = OnceLock::new();
    *DETECTED.get_or_init(detect_hardware)
}

#[cfg(target_arch = "x86_64")]
fn detect_hardware() -> Caps {
    use std::arch::is_x86_feature_detected as d;
    let pairs = [
        (Feature::Sse2, d!("sse2")),
        (Feature::Sse41, d!("sse4.1")),
        (Feature::Pclmulqdq, d!("pclmulqdq")),
        (Feature::Bmi1, d!("bmi1")),
        (Feature::Bmi2, d!("bmi2")),
        (Feature::Adx, d!("adx")),
        (Feature::Avx, d!("avx")),
        (Feature::Avx2, d!("avx2")),
        (Feature::Avx512f, d!("avx512f")),
        (Feature::Avx512bw, d!("avx512bw")),
        (Feature::Avx512dq, d!("avx512dq")),
        (Feature::Avx512vl, d!("avx512vl")),
        (Feature::Avx512vbmi, d!("avx512vbmi")),
        (Feature::Avx512vbmi2, d!("avx512vbmi2")),
        (Feature::Avx512ifma, d!("avx512ifma")),
        (Feature::Vpclmulqdq, d!("vpclmulqdq")),
        (Feature::Gfni, d!("gfni")),
        (Feature::PdepFast, d!("bmi2") && !pdep_in_microcode()),
    ];
    let on: Vec<Feature> = pairs.iter().filter(|p| p.1).map(|p| p.0).collect();
    Caps::of(&on)
}

/// Whether PDEP/PEXT run in microcode (see [`Feature::PdepFast`]): AMD or Hygon, family
/// 15h to 18h (CPUID leaf 1, base family plus extended family).
#[cfg(target_arch = "x86_64")]
fn pdep_in_microcode() -> bool {
    amd_family().is_some_and(|family| (0x15..=0x18).contains(&family))
}

/// The CPU family (CPUID leaf 1: base family plus extended family) if the vendor is AMD
/// or Hygon, else `None`: for the few choices measured per microarchitecture rather
/// than per instruction set ([`Feature::PdepFast`]; the binary fields' inlined products,
/// `binary::backend::InlineClass`). Not restricted by `HALFROOT_CPU`.
#[cfg(target_arch = "x86_64")]
pub fn amd_family() -> Option<u32> {
    use core::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let name: Vec<u8> = [vendor.ebx, vendor.edx, vendor.ecx]
        .iter()
        .flat_map(|r| r.to_le_bytes())
        .collect();
    let amd = name == b"AuthenticAMD" || name == b"HygonGenuine";
    let eax = __cpuid(1).eax;
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((eax >> 20) & 0xff)
    } else {
        base
    };
    amd.then_some(family)
}

/// Not x86-64: no AMD family.
#[cfg(not(target_arch = "x86_64"))]
pub fn amd_family() -> Option<u32> {
    None
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_hardware() -> Caps {
    Caps::NONE
}

/// The named levels of `HALFROOT_CPU`, each the set it allows (capped by the CPU).
pub const LEVELS: [(&str, &[Feature]); 4] = [
    ("portable", &[]),
    (
        "clmul",
        &[Feature::Sse2, Feature::Sse41, Feature::Pclmulqdq],
    ),
    (
        "avx2",
        &[
            Feature::Sse2,
            Feature::Sse41,
            Feature::Pclmulqdq,
            Feature::Bmi1,
            Feature::Bmi2,
            Feature::PdepFast,
            Feature::Adx,
            Feature::Avx,
            Feature::Avx2,
            Feature::Vpclmulqdq,
        ],
    ),
    ("avx512", &Feature::ALL),
];

fn feature_named(name: &str) -> Option<Feature> {
    Feature::ALL.into_iter().find(|f| f.name() == name)
}

/// The set a `HALFROOT_CPU` value allows (before capping by the CPU): `native` / empty
/// is every feature; a level; a list of features; or a list of `-feature` removals.
pub fn parse_restriction(value: &str) -> Result<Caps> {
    let v = value.trim().to_ascii_lowercase();
    if v.is_empty() || v == "native" {
        return Ok(Caps::of(&Feature::ALL));
    }
    if let Some((_, fs)) = LEVELS.iter().find(|(n, _)| *n == v) {
        return Ok(Caps::of(fs));
    }
    let bad = |item: &str| Error::InvalidArgument {
        name: "HALFROOT_CPU".into(),
        value: value.into(),
        reason: format!(
            "unknown feature or level '{item}' (levels: native, {}; features: {})",
            LEVELS.map(|l| l.0).join(", "),
            Feature::ALL.map(Feature::name).join(", ")
        ),
    };
    let items: Vec<&str> = v
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let removals = items.iter().filter(|s| s.starts_with('-')).count();
    if removals != 0 && removals != items.len() {
        return Err(Error::InvalidArgument {
            name: "HALFROOT_CPU".into(),
            value: value.into(),
            reason: "either a list of features or a list of -feature removals, not both".into(),
        });
    }
    let mut set = if removals == 0 {
        0
    } else {
        Caps::of(&Feature::ALL).0
    };
    for item in items {
        let f = feature_named(item.trim_start_matches('-')).ok_or_else(|| bad(item))?;
        if removals == 0 {
            set |= f.bit();
        } else {
            set &= !f.bit();
        }
    }
    Ok(Caps(set))
}

/// The features the crate's kernels may use: [`detected`] restricted by `HALFROOT_CPU`
/// (read once; an invalid value warns on standard error and gives the portable set).
#[inline]
pub fn caps() -> Caps {
    static CAPS: OnceLock<Caps> = OnceLock::new();
    *CAPS.get_or_init(|| {
        let value = std::env::var("HALFROOT_CPU").unwrap_or_default();
        match parse_restriction(&value) {
            Ok(allowed) => detected().intersect(allowed),
            Err(e) => {
                eprintln!("halfroot: {e}; running the portable code");
                Caps::NONE
            }
        }
    })
}

/// Whether the kernels may use `f` (this CPU has it and `HALFROOT_CPU` allows it).
#[inline]
pub fn has(f: Feature) -> bool {
    caps().has(f)
}

/// Whether the kernels may use every feature of `fs`.
#[inline]
pub fn has_all(fs: &[Feature]) -> bool {
    caps().has_all(fs)
}

/// The `HALFROOT_CPU` value in force, validated (for front ends that report a bad value
/// as an error instead of the warning of [`caps`]).
pub fn restriction_from_env() -> Result<Option<String>> {
    match std::env::var("HALFROOT_CPU") {
        Ok(v) => parse_restriction(&v).map(|_| Some(v)),
        Err(_) => Ok(None),
    }
}

/// One line for reports: the CPU model (Linux `/proc/cpuinfo`), the detected
/// features, and the features in use with the `HALFROOT_CPU` restriction.
pub fn describe() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let restriction = std::env::var("HALFROOT_CPU").unwrap_or_else(|_| "native".into());
    format!(
        "{model}; detected: {}; in use (HALFROOT_CPU={restriction}): {}",
        detected().names(),
        caps().names()
    )
}

/// The levels of [`LEVELS`] this CPU supports fully (each of its features detected),
/// from `portable` up: the forced paths a test run can exercise here.
pub fn supported_levels() -> Vec<&'static str> {
    LEVELS
        .iter()
        .filter(|(_, fs)| detected().has_all(fs))
        .map(|(n, _)| *n)
        .collect()
}

/// The levels of [`supported_levels`] whose features fall short of what this CPU has:
/// the forced paths that test something `native` does not. On a CPU with every feature
/// of the top level (`avx512` on a Zen 5) that level is left out, being `native`; on a
/// CPU between two levels (AVX2 without VPCLMULQDQ: Intel Haswell–Coffee Lake, AMD
/// Zen 1/2) every supported level is below native and listed.
pub fn forced_levels() -> Vec<&'static str> {
    LEVELS
        .iter()
        .filter(|(_, fs)| {
            detected().has_all(fs) && Caps::of(fs).intersect(detected()) != detected()
        })
        .map(|(n, _)| *n)
        .collect()
}

/// Kernel test bookkeeping: a test of a SIMD or assembly kernel calls
/// [`kernel_log::kernel_ran`] when it compared the kernel with the portable code, or
/// [`kernel_log::kernel_skipped`] when this CPU (or `HALFROOT_CPU`) lacks its features. Both append one line to the file named by
/// `HALFROOT_KERNEL_LOG` (if set), which `scripts/test-all.sh` summarises;
/// `kernel_skipped` prints a loud `SKIPPED` line and panics when
/// `HALFROOT_REQUIRE_KERNELS=all`.
pub mod kernel_log {
    use super::{caps, Feature};
    use std::io::Write;

    fn append(line: &str) {
        if let Ok(path) = std::env::var("HALFROOT_KERNEL_LOG") {
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                // One `write` of the whole line (O_APPEND): lines from concurrent test
                // threads and processes do not interleave.
                let _ = f.write_all(format!("{line}\n").as_bytes());
            }
        }
    }

    /// Records that the kernel `name` ran and was checked.
    pub fn kernel_ran(name: &str) {
        append(&format!("ran\t{name}\t{}", caps().names()));
    }

    /// Records that the kernel `name` could not run here (it needs `needs`), prints a
    /// loud line on standard error, and fails the test under
    /// `HALFROOT_REQUIRE_KERNELS=all`.
    pub fn kernel_skipped(name: &str, needs: &[Feature]) {
        let needs: Vec<&str> = needs.iter().map(|f| f.name()).collect();
        let why = format!("needs {}; in use here: {}", needs.join("+"), caps().names());
        append(&format!("skipped\t{name}\t{why}"));
        eprintln!("SKIPPED kernel test {name}: {why}");
        assert!(
            std::env::var("HALFROOT_REQUIRE_KERNELS").as_deref() != Ok("all"),
            "HALFROOT_REQUIRE_KERNELS=all: kernel {name} cannot run here ({why})"
        );
    }

    /// [`kernel_ran`] if `available`, else [`kernel_skipped`]; returns `available`.
    pub fn check(name: &str, available: bool, needs: &[Feature]) -> bool {
        if available {
            kernel_ran(name);
        } else {
            kernel_skipped(name, needs);
        }
        available
    }
}

#[cfg(feature = "internal-tests")]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;

    fn restriction_parses_levels_lists_and_removals() {
        assert_eq!(parse_restriction("").unwrap(), Caps::of(&Feature::ALL));
        assert_eq!(
            parse_restriction("native").unwrap(),
            Caps::of(&Feature::ALL)
        );
        assert_eq!(parse_restriction("portable").unwrap(), Caps::NONE);
        let avx2 = parse_restriction("AVX2").unwrap();
        assert!(avx2.has(Feature::Vpclmulqdq) && avx2.has(Feature::Adx));
        assert!(!avx2.has(Feature::Avx512f) && !avx2.has(Feature::Gfni));
        assert_eq!(
            parse_restriction("pclmulqdq, bmi2").unwrap(),
            Caps::of(&[Feature::Pclmulqdq, Feature::Bmi2])
        );
        let r = parse_restriction("-gfni,-avx512ifma").unwrap();
        assert!(!r.has(Feature::Gfni) && !r.has(Feature::Avx512ifma) && r.has(Feature::Avx2));
        for bad in ["avx1024", "pclmul,-gfni", "x86-64-v9"] {
            let e = parse_restriction(bad).unwrap_err();
            assert!(matches!(e, Error::InvalidArgument { ref name, .. } if name == "HALFROOT_CPU"));
        }
    }

    fn caps_are_within_detected_and_levels_are_nested() {
        assert_eq!(caps().intersect(detected()), caps());
        let levels = supported_levels();
        assert_eq!(levels.first(), Some(&"portable"));
        // The forced levels are the supported ones minus at most the top one, and only
        // when that one is everything this CPU has.
        let forced = forced_levels();
        assert!(levels.starts_with(&forced) && levels.len() - forced.len() <= 1);
        for name in &forced {
            let fs = LEVELS.iter().find(|l| l.0 == *name).unwrap().1;
            assert_ne!(Caps::of(fs), detected(), "{name} is native here");
        }
        let sets: Vec<Caps> = LEVELS.iter().map(|l| Caps::of(l.1)).collect();
        for w in sets.windows(2) {
            assert_eq!(w[0].intersect(w[1]), w[0], "levels must be nested");
        }
        assert!(describe().contains("detected:"));
        // PdepFast is a property of BMI2, never without it.
        assert!(!detected().has(Feature::PdepFast) || detected().has(Feature::Bmi2));
        #[cfg(target_arch = "x86_64")]
        if detected().has(Feature::Bmi2) {
            assert_eq!(detected().has(Feature::PdepFast), !pdep_in_microcode());
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "restriction_parses_levels_lists_and_removals",
            restriction_parses_levels_lists_and_removals,
        ),
        (
            "caps_are_within_detected_and_levels_are_nested",
            caps_are_within_detected_and_levels_are_nested,
        ),
    ];
}
