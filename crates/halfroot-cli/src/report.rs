//! `halfroot report`: the papers' measurement tables regenerated on this machine.
//!
//! Each section measures one paper's table, prints it as markdown beside the paper's own
//! figures (and beside peer libraries measured in the same run with `--peers`), and adds
//! its data to the JSON document (`--json FILE`) and its charts to `--plot DIR`.

pub mod plot;

mod ec;
mod ext;
mod fields;
mod hec;
mod sqrt;
mod ssrf;

pub use halfroot_cli::{markdown, paper_avanzi, targets, timing};

use serde_json::{Map, Value};
use std::path::PathBuf;

/// Command-line options of `halfroot report`.
#[derive(Clone, Debug)]
pub struct Options {
    /// Section names; empty means all.
    pub sections: Vec<String>,
    /// Where to write the JSON document.
    pub json: Option<PathBuf>,
    /// Where to write SVG charts.
    pub plot: Option<PathBuf>,
    /// Measure peer libraries too.
    pub peers: bool,
    /// Short run.
    pub quick: bool,
}

impl Options {
    /// The timing budget these options ask for.
    pub fn budget(&self) -> timing::Budget {
        if self.quick {
            timing::Budget::quick()
        } else {
            timing::Budget::normal()
        }
    }
}

/// crrl-bench's JSON (`crrl-bench bench`), built and run once per report run (the
/// `fields` and `ec` sections both read it), or why it could not be.
pub(crate) fn crrl_json(quick: bool) -> Result<Value, String> {
    static ONCE: std::sync::OnceLock<Result<Value, String>> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| halfroot_cli::crrl::bench(quick))
        .clone()
}

/// What one section produced.
pub struct SectionOutput {
    /// Markdown text (headings, tables, notes).
    pub markdown: String,
    /// The section's data for the JSON document.
    pub json: Value,
    /// Charts for `--plot`.
    pub charts: Vec<plot::Chart>,
}

type SectionFn = fn(&Options) -> Result<SectionOutput, String>;

/// Every section, in report order.
const SECTIONS: &[(&str, &str, SectionFn)] = &[
    (
        "fields",
        "Binary fields: Avanzi Tables 3/4 (mul, sqr, inv, sqrt, trace, half-trace)",
        fields::run,
    ),
    (
        "sqrt",
        "GF(p) and GF(p²) square roots: Wang–Nogami–Morikawa Table 1, every algorithm, peers",
        sqrt::run,
    ),
    (
        "ssrf",
        "SSRF polynomials: Avanzi §2.4 (Tables 1–2, counts, P_(d,1), Theorem 7, Conjecture 1, Remark 5) and Appendix B",
        ssrf::run,
    ),
    (
        "ec",
        "Binary elliptic curves: Avanzi Table 5 (Add, Dbl, Hlv relative to M; D&A vs H&A vs ladder; NIST vs SSRF polynomial), ECDH, peers",
        ec::run,
    ),
    (
        "hec",
        "Genus-2 binary curves: Kitamura–Katagi–Takagi Tables 1, 3, 4, 5 (add, dbl, divisor halving; double-and-add vs halve-and-add; own vs SSRF field)",
        hec::run,
    ),
    (
        "ext",
        "F_{q^k}, k = 5, 6, 7: El Mrabet–Guillevic–Ionica Tables 4, 7, 9, 10, 11, every algorithm, peers",
        ext::run,
    ),
];

/// Runs the requested sections and writes their outputs.
pub fn run(opts: &Options) -> Result<(), String> {
    let chosen: Vec<&(&str, &str, SectionFn)> = if opts.sections.is_empty() {
        SECTIONS.iter().collect()
    } else {
        let mut v = Vec::new();
        for name in &opts.sections {
            match SECTIONS.iter().find(|s| s.0 == name) {
                Some(s) => v.push(s),
                None => {
                    let names: Vec<&str> = SECTIONS.iter().map(|s| s.0).collect();
                    return Err(format!(
                        "unknown report section {name:?} (sections: {})",
                        names.join(", ")
                    ));
                }
            }
        }
        v
    };
    outln!("# halfroot report\n");
    outln!("{}\n", machine_summary());
    let mut doc = Map::new();
    doc.insert("machine".into(), Value::String(machine_summary()));
    doc.insert("quick".into(), Value::Bool(opts.quick));
    for (name, title, f) in chosen {
        eprintln!("measuring section {name} …");
        let out = f(opts)?;
        outln!("## {title}\n");
        outln!("{}", out.markdown);
        doc.insert((*name).to_string(), out.json);
        if let Some(dir) = &opts.plot {
            for c in &out.charts {
                let path = plot::write_svg(c, dir)?;
                eprintln!("wrote {}", path.display());
            }
        }
    }
    let scoreboard = targets::checks(&doc);
    if !scoreboard.is_empty() {
        outln!("## Targets of the open issues, judged on this run\n");
        outln!("{}", targets::render(&scoreboard));
        doc.insert("targets".into(), targets::json(&scoreboard));
    }
    if let Some(path) = &opts.json {
        let text = serde_json::to_string_pretty(&Value::Object(doc))
            .map_err(|e| format!("cannot encode JSON: {e}"))?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// One line naming the CPU and the features halfroot uses (`halfroot::cpu`: detected,
/// and in use under the `HALFROOT_CPU` restriction) and the CPU class whose rule picks
/// the inlined field kernels (`HALFROOT_INLINE_CLASS` when it forces one).
pub fn machine_summary() -> String {
    use halfroot::binary::backend::{InlineClass, INLINE_CLASS_ENV};
    let forced = match InlineClass::override_from_env() {
        Ok(Some(_)) => format!(" (forced by {INLINE_CLASS_ENV})"),
        _ => String::new(),
    };
    format!(
        "Machine: {}; inlined kernels by the rule of CPU class {}{forced}; {} logical CPUs. \
         Times are medians of batches, in ns per operation, throughput of independent \
         operations unless noted.",
        halfroot::cpu::describe(),
        InlineClass::detect().name(),
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
    )
}
