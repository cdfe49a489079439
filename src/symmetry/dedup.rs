//! Streaming duplicate detection by canonical form: memory grows with the number of distinct
//! forms (one 128-bit key and the first occurrence each), never with the input.

use std::collections::HashMap;

use xxhash_rust::xxh3::xxh3_128;

/// Where a canonical form was first seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstSeen {
    /// Index of the input (file) it came from, in the order the inputs were given.
    pub input: u32,
    /// Its 1-based line in that input.
    pub line: u64,
}

/// The canonical forms seen so far, keyed by a 128-bit hash of the form. Two different forms
/// share a key with probability about n²/2¹²⁹ (below 10⁻¹⁸ for 10 million forms).
#[derive(Debug, Default)]
pub struct SeenForms {
    first: HashMap<u128, FirstSeen>,
}

impl SeenForms {
    /// An empty set.
    pub fn new() -> SeenForms {
        SeenForms::default()
    }

    /// Records `form` (a canonical form's text or bytes) as seen at `at`; returns where it was
    /// first seen if it was seen before.
    pub fn check(&mut self, form: &[u8], at: FirstSeen) -> Option<FirstSeen> {
        match self.first.entry(xxh3_128(form)) {
            std::collections::hash_map::Entry::Occupied(first) => Some(*first.get()),
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(at);
                None
            }
        }
    }

    /// Number of distinct forms seen.
    pub fn len(&self) -> usize {
        self.first.len()
    }

    /// Whether nothing was seen yet.
    pub fn is_empty(&self) -> bool {
        self.first.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_occurrence_names_the_first() {
        let mut seen = SeenForms::new();
        let a = [0u8; 81];
        let mut b = [0u8; 81];
        b[80] = 1;
        let at = |line| FirstSeen { input: 0, line };
        assert_eq!(seen.check(&a, at(1)), None);
        assert_eq!(seen.check(&b, at(2)), None);
        assert_eq!(seen.check(&a, at(3)), Some(at(1)));
        assert_eq!(seen.len(), 2);
    }
}
