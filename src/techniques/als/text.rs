//! The ALS family's text: the sets joined by their RCCs (ALS-XZ, ALS-XY-Wing, ALS-Chain) and
//! Death Blossom's stem and petals, in GNPX's words.

use crate::core::notation::{compressed_cells, digit_list};
use crate::core::Bits81;
use crate::techniques::step::Step;
use crate::techniques::text::{cell_with_digits, eliminated_cells};

/// `ALS_XZ (ALS:r1c1) -#1- (ALS:r12c4) Eliminated: r1c5(#2) …` (GNPX's name, the sets with the
/// RCCs between them).
pub fn als_chain_line(step: &Step) -> String {
    format!(
        "{} {} Eliminated: {}",
        step.technique.gnpx_label(),
        als_chain_text(&step.als, &step.rcc),
        eliminated_cells(&step.eliminations)
    )
}

/// Almost locked sets joined by their RCCs: `(ALS:r2468c4) -#3- (ALS:r5c12)`.
fn als_chain_text(sets: &[Bits81], rccs: &[u16]) -> String {
    let mut text = String::new();
    for (i, &set) in sets.iter().enumerate() {
        if i > 0 {
            let rcc = rccs.get(i - 1).copied().unwrap_or(0);
            text.push_str(&format!(" -#{}- ", digit_list(rcc)));
        }
        text.push_str(&format!("(ALS:{})", compressed_cells(set)));
    }
    text
}

/// `DeathBlossom Stem: r5c5(#12) Petals: #1-(ALS:r5c1) #2-(ALS:r1c5) Eliminated: …`.
pub fn death_blossom_line(step: &Step) -> String {
    let stem = step.pivot.map_or(0, |p| p as usize);
    let petals = step
        .als
        .iter()
        .zip(&step.rcc)
        .map(|(&set, &digit)| format!("#{}-(ALS:{})", digit_list(digit), compressed_cells(set)))
        .collect::<Vec<_>>()
        .join(" ");
    format!(
        "DeathBlossom Stem: {} Petals: {petals} Eliminated: {}",
        cell_with_digits(stem, step.digits),
        eliminated_cells(&step.eliminations)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::test_support::{candidates, with_cells};
    use crate::techniques::TechniqueId;

    #[test]
    fn describes_als_steps_with_compressed_sets_and_rccs() {
        let g = with_cells(&[(0, &[1, 2]), (3, &[1, 3]), (12, &[2, 3])]);
        let want = candidates(&["r1c5#2", "r1c6#2", "r2c1#2", "r2c2#2", "r2c3#2"]);
        let step = TechniqueId::AlsXz
            .find_all(&g)
            .into_iter()
            .find(|s| s.eliminations == want)
            .unwrap();
        assert_eq!(
            als_chain_line(&step),
            "ALS_XZ (ALS:r1c1) -#1- (ALS:r12c4) Eliminated: r1c5(#2) r1c6(#2) r2c1(#2) r2c2(#2) \
             r2c3(#2)"
        );
        let g = with_cells(&[(40, &[1, 2]), (36, &[1, 3]), (4, &[2, 3])]);
        let step = TechniqueId::DeathBlossom.find_first(&g).unwrap();
        assert!(
            death_blossom_line(&step).starts_with("DeathBlossom Stem: r5c5(#12) Petals: #1-(ALS:")
        );
    }
}
