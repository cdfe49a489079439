//! serate 1.2.1.3's reference ratings (`../shared/reference/se/se121_*.csv`): every puzzle
//! whose ER is at most 6.2 needs no chain, so the `se` scale must give its ER/EP/ED exactly,
//! with SE's names; and no step of the shipped corpora (slow tier: of any reference puzzle) is
//! wrong.

use crate::common::{self, csv_maps, sgrade};

/// The reference sets.
const SETS: [&str; 10] = [
    "hodoku_exemplars",
    "kaggle_radcliffe_4000",
    "qqwing_levels",
    "se_exchange_subset",
    "sudocue_almostdn",
    "sudocue_noponies",
    "sudocue_snow2005",
    "sudocue_superiors",
    "top1465",
    "top95",
];

/// The rows of one reference set (`None` without ../shared).
fn reference(set: &str) -> Option<Vec<std::collections::HashMap<String, String>>> {
    let path = common::shared_file(&format!("reference/se/se121_{set}.csv"))?;
    Some(csv_maps(&std::fs::read(path).unwrap()))
}

/// ER as printed, in tenths.
fn tenths(er: &str) -> u32 {
    let (whole, tenth) = er.split_once('.').expect("one decimal");
    whole.parse::<u32>().unwrap() * 10 + tenth.parse::<u32>().unwrap()
}

#[test]
fn every_reference_puzzle_up_to_6_2_is_exact() {
    let columns = [
        "se_er",
        "se_ep",
        "se_ed",
        "se_er_technique",
        "se_ep_technique",
        "se_ed_technique",
    ];
    for set in SETS {
        let Some(rows) = reference(set) else {
            return;
        };
        let rows: Vec<_> = rows
            .into_iter()
            .filter(|r| tenths(&r["se_er"]) <= 62)
            .collect();
        let ours = common::grade_se(rows.iter().map(|r| r["puzzle"].as_str()));
        assert_eq!(ours.len(), rows.len());
        let wrong: Vec<String> = rows
            .iter()
            .zip(&ours)
            .filter(|(want, got)| {
                columns.iter().any(|c| want[*c] != got[*c]) || want["steps"] != got["steps"]
            })
            .map(|(want, got)| {
                format!(
                    "{}: want {}/{}/{} {}, got {}/{}/{} {}",
                    want["puzzle"],
                    want["se_er"],
                    want["se_ep"],
                    want["se_ed"],
                    want["se_er_technique"],
                    got["se_er"],
                    got["se_ep"],
                    got["se_ed"],
                    got["se_er_technique"]
                )
            })
            .collect();
        eprintln!(
            "{set}: {} of {} exact",
            rows.len() - wrong.len(),
            rows.len()
        );
        assert!(
            wrong.is_empty(),
            "{set}: {} differ, e.g. {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(3)]
        );
    }
}

/// `--verify` over every reference puzzle: most need the chains, minutes of CPU in all.
#[test]
#[ignore = "slow tier: cargo test --release --test se -- --ignored"]
fn no_step_is_wrong_on_the_references() {
    let mut input = String::new();
    for set in SETS {
        let Some(rows) = reference(set) else {
            return;
        };
        input.extend(rows.iter().map(|r| format!("{}\n", r["puzzle"])));
    }
    sgrade()
        .args([
            "grade",
            "-q",
            "--scale",
            "se",
            "--verify",
            "--no-timing",
            "-o",
        ])
        .arg(std::env::temp_dir().join("sgrade_se_verify.csv"))
        .write_stdin(input)
        .assert()
        .success();
}

#[test]
fn no_step_is_wrong_on_the_shipped_corpora() {
    for corpus in [
        "royle17_sample.txt",
        "seeds.txt",
        "kaggle_sample.csv",
        "se_exchange_sample.csv",
        "hodoku_forcing_states.txt",
    ] {
        sgrade()
            .args([
                "grade",
                "-q",
                "--scale",
                "se",
                "--verify",
                "--no-timing",
                "-o",
            ])
            .arg(std::env::temp_dir().join(format!("sgrade_se_verify_{corpus}.csv")))
            .arg(common::corpus(corpus))
            .assert()
            .success();
    }
}
