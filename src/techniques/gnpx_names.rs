//! GNPX's own method names (the labels of its rated files).

use crate::techniques::TechniqueId;

/// GNPX's own method name for a technique (the labels in GNPX v5.8x's rated files, e.g.
/// `LockedSet(2D)Hidden`); techniques GNPX lacks get their title without spaces.
pub fn gnpx_name(technique: TechniqueId) -> &'static str {
    use TechniqueId as T;
    match technique {
        T::FullHouse => "LastDigit",
        T::NakedSingle => "NakedSingle",
        T::HiddenSingle => "HiddenSingle",
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming => "LockedCandidate",
        T::NakedPair => "LockedSet(2D)",
        T::HiddenPair => "LockedSet(2D)Hidden",
        T::NakedTriple => "LockedSet(3D)",
        T::HiddenTriple => "LockedSet(3D)Hidden",
        T::NakedQuad => "LockedSet(4D)",
        T::HiddenQuad => "LockedSet(4D)Hidden",
        // GNPX's Skyscraper covers HoDoKu's kite and turbot fish.
        T::Skyscraper | T::TwoStringKite | T::TurbotFish => "Skyscraper",
        T::EmptyRectangle => "EmptyRectangleEx",
        T::XyWing => "XY_Wing",
        T::WWing => "W_Wing",
        T::XyzWing => "XYZ_Wing",
        T::XyzWingAls => "XYZ_WingALS",
        T::RemotePair => "RemotePair",
        T::XChain => "XChain",
        T::XyChain => "XYChain",
        T::ColorTrap => "Color_Trap",
        T::ColorWrap => "Color_Wrap",
        T::MultiColor1 => "MultiColor_Type1",
        T::MultiColor2 => "MultiColor_Type2",
        T::LockedPair => "LockedPair",
        T::LockedTriple => "LockedTriple",
        T::UniqueRectangle1 => "UniqueRectangle1",
        T::UniqueRectangle2 => "UniqueRectangle2",
        T::UniqueRectangle3 => "UniqueRectangle3",
        T::UniqueRectangle4 => "UniqueRectangle4",
        T::UniqueRectangle5 => "UniqueRectangle5",
        T::UniqueRectangle6 => "UniqueRectangle6",
        T::HiddenRectangle => "HiddenRectangle",
        T::AvoidableRectangle1 => "AvoidableRectangle1",
        T::AvoidableRectangle2 => "AvoidableRectangle2",
        T::BugPlusOne => "BUG+1",
        T::SueDeCoq => "SueDeCoq",
        T::SueDeCoqEx1 => "SueDeCoqEx1",
        T::SueDeCoqEx2 => "SueDeCoqEx2",
        T::FinnedSueDeCoqEx1 => "Finned_SueDeCoqEx1",
        T::FinnedSueDeCoqEx2 => "Finned_SueDeCoqEx2",
        T::NiceLoop => "NiceLoop",
        T::GroupedNiceLoop => "GroupedNiceLoop",
        T::AlsXz => "ALS_XZ",
        T::AlsXyWing => "ALS_XYWing",
        T::AlsChain => "ALS_Chain",
        T::DeathBlossom => "DeathBlossom",
        T::KrakenFish => "KrakenFish",
        T::ForceChainCell => "ForceChain_Cell",
        T::ForceChainHouse => "ForceChain_House",
        T::ForceChainContradiction => "ForceChain_Contradiction",
        T::ForcingChain => "ForcingChain",
        T::ForcingNet => "ForcingNet",
        T::ForceChainBoth => "ForceChain_Both",
        T::BruteForce => "BruteForce",
        // Fish, as GNPX's rated files name them (sashimi fish are GNPX's finned fish).
        T::XWing => "XWing",
        T::Swordfish => "SwordFish",
        T::Jellyfish => "JellyFish",
        T::Squirmbag => "Squirmbag",
        T::Whale => "Whale",
        T::Leviathan => "Leviathan",
        T::FinnedXWing | T::SashimiXWing => "Finned_XWing",
        T::FinnedSwordfish | T::SashimiSwordfish => "Finned_SwordFish",
        T::FinnedJellyfish | T::SashimiJellyfish => "Finned_JellyFish",
        T::FinnedSquirmbag | T::SashimiSquirmbag => "Finned_Squirmbag",
        T::FinnedWhale | T::SashimiWhale => "Finned_Whale",
        T::FinnedLeviathan | T::SashimiLeviathan => "Finned_Leviathan",
        T::FrankenXWing
        | T::FrankenSwordfish
        | T::FrankenJellyfish
        | T::FrankenSquirmbag
        | T::FrankenWhale
        | T::FrankenLeviathan
        | T::MutantXWing
        | T::MutantSwordfish
        | T::MutantJellyfish
        | T::MutantSquirmbag
        | T::MutantWhale
        | T::MutantLeviathan => "Franken/Mutant_Fish",
        T::FinnedFrankenXWing
        | T::FinnedFrankenSwordfish
        | T::FinnedFrankenJellyfish
        | T::FinnedFrankenSquirmbag
        | T::FinnedFrankenWhale
        | T::FinnedFrankenLeviathan
        | T::FinnedMutantXWing
        | T::FinnedMutantSwordfish
        | T::FinnedMutantJellyfish
        | T::FinnedMutantSquirmbag
        | T::FinnedMutantWhale
        | T::FinnedMutantLeviathan => "(Finned)Franken/MutantFish",
        T::EndoFinnedFmXWing
        | T::EndoFinnedFmSwordfish
        | T::EndoFinnedFmJellyfish
        | T::EndoFinnedFmSquirmbag
        | T::EndoFinnedFmWhale
        | T::EndoFinnedFmLeviathan
        | T::FinnedEndoFinnedFmXWing
        | T::FinnedEndoFinnedFmSwordfish
        | T::FinnedEndoFinnedFmJellyfish
        | T::FinnedEndoFinnedFmSquirmbag
        | T::FinnedEndoFinnedFmWhale
        | T::FinnedEndoFinnedFmLeviathan => "EndoFinsFish",
        T::CannibalisticFmXWing
        | T::CannibalisticFmSwordfish
        | T::CannibalisticFmJellyfish
        | T::CannibalisticFmSquirmbag
        | T::CannibalisticFmWhale
        | T::CannibalisticFmLeviathan
        | T::FinnedCannibalisticFmXWing
        | T::FinnedCannibalisticFmSwordfish
        | T::FinnedCannibalisticFmJellyfish
        | T::FinnedCannibalisticFmSquirmbag
        | T::FinnedCannibalisticFmWhale
        | T::FinnedCannibalisticFmLeviathan => "CannibalisticFish",
    }
}
