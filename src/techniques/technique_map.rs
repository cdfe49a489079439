//! An ordered table of per-technique values keyed by technique id string, with O(1) access by
//! [`TechniqueId`] for the ones this build knows. Ids read from files written by another build
//! (a technique this one lacks, a shard graded with another ladder) keep their place too.

use crate::techniques::TechniqueId;

/// Per-technique values in presentation order (ladder order, then first seen).
#[derive(Clone, Debug)]
pub struct TechniqueMap<T> {
    entries: Vec<(String, T)>,
    /// `slots[technique]` = index into `entries` + 1; 0 when absent.
    slots: [u32; TechniqueId::COUNT],
    /// The entries of known techniques, as (technique, index into `entries`), in order.
    known: Vec<(TechniqueId, u32)>,
}

impl<T> Default for TechniqueMap<T> {
    fn default() -> Self {
        TechniqueMap {
            entries: Vec::new(),
            slots: [0; TechniqueId::COUNT],
            known: Vec::new(),
        }
    }
}

impl<T> TechniqueMap<T> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry of a known technique, if present.
    #[inline]
    pub fn get_mut(&mut self, technique: TechniqueId) -> Option<&mut T> {
        match self.slots[technique as usize] {
            0 => None,
            slot => Some(&mut self.entries[slot as usize - 1].1),
        }
    }

    /// The entry for `id`, if present.
    pub fn get(&self, id: &str) -> Option<&T> {
        self.position(id).map(|i| &self.entries[i].1)
    }

    /// The entry for `id`, appended with `make()` when absent.
    pub fn entry(&mut self, id: &str, make: impl FnOnce() -> T) -> &mut T {
        let index = match self.position(id) {
            Some(index) => index,
            None => {
                self.entries.push((id.to_string(), make()));
                let index = self.entries.len() - 1;
                if let Some(technique) = TechniqueId::from_id(id) {
                    self.slots[technique as usize] = index as u32 + 1;
                    self.known.push((technique, index as u32));
                }
                index
            }
        };
        &mut self.entries[index].1
    }

    /// Calls `each` with every entry of a technique this build knows, in order: a pass over
    /// the entries present, where one over the catalogue looked each technique up.
    pub fn for_each_known(&mut self, mut each: impl FnMut(TechniqueId, &mut T)) {
        for &(technique, index) in &self.known {
            each(technique, &mut self.entries[index as usize].1);
        }
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &T)> {
        self.entries.iter().map(|(id, value)| (id.as_str(), value))
    }

    fn position(&self, id: &str) -> Option<usize> {
        match TechniqueId::from_id(id) {
            Some(technique) => match self.slots[technique as usize] {
                0 => None,
                slot => Some(slot as usize - 1),
            },
            None => self.entries.iter().position(|(known, _)| known == id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_and_unknown_ids_keep_insertion_order() {
        let mut map: TechniqueMap<u32> = TechniqueMap::new();
        *map.entry("hidden-single", || 0) += 2;
        *map.entry("some-future-technique", || 0) += 5;
        *map.entry("full-house", || 0) += 1;
        *map.get_mut(TechniqueId::HiddenSingle).unwrap() += 1;
        assert!(map.get_mut(TechniqueId::NakedQuad).is_none());
        let entries: Vec<(&str, u32)> = map.iter().map(|(id, &v)| (id, v)).collect();
        assert_eq!(
            entries,
            [
                ("hidden-single", 3),
                ("some-future-technique", 5),
                ("full-house", 1)
            ]
        );
        assert_eq!(map.get("some-future-technique"), Some(&5));
        assert_eq!(map.len(), 3);
        let mut known = Vec::new();
        map.for_each_known(|technique, value| known.push((technique, *value)));
        assert_eq!(
            known,
            [(TechniqueId::HiddenSingle, 3), (TechniqueId::FullHouse, 1)]
        );
    }
}
