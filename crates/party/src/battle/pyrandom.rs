//! CPython's `random.Random`: the MT19937 Mersenne Twister with CPython's
//! integer seeding and its `randint`, so a battle can consume exactly the
//! numbers the 2017 PokéAI simulator drew from `random.Random(1)`.
//!
//! Contract: [`PyRandom::new`]`(s)` yields the same 32-bit words as Python's
//! `random.Random(s)` (`init_by_array` over the 32-bit digits of `s`, least
//! significant first); [`PyRandom::below`]`(n)` equals `randint(0, n - 1)`
//! (`_randbelow`: the top `bit_length(n)` bits of one word, redrawn until
//! below `n`), so the draws line up word for word. The state is a fixed-size
//! array (no heap), so a battle that holds one stays allocation-free.

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// A Mersenne Twister seeded and sampled the way CPython does it.
#[derive(Clone)]
pub struct PyRandom {
    mt: [u32; N],
    index: usize,
}

impl std::fmt::Debug for PyRandom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyRandom")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl PyRandom {
    /// The generator of Python's `random.Random(seed)` for a non-negative integer seed.
    pub fn new(seed: u64) -> PyRandom {
        // CPython splits abs(seed) into 32-bit digits; zero still gives one digit.
        let (lo, hi) = (seed as u32, (seed >> 32) as u32);
        let key: &[u32] = if hi == 0 { &[lo] } else { &[lo, hi] };
        let mut r = PyRandom::init_genrand(19_650_218);
        let mt = &mut r.mt;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = mt[i - 1] ^ (mt[i - 1] >> 30);
            mt[i] = (mt[i] ^ prev.wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x8000_0000;
        r
    }

    /// The same generator with its first block of 624 words already
    /// generated, so copies of it start drawing without a twist.
    pub fn primed(mut self) -> PyRandom {
        if self.index >= N {
            self.twist();
        }
        self
    }

    fn init_genrand(s: u32) -> PyRandom {
        let mut mt = [0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1_812_433_253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        PyRandom { mt, index: N }
    }

    fn twist(&mut self) {
        let mt = &mut self.mt;
        for k in 0..N {
            let y = (mt[k] & UPPER_MASK) | (mt[(k + 1) % N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// The next tempered 32-bit word (`genrand_uint32`, Python's `getrandbits(32)`).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.mt[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// Python's `randint(0, n - 1)` for `1 <= n <= 2^32`: the top
    /// `bit_length(n)` bits of a word, drawn again while they are `>= n`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0 && n as u64 <= 1 << 32);
        let bits = usize::BITS - n.leading_zeros();
        loop {
            let r = (self.next_u32() as u64 >> (32 - bits)) as usize;
            if r < n {
                return r;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PyRandom;

    // Every constant below was printed by CPython 3.11.7 on this machine, e.g.
    // python3 -c "import random; r=random.Random(1); print([r.randint(0,255) for _ in range(20)])"
    // (the comment above each assertion gives the rest of the expression).

    #[test]
    fn words_match_python_seed_1() {
        // [hex(r.getrandbits(32)) for _ in range(8)] on random.Random(1)
        let mut r = PyRandom::new(1);
        let words: Vec<u32> = (0..8).map(|_| r.next_u32()).collect();
        assert_eq!(
            words,
            [
                0x2265b1f5, 0x91b7584a, 0xd8f16adf, 0xcd613e30, 0xc386bbc4, 0x1027c4d1, 0x414c343c,
                0x1e2feb89
            ]
        );
        // Priming only moves the first twist earlier.
        let mut p = PyRandom::new(1).primed();
        assert_eq!(p.next_u32(), words[0]);
        // After 1000 words (past the first twist): hex(r.getrandbits(32)) on a fresh Random(1).
        let mut r = PyRandom::new(1).primed();
        for _ in 0..1000 {
            r.next_u32();
        }
        assert_eq!(r.next_u32(), 0x80c6bcbd);
    }

    #[test]
    fn randint_matches_python_seed_1() {
        let mut r = PyRandom::new(1);
        let got: Vec<usize> = (0..20).map(|_| r.below(256)).collect();
        assert_eq!(
            got,
            [
                68, 32, 130, 60, 253, 230, 241, 194, 107, 48, 249, 14, 199, 221, 1, 228, 136, 117,
                52, 162
            ]
        );
        // One fresh Random(1), in this order: 10 x randint(0,254), 10 x randint(0,38),
        // 10 x randint(0,99), 10 x randint(0,6), 10 x randint(0,1).
        let mut r = PyRandom::new(1);
        let mut take = |n: usize| (0..10).map(|_| r.below(n)).collect::<Vec<_>>();
        assert_eq!(take(255), [34, 145, 216, 205, 195, 16, 65, 30, 126, 194]);
        assert_eq!(take(39), [28, 30, 24, 13, 6, 31, 1, 24, 27, 38]);
        assert_eq!(take(100), [97, 98, 0, 89, 57, 34, 92, 29, 75, 13]);
        assert_eq!(take(7), [2, 0, 0, 0, 5, 4, 0, 3, 5, 1]);
        assert_eq!(take(2), [1, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
    }

    #[test]
    fn other_seeds_match_python() {
        // [r.randint(0,255) for _ in range(5)] on Random(2017), Random(2**40+5), Random(0).
        for (seed, want) in [
            (2017u64, [101, 227, 175, 164, 107]),
            ((1 << 40) + 5, [137, 14, 23, 84, 40]),
            (0, [197, 215, 20, 132, 248]),
        ] {
            let mut r = PyRandom::new(seed);
            let got: Vec<usize> = (0..5).map(|_| r.below(256)).collect();
            assert_eq!(got, want, "seed {seed}");
        }
    }
}
