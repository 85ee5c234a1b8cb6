//! `halfroot ssrf`: the SSRF polynomial lab from the shell (classify, zeta, spectrum,
//! find, convert, codegen).

use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use halfroot::binary::convert::BasisConverter;
use halfroot::binary::modulus::Modulus;
use halfroot::binary::ssrf_type::SsrfType;
use halfroot::ssrf::codegen::{generate, Lang};
use halfroot::ssrf::search::{self, Found, Pruning, SearchSpec, Shard};
use halfroot::ssrf::{analyze, format_poly, Analysis};
use serde_json::{json, Value};

/// Arguments of `halfroot ssrf`.
#[derive(clap::Args, Debug)]
pub struct SsrfArgs {
    #[command(subcommand)]
    command: SsrfCommand,
}

#[derive(clap::Subcommand, Debug)]
enum SsrfCommand {
    /// Irreducibility, class (types I–IV, Theorem 5, none), ζ, trace spectrum, sediment.
    Classify {
        /// The polynomial (163,57,49,29,0 or x^163+x^57+x^49+x^29+1).
        modulus: String,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// ζ = √x as a polynomial, with its degree and weight.
    Zeta {
        /// The polynomial (irreducible).
        modulus: String,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The trace spectrum [Tr(1), Tr(x), …, Tr(x^(d−1))] (Newton's identities).
    Spectrum {
        /// The polynomial.
        modulus: String,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Search SSRF polynomials: the least sediment (default), all, or their number.
    Find(FindArgs),
    /// Convert ELEMENT (hex) from the basis of FROM to that of TO (same degree).
    Convert {
        /// Source polynomial.
        from: String,
        /// Target polynomial.
        to: String,
        /// The element, hexadecimal (bit i = coefficient of x^i).
        element: String,
        /// Convert from TO back to FROM with the same isomorphism.
        #[arg(long)]
        back: bool,
    },
    /// Straight-line reduction and square-root code for MODULUS.
    Codegen {
        /// The polynomial (irreducible).
        modulus: String,
        /// Language: rust or c.
        #[arg(long, default_value = "rust")]
        lang: String,
        /// Word size: 64 or 32.
        #[arg(long, default_value_t = 64)]
        word: u32,
    },
}

#[derive(clap::Args, Debug)]
struct FindArgs {
    /// The degree (or use --degrees).
    degree: Option<String>,
    /// A degree range a..=b or a..b (odd degrees only for types I/II, even for III/IV).
    #[arg(long)]
    degrees: Option<String>,
    /// Number of terms (3, 5, 7, 9, 11, …); default: the fewest that give a result.
    #[arg(long)]
    terms: Option<u32>,
    /// SSRF type I, II, III or IV; default I for odd degrees, IV for even ones.
    #[arg(long = "type")]
    ty: Option<String>,
    /// Every polynomial instead of the least.
    #[arg(long, conflicts_with = "count")]
    all: bool,
    /// Only their number.
    #[arg(long)]
    count: bool,
    /// One JSON object per line.
    #[arg(long)]
    json: bool,
    /// Run shard i of n (i/n): degrees of a range, or top exponents of one degree.
    #[arg(long)]
    shard: Option<String>,
    /// Append JSON lines to FILE and skip the degrees FILE already has (resumable).
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Test every candidate (no Bluher/Theorem-7 pruning).
    #[arg(long)]
    no_prune: bool,
}

/// Runs `halfroot ssrf …`.
pub fn run(args: SsrfArgs) -> ExitCode {
    match run_inner(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn parse_modulus(text: &str) -> Result<Modulus, String> {
    Modulus::parse(text).map_err(|e| e.to_string())
}

fn analysis_json(a: &Analysis) -> Value {
    json!({
        "modulus": a.exponents,
        "degree": a.degree(),
        "weight": a.weight(),
        "irreducible": a.irreducibility.is_irreducible(),
        "irreducibility": a.irreducibility.to_string(),
        "type": a.class().name(),
        "shape": a.shape.name(),
        "zeta": a.zeta,
        "zeta_degree": a.zeta_degree(),
        "zeta_weight": a.zeta_weight(),
        "trace_spectrum": a.trace_spectrum,
        "trace_one_count": a.trace_one_count(),
        "sediment_degree": a.sediment_degree(),
        "folds": a.folds(),
        "second_fold": a.needs_second_fold(),
        "third_fold": a.needs_third_fold(),
    })
}

fn spectrum_text(s: &[u8]) -> String {
    if s.len() <= 64 {
        s.iter().map(|b| b.to_string()).collect::<Vec<_>>().join("")
    } else {
        let ones: Vec<String> = s
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == 1)
            .map(|(i, _)| i.to_string())
            .collect();
        if ones.len() <= 40 {
            format!("ones at x^i for i in {{{}}}", ones.join(", "))
        } else {
            format!(
                "{}… ({} ones)",
                s[..64].iter().map(|b| b.to_string()).collect::<String>(),
                ones.len()
            )
        }
    }
}

fn run_inner(args: SsrfArgs) -> Result<(), String> {
    match args.command {
        SsrfCommand::Classify { modulus, json } => {
            let a = analyze(&parse_modulus(&modulus)?);
            if json {
                outln!("{}", analysis_json(&a));
            } else {
                outln!("polynomial:     {}", format_poly(&a.exponents, 'x'));
                outln!("degree, weight: {}, {}", a.degree(), a.weight());
                outln!("irreducible:    {}", a.irreducibility);
                outln!(
                    "class:          {}{}",
                    class_text(&a),
                    if a.irreducibility.is_irreducible() || a.shape.name() == "none" {
                        String::new()
                    } else {
                        format!(" (shape of {}, but reducible)", a.shape)
                    }
                );
                if let Some(z) = &a.zeta {
                    outln!(
                        "zeta = sqrt(x): {} (degree {}, weight {})",
                        format_poly(z, 'x'),
                        z.first().copied().unwrap_or(0),
                        z.len()
                    );
                }
                outln!(
                    "trace spectrum: {} ({} trace-one basis elements)",
                    spectrum_text(&a.trace_spectrum),
                    a.trace_one_count()
                );
                outln!("sediment deg:   {}", a.sediment_degree());
                outln!(
                    "reduction:      {} folds of a double-length product ({})",
                    a.folds(),
                    if a.needs_third_fold() {
                        "second and further folds needed: sediment above (d+1)/2"
                    } else if a.needs_second_fold() {
                        "one full fold and a short second fold"
                    } else {
                        "a single fold"
                    }
                );
            }
            Ok(())
        }
        SsrfCommand::Zeta { modulus, json } => {
            let a = analyze(&parse_modulus(&modulus)?);
            let Some(z) = &a.zeta else {
                return Err(format!(
                    "{modulus} is {}: zeta = sqrt(x) needs an irreducible polynomial",
                    a.irreducibility
                ));
            };
            if json {
                outln!(
                    "{}",
                    json!({"modulus": a.exponents, "zeta": z, "degree": z.first(), "weight": z.len(), "type": a.class().name()})
                );
            } else {
                outln!(
                    "{} (degree {}, weight {})",
                    format_poly(z, 'x'),
                    z.first().copied().unwrap_or(0),
                    z.len()
                );
            }
            Ok(())
        }
        SsrfCommand::Spectrum { modulus, json } => {
            let a = analyze(&parse_modulus(&modulus)?);
            if json {
                outln!(
                    "{}",
                    json!({"modulus": a.exponents, "trace_spectrum": a.trace_spectrum, "trace_one_count": a.trace_one_count()})
                );
            } else {
                outln!(
                    "{}\n{} trace-one basis elements",
                    a.trace_spectrum
                        .iter()
                        .map(|b| b.to_string())
                        .collect::<String>(),
                    a.trace_one_count()
                );
            }
            Ok(())
        }
        SsrfCommand::Find(f) => find(f),
        SsrfCommand::Convert {
            from,
            to,
            element,
            back,
        } => {
            let (mf, mt) = (parse_modulus(&from)?, parse_modulus(&to)?);
            let c = BasisConverter::new(&mf, &mt).map_err(|e| e.to_string())?;
            let (src, dst) = if back {
                (c.to_field(), c.from_field())
            } else {
                (c.from_field(), c.to_field())
            };
            let a = src.parse_element(&element).map_err(|e| e.to_string())?;
            let b = if back { c.backward(&a) } else { c.forward(&a) }.map_err(|e| e.to_string())?;
            outln!("{}", dst.format_element(&b));
            Ok(())
        }
        SsrfCommand::Codegen {
            modulus,
            lang,
            word,
        } => {
            let m = parse_modulus(&modulus)?;
            let lang: Lang = lang.parse().map_err(|e: halfroot::Error| e.to_string())?;
            let g = generate(&m, word, lang).map_err(|e| e.to_string())?;
            out!("{}", g.code);
            let other = if word == 64 { 32 } else { 64 };
            let o = generate(&m, other, lang).map_err(|e| e.to_string())?;
            eprintln!(
                "logical operations: reduction {} ({word}-bit words), {} ({other}-bit); square root {} ({word}-bit), {} ({other}-bit){}",
                g.reduce_ops,
                o.reduce_ops,
                g.sqrt_ops,
                o.sqrt_ops,
                if g.sqrt_reduces { "; the square root needs a reduction" } else { "; the square root needs no reduction" }
            );
            Ok(())
        }
    }
}

fn class_text(a: &Analysis) -> String {
    match a.class() {
        halfroot::ssrf::Class::Ssrf(t) => format!("SSRF type {t}"),
        halfroot::ssrf::Class::Theorem5 => "Theorem 5 family (deg zeta = d/2 + 1)".into(),
        halfroot::ssrf::Class::Theorem5Extra => {
            "(X+1)P = X*U^2 + 1: deg zeta = d/2 + 1, a case Theorem 5 omits".into()
        }
        halfroot::ssrf::Class::None => "none".into(),
    }
}

fn parse_degrees(text: &str) -> Result<Vec<u32>, String> {
    let bad = || format!("cannot parse degree range {text:?}: expected a..=b or a..b");
    let (a, b, incl) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, false)
    } else {
        return Err(bad());
    };
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    let end = if incl { b } else { b.saturating_sub(1) };
    if a > end {
        return Err(format!("degree range {text:?} is empty or reversed"));
    }
    // The search refuses these degrees too; checked here before the range is listed.
    if a < 2 || end > search::MAX_SEARCH_DEGREE {
        return Err(format!(
            "degree range {text:?} leaves 2..={}",
            search::MAX_SEARCH_DEGREE
        ));
    }
    Ok((a..=end).collect())
}

fn found_json(f: &Found) -> Value {
    json!({
        "degree": f.exponents[0],
        "modulus": f.exponents,
        "type": f.ty.name(),
        "zeta": f.zeta,
        "terms": f.exponents.len(),
        "sediment": f.sediment_degree(),
    })
}

fn found_text(f: &Found) -> String {
    format!(
        "{}: {}  type {}  zeta = {}  sediment {}",
        f.exponents[0],
        format_poly(&f.exponents, 'X'),
        f.ty,
        format_poly(&f.zeta, 'x'),
        f.sediment_degree()
    )
}

/// Degrees already present in a resumable output file.
fn done_degrees(path: &PathBuf, count_mode: bool) -> BTreeSet<u32> {
    let mut done = BTreeSet::new();
    if let Ok(text) = std::fs::read_to_string(path) {
        for line in text.lines() {
            if let Ok(v) = serde_json::from_str::<Value>(line) {
                let complete = if count_mode {
                    v.get("count").is_some()
                } else {
                    v.get("modulus").is_some()
                };
                if let (true, Some(d)) = (complete, v.get("degree").and_then(Value::as_u64)) {
                    done.insert(d as u32);
                }
            }
        }
    }
    done
}

/// Runs `f` with a progress bar over the spec's candidates when `show` (a terminal and
/// a single degree).
fn with_candidate_bar<T>(
    show: bool,
    spec: &SearchSpec,
    f: impl FnOnce(Option<search::Progress<'_>>) -> halfroot::Result<T>,
) -> Result<T, String> {
    if !show {
        return f(None).map_err(|e| e.to_string());
    }
    let total = search::candidate_count(spec).unwrap_or(0);
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} candidates (pruned subtrees skipped)",
    ) {
        bar.set_style(style);
    }
    let cb = |done: u64, _total: u64| bar.set_position(done);
    let out = f(Some(&cb));
    bar.finish_and_clear();
    out.map_err(|e| e.to_string())
}

fn find(f: FindArgs) -> Result<(), String> {
    let degrees: Vec<u32> = match (&f.degree, &f.degrees) {
        (Some(_), Some(_)) => return Err("give either DEGREE or --degrees, not both".into()),
        (None, None) => return Err("give a DEGREE or --degrees a..=b".into()),
        (Some(d), None) => vec![d
            .trim()
            .parse()
            .map_err(|_| format!("degree {d:?} is not a non-negative integer"))?],
        (None, Some(r)) => parse_degrees(r)?,
    };
    let ty_given =
        f.ty.as_deref()
            .map(str::parse::<SsrfType>)
            .transpose()
            .map_err(|e| e.to_string())?;
    let shard = match &f.shard {
        Some(s) => Shard::parse(s).map_err(|e| e.to_string())?,
        None => Shard::default(),
    };
    if let Some(t) = f.terms {
        search::check_terms(t).map_err(|e| e.to_string())?;
    }
    let pruning = if f.no_prune {
        Pruning::None
    } else {
        Pruning::Swan
    };
    let range = f.degrees.is_some();
    if !range {
        // A single degree: reject a degree/type/terms mismatch with one clear line.
        let d = degrees[0];
        let ty = ty_given.unwrap_or(SsrfType::default_for_degree(d));
        let spec = SearchSpec {
            degree: d,
            ty,
            terms: f.terms.unwrap_or(3),
            pruning,
        };
        search::candidate_count(&spec).map_err(|e| e.to_string())?;
    }
    // In a range, a default type skips degrees of the wrong parity; an explicit one too.
    let mut work: Vec<(u32, SsrfType)> = Vec::new();
    for (i, &d) in degrees.iter().enumerate() {
        let ty = ty_given.unwrap_or(SsrfType::default_for_degree(d));
        if range && !ty.fits_degree(d) {
            continue;
        }
        if range && (i as u32) % shard.count != shard.index {
            continue;
        }
        work.push((d, ty));
    }
    let count_mode = f.count || f.all;
    let done = f
        .output
        .as_ref()
        .map(|p| done_degrees(p, count_mode))
        .unwrap_or_default();
    work.retain(|(d, _)| !done.contains(d));
    let mut sink: Box<dyn Write> = match &f.output {
        Some(p) => Box::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("cannot open {}: {e}", p.display()))?,
        ),
        None => Box::new(std::io::stdout()),
    };
    let json_out = f.json || f.output.is_some();
    let tty = std::io::stderr().is_terminal();
    let bar = if tty && work.len() > 1 {
        let b = indicatif::ProgressBar::new(work.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} {msg}",
        ) {
            b.set_style(style);
        }
        Some(b)
    } else {
        None
    };
    let inner_shard = if range { Shard::default() } else { shard };
    for (d, ty) in work {
        if let Some(b) = &bar {
            b.set_message(format!("degree {d}"));
        }
        let terms_list: Vec<u32> = match f.terms {
            Some(t) => vec![t],
            None => search::default_terms(ty).to_vec(),
        };
        let mut line_out = |v: Value, text: String| -> Result<(), String> {
            let s = if json_out { v.to_string() } else { text };
            let mut write = || writeln!(sink, "{s}");
            // Keep the progress bar off the printed lines.
            let r = match &bar {
                Some(b) => b.suspend(write),
                None => write(),
            };
            r.map_err(|e| format!("cannot write output: {e}"))
        };
        if count_mode {
            let mut total = 0u64;
            let mut used_terms = terms_list[0];
            for &t in &terms_list {
                let spec = SearchSpec {
                    degree: d,
                    ty,
                    terms: t,
                    pruning,
                };
                if (f.terms.is_none() || range) && search::candidate_count(&spec).is_err() {
                    continue;
                }
                let found = with_candidate_bar(tty && !range, &spec, |p| {
                    search::all_sharded(&spec, inner_shard, p)
                })?;
                used_terms = t;
                total = found.len() as u64;
                if f.all {
                    for x in &found {
                        line_out(found_json(x), found_text(x))?;
                    }
                }
                if total > 0 || f.terms.is_some() {
                    break;
                }
            }
            line_out(
                json!({"degree": d, "count": total, "terms": used_terms, "type": ty.name()}),
                format!("{d}: {total} SSRF type-{ty} polynomials with {used_terms} terms"),
            )?;
        } else {
            let mut result = None;
            for &t in &terms_list {
                let spec = SearchSpec {
                    degree: d,
                    ty,
                    terms: t,
                    pruning,
                };
                if (f.terms.is_none() || range) && search::candidate_count(&spec).is_err() {
                    continue;
                }
                result = with_candidate_bar(tty && !range, &spec, |p| {
                    search::least_sharded(&spec, inner_shard, p)
                })?;
                if result.is_some() {
                    break;
                }
            }
            match result {
                Some(x) => line_out(found_json(&x), found_text(&x))?,
                None => line_out(
                    json!({"degree": d, "modulus": null, "type": ty.name()}),
                    format!("{d}: none"),
                )?,
            }
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(())
}
