//! Fuzzing the party spec and feature-set parsers with random text and with
//! mutations of valid specs: never a panic; a refused spec is a typed
//! `BadParty` error quoting the spec; whatever parses prints back to a spec
//! that parses to the same party. Run longer with
//! `PROPTEST_CASES=100000 cargo test -p yomi-party --test fuzz_spec`.

use proptest::prelude::*;
use yomi_party::model::parse_set;
use yomi_party::{Dex, Party, PartyError};

const VALID: &str = "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:Blizzard/Psychic/Lovely Kiss/Reflect;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt";
/// Characters specs are made of, so mutations stay near valid input.
const ALPHABET: &[u8] = b";:/, -!abcdeghklnoprstuyBGJPT";

fn check(dex: &Dex, spec: &str) {
    match Party::parse(dex, spec) {
        Ok(p) => {
            let again = Party::parse(dex, &p.format(dex)).expect("a printed party parses");
            assert_eq!(again, p, "{spec:?}");
        }
        Err(PartyError::BadParty { spec: quoted, .. }) => assert_eq!(quoted, spec),
        Err(e) => panic!("unexpected error kind for {spec:?}: {e}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,120}") {
        let dex = Dex::load("cartridge").unwrap();
        check(&dex, &text);
        let _ = parse_set(&text);
    }

    #[test]
    fn mutated_specs_never_panic(
        edits in proptest::collection::vec((any::<usize>(), 0u8..3, any::<u8>()), 1..5),
    ) {
        let dex = Dex::load("pokeai2017").unwrap();
        let mut bytes = VALID.as_bytes().to_vec();
        for (pos, kind, c) in edits {
            let c = ALPHABET[c as usize % ALPHABET.len()];
            let at = pos % (bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => { bytes.remove(at); }
                1 => bytes.insert(at, c),
                _ if at < bytes.len() => bytes[at] = c,
                _ => {}
            }
        }
        check(&dex, &String::from_utf8_lossy(&bytes));
    }
}
