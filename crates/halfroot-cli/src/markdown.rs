//! Markdown tables with aligned columns.

/// A table: a header row and data rows of equal width.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Column headings.
    pub headers: Vec<String>,
    /// Data rows.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with the given headings and no rows.
    pub fn new<S: Into<String>>(headers: impl IntoIterator<Item = S>) -> Self {
        Table {
            headers: headers.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row (missing cells are left empty, extra cells dropped).
    pub fn push<S: Into<String>>(&mut self, row: impl IntoIterator<Item = S>) {
        let mut r: Vec<String> = row.into_iter().map(Into::into).collect();
        r.resize(self.headers.len(), String::new());
        self.rows.push(r);
    }

    /// Renders as GitHub-flavoured markdown; numeric-looking columns right-aligned.
    pub fn render(&self) -> String {
        let n = self.headers.len();
        let mut width: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for r in &self.rows {
            for (i, c) in r.iter().enumerate() {
                width[i] = width[i].max(c.chars().count());
            }
        }
        let numeric: Vec<bool> = (0..n)
            .map(|i| {
                !self.rows.is_empty()
                    && self.rows.iter().all(|r| {
                        let c = r[i].trim();
                        c.is_empty()
                            || c == "—"
                            || c.trim_end_matches(['×', '%', 's'])
                                .trim_end_matches(" n")
                                .trim_end_matches(" µ")
                                .parse::<f64>()
                                .is_ok()
                    })
            })
            .collect();
        let pad = |s: &str, w: usize, right: bool| {
            let len = s.chars().count();
            let fill = " ".repeat(w.saturating_sub(len));
            if right {
                format!("{fill}{s}")
            } else {
                format!("{s}{fill}")
            }
        };
        let mut out = String::new();
        let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
        out.push_str(&line(
            (0..n)
                .map(|i| pad(&self.headers[i], width[i], false))
                .collect(),
        ));
        out.push_str(&line(
            (0..n)
                .map(|i| {
                    let dashes = "-".repeat(width[i].max(3) - 1);
                    if numeric[i] {
                        format!("{dashes}:")
                    } else {
                        format!("{dashes}-")
                    }
                })
                .collect(),
        ));
        for r in &self.rows {
            out.push_str(&line(
                (0..n).map(|i| pad(&r[i], width[i], numeric[i])).collect(),
            ));
        }
        out
    }
}

/// Formats a time in nanoseconds with three significant digits.
pub fn ns(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// Formats a ratio with three decimals (the papers' style), `—` when undefined.
pub fn ratio(v: f64) -> String {
    if !v.is_finite() {
        return "—".into();
    }
    if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_aligned_columns() {
        let mut t = Table::new(["field", "mul"]);
        t.push(["163", "9.87"]);
        t.push(["1000", "123"]);
        let s = t.render();
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "| field | mul  |");
        assert_eq!(lines[1], "| -----: | ---: |".replace("-----:", "----:"));
        assert_eq!(lines[2], "|   163 | 9.87 |");
        assert_eq!(ns(1234.4), "1234");
        assert_eq!(ratio(0.12345), "0.123");
        assert_eq!(ratio(f64::NAN), "—");
    }
}
