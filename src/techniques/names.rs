//! `--techniques` and `--needs` names: technique ids, family and group names, and `all`,
//! resolved against the catalogue alone (which rungs a ladder keeps is
//! `crate::scales::ladder::Ladder::restricted_to`'s business).

use crate::techniques::{TechniqueId, CATALOGUE};

/// The `--techniques` name for every rung of the scale, the ones off by default included.
pub const ALL_TECHNIQUES: &str = "all";

/// A `--techniques`/`--needs` name that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TechniqueNameError {
    /// Neither a technique id nor a family.
    #[error("unknown technique or family '{name}'; valid: {valid}")]
    Unknown {
        /// The name given.
        name: String,
        /// The valid ids and families.
        valid: String,
    },
    /// A known name none of whose techniques is on the ladder in use.
    #[error("'{0}' is not on the ladder in use: the scale has no rung for it, --techniques left it out, or it is off by default (then name it in --techniques; `sgrade techniques --scale SCALE` says which are)")]
    NotOnLadder(String),
    /// A family or group on the ladder whose rungs are all off by default: named so, it keeps
    /// none (each is put back by its own id).
    #[error("'{0}' keeps no technique: its techniques are all off by default, and one is put back only by its own id (`sgrade techniques` lists them)")]
    AllOffByDefault(String),
}

/// The techniques named by their own id in `names`, or all of them for `all`.
pub fn named_explicitly<S: AsRef<str>>(names: &[S]) -> [bool; TechniqueId::COUNT] {
    let mut named = [false; TechniqueId::COUNT];
    for name in names.iter().map(|n| n.as_ref().trim()) {
        for info in CATALOGUE {
            named[info.technique as usize] |= name == ALL_TECHNIQUES || info.id == name;
        }
    }
    named
}

/// The techniques named by `names` (technique ids, family or group names, or `all`), as a
/// membership table indexed by `TechniqueId`. Empty names are ignored.
pub fn select_techniques<S: AsRef<str>>(
    names: &[S],
) -> Result<[bool; TechniqueId::COUNT], TechniqueNameError> {
    let mut selected = [false; TechniqueId::COUNT];
    for name in names {
        let name = name.as_ref().trim();
        if name.is_empty() {
            continue;
        }
        let mut matched = false;
        for info in CATALOGUE.iter().filter(|i| {
            name == ALL_TECHNIQUES || i.id == name || i.family == name || i.group == Some(name)
        }) {
            selected[info.technique as usize] = true;
            matched = true;
        }
        if !matched {
            return Err(TechniqueNameError::Unknown {
                name: name.to_string(),
                valid: valid_names(),
            });
        }
    }
    Ok(selected)
}

/// `all`, every family and group, and every technique id (for error messages and help).
pub fn valid_names() -> String {
    let mut families: Vec<&str> = Vec::new();
    for info in CATALOGUE {
        for name in std::iter::once(info.family).chain(info.group) {
            if !families.contains(&name) {
                families.push(name);
            }
        }
    }
    let ids: Vec<&str> = CATALOGUE.iter().map(|i| i.id).collect();
    format!(
        "{ALL_TECHNIQUES}; families {}; techniques {}",
        families.join(","),
        ids.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_select_ids_families_groups_and_all() {
        let count = |names: &[&str]| {
            select_techniques(names)
                .unwrap()
                .iter()
                .filter(|&&on| on)
                .count()
        };
        assert_eq!(count(&["hidden-pair"]), 1);
        assert_eq!(count(&["singles", " ", "hidden-pair"]), 4);
        assert_eq!(count(&["fish-basic"]), 6);
        assert_eq!(count(&[ALL_TECHNIQUES]), TechniqueId::COUNT);
        let err = select_techniques(&["x-wingz"]).unwrap_err();
        assert!(matches!(&err, TechniqueNameError::Unknown { name, .. } if name == "x-wingz"));
        assert!(valid_names().starts_with("all; families singles,"));
        let explicit = named_explicitly(&["fish", "whale"]);
        assert!(explicit[TechniqueId::Whale as usize]);
        assert!(!explicit[TechniqueId::XWing as usize]);
    }
}
