//! HoDoKu's regression library, fish (codes 03xx but kraken 037x): for every line, the fish our
//! engine finds for the line's digit, size and class must include one with exactly HoDoKu's
//! eliminations (siamese lines: two fish with the same base set whose eliminations together are
//! HoDoKu's), and `-x` lines must find nothing.

use sudoku_grader::techniques::fish::{FishClass, FishShape, FishTechnique};
use sudoku_grader::techniques::step::Step;
use sudoku_grader::techniques::TechniqueId;

use crate::common::hodoku;
use crate::common::reglib::RegLibCase;

/// What a HoDoKu fish code asks for.
struct Expected {
    size: usize,
    /// Our classes that HoDoKu's type covers (HoDoKu folds endo fins and cannibalism into its
    /// finned Franken/Mutant types).
    classes: &'static [FishClass],
    /// The shape our endo-finned and cannibalistic classes must have to count.
    shape: Option<FishShape>,
    /// HoDoKu's siamese variant: two fish with one base set, eliminations combined.
    siamese: bool,
}

fn expected(case: &RegLibCase) -> Option<Expected> {
    let code = &case.code;
    if code.len() < 4 || !code.starts_with("03") {
        return None;
    }
    let family = &code[2..3];
    let size = code[3..4].parse::<usize>().ok()? + 2;
    let siamese = code.len() == 5;
    use FishClass::*;
    let (classes, shape): (&'static [FishClass], _) = match family {
        "0" => (&[Basic], None),
        "1" | "2" if siamese => (&[Finned, Sashimi], None),
        "1" => (&[Finned], None),
        "2" => (&[Sashimi], None),
        "3" => (&[Franken, Cannibalistic], Some(FishShape::Franken)),
        "4" => (
            &[
                FinnedFranken,
                EndoFinned,
                FinnedEndoFinned,
                FinnedCannibalistic,
            ],
            Some(FishShape::Franken),
        ),
        "5" => (&[Mutant, Cannibalistic], Some(FishShape::Mutant)),
        "6" => (
            &[
                FinnedMutant,
                EndoFinned,
                FinnedEndoFinned,
                FinnedCannibalistic,
            ],
            Some(FishShape::Mutant),
        ),
        _ => return None, // 037x: kraken fish, not part of the fish family here.
    };
    Some(Expected {
        size,
        classes,
        shape,
        siamese,
    })
}

/// Every fish of the expected classes and size for the case's digit.
fn candidates(case: &RegLibCase, expected: &Expected) -> Vec<Step> {
    let digit = case.digits[0];
    let mut steps = Vec::new();
    for &class in expected.classes {
        let technique: TechniqueId = FishTechnique {
            class,
            size: expected.size,
        }
        .technique();
        for step in technique.find_all(&case.grid) {
            let shape_ok = match (class, expected.shape) {
                (
                    FishClass::EndoFinned
                    | FishClass::FinnedEndoFinned
                    | FishClass::Cannibalistic
                    | FishClass::FinnedCannibalistic,
                    Some(shape),
                ) => FishShape::of(step.houses, step.cover_houses) == shape,
                _ => true,
            };
            if step.digits == 1 << digit && shape_ok {
                steps.push(step);
            }
        }
    }
    steps
}

/// Whether the (non-fail) case is reproduced by `steps`; the techniques of the matching steps
/// go to `matched`.
fn reproduces(
    case: &RegLibCase,
    expected: &Expected,
    steps: &[Step],
    matched: &mut Vec<TechniqueId>,
) -> bool {
    if !expected.siamese {
        let found: Vec<_> = steps
            .iter()
            .filter(|s| s.eliminations == case.eliminations)
            .map(|s| s.technique)
            .collect();
        matched.extend(&found);
        return !found.is_empty();
    }
    steps.iter().enumerate().any(|(i, a)| {
        steps[i + 1..].iter().any(|b| {
            let mut union = a.eliminations;
            union.union_with(&b.eliminations);
            a.houses == b.houses && union == case.eliminations
        })
    })
}

#[test]
fn fish_reproduce_hodoku_library() {
    let mut matched = Vec::new();
    let checked = hodoku::assert_reproduces_library(
        "fish",
        140,
        expected,
        candidates,
        |case, expected, steps| reproduces(case, expected, steps, &mut matched),
    );
    if checked.is_none() {
        return;
    }
    // The library exercises every shape, endo fins and cannibalism.
    let classes: std::collections::HashSet<FishClass> = matched
        .iter()
        .filter_map(|&t| FishTechnique::of(t))
        .map(|f| f.class)
        .collect();
    use FishClass::*;
    for class in [
        Basic,
        Finned,
        Sashimi,
        Franken,
        FinnedFranken,
        FinnedMutant,
        EndoFinned,
        FinnedEndoFinned,
        FinnedCannibalistic,
    ] {
        assert!(classes.contains(&class), "no {class:?} line reproduced");
    }
}
