//! Binary party features: P (species present), M (move on any member), PP
//! (unordered pair of species), MM (unordered pair of distinct moves on the
//! same member) and PM (species with a move it knows); 9 + 20 + 36 + 190 + 180
//! = 435 for the experiment's data.
//!
//! Contract: the layout is the groups in that order, pairs in lexicographic
//! order of ids; names are readable ("Gengar", "Psychic", "Gengar&Jynx",
//! "Blizzard&Psychic", "Gengar&Psychic") and unique.

use crate::data::Dex;
use crate::party::Party;

/// A feature group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// Species present.
    P,
    /// Move present on any member.
    M,
    /// Pair of species present.
    PP,
    /// Pair of distinct moves on the same member.
    MM,
    /// Species with a move.
    PM,
}

impl Group {
    /// All groups in layout order.
    pub const ALL: [Group; 5] = [Group::P, Group::M, Group::PP, Group::MM, Group::PM];

    /// Short name ("P", "MM", ...).
    pub fn name(self) -> &'static str {
        match self {
            Group::P => "P",
            Group::M => "M",
            Group::PP => "PP",
            Group::MM => "MM",
            Group::PM => "PM",
        }
    }

    /// Parses a short name (case-insensitive).
    pub fn parse(s: &str) -> Option<Group> {
        Group::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
    }
}

/// The feature layout for a dex.
#[derive(Clone, Debug)]
pub struct Features {
    ns: usize,
    nm: usize,
    offsets: [usize; 6],
    names: Vec<String>,
}

fn pair_index(n: usize, i: usize, j: usize) -> usize {
    debug_assert!(i < j && j < n);
    i * (2 * n - i - 1) / 2 + (j - i - 1)
}

impl Features {
    /// The layout for the dex's species and selectable moves.
    pub fn new(dex: &Dex) -> Features {
        let ns = dex.species.len();
        let nm = dex.n_selectable;
        let sizes = [ns, nm, ns * (ns - 1) / 2, nm * (nm - 1) / 2, ns * nm];
        let mut offsets = [0; 6];
        for g in 0..5 {
            offsets[g + 1] = offsets[g] + sizes[g];
        }
        let sp = |i: usize| dex.species[i].name.clone();
        let mv = |i: usize| dex.moves[i].name.clone();
        let mut names: Vec<String> = (0..ns).map(sp).collect();
        names.extend((0..nm).map(mv));
        for i in 0..ns {
            for j in i + 1..ns {
                names.push(format!("{}&{}", sp(i), sp(j)));
            }
        }
        for i in 0..nm {
            for j in i + 1..nm {
                names.push(format!("{}&{}", mv(i), mv(j)));
            }
        }
        for s in 0..ns {
            for m in 0..nm {
                names.push(format!("{}&{}", sp(s), mv(m)));
            }
        }
        Features {
            ns,
            nm,
            offsets,
            names,
        }
    }

    /// Total number of features.
    pub fn len(&self) -> usize {
        self.offsets[5]
    }

    /// Whether there are no features (never, for a valid dex).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Feature names in layout order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The index range of a group.
    pub fn range(&self, g: Group) -> std::ops::Range<usize> {
        let i = Group::ALL.iter().position(|&x| x == g).unwrap_or(0);
        self.offsets[i]..self.offsets[i + 1]
    }

    /// The group of a feature index.
    pub fn group_of(&self, index: usize) -> Group {
        let i = (0..5).find(|&g| index < self.offsets[g + 1]).unwrap_or(4);
        Group::ALL[i]
    }

    /// Sorted, deduplicated indices of the features that are 1 for the party.
    pub fn active(&self, party: &Party) -> Vec<usize> {
        let mut out = Vec::with_capacity(64);
        let o = &self.offsets;
        let mut species: Vec<usize> = party.members.iter().map(|m| m.species as usize).collect();
        species.sort_unstable();
        for &s in &species {
            out.push(o[0] + s);
        }
        for m in &party.members {
            for &x in &m.moves {
                out.push(o[1] + x as usize);
            }
        }
        for a in 0..species.len() {
            for b in a + 1..species.len() {
                out.push(o[2] + pair_index(self.ns, species[a], species[b]));
            }
        }
        for m in &party.members {
            let mut mv: Vec<usize> = m.moves.iter().map(|&x| x as usize).collect();
            mv.sort_unstable();
            for a in 0..mv.len() {
                for b in a + 1..mv.len() {
                    out.push(o[3] + pair_index(self.nm, mv[a], mv[b]));
                }
            }
            for &x in &m.moves {
                out.push(o[4] + m.species as usize * self.nm + x as usize);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The dense 0/1 feature row of a party.
    pub fn dense(&self, party: &Party) -> Vec<f64> {
        let mut row = vec![0.0; self.len()];
        for i in self.active(party) {
            row[i] = 1.0;
        }
        row
    }

    /// Column indices of the union of the given groups, in layout order.
    pub fn columns(&self, groups: &[Group]) -> Vec<usize> {
        Group::ALL
            .iter()
            .filter(|g| groups.contains(g))
            .flat_map(|&g| self.range(g))
            .collect()
    }
}
