//! HoDoKu's technique codes, its regression library (in `../shared`) and the one way the
//! `hodoku` binary checks a family against that library.

use sudoku_grader::core::CandidateSet;
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

use super::reglib::{self, RegLibCase};

/// HoDoKu 2.2's technique codes (its `SolutionType` numbers, the first field of a library line)
/// and the technique of ours that answers each. The first two digits are HoDoKu's category:
/// 00 singles, 01 intersections, 02 subsets, 04 single-digit patterns, 05 colouring, 06
/// uniqueness, 07 chains and loops, 08 wings, 09 almost locked sets, 11 Sue de Coq. Fish
/// (03xx) are not here: a fish code names a size and a class of HoDoKu's, which several of our
/// fish techniques answer (see the `reglib_fish` module).
pub const TECHNIQUE_CODES: &[(&str, TechniqueId)] = &[
    ("0000", TechniqueId::FullHouse),
    ("0002", TechniqueId::HiddenSingle),
    ("0003", TechniqueId::NakedSingle),
    ("0100", TechniqueId::LockedCandidatesPointing),
    ("0101", TechniqueId::LockedCandidatesClaiming),
    ("0110", TechniqueId::LockedPair),
    ("0111", TechniqueId::LockedTriple),
    ("0200", TechniqueId::NakedPair),
    ("0201", TechniqueId::NakedTriple),
    ("0202", TechniqueId::NakedQuad),
    ("0210", TechniqueId::HiddenPair),
    ("0211", TechniqueId::HiddenTriple),
    ("0212", TechniqueId::HiddenQuad),
    ("0400", TechniqueId::Skyscraper),
    ("0401", TechniqueId::TwoStringKite),
    ("0402", TechniqueId::EmptyRectangle),
    ("0403", TechniqueId::TurbotFish),
    // Dual 2-String Kite and dual Empty Rectangle: two of our steps (see `reglib_patterns`).
    ("0404", TechniqueId::TwoStringKite),
    ("0405", TechniqueId::EmptyRectangle),
    ("0500", TechniqueId::ColorTrap),
    ("0501", TechniqueId::ColorWrap),
    ("0502", TechniqueId::MultiColor1),
    ("0503", TechniqueId::MultiColor2),
    ("0600", TechniqueId::UniqueRectangle1),
    ("0601", TechniqueId::UniqueRectangle2),
    ("0602", TechniqueId::UniqueRectangle3),
    ("0603", TechniqueId::UniqueRectangle4),
    ("0604", TechniqueId::UniqueRectangle5),
    ("0605", TechniqueId::UniqueRectangle6),
    ("0606", TechniqueId::HiddenRectangle),
    ("0607", TechniqueId::AvoidableRectangle1),
    ("0608", TechniqueId::AvoidableRectangle2),
    ("0610", TechniqueId::BugPlusOne),
    ("0701", TechniqueId::XChain),
    ("0702", TechniqueId::XyChain),
    ("0703", TechniqueId::RemotePair),
    // Continuous and discontinuous nice loops and AICs, then their grouped forms.
    ("0706", TechniqueId::NiceLoop),
    ("0707", TechniqueId::NiceLoop),
    ("0708", TechniqueId::NiceLoop),
    ("0709", TechniqueId::GroupedNiceLoop),
    ("0710", TechniqueId::GroupedNiceLoop),
    ("0711", TechniqueId::GroupedNiceLoop),
    ("0800", TechniqueId::XyWing),
    ("0801", TechniqueId::XyzWing),
    ("0803", TechniqueId::WWing),
    ("0901", TechniqueId::AlsXz),
    ("0902", TechniqueId::AlsXyWing),
    ("0903", TechniqueId::AlsChain),
    ("0904", TechniqueId::DeathBlossom),
    ("1101", TechniqueId::SueDeCoq),
];

/// Our technique for HoDoKu's `code`, if [`TECHNIQUE_CODES`] has one.
pub fn technique(code: &str) -> Option<TechniqueId> {
    TECHNIQUE_CODES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|&(_, technique)| technique)
}

/// [`technique`] for a code that starts with one of `prefixes` (HoDoKu categories or codes).
pub fn technique_among(code: &str, prefixes: &[&str]) -> Option<TechniqueId> {
    prefixes
        .iter()
        .any(|p| code.starts_with(p))
        .then(|| technique(code))
        .flatten()
}

/// The cases of HoDoKu's regression library in `../shared`, or None (skipping) without it.
pub fn library() -> Option<Vec<RegLibCase>> {
    let path = super::shared_file("corpora/techniques/hodoku_reglib-1.3.txt")?;
    let text = std::fs::read_to_string(path).expect("readable library");
    Some(reglib::parse_library(&text).expect("valid library"))
}

/// Every step `technique`'s standard finder reports at the case's state.
pub fn our_steps(case: &RegLibCase, technique: &TechniqueId) -> Vec<Step> {
    technique.find_all(&case.grid)
}

/// Whether one of `steps` makes exactly the case's eliminations.
pub fn eliminates_as_hodoku(case: &RegLibCase, steps: &[Step]) -> bool {
    steps.iter().any(|s| s.eliminations == case.eliminations)
}

/// Whether one of `steps` makes exactly the case's eliminations and placements.
pub fn concludes_as_hodoku(case: &RegLibCase, steps: &[Step]) -> bool {
    steps
        .iter()
        .any(|s| s.eliminations == case.eliminations && s.placements == case.placements)
}

/// Checks one family against HoDoKu's regression library (skipping without `../shared`).
///
/// `wanted` says what a case asks of us (`None`: not this family's case); `search` lists the
/// steps ours finds for it at the case's state. A fail case (`-x`) must find nothing; any other
/// case must be `reproduces`d from those steps. Panics unless at least `min_cases` cases were
/// checked and all passed, listing each failure with what was found. Returns the number of cases
/// checked, `None` when skipped.
pub fn assert_reproduces_library<T>(
    family: &str,
    min_cases: usize,
    wanted: impl Fn(&RegLibCase) -> Option<T>,
    search: impl Fn(&RegLibCase, &T) -> Vec<Step>,
    mut reproduces: impl FnMut(&RegLibCase, &T, &[Step]) -> bool,
) -> Option<usize> {
    let cases = library()?;
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let Some(wanted) = wanted(case) else {
            continue;
        };
        checked += 1;
        let steps = search(case, &wanted);
        let ok = if case.is_fail_case() {
            steps.is_empty()
        } else {
            reproduces(case, &wanted, &steps)
        };
        if !ok {
            let found: Vec<String> = steps
                .iter()
                .map(|s| format!("{} {:?}", s.technique.id(), s.eliminations))
                .collect();
            failures.push(format!(
                "line {} ({}{}) wants {:?} {:?}; found {found:#?}",
                case.line,
                case.code,
                case.variant
                    .as_deref()
                    .map(|v| format!("-{v}"))
                    .unwrap_or_default(),
                case.eliminations,
                case.placements
            ));
        }
    }
    assert!(
        checked >= min_cases,
        "{family}: only {checked} library cases found"
    );
    assert!(
        failures.is_empty(),
        "{family}: {} of {checked} library cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Some(checked)
}

/// HoDoKu's sort key among steps with as many eliminations: the sum over the eliminations taken
/// digit by digit, cell by cell, the k-th (from 0) adding `cell * (1 + 80 k) + digit` (digit
/// 1–9). The smaller sum comes first.
pub fn index_sum(set: &CandidateSet) -> u64 {
    let by_digit = (0..9).flat_map(|digit| set.planes[digit].into_iter().map(move |c| (c, digit)));
    let mut sum = 0;
    for (k, (cell, digit)) in by_digit.enumerate() {
        sum += cell as u64 * (1 + 80 * k as u64) + digit as u64 + 1;
    }
    sum
}
