//! TEMPORARY: a copy of the scales' tables as they were before GNPX's two tables became one
//! (`gnpx.rs`) and HoDoKu's got its own file, to check that every ladder built from the new
//! tables is the same. Dropped in the next commit.

use crate::scales::gnpx::off_by_default;
use crate::scales::preference::StepPreference;
use crate::scales::Scale;
use crate::techniques::{Flavour, TechniqueId};

const EASY: u8 = 1;
const MEDIUM: u8 = 2;
const HARD: u8 = 3;
const UNFAIR: u8 = 4;
const EXTREME: u8 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rung {
    technique: TechniqueId,
    difficulty: u8,
    score: u16,
    flavour: Flavour,
    preference: StepPreference,
}

const fn rung(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        technique,
        difficulty,
        score: 0,
        flavour: Flavour::Standard,
        preference: StepPreference::First,
    }
}

const fn gnpx584(technique: TechniqueId, difficulty: u8) -> Rung {
    Rung {
        flavour: Flavour::Gnpx584,
        ..rung(technique, difficulty)
    }
}

const fn hodoku(technique: TechniqueId, level: u8, score: u16) -> Rung {
    Rung {
        technique,
        difficulty: level,
        score,
        flavour: Flavour::Hodoku,
        preference: hodoku_preference(technique),
    }
}

const fn hodoku_preference(technique: TechniqueId) -> StepPreference {
    use TechniqueId as T;
    match technique {
        T::NakedPair
        | T::NakedTriple
        | T::NakedQuad
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad => StepPreference::HodokuHouses,
        T::XyWing | T::AlsXz => StepPreference::HodokuPattern,
        T::TurbotFish
        | T::XChain
        | T::XyChain
        | T::RemotePair
        | T::NiceLoop
        | T::GroupedNiceLoop => StepPreference::HodokuSort,
        _ => StepPreference::First,
    }
}

const GNPX_V4: &[Rung] = &[
    rung(TechniqueId::FullHouse, 1),
    rung(TechniqueId::NakedSingle, 1),
    rung(TechniqueId::HiddenSingle, 1),
    rung(TechniqueId::LockedCandidatesPointing, 2),
    rung(TechniqueId::LockedCandidatesClaiming, 2),
    rung(TechniqueId::NakedPair, 3),
    rung(TechniqueId::HiddenPair, 3),
    rung(TechniqueId::NakedTriple, 4),
    rung(TechniqueId::HiddenTriple, 4),
    rung(TechniqueId::NakedQuad, 5),
    rung(TechniqueId::HiddenQuad, 5),
    // Fish (GNPX: XWing … Leviathan; 5–7 run only in multi-solve mode: off by default).
    rung(TechniqueId::XWing, 4),
    rung(TechniqueId::Swordfish, 5),
    rung(TechniqueId::Jellyfish, 6),
    rung(TechniqueId::Squirmbag, 6),
    rung(TechniqueId::Whale, 6),
    rung(TechniqueId::Leviathan, 6),
    // Finned fish; sashimi ones count apart, at the same place and difficulty.
    rung(TechniqueId::FinnedXWing, 5),
    rung(TechniqueId::SashimiXWing, 5),
    rung(TechniqueId::FinnedSwordfish, 6),
    rung(TechniqueId::SashimiSwordfish, 6),
    rung(TechniqueId::FinnedJellyfish, 6),
    rung(TechniqueId::SashimiJellyfish, 6),
    rung(TechniqueId::FinnedSquirmbag, 7),
    rung(TechniqueId::SashimiSquirmbag, 7),
    rung(TechniqueId::FinnedWhale, 7),
    rung(TechniqueId::SashimiWhale, 7),
    rung(TechniqueId::FinnedLeviathan, 7),
    rung(TechniqueId::SashimiLeviathan, 7),
    // GNPX's Skyscraper, split by HoDoKu's names (see `techniques::single_digit`).
    rung(TechniqueId::Skyscraper, 5),
    rung(TechniqueId::TwoStringKite, 5),
    rung(TechniqueId::TurbotFish, 5),
    rung(TechniqueId::EmptyRectangle, 5),
    rung(TechniqueId::XyWing, 6),
    rung(TechniqueId::WWing, 7),
    rung(TechniqueId::RemotePair, 6),
    rung(TechniqueId::XChain, 7),
    rung(TechniqueId::XyChain, 7),
    rung(TechniqueId::SueDeCoq, 6),
    rung(TechniqueId::ColorTrap, 6),
    rung(TechniqueId::ColorWrap, 6),
    rung(TechniqueId::MultiColor1, 7),
    rung(TechniqueId::MultiColor2, 7),
    // GNPX v4 finds XYZ-Wings as ALS (XYZ-Wing via ALS, difficulty 8), after the colourings.
    rung(TechniqueId::XyzWing, 8),
    rung(TechniqueId::AlsXz, 8),
    rung(TechniqueId::AlsXyWing, 9),
    rung(TechniqueId::AlsChain, 10),
    rung(TechniqueId::DeathBlossom, 10),
    // Franken/Mutant fish (8), then finned ones (8); sizes 5–7 off by default.
    rung(TechniqueId::FrankenXWing, 8),
    rung(TechniqueId::MutantXWing, 8),
    rung(TechniqueId::FrankenSwordfish, 8),
    rung(TechniqueId::MutantSwordfish, 8),
    rung(TechniqueId::FrankenJellyfish, 8),
    rung(TechniqueId::MutantJellyfish, 8),
    rung(TechniqueId::FrankenSquirmbag, 8),
    rung(TechniqueId::MutantSquirmbag, 8),
    rung(TechniqueId::FrankenWhale, 8),
    rung(TechniqueId::MutantWhale, 8),
    rung(TechniqueId::FrankenLeviathan, 8),
    rung(TechniqueId::MutantLeviathan, 8),
    rung(TechniqueId::FinnedFrankenXWing, 8),
    rung(TechniqueId::FinnedMutantXWing, 8),
    rung(TechniqueId::FinnedFrankenSwordfish, 8),
    rung(TechniqueId::FinnedMutantSwordfish, 8),
    rung(TechniqueId::FinnedFrankenJellyfish, 8),
    rung(TechniqueId::FinnedMutantJellyfish, 8),
    rung(TechniqueId::FinnedFrankenSquirmbag, 8),
    rung(TechniqueId::FinnedMutantSquirmbag, 8),
    rung(TechniqueId::FinnedFrankenWhale, 8),
    rung(TechniqueId::FinnedMutantWhale, 8),
    rung(TechniqueId::FinnedFrankenLeviathan, 8),
    rung(TechniqueId::FinnedMutantLeviathan, 8),
    rung(TechniqueId::NiceLoop, 11),
    rung(TechniqueId::GroupedNiceLoop, 12),
    // EndoFinned, Finned EndoFinned, Cannibalistic and Finned Cannibalistic F/M fish (11).
    rung(TechniqueId::EndoFinnedFmXWing, 11),
    rung(TechniqueId::EndoFinnedFmSwordfish, 11),
    rung(TechniqueId::EndoFinnedFmJellyfish, 11),
    rung(TechniqueId::EndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::EndoFinnedFmWhale, 11),
    rung(TechniqueId::EndoFinnedFmLeviathan, 11),
    rung(TechniqueId::FinnedEndoFinnedFmXWing, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSwordfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmJellyfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::FinnedEndoFinnedFmWhale, 11),
    rung(TechniqueId::FinnedEndoFinnedFmLeviathan, 11),
    rung(TechniqueId::CannibalisticFmXWing, 11),
    rung(TechniqueId::CannibalisticFmSwordfish, 11),
    rung(TechniqueId::CannibalisticFmJellyfish, 11),
    rung(TechniqueId::CannibalisticFmSquirmbag, 11),
    rung(TechniqueId::CannibalisticFmWhale, 11),
    rung(TechniqueId::CannibalisticFmLeviathan, 11),
    rung(TechniqueId::FinnedCannibalisticFmXWing, 11),
    rung(TechniqueId::FinnedCannibalisticFmSwordfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmJellyfish, 11),
    rung(TechniqueId::FinnedCannibalisticFmSquirmbag, 11),
    rung(TechniqueId::FinnedCannibalisticFmWhale, 11),
    rung(TechniqueId::FinnedCannibalisticFmLeviathan, 11),
    // Kraken fish (GNPX's Kraken Fish and Kraken Finned Fish, 13: one technique here).
    rung(TechniqueId::KrakenFish, 13),
    // Last resort in GNPX's order.
    rung(TechniqueId::ForceChainCell, 13),
    rung(TechniqueId::ForceChainHouse, 13),
    rung(TechniqueId::ForceChainContradiction, 13),
    // Not GNPX's: ForceChain from both polarities of one candidate (off by default).
    rung(TechniqueId::ForceChainBoth, 13),
];

const GNPX_V584: &[Rung] = &[
    rung(TechniqueId::FullHouse, 1),
    rung(TechniqueId::NakedSingle, 1),
    rung(TechniqueId::HiddenSingle, 1),
    rung(TechniqueId::LockedCandidatesPointing, 2),
    rung(TechniqueId::LockedCandidatesClaiming, 2),
    rung(TechniqueId::NakedPair, 3),
    rung(TechniqueId::HiddenPair, 3),
    rung(TechniqueId::NakedTriple, 4),
    rung(TechniqueId::HiddenTriple, 4),
    rung(TechniqueId::NakedQuad, 5),
    rung(TechniqueId::HiddenQuad, 5),
    // Fish: basic 5–7 are 10 (off), finned Franken 9 (off), endo-finned 11 and cannibalistic 13 (off).
    rung(TechniqueId::XWing, 4),
    rung(TechniqueId::Swordfish, 5),
    rung(TechniqueId::Jellyfish, 6),
    rung(TechniqueId::Squirmbag, 10),
    rung(TechniqueId::Whale, 10),
    rung(TechniqueId::Leviathan, 10),
    rung(TechniqueId::FinnedXWing, 5),
    rung(TechniqueId::SashimiXWing, 5),
    rung(TechniqueId::FinnedSwordfish, 6),
    rung(TechniqueId::SashimiSwordfish, 6),
    rung(TechniqueId::FinnedJellyfish, 6),
    rung(TechniqueId::SashimiJellyfish, 6),
    rung(TechniqueId::FinnedSquirmbag, 7),
    rung(TechniqueId::SashimiSquirmbag, 7),
    rung(TechniqueId::FinnedWhale, 7),
    rung(TechniqueId::SashimiWhale, 7),
    rung(TechniqueId::FinnedLeviathan, 7),
    rung(TechniqueId::SashimiLeviathan, 7),
    rung(TechniqueId::Skyscraper, 4),
    rung(TechniqueId::TwoStringKite, 4),
    rung(TechniqueId::TurbotFish, 4),
    rung(TechniqueId::EmptyRectangle, 4),
    rung(TechniqueId::XyWing, 5),
    rung(TechniqueId::WWing, 5),
    rung(TechniqueId::RemotePair, 4),
    rung(TechniqueId::XChain, 5),
    // GNPX v5.84's XY-Chain: conjugate links between cells, one elimination a step.
    gnpx584(TechniqueId::XyChain, 7),
    // GNPX v5.84's Sue de Coq: both of its sets are GNPX ALSs (pure, up to five cells).
    gnpx584(TechniqueId::SueDeCoq, 7),
    rung(TechniqueId::ColorTrap, 5),
    rung(TechniqueId::ColorWrap, 5),
    rung(TechniqueId::MultiColor1, 6),
    rung(TechniqueId::MultiColor2, 6),
    // GNPX v5's Sue de Coq extensions, after the colourings as in v5.84's method list.
    rung(TechniqueId::SueDeCoqEx1, 5),
    rung(TechniqueId::SueDeCoqEx2, 6),
    rung(TechniqueId::FinnedSueDeCoqEx1, 5),
    rung(TechniqueId::FinnedSueDeCoqEx2, 6),
    // v5.84 replaced its XYZ-Wing by XYZ_WingALS. Its stem lacks the eliminated digit, so a plain
    // XYZ-Wing (pivot holding it) is not among its steps.
    rung(TechniqueId::XyzWingAls, 5),
    // GNPX v5.84's ALS list: pure sets, RCCs within one house.
    gnpx584(TechniqueId::AlsXz, 6),
    gnpx584(TechniqueId::AlsXyWing, 7),
    rung(TechniqueId::AlsChain, 8),
    rung(TechniqueId::DeathBlossom, 8),
    rung(TechniqueId::FrankenXWing, 8),
    rung(TechniqueId::MutantXWing, 8),
    rung(TechniqueId::FrankenSwordfish, 8),
    rung(TechniqueId::MutantSwordfish, 8),
    rung(TechniqueId::FrankenJellyfish, 8),
    rung(TechniqueId::MutantJellyfish, 8),
    rung(TechniqueId::FrankenSquirmbag, 8),
    rung(TechniqueId::MutantSquirmbag, 8),
    rung(TechniqueId::FrankenWhale, 8),
    rung(TechniqueId::MutantWhale, 8),
    rung(TechniqueId::FrankenLeviathan, 8),
    rung(TechniqueId::MutantLeviathan, 8),
    rung(TechniqueId::FinnedFrankenXWing, 9),
    rung(TechniqueId::FinnedMutantXWing, 8),
    rung(TechniqueId::FinnedFrankenSwordfish, 9),
    rung(TechniqueId::FinnedMutantSwordfish, 8),
    rung(TechniqueId::FinnedFrankenJellyfish, 9),
    rung(TechniqueId::FinnedMutantJellyfish, 8),
    rung(TechniqueId::FinnedFrankenSquirmbag, 9),
    rung(TechniqueId::FinnedMutantSquirmbag, 8),
    rung(TechniqueId::FinnedFrankenWhale, 9),
    rung(TechniqueId::FinnedMutantWhale, 8),
    rung(TechniqueId::FinnedFrankenLeviathan, 9),
    rung(TechniqueId::FinnedMutantLeviathan, 8),
    rung(TechniqueId::NiceLoop, 9),
    rung(TechniqueId::GroupedNiceLoop, 11),
    rung(TechniqueId::EndoFinnedFmXWing, 11),
    rung(TechniqueId::EndoFinnedFmSwordfish, 11),
    rung(TechniqueId::EndoFinnedFmJellyfish, 11),
    rung(TechniqueId::EndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::EndoFinnedFmWhale, 11),
    rung(TechniqueId::EndoFinnedFmLeviathan, 11),
    rung(TechniqueId::FinnedEndoFinnedFmXWing, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSwordfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmJellyfish, 11),
    rung(TechniqueId::FinnedEndoFinnedFmSquirmbag, 11),
    rung(TechniqueId::FinnedEndoFinnedFmWhale, 11),
    rung(TechniqueId::FinnedEndoFinnedFmLeviathan, 11),
    rung(TechniqueId::CannibalisticFmXWing, 13),
    rung(TechniqueId::CannibalisticFmSwordfish, 13),
    rung(TechniqueId::CannibalisticFmJellyfish, 13),
    rung(TechniqueId::CannibalisticFmSquirmbag, 13),
    rung(TechniqueId::CannibalisticFmWhale, 13),
    rung(TechniqueId::CannibalisticFmLeviathan, 13),
    rung(TechniqueId::FinnedCannibalisticFmXWing, 13),
    rung(TechniqueId::FinnedCannibalisticFmSwordfish, 13),
    rung(TechniqueId::FinnedCannibalisticFmJellyfish, 13),
    rung(TechniqueId::FinnedCannibalisticFmSquirmbag, 13),
    rung(TechniqueId::FinnedCannibalisticFmWhale, 13),
    rung(TechniqueId::FinnedCannibalisticFmLeviathan, 13),
    // Kraken fish is 13 (off by default, like everything above 8).
    rung(TechniqueId::KrakenFish, 13),
    // ForceChain is 11 and off in v5.84 (the contradiction form is part of its FC_Cells).
    rung(TechniqueId::ForceChainCell, 11),
    rung(TechniqueId::ForceChainHouse, 11),
    rung(TechniqueId::ForceChainContradiction, 11),
    // Not GNPX's; placed as in GNPX v4 (off by default).
    rung(TechniqueId::ForceChainBoth, 11),
];

const HODOKU_2_2: &[Rung] = &[
    hodoku(TechniqueId::FullHouse, EASY, 4),
    hodoku(TechniqueId::NakedSingle, EASY, 4),
    hodoku(TechniqueId::HiddenSingle, EASY, 14),
    hodoku(TechniqueId::LockedPair, MEDIUM, 40),
    hodoku(TechniqueId::LockedTriple, MEDIUM, 60),
    hodoku(TechniqueId::LockedCandidatesPointing, MEDIUM, 50),
    hodoku(TechniqueId::LockedCandidatesClaiming, MEDIUM, 50),
    hodoku(TechniqueId::NakedPair, MEDIUM, 60),
    hodoku(TechniqueId::NakedTriple, MEDIUM, 80),
    hodoku(TechniqueId::HiddenPair, MEDIUM, 70),
    hodoku(TechniqueId::HiddenTriple, MEDIUM, 100),
    hodoku(TechniqueId::NakedQuad, HARD, 120),
    hodoku(TechniqueId::HiddenQuad, HARD, 150),
    hodoku(TechniqueId::XWing, HARD, 140),
    hodoku(TechniqueId::Swordfish, HARD, 150),
    hodoku(TechniqueId::Jellyfish, HARD, 160),
    hodoku(TechniqueId::RemotePair, HARD, 110),
    hodoku(TechniqueId::BugPlusOne, HARD, 100),
    hodoku(TechniqueId::Skyscraper, HARD, 130),
    hodoku(TechniqueId::TwoStringKite, HARD, 150),
    hodoku(TechniqueId::TurbotFish, HARD, 120),
    hodoku(TechniqueId::EmptyRectangle, HARD, 120),
    hodoku(TechniqueId::WWing, HARD, 150),
    hodoku(TechniqueId::XyWing, HARD, 160),
    hodoku(TechniqueId::XyzWing, HARD, 180),
    hodoku(TechniqueId::UniqueRectangle1, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle2, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle3, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle4, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle5, HARD, 100),
    hodoku(TechniqueId::UniqueRectangle6, HARD, 100),
    hodoku(TechniqueId::HiddenRectangle, HARD, 100),
    hodoku(TechniqueId::AvoidableRectangle1, HARD, 100),
    hodoku(TechniqueId::AvoidableRectangle2, HARD, 100),
    hodoku(TechniqueId::FinnedXWing, HARD, 130),
    hodoku(TechniqueId::SashimiXWing, HARD, 150),
    hodoku(TechniqueId::FinnedSwordfish, UNFAIR, 200),
    hodoku(TechniqueId::SashimiSwordfish, UNFAIR, 240),
    hodoku(TechniqueId::FinnedJellyfish, UNFAIR, 250),
    hodoku(TechniqueId::SashimiJellyfish, UNFAIR, 260),
    hodoku(TechniqueId::SueDeCoq, UNFAIR, 250),
    hodoku(TechniqueId::ColorTrap, HARD, 150),
    hodoku(TechniqueId::ColorWrap, HARD, 150),
    hodoku(TechniqueId::MultiColor1, HARD, 200),
    hodoku(TechniqueId::MultiColor2, HARD, 200),
    hodoku(TechniqueId::XChain, UNFAIR, 260),
    hodoku(TechniqueId::XyChain, UNFAIR, 260),
    hodoku(TechniqueId::NiceLoop, UNFAIR, 280),
    hodoku(TechniqueId::GroupedNiceLoop, UNFAIR, 300),
    hodoku(TechniqueId::AlsXz, UNFAIR, 300),
    hodoku(TechniqueId::AlsXyWing, UNFAIR, 320),
    hodoku(TechniqueId::AlsChain, UNFAIR, 340),
    hodoku(TechniqueId::FrankenXWing, UNFAIR, 300),
    hodoku(TechniqueId::FrankenSwordfish, UNFAIR, 350),
    hodoku(TechniqueId::FinnedFrankenXWing, UNFAIR, 390),
    hodoku(TechniqueId::FinnedFrankenSwordfish, UNFAIR, 410),
    // HoDoKu's tabling search: chains of direct implications, then nets that look ahead.
    hodoku(TechniqueId::ForcingChain, EXTREME, 500),
    hodoku(TechniqueId::ForcingNet, EXTREME, 700),
    hodoku(TechniqueId::BruteForce, EXTREME, 10000),
];

const OFF_BY_DEFAULT: &[TechniqueId] = &[
    TechniqueId::KrakenFish,
    TechniqueId::ForceChainBoth,
    TechniqueId::Squirmbag,
    TechniqueId::Whale,
    TechniqueId::Leviathan,
    TechniqueId::FrankenSquirmbag,
    TechniqueId::FrankenWhale,
    TechniqueId::FrankenLeviathan,
    TechniqueId::MutantSquirmbag,
    TechniqueId::MutantWhale,
    TechniqueId::MutantLeviathan,
    TechniqueId::FinnedFrankenSquirmbag,
    TechniqueId::FinnedFrankenWhale,
    TechniqueId::FinnedFrankenLeviathan,
    TechniqueId::FinnedMutantSquirmbag,
    TechniqueId::FinnedMutantWhale,
    TechniqueId::FinnedMutantLeviathan,
    TechniqueId::EndoFinnedFmSquirmbag,
    TechniqueId::EndoFinnedFmWhale,
    TechniqueId::EndoFinnedFmLeviathan,
    TechniqueId::FinnedEndoFinnedFmSquirmbag,
    TechniqueId::FinnedEndoFinnedFmWhale,
    TechniqueId::FinnedEndoFinnedFmLeviathan,
    TechniqueId::CannibalisticFmSquirmbag,
    TechniqueId::CannibalisticFmWhale,
    TechniqueId::CannibalisticFmLeviathan,
    TechniqueId::FinnedCannibalisticFmSquirmbag,
    TechniqueId::FinnedCannibalisticFmWhale,
    TechniqueId::FinnedCannibalisticFmLeviathan,
];

const GNPX_V584_ENABLED_UP_TO: u8 = 8;

/// The old ladders: (full, default) per scale.
fn old_ladders(scale: Scale) -> (Vec<Rung>, Vec<Rung>) {
    let full: Vec<Rung> = match scale {
        Scale::Gnpx => GNPX_V4.to_vec(),
        Scale::Gnpx584 => GNPX_V584
            .iter()
            .copied()
            .filter(|r| r.difficulty <= GNPX_V584_ENABLED_UP_TO)
            .collect(),
        Scale::Hodoku => HODOKU_2_2.to_vec(),
    };
    let default = full
        .iter()
        .copied()
        .filter(|r| !OFF_BY_DEFAULT.contains(&r.technique))
        .collect();
    (full, default)
}

#[test]
fn new_ladders_equal_the_old_tables() {
    let finder = |t: TechniqueId, f: Flavour| t.info().finder_for(f) as usize;
    for scale in Scale::ALL {
        let (old_full, old_default) = old_ladders(scale);
        for (old, new) in [
            (old_full, scale.full_ladder()),
            (old_default, scale.ladder()),
        ] {
            assert_eq!(old.len(), new.rungs().len(), "{scale}");
            for (o, n) in old.iter().zip(new.rungs()) {
                assert_eq!(
                    (o.technique, o.difficulty, o.score, o.preference),
                    (n.technique, n.difficulty, n.score, n.preference),
                    "{scale}"
                );
                assert_eq!(
                    finder(o.technique, o.flavour),
                    finder(n.technique, n.flavour),
                    "{scale} {:?}",
                    o.technique
                );
                assert_eq!(
                    OFF_BY_DEFAULT.contains(&o.technique),
                    n.off_by_default,
                    "{scale} {:?}",
                    o.technique
                );
            }
        }
        assert_eq!(scale.ladder().rule(), scale.full_ladder().rule());
        let hodoku = scale == Scale::Hodoku;
        assert_eq!(
            scale.ladder().rule(),
            if hodoku {
                crate::scales::RatingRule::HodokuLevel
            } else {
                crate::scales::RatingRule::MaxDifficulty
            }
        );
        assert_eq!(
            scale.ladder().singles_order(),
            if hodoku {
                crate::scales::ladder::SinglesOrder::Appearance
            } else {
                crate::scales::ladder::SinglesOrder::Scan
            }
        );
    }
    for technique in crate::techniques::CATALOGUE.iter().map(|i| i.technique) {
        assert_eq!(
            OFF_BY_DEFAULT.contains(&technique),
            off_by_default(technique),
            "{technique:?}"
        );
    }
}
