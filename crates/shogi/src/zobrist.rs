//! Zobrist keys, generated at compile time from a fixed SplitMix64 stream.
//!
//! Contract: the key of a position is the XOR of one key per (piece, square),
//! one key per (color, hand kind, n) for every n-th held piece of that kind,
//! and [`SIDE`] when White is to move. Adding or removing the n-th piece of a
//! kind in hand toggles exactly one key, so the hash updates incrementally.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// Keys for (piece code `kind | color << 4`, square).
pub static PIECE_SQUARE: [[u64; 81]; 32] = {
    let mut t = [[0u64; 81]; 32];
    let mut state = 0x5ee3_d0c0_ffee_1234u64;
    let mut p = 0;
    while p < 32 {
        let mut sq = 0;
        while sq < 81 {
            let (s, v) = splitmix(state);
            state = s;
            t[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// Keys for the n-th (1-based) piece of hand kind `k` held by a color: `[color][k][n]`.
pub static HAND: [[[u64; 19]; 8]; 2] = {
    let mut t = [[[0u64; 19]; 8]; 2];
    let mut state = 0x0b5e_55ed_f00d_4321u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 1;
        while k < 8 {
            let mut n = 1;
            while n < 19 {
                let (s, v) = splitmix(state);
                state = s;
                t[c][k][n] = v;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The XOR of the keys of the 1st to n-th pieces of hand kind `k` held by a color,
/// `[color][k][n]`: what holding n of them adds to a position's key.
pub static HAND_HELD: [[[u64; 19]; 8]; 2] = {
    let mut t = [[[0u64; 19]; 8]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 1;
        while k < 8 {
            let mut n = 1;
            while n < 19 {
                t[c][k][n] = t[c][k][n - 1] ^ HAND[c][k][n];
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// Toggled when White is to move.
pub const SIDE: u64 = 0x2d35_8dcc_aa6c_78a5;
