//! The tuner's pictures: self-contained SVG files a browser shows as they
//! are (no script, no external resource).
//!
//! Contract: [`sweep_svg`] draws Elo against the swept value, one point per
//! value with its 95% interval as a bar, the reference's level (0) dashed,
//! the best value marked; an infinite Elo or interval end is drawn at the
//! chart's edge with an arrow. [`spsa_svg`] draws one panel per parameter:
//! θ after each step against the pairs played, within the parameter's
//! bounds, its start value dashed. Every text is XML-escaped.

use super::param::format_value;
use super::spsa::SpsaReport;
use super::sweep::SweepReport;
use std::fmt::Write;

const WIDTH: f64 = 760.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 24.0;
const BLUE: &str = "#2b6cb0";
const ORANGE: &str = "#dd6b20";

/// Escapes text for SVG.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// About `n` round tick values covering [lo, hi].
fn ticks(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    let span = (hi - lo).max(1e-9);
    let raw = span / n.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    let first = (lo / step).ceil() * step;
    (0..=n * 2 + 2)
        .map(|i| first + step * i as f64)
        .take_while(|v| *v <= hi + step * 1e-6)
        .map(|v| (v / step).round() * step)
        .collect()
}

/// A linear map from data to pixels.
#[derive(Clone, Copy)]
struct Scale {
    d0: f64,
    d1: f64,
    p0: f64,
    p1: f64,
}

impl Scale {
    fn new(d0: f64, d1: f64, p0: f64, p1: f64) -> Scale {
        let (d0, d1) = if d1 > d0 {
            (d0, d1)
        } else {
            (d0 - 0.5, d0 + 0.5)
        };
        Scale { d0, d1, p0, p1 }
    }

    fn at(&self, v: f64) -> f64 {
        self.p0 + (v - self.d0) / (self.d1 - self.d0) * (self.p1 - self.p0)
    }
}

fn open(svg: &mut String, height: f64, title: &str) {
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\
         <title>{}</title><rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
        esc(title)
    );
}

/// Axes, grid and tick labels of one panel.
fn axes(svg: &mut String, x: Scale, y: Scale, xlabel: &str, ylabel: &str) {
    let (top, bottom) = (y.p1, y.p0);
    for t in ticks(y.d0, y.d1, 5) {
        let py = y.at(t);
        let _ = write!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{py:.1}\" y2=\"{py:.1}\" stroke=\"#e2e8f0\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            py + 4.0,
            esc(&format_value((t * 1000.0).round() / 1000.0))
        );
    }
    for t in ticks(x.d0, x.d1, 8) {
        let px = x.at(t);
        let _ = write!(
            svg,
            "<line x1=\"{px:.1}\" x2=\"{px:.1}\" y1=\"{bottom}\" y2=\"{}\" stroke=\"#4a5568\"/>\
             <text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            bottom + 5.0,
            bottom + 18.0,
            esc(&format_value((t * 1000.0).round() / 1000.0))
        );
    }
    let _ = write!(
        svg,
        "<rect x=\"{LEFT}\" y=\"{top}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#4a5568\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
         <text transform=\"translate(16 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
        WIDTH - RIGHT - LEFT,
        bottom - top,
        (LEFT + WIDTH - RIGHT) / 2.0,
        bottom + 34.0,
        esc(xlabel),
        (top + bottom) / 2.0,
        esc(ylabel)
    );
}

/// Elo against the swept value, with 95% interval bars.
///
/// ```
/// # use yomi_arena::tune::{chart::sweep_svg, SweepReport};
/// # fn f(report: &SweepReport) {
/// std::fs::write("sweep.svg", sweep_svg(report)).unwrap();
/// # }
/// ```
pub fn sweep_svg(r: &SweepReport) -> String {
    let height = 440.0;
    let title = format!("{} of {}: Elo against {}", r.param, r.base, r.reference);
    let mut svg = String::new();
    open(&mut svg, height, &title);
    let _ = write!(
        svg,
        "<text x=\"{LEFT}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>\
         <text x=\"{LEFT}\" y=\"40\" fill=\"#4a5568\">{} pairs a value, seed {}; bars: 95% interval; best {}={}</text>",
        esc(&title),
        r.pairs,
        r.seed,
        esc(&r.param),
        esc(&format_value(r.best))
    );
    let finite: Vec<f64> = r
        .points
        .iter()
        .flat_map(|p| [p.elo, p.elo_lower, p.elo_upper])
        .flatten()
        .chain([0.0])
        .collect();
    let (lo, hi) = finite
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    let pad = ((hi - lo) * 0.08).max(5.0);
    let (lo, hi) = (lo - pad, hi + pad);
    let values: Vec<f64> = r.points.iter().map(|p| p.value).collect();
    let (vmin, vmax) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    let vpad = ((vmax - vmin) * 0.05).max(0.5);
    let x = Scale::new(vmin - vpad, vmax + vpad, LEFT, WIDTH - RIGHT);
    let y = Scale::new(lo, hi, height - 60.0, 56.0);
    axes(&mut svg, x, y, &r.param, "Elo against the reference");
    let zero = y.at(0.0);
    let _ = write!(
        svg,
        "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{zero:.1}\" y2=\"{zero:.1}\" stroke=\"#718096\" stroke-dasharray=\"5 4\"/>",
        WIDTH - RIGHT
    );
    let clamp = |v: Option<f64>, up: bool| match v {
        Some(v) => y.at(v),
        None if up => y.p1,
        None => y.p0,
    };
    let mut line = String::new();
    for p in &r.points {
        let px = x.at(p.value);
        let up = p.score > 0.5;
        let py = clamp(p.elo, up);
        let (top, bottom) = (clamp(p.elo_upper, true), clamp(p.elo_lower, false));
        let colour = if p.value == r.best { ORANGE } else { BLUE };
        let _ = write!(
            svg,
            "<g class=\"point\" data-value=\"{}\"><line x1=\"{px:.1}\" x2=\"{px:.1}\" y1=\"{top:.1}\" y2=\"{bottom:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{top:.1}\" y2=\"{top:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{bottom:.1}\" y2=\"{bottom:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\
             <circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"5\" fill=\"{colour}\"><title>{}={}: {} games, score {:.3}</title></circle></g>",
            esc(&format_value(p.value)),
            px - 5.0,
            px + 5.0,
            px - 5.0,
            px + 5.0,
            esc(&r.param),
            esc(&format_value(p.value)),
            p.result.games(),
            p.score
        );
        if p.elo.is_none() {
            let (ty, label) = if up {
                (py + 16.0, "+inf")
            } else {
                (py - 8.0, "-inf")
            };
            let _ = write!(
                svg,
                "<text x=\"{px:.1}\" y=\"{ty:.1}\" text-anchor=\"middle\" fill=\"{colour}\">{label}</text>"
            );
        }
        let _ = write!(line, "{px:.1},{py:.1} ");
    }
    let _ = write!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{BLUE}\" stroke-opacity=\"0.35\"/></svg>",
        line.trim_end()
    );
    svg
}

/// Each parameter's trajectory over the pairs played.
pub fn spsa_svg(r: &SpsaReport) -> String {
    let panel = 190.0;
    let height = 60.0 + panel * r.params.len() as f64;
    let title = format!("SPSA of {}", r.base);
    let mut svg = String::new();
    open(&mut svg, height, &title);
    let _ = write!(
        svg,
        "<text x=\"{LEFT}\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>\
         <text x=\"{LEFT}\" y=\"40\" fill=\"#4a5568\">{} pairs in {} steps, seed {}; dashed: start value</text>",
        esc(&title),
        r.pairs,
        r.history.len(),
        r.seed
    );
    let x = Scale::new(0.0, r.pairs.max(1) as f64, LEFT, WIDTH - RIGHT);
    for (i, p) in r.params.iter().enumerate() {
        let top = 60.0 + panel * i as f64 + 10.0;
        let y = Scale::new(p.min, p.max, top + panel - 60.0, top);
        axes(&mut svg, x, y, "pairs played", &p.name);
        let sy = y.at(p.start);
        let _ = write!(
            svg,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{sy:.1}\" y2=\"{sy:.1}\" stroke=\"#718096\" stroke-dasharray=\"5 4\"/>",
            WIDTH - RIGHT
        );
        let mut points = format!("{:.1},{sy:.1}", x.at(0.0));
        for h in &r.history {
            let done = h.pairs_before + u64::from(h.result.games() / 2);
            let _ = write!(points, " {:.1},{:.1}", x.at(done as f64), y.at(h.theta[i]));
        }
        let _ = write!(
            svg,
            "<polyline class=\"trajectory\" data-param=\"{}\" points=\"{points}\" fill=\"none\" stroke=\"{BLUE}\" stroke-width=\"1.5\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"{ORANGE}\">{} {} -> {}</text>",
            esc(&p.name),
            WIDTH - RIGHT - 6.0,
            top + 14.0,
            esc(&p.name),
            esc(&format_value(p.start)),
            esc(&format_value(r.tuned[i]))
        );
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 10.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let t = ticks(-37.0, 112.0, 5);
        assert!(t.first().unwrap() >= &-37.0 && t.last().unwrap() <= &112.0);
        assert!(t.iter().all(|v| (v / 25.0).fract() == 0.0), "{t:?}");
        assert_eq!(esc("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn an_infinite_elo_is_drawn_at_the_edge_with_finite_coordinates() {
        use crate::tune::{BoutResult, SweepPoint};
        let point = |value: f64, wdl: [u32; 3], elo: Option<f64>| SweepPoint {
            value,
            spec: format!("x:v={value}"),
            result: BoutResult {
                wdl,
                pentanomial: [0, 0, 0, 0, 0],
            },
            score: (f64::from(wdl[0]) + 0.5 * f64::from(wdl[1])) / 10.0,
            elo,
            elo_lower: elo.map(|e| e - 50.0),
            elo_upper: elo.map(|e| e + 50.0),
            score_stderr: 0.05,
        };
        let report = SweepReport {
            base: "x<y".into(),
            param: "v".into(),
            reference: "x".into(),
            pairs: 5,
            seed: 1,
            points: vec![
                point(1.0, [5, 0, 5], Some(0.0)),
                point(2.0, [10, 0, 0], None),
                point(3.0, [0, 0, 10], None),
            ],
            best: 2.0,
            margin: None,
        };
        let svg = sweep_svg(&report);
        assert!(svg.contains(">+inf<") && svg.contains(">-inf<"), "{svg}");
        assert!(!svg.contains("NaN") && !svg.contains("inf\""), "{svg}");
        assert!(svg.contains("x&lt;y") && !svg.contains("x<y"));
        assert_eq!(svg.matches("class=\"point\"").count(), 3);
    }
}
