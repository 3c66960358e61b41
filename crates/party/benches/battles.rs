//! Random 3v3 battles per second under both rules profiles.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use yomi_core::Rng;
use yomi_party::battle::NoLog;
use yomi_party::player::RandomPlayer;
use yomi_party::{Battle, Dex, Party};

fn battles(c: &mut Criterion) {
    for profile in yomi_party::data::PROFILES {
        let dex = Dex::load(profile).expect("embedded data");
        let mut rng = Rng::new(1);
        let parties: Vec<Party> = (0..256)
            .map(|_| Party::random(&dex, &mut rng, false))
            .collect();
        let mut i = 0u64;
        c.bench_function(&format!("random 3v3 battle ({profile})"), |b| {
            b.iter(|| {
                i += 1;
                let a = &parties[(i % 256) as usize];
                let o = &parties[((i * 7 + 3) % 256) as usize];
                let mut battle = Battle::new(&dex, [a, o], i);
                let mut p0 = RandomPlayer::new(i ^ 1);
                let mut p1 = RandomPlayer::new(i ^ 2);
                black_box(battle.play(&mut p0, &mut p1, &mut NoLog))
            })
        });
    }
}

criterion_group!(benches, battles);
criterion_main!(benches);
