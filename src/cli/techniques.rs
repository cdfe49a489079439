//! `sgrade techniques`: the technique table of a scale, and the "did you mean" hint for a
//! misspelt technique name.

use std::fmt::Write as _;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;

use sudoku_grader::scales::Scale;
use sudoku_grader::techniques::names::TechniqueNameError;
use sudoku_grader::techniques::CATALOGUE;

use super::output::Output;
use super::ScaleArg;

/// Arguments of `sgrade techniques`.
#[derive(Args, Debug)]
pub struct TechniquesArgs {
    /// The scale whose ladder (order, difficulties, default set) is listed.
    #[arg(long, value_enum, default_value_t = ScaleArg::Gnpx)]
    scale: ScaleArg,
}

/// Runs `sgrade techniques`: one line per rung of the scale's full ladder, in ladder order; the
/// family column adds the group (`fish/fish-finned`), both accepted by `--techniques`.
pub fn run(args: TechniquesArgs) -> Result<ExitCode, String> {
    let scale = Scale::from(args.scale);
    let ladder = scale.full_ladder();
    let rule = ladder.rule();
    let width = |f: fn(&sudoku_grader::techniques::TechniqueInfo) -> usize| {
        CATALOGUE.iter().map(f).max().unwrap_or(0)
    };
    let (id_w, title_w, family_w) = (
        width(|i| i.id.len()).max(2),
        width(|i| i.title.len()).max(5),
        width(|i| i.family.len() + i.group.map_or(0, |g| g.len() + 1)).max(6),
    );
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{:<id_w$}  {:<title_w$}  {:<family_w$}  {:>10}  default",
        "id", "title", "family", "difficulty"
    );
    for rung in ladder.rungs() {
        let info = rung.technique.info();
        let _ = writeln!(
            text,
            "{:<id_w$}  {:<title_w$}  {:<family_w$}  {:>10}  {}",
            info.id,
            info.title,
            match info.group {
                Some(group) => format!("{}/{group}", info.family),
                None => info.family.to_string(),
            },
            rule.label(rung.difficulty),
            if rung.off_by_default { "off" } else { "on" }
        );
    }
    let mut out = Output::stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// The text of a technique-name error: an unknown name gets the nearest valid name ("did you
/// mean `naked-pair`?") and a pointer to `sgrade techniques` instead of the whole list.
pub fn name_error(error: &TechniqueNameError) -> String {
    let TechniqueNameError::Unknown { name, .. } = error else {
        return error.to_string();
    };
    let mut valid: Vec<&str> = CATALOGUE
        .iter()
        .flat_map(|i| [Some(i.id), Some(i.family), i.group])
        .flatten()
        .collect();
    valid.push("all");
    let wanted = name.trim().to_ascii_lowercase();
    let nearest = valid
        .iter()
        .map(|v| (edit_distance(&wanted, v), *v))
        .min()
        .filter(|&(d, v)| d <= (v.len() / 3).max(2));
    let hint = match nearest {
        Some((_, v)) => format!("; did you mean `{v}`?"),
        None => String::new(),
    };
    format!(
        "unknown technique or family '{name}'{hint} (`sgrade techniques` lists the ids; families \
         such as `singles` or `subsets` are accepted too)"
    )
}

/// Levenshtein distance over bytes (names are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_names_are_suggested() {
        assert_eq!(edit_distance("nakd-pair", "naked-pair"), 1);
        let error = TechniqueNameError::Unknown {
            name: "nakd-pair".into(),
            valid: String::new(),
        };
        assert!(name_error(&error).contains("did you mean `naked-pair`?"));
    }
}
