//! `CandidateSet`: a set of (cell, digit) candidates as nine 81-bit planes (729 bits).

use super::bits::Bits81;

/// A set of candidates: plane `d` holds the cells where digit index `d` (0..9) is in the set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CandidateSet {
    /// One cell set per digit index.
    pub planes: [Bits81; 9],
}

impl CandidateSet {
    /// The empty set.
    pub const EMPTY: CandidateSet = CandidateSet {
        planes: [Bits81::EMPTY; 9],
    };

    /// Adds candidate `digit` (0..9) of `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize, digit: usize) {
        self.planes[digit].insert(cell);
    }

    /// Whether candidate `digit` of `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: usize, digit: usize) -> bool {
        self.planes[digit].contains(cell)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.planes.iter().all(|p| p.is_empty())
    }

    /// Number of candidates in the set.
    pub fn count(&self) -> u32 {
        self.planes.iter().map(|p| p.count()).sum()
    }

    /// Adds every candidate of `other`.
    #[inline]
    pub fn union_with(&mut self, other: &CandidateSet) {
        for (mine, theirs) in self.planes.iter_mut().zip(other.planes.iter()) {
            *mine |= *theirs;
        }
    }

    /// The cells holding at least one candidate of the set.
    #[inline]
    pub fn cells(&self) -> Bits81 {
        self.planes.iter().fold(Bits81::EMPTY, |acc, p| acc | *p)
    }

    /// Iterates over (cell, digit) pairs, ordered by cell then digit.
    pub fn iter(&self) -> CandidateIter<'_> {
        CandidateIter {
            set: self,
            cells: self.cells(),
            cell: 0,
            digits: 0,
        }
    }
}

/// Iterator over the candidates of a [`CandidateSet`], cell-major.
pub struct CandidateIter<'a> {
    set: &'a CandidateSet,
    cells: Bits81,
    cell: usize,
    digits: u16,
}

impl Iterator for CandidateIter<'_> {
    type Item = (usize, usize);
    fn next(&mut self) -> Option<(usize, usize)> {
        while self.digits == 0 {
            let cell = self.cells.first()?;
            self.cells.remove(cell);
            self.cell = cell;
            self.digits = (0..9)
                .filter(|&d| self.set.planes[d].contains(cell))
                .fold(0u16, |m, d| m | (1 << d));
        }
        let digit = self.digits.trailing_zeros() as usize;
        self.digits &= self.digits - 1;
        Some((self.cell, digit))
    }
}

impl FromIterator<(usize, usize)> for CandidateSet {
    fn from_iter<I: IntoIterator<Item = (usize, usize)>>(iter: I) -> Self {
        let mut set = CandidateSet::EMPTY;
        for (cell, digit) in iter {
            set.insert(cell, digit);
        }
        set
    }
}

impl std::fmt::Debug for CandidateSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(
                self.iter()
                    .map(|(c, d)| format!("r{}c{}#{}", c / 9 + 1, c % 9 + 1, d + 1)),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_cell_major() {
        let set: CandidateSet = [(10, 3), (2, 8), (10, 0), (80, 4)].into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            vec![(2, 8), (10, 0), (10, 3), (80, 4)]
        );
        assert_eq!(set.count(), 4);
        assert!(set.contains(10, 3) && !set.contains(10, 4));
        assert_eq!(set.cells().count(), 3);
        assert!(CandidateSet::EMPTY.is_empty() && !set.is_empty());
    }
}
