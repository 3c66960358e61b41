//! Parties: three distinct species, each with four distinct moves.
//!
//! Contract: a [`Party`] is always valid for the [`Dex`] it was built with
//! (parsing and random generation enforce the rules), and its text form
//! `Species:Move/Move/Move/Move;Species:...` parses back to the same party.

use crate::data::Dex;
use crate::error::PartyError;
use yomi_core::Rng;

/// Members in a party.
pub const PARTY_SIZE: usize = 3;
/// Moves per member.
pub const MOVES: usize = 4;

/// One party member: a species id and four distinct move ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Member {
    /// Species id.
    pub species: u8,
    /// Move ids (distinct, selectable).
    pub moves: [u8; MOVES],
}

/// Three members with distinct species.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Party {
    /// The members; the first one leads.
    pub members: [Member; PARTY_SIZE],
}

impl Party {
    /// Parses `Species:Move/Move/Move/Move;Species:...;Species:...`: three
    /// members separated by `;`, each a species, `:`, and four moves separated
    /// by `/`. Names ignore case, spaces and hyphens; nothing else is accepted
    /// (a `,` is refused: it separates CSV columns).
    pub fn parse(dex: &Dex, spec: &str) -> Result<Party, PartyError> {
        let err = |reason: String| PartyError::BadParty {
            spec: spec.to_string(),
            reason,
        };
        if spec.contains(',') {
            return Err(err(
                "members are separated by ';' (a ',' is not part of the grammar)".into(),
            ));
        }
        let parts: Vec<&str> = spec
            .split(';')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() != PARTY_SIZE {
            return Err(err(format!(
                "needs {PARTY_SIZE} members separated by ';', found {}",
                parts.len()
            )));
        }
        let mut members = [Member {
            species: 0,
            moves: [0; MOVES],
        }; PARTY_SIZE];
        for (i, part) in parts.iter().enumerate() {
            let (name, moves) = part.split_once(':').ok_or_else(|| {
                err(format!(
                    "member {} ({part:?}) needs the form Species:Move/Move/Move/Move",
                    i + 1
                ))
            })?;
            let species = dex.species_id(name).ok_or_else(|| {
                let known: Vec<_> = dex.species.iter().map(|s| s.name.as_str()).collect();
                err(format!(
                    "unknown species {:?} (known: {})",
                    name.trim(),
                    known.join(", ")
                ))
            })?;
            let names: Vec<&str> = moves
                .split('/')
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .collect();
            if names.len() != MOVES {
                return Err(err(format!(
                    "{} needs {MOVES} moves separated by '/', found {}",
                    name.trim(),
                    names.len()
                )));
            }
            let mut ids = [0u8; MOVES];
            for (j, m) in names.iter().enumerate() {
                ids[j] = dex.move_id(m).ok_or_else(|| {
                    let known: Vec<_> = dex.moves[..dex.n_selectable]
                        .iter()
                        .map(|m| m.name.as_str())
                        .collect();
                    err(format!("unknown move {m:?} (known: {})", known.join(", ")))
                })?;
                if ids[..j].contains(&ids[j]) {
                    return Err(err(format!(
                        "{} has {} twice",
                        name.trim(),
                        dex.moves[ids[j] as usize].name
                    )));
                }
            }
            if members[..i].iter().any(|m| m.species == species) {
                return Err(err(format!(
                    "species {} appears twice",
                    dex.species[species as usize].name
                )));
            }
            members[i] = Member {
                species,
                moves: ids,
            };
        }
        Ok(Party { members })
    }

    /// A uniformly random party: 3 distinct species, each with 4 distinct
    /// moves drawn from all selectable moves, or from its learnset.
    pub fn random(dex: &Dex, rng: &mut Rng, learnset: bool) -> Party {
        let mut members = [Member {
            species: 0,
            moves: [0; MOVES],
        }; PARTY_SIZE];
        let mut species: Vec<u8> = (0..dex.species.len() as u8).collect();
        for i in 0..PARTY_SIZE {
            let k = i + rng.below(species.len() - i);
            species.swap(i, k);
            let s = species[i];
            let mut pool: Vec<u8> = if learnset {
                dex.species[s as usize].learnset.clone()
            } else {
                (0..dex.n_selectable as u8).collect()
            };
            let mut moves = [0u8; MOVES];
            for (j, slot) in moves.iter_mut().enumerate() {
                let k = j + rng.below(pool.len() - j);
                pool.swap(j, k);
                *slot = pool[j];
            }
            members[i] = Member { species: s, moves };
        }
        Party { members }
    }

    /// The text form, parseable by [`Party::parse`].
    pub fn format(&self, dex: &Dex) -> String {
        self.members
            .iter()
            .map(|m| {
                let moves: Vec<&str> = m
                    .moves
                    .iter()
                    .map(|&x| dex.moves[x as usize].name.as_str())
                    .collect();
                format!(
                    "{}:{}",
                    dex.species[m.species as usize].name,
                    moves.join("/")
                )
            })
            .collect::<Vec<_>>()
            .join(";")
    }

    /// Refuses a party with a move outside its species' learnset, naming it.
    pub fn check_learnsets(&self, dex: &Dex) -> Result<(), PartyError> {
        for m in &self.members {
            let sp = &dex.species[m.species as usize];
            if let Some(&x) = m.moves.iter().find(|x| !sp.learnset.contains(x)) {
                return Err(PartyError::BadParty {
                    spec: self.format(dex),
                    reason: format!(
                        "{} cannot learn {} (--learnset is on)",
                        sp.name, dex.moves[x as usize].name
                    ),
                });
            }
        }
        Ok(())
    }

    /// Whether every member knows only moves from its learnset.
    pub fn respects_learnsets(&self, dex: &Dex) -> bool {
        self.check_learnsets(dex).is_ok()
    }
}
