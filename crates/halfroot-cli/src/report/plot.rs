//! SVG line charts for `halfroot report --plot DIR`.

use plotters::prelude::*;
use std::path::Path;

/// One named series of (x, y) points.
#[derive(Clone, Debug)]
pub struct Series {
    /// Legend label.
    pub name: String,
    /// The points, drawn in order.
    pub points: Vec<(f64, f64)>,
}

/// A chart: title, axis labels and series; y may be logarithmic.
#[derive(Clone, Debug)]
pub struct Chart {
    /// File stem (the chart is written to `DIR/<file>.svg`).
    pub file: String,
    /// Title drawn above the chart.
    pub title: String,
    /// Label of the x axis.
    pub x_label: String,
    /// Label of the y axis.
    pub y_label: String,
    /// The data.
    pub series: Vec<Series>,
    /// Logarithmic y axis.
    pub log_y: bool,
}

/// Writes `chart` as `dir/<file>.svg`.
pub fn write_svg(chart: &Chart, dir: &Path) -> Result<std::path::PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join(format!("{}.svg", chart.file));
    let pts = chart.series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in pts {
        if !(x.is_finite() && y.is_finite()) || (chart.log_y && y <= 0.0) {
            continue;
        }
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Err(format!("chart {} has no data", chart.file));
    }
    if x0 == x1 {
        x1 = x0 + 1.0;
    }
    let err = |e: &dyn std::fmt::Display| format!("cannot draw {}: {e}", path.display());
    let root = SVGBackend::new(&path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let palette = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
        RGBColor(188, 189, 34),
        RGBColor(23, 190, 207),
    ];
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(&chart.title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60);
    macro_rules! draw {
        ($ctx:expr) => {{
            let mut ctx = $ctx;
            ctx.configure_mesh()
                .x_desc(chart.x_label.as_str())
                .y_desc(chart.y_label.as_str())
                .draw()
                .map_err(|e| err(&e))?;
            for (i, s) in chart.series.iter().enumerate() {
                let color = palette[i % palette.len()];
                let data: Vec<(f64, f64)> = s
                    .points
                    .iter()
                    .copied()
                    .filter(|&(x, y)| x.is_finite() && y.is_finite() && (!chart.log_y || y > 0.0))
                    .collect();
                ctx.draw_series(LineSeries::new(data.clone(), color.stroke_width(2)))
                    .map_err(|e| err(&e))?
                    .label(s.name.as_str())
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                    });
                ctx.draw_series(data.iter().map(|&p| Circle::new(p, 3, color.filled())))
                    .map_err(|e| err(&e))?;
            }
            ctx.configure_series_labels()
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .draw()
                .map_err(|e| err(&e))?;
        }};
    }
    if chart.log_y {
        let ctx = builder
            .build_cartesian_2d(x0..x1, (y0 * 0.8..y1 * 1.25).log_scale())
            .map_err(|e| err(&e))?;
        draw!(ctx);
    } else {
        let lo = if y0 > 0.0 { 0.0 } else { y0 * 1.1 };
        let ctx = builder
            .build_cartesian_2d(x0..x1, lo..y1 * 1.1)
            .map_err(|e| err(&e))?;
        draw!(ctx);
    }
    root.present().map_err(|e| err(&e))?;
    drop(root);
    Ok(path)
}
