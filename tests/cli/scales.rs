//! Rating scales on the command line: `--scale` changes the ladder, columns and ratings;
//! `--output-format gnpx` writes GNPX lines that read back as input.

use crate::common::{self, csv_maps, gnpx584_lines, sgrade};

/// top1465 #4: HoDoKu 2.2 rates it Hard, score 1032 (hidden pair at most; score past Medium).
const TOP1465_4: &str =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";

#[test]
fn scale_changes_columns_and_ratings() {
    let gnpx = sgrade()
        .args(["grade", "-q"])
        .write_stdin(format!("{TOP1465_4}\n"))
        .assert()
        .success();
    let gnpx = csv_maps(&gnpx.get_output().stdout);
    assert_eq!(gnpx[0]["rating"], "3");
    assert_eq!(gnpx[0]["hardest"], "hidden-pair");
    assert!(!gnpx[0].contains_key("hodoku_level"));
    assert!(!gnpx[0].contains_key("count_locked-pair"));

    let hodoku = sgrade()
        .args(["grade", "-q", "--scale", "hodoku"])
        .write_stdin(format!("{TOP1465_4}\n"))
        .assert()
        .success();
    let hodoku = csv_maps(&hodoku.get_output().stdout);
    assert!(!hodoku[0].contains_key("rating"));
    assert_eq!(hodoku[0]["hodoku_level"], "Hard");
    assert_eq!(hodoku[0]["hodoku_score"], "1032");
    assert_eq!(hodoku[0]["hodoku_bf"], "0");
    assert_ne!(hodoku[0]["count_locked-triple"], "0");

    // v5.84 re-weights: the Skyscraper is 4 there, 5 in v4 (ladders cut after the single-digit
    // patterns, where this puzzle stops; the full v4 ladder goes on to ForceChain).
    let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let cut = "singles,intersections,subsets,single-digit";
    let v4 = sgrade()
        .args(["grade", "-q", "--techniques", cut])
        .write_stdin(format!("{p}\n"))
        .assert();
    let v584 = sgrade()
        .args(["grade", "-q", "--scale", "gnpx584", "--techniques", cut])
        .write_stdin(format!("{p}\n"))
        .assert();
    let (v4, v584) = (
        csv_maps(&v4.get_output().stdout),
        csv_maps(&v584.get_output().stdout),
    );
    // Stuck there, so unrated in the CSV; `explain` gives the rating so far.
    assert_eq!(v4[0]["hardest_so_far"], "skyscraper");
    assert_eq!(
        (v4[0]["rating"].as_str(), v584[0]["rating"].as_str()),
        ("", "")
    );
    for (scale, so_far) in [("gnpx", "5"), ("gnpx584", "4")] {
        sgrade()
            .args(["explain", p, "--scale", scale, "--techniques", cut])
            .assert()
            .success()
            .stdout(predicates::str::contains(format!(
                "rating so far {so_far} (hardest: skyscraper)"
            )));
    }

    sgrade()
        .args(["grade", "--scale", "hodoku2"])
        .write_stdin("")
        .assert()
        .code(2);
}

#[test]
fn explain_reports_the_hodoku_level_and_score() {
    let out = sgrade()
        .args(["explain", "--scale", "hodoku", TOP1465_4])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout);
    assert!(text.contains("rating Hard (score 1032)"), "{text}");
    assert!(text.contains("Locked Triple"));
}

#[test]
fn gnpx_lines_round_trip_through_our_reader() {
    let input = std::fs::read_to_string(common::corpus("seeds.txt")).unwrap();
    let lines = gnpx584_lines(input.clone());
    let csv = sgrade()
        .args(["grade", "-q", "--scale", "gnpx584"])
        .write_stdin(input)
        .assert();
    let expected = csv_maps(&csv.get_output().stdout);
    let written: Vec<&str> = lines.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(written.len(), expected.len());
    for (line, row) in written.iter().zip(&expected) {
        let (puzzle, rest) = line.split_once(' ').unwrap();
        assert_eq!(puzzle, row["puzzle"]);
        assert!(rest.starts_with(&format!("{} \"", row["rating"])), "{line}");
    }
    // Read back: the same puzzles, with GNPX's difficulty and method as the extra text.
    let again = sgrade()
        .args(["grade", "-q", "--scale", "gnpx584"])
        .write_stdin(lines.clone())
        .assert();
    let again = csv_maps(&again.get_output().stdout);
    assert_eq!(again.len(), expected.len());
    for ((a, e), line) in again.iter().zip(&expected).zip(&written) {
        assert_eq!((&a["puzzle"], &a["rating"]), (&e["puzzle"], &e["rating"]));
        assert_eq!(a["extra"], line.split_once(' ').unwrap().1);
    }
    // GNPX's own method names (with fish on the ladder, finned fish come before the skyscraper
    // in GNPX's order and rate the skyscraper seeds).
    assert!(lines.contains(" 5 \"XY_Wing\"") && lines.contains(" 5 \"Finned_XWing\""));
    assert!(lines.contains(" 6 \"Finned_SwordFish\""));
    sgrade()
        .args(["grade", "--scale", "hodoku", "--output-format", "gnpx"])
        .write_stdin("")
        .assert()
        .code(2);
}
