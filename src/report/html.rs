//! `sgrade report`: one self-contained HTML page (inline SVG and CSS, no script, no network) with
//! the rating distribution, technique usage, time per technique and the per-puzzle time
//! distribution. Every element is well-formed XML, so the page is also valid XHTML.

use std::fmt::Write as _;
use std::time::Duration;

use hdrhistogram::Histogram;

use std::collections::BTreeMap;

use crate::grading::evaluate::Status;
use crate::report::summary::{
    format_elapsed, rating_label, rating_legend, rating_meaning, RatingKey, Summary,
};
use crate::scales::{RatingRule, Scale};
use crate::timing::{format_nanos, Timings};

/// Chart width in pixels (the page scales it down on narrow screens).
const WIDTH: f64 = 960.0;
/// Left margin for labels.
const LEFT: f64 = 230.0;
/// Right margin for value labels.
const RIGHT: f64 = 190.0;
/// Bar colour.
const BLUE: &str = "#4c78a8";
/// Highlight colour (hardest step, p99).
const ORANGE: &str = "#e8762b";
/// Axis and grid colour.
const GREY: &str = "#bbbbbb";

/// Escapes text for XML content and attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Thousands separators (`1234567` → `1,234,567`).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A percentage of `total`, or empty when `total` is 0.
fn percent(part: u64, total: u64) -> String {
    if total == 0 {
        String::new()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / total as f64)
    }
}

/// A small SVG writer: elements are appended as text.
struct Svg {
    body: String,
    width: f64,
    height: f64,
    class: &'static str,
    title: String,
}

impl Svg {
    fn new(class: &'static str, title: &str, height: f64) -> Svg {
        Svg {
            body: String::new(),
            width: WIDTH,
            height,
            class,
            title: title.to_string(),
        }
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, tip: &str) {
        let _ = write!(
            self.body,
            r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}">"#,
            w.max(0.0),
            h.max(0.0)
        );
        let _ = write!(self.body, "<title>{}</title></rect>", escape(tip));
    }

    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) {
        let _ = write!(
            self.body,
            r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"#
        );
    }

    fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, tip: &str) {
        let _ = write!(
            self.body,
            r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r}" fill="{fill}"><title>{}</title></circle>"#,
            escape(tip)
        );
    }

    /// Text; `anchor` is `start`, `middle` or `end`.
    fn text(&mut self, x: f64, y: f64, anchor: &str, class: &str, text: &str) {
        let _ = write!(
            self.body,
            r#"<text x="{x:.1}" y="{y:.1}" text-anchor="{anchor}" class="{class}">{}</text>"#,
            escape(text)
        );
    }

    fn finish(self) -> String {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" class="{}" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img"><title>{}</title>{}</svg>"#,
            self.class,
            escape(&self.title),
            self.body,
            w = self.width,
            h = self.height,
        )
    }
}

/// A "nice" tick step (1, 2 or 5 × 10^k) giving about `target` ticks up to `max`.
fn nice_step(max: f64, target: f64) -> f64 {
    let raw = (max / target).max(1e-12);
    let magnitude = 10f64.powf(raw.log10().floor());
    let fraction = raw / magnitude;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    (nice * magnitude).max(1.0)
}

/// Rating distribution under one rule: one vertical bar per rating from 0 to the highest seen,
/// then, when `stuck` > 0, a bar of its own for the puzzles the ladder could not finish (they
/// have no rating).
fn rating_chart(key: RatingKey, ratings: &BTreeMap<u8, u64>, stuck: u64) -> String {
    let rule = key.rule;
    let top_rating = ratings.keys().copied().max().unwrap_or(0);
    let mut bars: Vec<(String, u64, &str)> = (0..=top_rating)
        .map(|rating| {
            let count = ratings.get(&rating).copied().unwrap_or(0);
            (rating_label(rule, rating), count, BLUE)
        })
        .collect();
    if stuck > 0 {
        bars.push(("stuck".to_string(), stuck, GREY));
    }
    let graded: u64 = bars.iter().map(|b| b.1).sum();
    let most = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1) as f64;
    let (top, bottom, plot_h) = (20.0, 50.0, 260.0);
    let mut svg = Svg::new("rating-chart", "Rating distribution", top + plot_h + bottom);
    let (x0, x1) = (70.0, WIDTH - 30.0);
    let step = nice_step(most, 5.0);
    let y_of = |count: f64| top + plot_h - plot_h * count / (most * 1.08);
    let mut tick = 0.0;
    while tick <= most * 1.08 {
        let y = y_of(tick);
        svg.line(x0, y, x1, y, if tick == 0.0 { "#666" } else { GREY }, 0.5);
        svg.text(x0 - 6.0, y + 4.0, "end", "tick", &grouped(tick as u64));
        tick += step;
    }
    let slots = bars.len() as f64;
    let slot_w = (x1 - x0) / slots;
    for (slot, (label, count, colour)) in bars.iter().enumerate() {
        let (label, count) = (label.as_str(), *count);
        let x = x0 + slot_w * slot as f64;
        let y = y_of(count as f64);
        let tip = if *colour == GREY {
            format!(
                "stuck (no rating): {} puzzles ({})",
                grouped(count),
                percent(count, graded)
            )
        } else {
            format!(
                "{} {label}: {} puzzles ({})",
                key.name(),
                grouped(count),
                percent(count, graded)
            )
        };
        svg.rect(
            x + slot_w * 0.15,
            y,
            slot_w * 0.7,
            top + plot_h - y,
            colour,
            &tip,
        );
        if count > 0 {
            svg.text(
                x + slot_w / 2.0,
                y - 14.0,
                "middle",
                "value",
                &grouped(count),
            );
            svg.text(
                x + slot_w / 2.0,
                y - 3.0,
                "middle",
                "note",
                &percent(count, graded),
            );
        }
        svg.text(
            x + slot_w / 2.0,
            top + plot_h + 18.0,
            "middle",
            "tick",
            label,
        );
    }
    let axis_title = match (rule, key.scale) {
        (RatingRule::MaxDifficulty, Some(scale)) => {
            format!("rating on {scale} (maximum difficulty of the techniques used)")
        }
        (RatingRule::MaxDifficulty, None) => {
            "rating (maximum difficulty of the techniques used)".to_string()
        }
        (RatingRule::HodokuLevel, _) => {
            "HoDoKu level (hardest technique, raised by the score)".to_string()
        }
        (RatingRule::SeErEpEd, _) => "Sudoku Explainer ER (hardest step's difficulty)".to_string(),
    };
    svg.text(
        (x0 + x1) / 2.0,
        top + plot_h + 40.0,
        "middle",
        "axis",
        &axis_title,
    );
    svg.finish()
}

/// Technique usage: per technique, puzzles that used it (blue) and puzzles whose hardest step it
/// was (orange), as horizontal bars over the graded puzzles.
fn usage_chart(summary: &Summary) -> String {
    let graded = summary.solved + summary.stuck;
    // Only the techniques some puzzle used: the rest would be rows of empty bars.
    let rows: Vec<_> = summary
        .techniques
        .iter()
        .filter(|(_, usage)| usage.puzzles > 0 || usage.hardest > 0)
        .collect();
    let row_h = 24.0;
    let (top, bottom) = (30.0, 40.0);
    let height = top + row_h * rows.len().max(1) as f64 + bottom;
    let mut svg = Svg::new("usage-chart", "Technique usage", height);
    let (x0, x1) = (LEFT, WIDTH - RIGHT);
    let scale = (x1 - x0) / graded.max(1) as f64;
    svg.rect(x0, 8.0, 12.0, 12.0, BLUE, "puzzles using the technique");
    svg.text(x0 + 16.0, 18.0, "start", "note", "puzzles using it");
    svg.rect(
        x0 + 140.0,
        8.0,
        12.0,
        12.0,
        ORANGE,
        "puzzles whose hardest step it is",
    );
    svg.text(x0 + 156.0, 18.0, "start", "note", "as hardest step");
    for (i, (id, usage)) in rows.iter().enumerate() {
        let y = top + row_h * i as f64;
        svg.text(x0 - 8.0, y + row_h * 0.65, "end", "label", id);
        let used = format!(
            "{id}: used by {} puzzles ({}), {} steps",
            grouped(usage.puzzles),
            percent(usage.puzzles, graded),
            grouped(usage.steps)
        );
        svg.rect(
            x0,
            y + 3.0,
            usage.puzzles as f64 * scale,
            row_h - 6.0,
            BLUE,
            &used,
        );
        let hardest = format!(
            "{id}: hardest step of {} puzzles ({})",
            grouped(usage.hardest),
            percent(usage.hardest, graded)
        );
        svg.rect(
            x0,
            y + 8.0,
            usage.hardest as f64 * scale,
            row_h - 16.0,
            ORANGE,
            &hardest,
        );
        svg.text(
            x0 + usage.puzzles as f64 * scale + 6.0,
            y + row_h * 0.65,
            "start",
            "value",
            &format!(
                "{} ({}) · hardest {}",
                grouped(usage.puzzles),
                percent(usage.puzzles, graded),
                grouped(usage.hardest)
            ),
        );
    }
    let axis_y = top + row_h * rows.len() as f64 + 4.0;
    svg.line(x0, axis_y, x1, axis_y, "#666", 0.5);
    svg.text(
        (x0 + x1) / 2.0,
        axis_y + 26.0,
        "middle",
        "axis",
        &format!("puzzles (of {} graded)", grouped(graded)),
    );
    svg.finish()
}

/// A power of ten of nanoseconds as an axis label (`10 ns`, `1 µs`, `100 ms`, `10 s`).
fn decade_label(nanos: f64) -> String {
    let (value, unit) = if nanos < 1e3 {
        (nanos, "ns")
    } else if nanos < 1e6 {
        (nanos / 1e3, "µs")
    } else if nanos < 1e9 {
        (nanos / 1e6, "ms")
    } else {
        (nanos / 1e9, "s")
    };
    format!("{} {unit}", value.round())
}

/// A logarithmic time axis over `[lo, hi]` nanoseconds, whole decades.
struct LogAxis {
    lo: f64,
    hi: f64,
    x0: f64,
    x1: f64,
}

impl LogAxis {
    fn new(min_ns: f64, max_ns: f64, x0: f64, x1: f64) -> LogAxis {
        let lo = 10f64.powf(min_ns.max(1.0).log10().floor());
        let hi = 10f64.powf(max_ns.max(10.0).log10().ceil()).max(lo * 10.0);
        LogAxis { lo, hi, x0, x1 }
    }

    fn x(&self, nanos: f64) -> f64 {
        let t =
            (nanos.max(self.lo).log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10());
        self.x0 + (self.x1 - self.x0) * t
    }

    /// Decade grid lines and labels from `y_top` to `y_bottom`.
    fn draw(&self, svg: &mut Svg, y_top: f64, y_bottom: f64) {
        let mut decade = self.lo;
        while decade <= self.hi * 1.0001 {
            let x = self.x(decade);
            svg.line(x, y_top, x, y_bottom, GREY, 0.5);
            svg.text(x, y_bottom + 16.0, "middle", "tick", &decade_label(decade));
            decade *= 10.0;
        }
    }
}

/// Time per technique call: p50 (dot) to p99 (orange tick) on a log axis, per technique, then
/// the oracle and the whole puzzle.
fn technique_time_chart(timings: &Timings) -> String {
    let mut rows: Vec<(String, &Histogram<u64>)> = timings
        .techniques
        .iter()
        .filter(|(_, t)| !t.calls.is_empty())
        .map(|(id, t)| (id.to_string(), &t.calls))
        .collect();
    if !timings.oracle.is_empty() {
        rows.push(("(oracle run)".to_string(), &timings.oracle));
    }
    if !timings.puzzle.is_empty() {
        rows.push(("(whole puzzle)".to_string(), &timings.puzzle));
    }
    let row_h = 24.0;
    let (top, bottom) = (30.0, 46.0);
    let height = top + row_h * rows.len().max(1) as f64 + bottom;
    let mut svg = Svg::new("time-chart", "Time per technique call", height);
    let lo = rows
        .iter()
        .map(|(_, h)| h.value_at_quantile(0.5) as f64)
        .fold(f64::INFINITY, f64::min);
    let hi = rows
        .iter()
        .map(|(_, h)| h.value_at_quantile(0.99) as f64)
        .fold(1.0, f64::max);
    let axis = LogAxis::new(lo, hi, LEFT, WIDTH - RIGHT);
    let axis_y = top + row_h * rows.len() as f64 + 4.0;
    axis.draw(&mut svg, top - 4.0, axis_y);
    svg.circle(LEFT + 6.0, 14.0, 5.0, BLUE, "median (p50)");
    svg.text(LEFT + 16.0, 18.0, "start", "note", "p50");
    svg.line(LEFT + 60.0, 8.0, LEFT + 60.0, 20.0, ORANGE, 3.0);
    svg.text(LEFT + 68.0, 18.0, "start", "note", "p99");
    for (i, (name, h)) in rows.iter().enumerate() {
        let y = top + row_h * i as f64 + row_h / 2.0;
        let (p50, p90, p99) = (
            h.value_at_quantile(0.5) as f64,
            h.value_at_quantile(0.9) as f64,
            h.value_at_quantile(0.99) as f64,
        );
        svg.text(LEFT - 8.0, y + 4.0, "end", "label", name);
        svg.line(axis.x(p50), y, axis.x(p99), y, BLUE, 2.0);
        let tip = format!(
            "{name}: {} calls, p50 {}, p90 {}, p99 {}, max {}",
            grouped(h.len()),
            format_nanos(p50),
            format_nanos(p90),
            format_nanos(p99),
            format_nanos(h.max() as f64)
        );
        svg.circle(axis.x(p50), y, 5.0, BLUE, &tip);
        svg.line(axis.x(p99), y - 7.0, axis.x(p99), y + 7.0, ORANGE, 3.0);
        svg.text(
            WIDTH - RIGHT + 10.0,
            y + 4.0,
            "start",
            "value",
            &format!("{} / {}", format_nanos(p50), format_nanos(p99)),
        );
    }
    svg.text(
        (LEFT + WIDTH - RIGHT) / 2.0,
        axis_y + 38.0,
        "middle",
        "axis",
        "time per call (log scale)",
    );
    svg.finish()
}

/// Bins per decade of the per-puzzle time histogram.
const BINS_PER_DECADE: f64 = 10.0;

/// Per-puzzle time distribution: puzzles per logarithmic time bin, with p50/p90/p99 marked.
fn puzzle_time_chart(puzzle_ns: &Histogram<u64>) -> String {
    let (top, bottom, plot_h) = (44.0, 56.0, 240.0);
    let mut svg = Svg::new(
        "puzzle-time-chart",
        "Time per puzzle",
        top + plot_h + bottom,
    );
    let axis = LogAxis::new(
        puzzle_ns.min().max(1) as f64,
        puzzle_ns.max().max(1) as f64,
        70.0,
        WIDTH - 30.0,
    );
    let first_bin = (axis.lo.log10() * BINS_PER_DECADE).round() as i64;
    let bins = ((axis.hi.log10() - axis.lo.log10()) * BINS_PER_DECADE).round() as usize;
    let mut counts = vec![0u64; bins.max(1)];
    for value in puzzle_ns.iter_recorded() {
        let nanos = puzzle_ns
            .median_equivalent(value.value_iterated_to())
            .max(1) as f64;
        let bin = (nanos.log10() * BINS_PER_DECADE).floor() as i64 - first_bin;
        let bin = bin.clamp(0, counts.len() as i64 - 1) as usize;
        counts[bin] += value.count_at_value();
    }
    let most = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let y_of = |count: f64| top + plot_h - plot_h * count / (most * 1.05);
    let step = nice_step(most, 4.0);
    let mut tick = 0.0;
    while tick <= most * 1.05 {
        let y = y_of(tick);
        svg.line(axis.x0, y, axis.x1, y, GREY, 0.5);
        svg.text(axis.x0 - 6.0, y + 4.0, "end", "tick", &grouped(tick as u64));
        tick += step;
    }
    axis.draw(&mut svg, top, top + plot_h);
    for (i, &count) in counts.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let from = 10f64.powf((first_bin + i as i64) as f64 / BINS_PER_DECADE);
        let to = 10f64.powf((first_bin + i as i64 + 1) as f64 / BINS_PER_DECADE);
        let (x_from, x_to) = (axis.x(from), axis.x(to));
        let y = y_of(count as f64);
        let tip = format!(
            "{} – {}: {} puzzles",
            format_nanos(from),
            format_nanos(to),
            grouped(count)
        );
        svg.rect(
            x_from + 0.5,
            y,
            x_to - x_from - 1.0,
            top + plot_h - y,
            BLUE,
            &tip,
        );
    }
    // Labels on staggered lines so that close quantiles do not overlap.
    for (i, (quantile, name)) in [(0.5, "p50"), (0.9, "p90"), (0.99, "p99")]
        .into_iter()
        .enumerate()
    {
        let nanos = puzzle_ns.value_at_quantile(quantile) as f64;
        let x = axis.x(nanos);
        let label_y = 12.0 + 12.0 * i as f64;
        svg.line(x, label_y + 2.0, x, top + plot_h, ORANGE, 1.5);
        svg.text(
            x + 4.0,
            label_y,
            "start",
            "note",
            &format!("{name} {}", format_nanos(nanos)),
        );
    }
    svg.text(
        (axis.x0 + axis.x1) / 2.0,
        top + plot_h + 44.0,
        "middle",
        "axis",
        "time per puzzle (log scale): parse, oracle and grading",
    );
    svg.finish()
}

/// The page's facts table: statuses and the grading verdicts.
fn facts_table(summary: &Summary) -> String {
    let rows = summary.rows();
    let mut html = String::from("<table class=\"facts\">");
    let mut row = |name: &str, value: u64| {
        let _ = write!(
            html,
            "<tr><th>{}</th><td>{}</td><td>{}</td></tr>",
            escape(name),
            grouped(value),
            percent(value, rows)
        );
    };
    row("puzzles", rows);
    for status in Status::ALL {
        // Duplicates exist only with `--dedup`.
        if status != Status::Duplicate || summary.count(status) > 0 {
            row(status.as_str(), summary.count(status));
        }
    }
    row("solved by the ladder", summary.solved);
    // Given up at the chain work limit is not stuck for want of a technique.
    row(
        "stuck (need techniques beyond the ladder)",
        summary.stuck - summary.gave_up,
    );
    if summary.gave_up > 0 {
        row(
            "given up at the chain work limit (--chain-work-limit)",
            summary.gave_up,
        );
    }
    html.push_str("</table>");
    html
}

/// The scale a histogram's ratings come from: the one its rows name, else the rule's default.
fn scale_of(key: RatingKey) -> Scale {
    key.scale.unwrap_or(match key.rule {
        RatingRule::MaxDifficulty => Scale::Gnpx,
        RatingRule::HodokuLevel => Scale::Hodoku,
        RatingRule::SeErEpEd => Scale::Se,
    })
}

/// What each rating of a histogram means on its scale ([`rating_legend`]).
fn legend_table(key: RatingKey, ratings: &BTreeMap<u8, u64>) -> String {
    let scale = scale_of(key);
    let legend = rating_legend(&scale.ladder());
    let mut html = format!(
        "<p class=\"note\">What the ratings mean on <code>{}</code> ({}): the techniques of that difficulty on its ladder.</p><table class=\"facts legend\">",
        scale.name(),
        escape(rating_meaning(key.rule))
    );
    for rating in ratings.keys() {
        if let Some(meaning) = legend.get(rating) {
            let _ = write!(
                html,
                "<tr><th>{}</th><td class=\"text\">{}</td></tr>",
                escape(&rating_label(key.rule, *rating)),
                escape(meaning)
            );
        }
    }
    html.push_str("</table>\n");
    html
}

/// The facts, rating charts with their legends and the usage chart of one summary.
fn summary_sections(html: &mut String, summary: &Summary, level: &str) {
    html.push_str(&facts_table(summary));
    let _ = writeln!(html, "\n<{level}>Rating distribution</{level}>");
    html.push_str("<p class=\"note\">Graded puzzles per rating, one chart per rating scale in the inputs. Stuck puzzles (the ladder could not finish them) have no rating: they have a bar of their own, after the ratings.</p>\n");
    for (index, (key, ratings)) in summary.ratings.iter().enumerate() {
        let stuck = if index == 0 { summary.stuck } else { 0 };
        html.push_str(&rating_chart(*key, ratings, stuck));
        // SE's ratings are bands of its ER, not rung difficulties: no rung legend for them.
        if key.rule != RatingRule::SeErEpEd {
            html.push_str(&legend_table(*key, ratings));
        }
    }
    if summary.ratings.is_empty() && summary.stuck > 0 {
        html.push_str(&rating_chart(
            RatingKey::of(summary.rule),
            &BTreeMap::new(),
            summary.stuck,
        ));
    }
    let _ = writeln!(html, "\n<{level}>Technique usage</{level}>");
    let unused = summary
        .techniques
        .iter()
        .filter(|(_, usage)| usage.puzzles == 0 && usage.hardest == 0)
        .count();
    let _ = writeln!(
        html,
        "<p class=\"note\">Graded puzzles that needed each technique at least once, and those whose hardest step it was; {unused} techniques that no puzzle used are left out.</p>"
    );
    html.push_str(&usage_chart(summary));
}

/// The whole HTML page. `sources` names the inputs; `version` is sgrade's; `per_input`, when
/// not empty, adds each input's own facts, ratings and usage after the whole's.
pub fn render_html(
    summary: &Summary,
    timings: Option<&Timings>,
    sources: &[String],
    version: &str,
    per_input: &[(String, Summary)],
) -> String {
    let mut html = String::new();
    let title = "sgrade report";
    let _ = write!(
        html,
        r#"<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>{title}</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 24px auto; max-width: 1000px; color: #222; padding: 0 12px; }}
h1 {{ font-size: 24px; margin-bottom: 4px; }}
h2 {{ font-size: 18px; margin: 28px 0 6px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }}
p.meta, p.note {{ color: #555; font-size: 13px; margin: 4px 0; }}
table.facts {{ border-collapse: collapse; font-size: 14px; margin-top: 8px; }}
table.facts th {{ text-align: left; font-weight: normal; padding: 2px 16px 2px 0; }}
table.facts td {{ text-align: right; padding: 2px 0 2px 16px; font-variant-numeric: tabular-nums; }}
svg {{ max-width: 100%; height: auto; display: block; }}
svg text {{ font-family: inherit; fill: #222; }}
svg .tick {{ font-size: 11px; fill: #555; }}
svg .label {{ font-size: 13px; }}
svg .value {{ font-size: 12px; }}
svg .note {{ font-size: 11px; fill: #555; }}
svg .axis {{ font-size: 13px; fill: #333; }}
</style></head><body>
<h1>{title}</h1>
"#
    );
    let _ = writeln!(
        html,
        "<p class=\"meta\">sgrade {} · inputs: {}</p>",
        escape(version),
        escape(&sources.join(", "))
    );
    let scales: Vec<String> = summary
        .ratings
        .iter()
        .map(|(key, _)| scale_of(*key).name().to_string())
        .collect();
    let h = &summary.puzzle_time_ns;
    // The rows' time_us summed: the grading time of the run (of all its threads).
    let run_time = if h.is_empty() {
        "not in the inputs".to_string()
    } else {
        format_elapsed(Duration::from_nanos((h.mean() * h.len() as f64) as u64))
    };
    let _ = writeln!(
        html,
        "<p class=\"meta\">scale: {} · grading time (the rows' <code>time_us</code> summed): {}</p>",
        escape(&if scales.is_empty() { "none (no graded rows)".to_string() } else { scales.join(", ") }),
        escape(&run_time)
    );
    summary_sections(&mut html, summary, "h2");
    html.push_str("\n<h2>Time per technique</h2>\n");
    match timings {
        Some(timings) => {
            html.push_str("<p class=\"note\">Time per call of each technique (hits and misses), median (p50) to p99, log scale; then one oracle run and one whole puzzle.</p>\n");
            html.push_str(&technique_time_chart(timings));
        }
        None => html.push_str(
            "<p class=\"note\">No timings given: grade with <code>--timings FILE</code> and pass the file to <code>sgrade report --timings FILE</code>.</p>\n",
        ),
    }
    html.push_str("\n<h2>Time per puzzle</h2>\n");
    if summary.puzzle_time_ns.is_empty() {
        html.push_str("<p class=\"note\">No puzzle times in the inputs.</p>\n");
    } else {
        html.push_str("<p class=\"note\">Puzzles per time bin (10 bins a decade, log scale), from the results' <code>time_us</code> column.</p>\n");
        html.push_str(&puzzle_time_chart(&summary.puzzle_time_ns));
    }
    for (source, summary) in per_input {
        let _ = writeln!(html, "\n<h2>Input {}</h2>", escape(source));
        summary_sections(&mut html, summary, "h3");
    }
    html.push_str("\n</body></html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(12), "12");
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(nice_step(1000.0, 5.0), 200.0);
        assert_eq!(nice_step(7.0, 5.0), 2.0);
    }

    #[test]
    fn decades_are_labelled_without_decimals() {
        let labels: Vec<String> = [10.0, 1e3, 1e5, 1e7, 1e10]
            .into_iter()
            .map(decade_label)
            .collect();
        assert_eq!(labels, ["10 ns", "1 µs", "100 µs", "10 ms", "10 s"]);
    }

    #[test]
    fn log_axis_spans_whole_decades() {
        let axis = LogAxis::new(85.0, 4_000.0, 0.0, 300.0);
        assert_eq!((axis.lo, axis.hi), (10.0, 10_000.0));
        assert!((axis.x(100.0) - 100.0).abs() < 1e-9);
        assert!((axis.x(10_000.0) - 300.0).abs() < 1e-9);
    }
}
