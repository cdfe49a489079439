//! SE's length bonus and chain difficulties, in exact f64 (SE.md §5.9): the ties between
//! bases decide which hint is taken, so the operations are SE's: repeated `+= 0.1`, then one
//! addition to the base.

/// The length bonus of a hint of `complexity`.
pub fn length_bonus(complexity: u32) -> f64 {
    let mut added = 0.0f64;
    let mut ceil: i64 = 4;
    let n = complexity as i64 - 2;
    let mut odd = false;
    while n > ceil {
        added += 0.1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// Base + length bonus, one f64 addition.
#[inline]
pub fn difficulty(base: f64, complexity: u32) -> f64 {
    base + length_bonus(complexity)
}

/// The base of a dynamic producer at nesting `level` (0: 8.5, 1: 9.0, 2: 9.5 …).
#[inline]
pub fn dynamic_base(level: u8) -> f64 {
    8.5 + 0.5 * level as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bonus_follows_the_threshold_table() {
        let table = [
            (2, 0.0),
            (6, 0.0),
            (7, 0.1),
            (8, 0.1),
            (9, 0.2),
            (10, 0.2),
            (11, 0.3),
            (14, 0.3),
            (15, 0.4),
            (18, 0.4),
            (19, 0.5),
            (26, 0.5),
            (27, 0.6),
            (34, 0.6),
            (35, 0.7),
            (50, 0.7),
            (51, 0.8),
            (66, 0.8),
            (67, 0.9),
            (98, 0.9),
            (99, 1.0),
            (130, 1.0),
            (131, 1.1),
            (195, 1.2),
            (259, 1.3),
            (387, 1.4),
            (515, 1.5),
            (771, 1.6),
            (1026, 1.6),
        ];
        for (complexity, tenths) in table {
            let got = length_bonus(complexity);
            assert!((got - tenths).abs() < 1e-9, "{complexity}: {got}");
        }
    }

    #[test]
    fn f64_ties_are_kept() {
        // 6.6 + 0.1 falls below 6.7, 6.5 + 0.2 is 6.7 exactly.
        assert_eq!(difficulty(6.6, 8), 6.699999999999999);
        assert_eq!(difficulty(6.5, 10), 6.7);
        assert!(difficulty(6.6, 8) < difficulty(6.5, 10));
        // A Forcing X-Chain of complexity 27–34 sorts before an XY chain of 9–10.
        assert_eq!(difficulty(6.6, 30), 7.199999999999999);
        assert_eq!(difficulty(7.0, 9), 7.2);
        assert!(difficulty(6.6, 30) < difficulty(7.0, 9));
        // The anchors of §5.7 and §10.1.
        assert_eq!(difficulty(6.6, 6), 6.6);
        assert_eq!(difficulty(6.5, 4), 6.5);
        assert_eq!(format!("{:.1}", difficulty(7.5, 8)), "7.6");
        assert_eq!(format!("{:.1}", difficulty(8.5, 90)), "9.4");
        assert_eq!(format!("{:.1}", difficulty(dynamic_base(1), 104)), "10.0");
        assert_eq!(format!("{:.1}", difficulty(dynamic_base(2), 47)), "10.2");
        assert_eq!(format!("{:.1}", difficulty(dynamic_base(2), 222)), "10.7");
        assert_eq!(dynamic_base(5), 11.0);
    }
}
