//! `Bits81`: a set of cells as a 128-bit word (bit `i` = cell `i`, cells 0..81 row-major), and
//! [`digits`], the iterator over a digit mask (bit `d` = digit index `d`).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Mask of the 81 valid cell bits.
pub const ALL_CELLS: u128 = (1u128 << 81) - 1;

/// A set of cells, one bit per cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bits81(pub u128);

/// Column 0's cells: each row's first bit (`9 * r` for r in 0..9).
pub(crate) const COLUMN_0: u128 = {
    let (mut starts, mut r) = (0u128, 0);
    while r < 9 {
        starts |= 1 << (9 * r);
        r += 1;
    }
    starts
};

impl Bits81 {
    /// The empty set.
    pub const EMPTY: Bits81 = Bits81(0);
    /// All 81 cells.
    pub const ALL: Bits81 = Bits81(ALL_CELLS);

    /// The set holding only `cell`.
    #[inline]
    pub const fn cell(cell: usize) -> Bits81 {
        Bits81(1u128 << cell)
    }

    /// Whether `cell` is a member.
    #[inline]
    pub const fn contains(self, cell: usize) -> bool {
        (self.0 >> cell) & 1 != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0 |= 1u128 << cell;
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0 &= !(1u128 << cell);
    }

    /// Number of members.
    #[inline]
    pub fn count(self) -> u32 {
        popcount(self.0)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has exactly one member.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    /// The houses (bit h = house h: rows 0..9, columns 9..18, blocks 18..27) that hold a cell of
    /// the set, with the same few operations however many cells there are (a lookup per cell
    /// costs a loop turn each: a single's step changes a dozen cells or more, and HoDoKu's
    /// forcing tables ask this of every digit of every premise). A row holds a cell when adding
    /// `0xFF` to its low eight bits carries into its ninth, or the ninth is set; the nine rows'
    /// flags are gathered by one multiplication (their products land on distinct bits, so
    /// nothing carries), as are each band's three blocks' flags, from the band's rows or-ed.
    /// Half the instructions of a test per row and block (`tests::houses_*` compare with the
    /// cells' own houses).
    #[inline]
    pub fn houses(self) -> u32 {
        // Per row: its low eight bits (`LOW`), its ninth (`NINTH`).
        const LOW: u128 = 0x0FF_u128 * COLUMN_0;
        const NINTH: u128 = 0x100_u128 * COLUMN_0;
        let x = self.0;
        let flags = (((x & LOW) + LOW) | x) & NINTH;
        // Rows 0..=6 flag bits 8 + 9r of the low word; 7 and 8 bits 7 and 16 of the high one.
        let (low, high) = (flags as u64, (flags >> 64) as u64);
        let rows = ((low >> 8).wrapping_mul(0x0001_0101_0101_0101) >> 48) as u32 & 0x7F
            | ((high >> 7) as u32 & 1) << 7
            | ((high >> 16) as u32 & 1) << 8;
        let (mut columns, mut blocks) = (0u32, 0u32);
        for band in 0..3 {
            let word = (x >> (27 * band)) as u32 & 0x7FF_FFFF;
            let any = (word | word >> 9 | word >> 18) & 0x1FF;
            columns |= any;
            // Each block's three columns: a flag at its third bit when any is set.
            let block_flags = (((any & 0o333) + 0o333) | any) & 0o444;
            blocks |= ((block_flags >> 2).wrapping_mul(0o25) >> 4 & 7) << (3 * band);
        }
        rows | columns << 9 | blocks << 18
    }

    /// Whether the set has two members or more (`count() > 1` without counting).
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest member, if any.
    #[inline]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// Members of `self` that are not in `other`.
    #[inline]
    pub const fn and_not(self, other: Bits81) -> Bits81 {
        Bits81(self.0 & !other.0)
    }

    /// Whether every member of `self` is in `other`.
    #[inline]
    pub const fn is_subset_of(self, other: Bits81) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the two sets share a member.
    #[inline]
    pub const fn intersects(self, other: Bits81) -> bool {
        self.0 & other.0 != 0
    }

    /// Iterates over members in increasing cell order.
    #[inline]
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }
}

/// The number of one bits of `word`, with the CPU's POPCNT instruction where it has one.
///
/// `u128::count_ones` lowers to POPCNT only when the build enables the feature at compile time
/// (`-C target-cpu=native`); the default x86-64 build gets a shift-and-mask sequence of some
/// thirty instructions, and the fish searches count sets at every node. So the default build
/// asks the CPU once (the standard library caches the answer; each call reads it) and uses the
/// instruction when it is there: the same count, a fraction of the instructions. Measured
/// (callgrind, gnpx, results/speed.md): top1465[..200] 37.84M → 36.02M instructions per
/// puzzle, royle17[..2000] 337.0k → 329.0k, rows identical.
#[inline(always)]
pub fn popcount(word: u128) -> u32 {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has POPCNT.
        return unsafe { popcnt64(word as u64) + popcnt64((word >> 64) as u64) };
    }
    word.count_ones()
}

/// The number of members of each 9-bit mask (digits of a cell, places of a house), for the
/// searches that count such masks in their inner loops: the plain x86-64 build counts a
/// `u16`'s bits with a dozen instructions, this with one load.
static NINE_BIT_COUNTS: [u8; 512] = {
    let mut counts = [0u8; 512];
    let mut mask = 1;
    while mask < 512 {
        counts[mask] = counts[mask >> 1] + (mask & 1) as u8;
        mask += 1;
    }
    counts
};

/// The number of bits of a 9-bit mask (`mask < 512`), by table.
#[inline(always)]
pub fn nine_bit_count(mask: u16) -> u32 {
    debug_assert!(mask < 512, "{mask:#x} is no 9-bit mask");
    u32::from(NINE_BIT_COUNTS[usize::from(mask) & 511])
}

/// The cells (bit per cell) whose value is not 0, for 81 values of at most `0x7F` (a puzzle's
/// givens, 0 for an empty cell), with no branch per cell: which cells hold a given is what a
/// branch would guess wrong, some twenty times in a 17-given puzzle. Eight cells a step: a
/// nonzero byte plus `0x7F` sets its high bit (and carries nowhere), and one multiplication
/// gathers the eight high bits into a byte.
#[inline]
pub fn nonzero_cells(values: &[u8; 81]) -> Bits81 {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let mut cells = u128::from(values[80] != 0) << 80;
    for (i, chunk) in values.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        debug_assert!(x & HIGH_BITS == 0, "a value above 0x7F");
        let high = x.wrapping_add(!HIGH_BITS) & HIGH_BITS;
        let byte = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        cells |= u128::from(byte) << (8 * i);
    }
    Bits81(cells)
}

/// POPCNT of one 64-bit word.
///
/// # Safety
/// The CPU must have POPCNT (`is_x86_feature_detected!("popcnt")`).
#[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
#[inline(always)]
unsafe fn popcnt64(word: u64) -> u32 {
    let count: u64;
    // SAFETY: the caller guarantees POPCNT; the instruction only reads `word`'s register and
    // writes `count`'s (and the flags, which `asm!` assumes clobbered), touches no memory and
    // leaves the stack alone. One instruction per block, so the output may share the input's
    // register.
    unsafe {
        std::arch::asm!(
            "popcnt {count}, {word}",
            word = in(reg) word,
            count = lateout(reg) count,
            options(pure, nomem, nostack),
        );
    }
    count as u32
}

/// Iterator over the cells of a [`Bits81`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = popcount(self.0) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellIter {}

impl IntoIterator for Bits81 {
    type Item = usize;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

impl FromIterator<usize> for Bits81 {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut set = Bits81::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl BitAnd for Bits81 {
    type Output = Bits81;
    #[inline]
    fn bitand(self, rhs: Bits81) -> Bits81 {
        Bits81(self.0 & rhs.0)
    }
}
impl BitOr for Bits81 {
    type Output = Bits81;
    #[inline]
    fn bitor(self, rhs: Bits81) -> Bits81 {
        Bits81(self.0 | rhs.0)
    }
}
impl BitXor for Bits81 {
    type Output = Bits81;
    #[inline]
    fn bitxor(self, rhs: Bits81) -> Bits81 {
        Bits81(self.0 ^ rhs.0)
    }
}
impl Not for Bits81 {
    type Output = Bits81;
    /// Complement within the 81 cells.
    #[inline]
    fn not(self) -> Bits81 {
        Bits81(!self.0 & ALL_CELLS)
    }
}
impl BitAndAssign for Bits81 {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bits81) {
        self.0 &= rhs.0;
    }
}
impl BitOrAssign for Bits81 {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bits81) {
        self.0 |= rhs.0;
    }
}
impl BitXorAssign for Bits81 {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bits81) {
        self.0 ^= rhs.0;
    }
}

/// The indices of the set bits of `mask`, lowest first (house masks, band words).
#[inline]
pub fn set_bits(mask: u32) -> SetBits {
    SetBits(mask)
}

/// Iterator over the set bits of a word, lowest first (see [`set_bits`]).
#[derive(Clone, Copy, Debug)]
pub struct SetBits(u32);

impl Iterator for SetBits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The digit indices of a digit mask (bit `d` = digit index `d`, 0..9), lowest first; bits above
/// the ninth are ignored.
#[inline]
pub fn digits(mask: u16) -> DigitIter {
    DigitIter(mask & 0x1ff)
}

/// Iterator over the digits of a mask, lowest first (see [`digits`]; a `u16` of its own, not a
/// [`SetBits`]: measured, the wider word cost 0.8% of gnpx584's instructions on royle17).
#[derive(Clone, Copy, Debug)]
pub struct DigitIter(u16);

impl Iterator for DigitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(digit)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DigitIter {}

impl std::fmt::Debug for Bits81 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells with a nonzero value, eight at a time, are the cells a per-cell test finds,
    /// on random values (of every density) up to `0x7F`.
    #[test]
    fn nonzero_cells_are_the_cells_with_a_value() {
        let mut rng = crate::core::test_support::Xorshift(0xD1B5_4A32_D192_ED03);
        for round in 0..5_000 {
            let density = round % 10;
            let values: [u8; 81] = std::array::from_fn(|_| {
                let v = rng.next();
                if v % 10 < density {
                    1 + (v >> 8) as u8 % 0x7F
                } else {
                    0
                }
            });
            let want: Bits81 = (0..81).filter(|&c| values[c] != 0).collect();
            assert_eq!(nonzero_cells(&values), want, "{values:?}");
        }
    }

    #[test]
    fn set_operations_and_iteration() {
        let a: Bits81 = [0, 5, 80].into_iter().collect();
        let b: Bits81 = [5, 6].into_iter().collect();
        assert_eq!(a.count(), 3);
        assert!(a.contains(80) && !a.contains(79));
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![5]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), vec![0, 6, 80]);
        assert_eq!(a.and_not(b).iter().collect::<Vec<_>>(), vec![0, 80]);
        assert_eq!((!a).count(), 78);
        assert!(!(!Bits81::ALL).intersects(Bits81::ALL));
        assert_eq!(a.first(), Some(0));
        assert!(Bits81::cell(7).is_single() && !a.is_single() && !Bits81::EMPTY.is_single());
        assert!(Bits81::cell(5).is_subset_of(a) && !b.is_subset_of(a));
        let mut c = a;
        c.remove(0);
        c.insert(1);
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![1, 5, 80]);
        assert_eq!(c.iter().len(), 3);
    }

    /// [`Bits81::houses`] is the union of the cells' own houses, on every single cell, the
    /// empty and the full set, and random sets of every density.
    #[test]
    fn houses_are_the_cells_houses() {
        let by_cells = |cells: Bits81| {
            cells.into_iter().fold(0u32, |houses, cell| {
                let [r, c, b] = crate::core::CELL_HOUSES[cell];
                houses | 1 << r | 1 << c | 1 << b
            })
        };
        let mut rng = crate::core::test_support::Xorshift(0x005e_ed0f_b0a5);
        let mut sets = vec![Bits81::EMPTY, Bits81::ALL];
        sets.extend((0..81).map(Bits81::cell));
        // Every pattern of one row, and of each row's three blocks' mini-rows.
        sets.extend((0..9).flat_map(|r| (0..512u128).map(move |m| Bits81(m << (9 * r)))));
        for density in [1, 2, 3, 5, 10, 20, 50, 90] {
            sets.extend((0..200).map(|_| rng.random_set(density)));
        }
        for cells in sets {
            assert_eq!(cells.houses(), by_cells(cells), "{:#x}", cells.0);
        }
        assert_eq!(Bits81::ALL.houses(), (1 << 27) - 1);
    }

    #[test]
    fn nine_bit_counts_are_count_ones() {
        for mask in 0..512u16 {
            assert_eq!(nine_bit_count(mask), mask.count_ones(), "{mask:#b}");
        }
    }

    #[test]
    fn houses_are_those_sharing_a_cell_with_the_set() {
        let mut rng = crate::core::test_support::Xorshift(0x510E_527F_ADE6_82D1);
        for round in 0..2_000 {
            let cells = rng.random_set([1, 3, 10, 40][round % 4]);
            let expected = (0..27)
                .filter(|&h| crate::core::HOUSE_SETS[h].intersects(cells))
                .fold(0u32, |m, h| m | 1 << h);
            assert_eq!(cells.houses(), expected, "{cells:?}");
        }
    }

    #[test]
    fn several_means_a_count_above_one() {
        let mut rng = crate::core::test_support::Xorshift(0xb175);
        let mut sets = vec![
            Bits81::EMPTY,
            Bits81::ALL,
            Bits81::cell(0),
            Bits81::cell(80),
        ];
        sets.extend((0..81).map(|c| Bits81::cell(c) | Bits81::cell((c * 7 + 3) % 81)));
        sets.extend((0..200).map(|k| rng.random_set(k % 4)));
        for set in sets {
            assert_eq!(set.has_several(), set.count() > 1, "{set:?}");
        }
    }

    #[test]
    fn popcount_counts_like_count_ones() {
        // Every single bit, both halves full, and a spread of mixed words.
        let mut word = 0x0123_4567_89AB_CDEF_FEDC_BA98_7654_3210u128;
        for bit in 0..128 {
            assert_eq!(popcount(1u128 << bit), 1);
            word = word.rotate_left(7) ^ (word >> 3) ^ (1u128 << bit);
            assert_eq!(popcount(word), word.count_ones(), "{word:#x}");
        }
        assert_eq!(popcount(0), 0);
        assert_eq!(popcount(u128::MAX), 128);
        assert_eq!(popcount(u64::MAX as u128), 64);
        assert_eq!(popcount(u128::MAX << 64), 64);
        assert_eq!(Bits81::ALL.count(), 81);
    }

    #[test]
    fn digits_of_a_mask_lowest_first() {
        assert_eq!(digits(0b1_0000_0101).collect::<Vec<_>>(), vec![0, 2, 8]);
        assert_eq!(digits(0xfe00).count(), 0);
        assert_eq!(digits(0b110).len(), 2);
    }
}
