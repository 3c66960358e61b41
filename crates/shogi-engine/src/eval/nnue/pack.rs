//! A compact, lossless storage form of a `halfKP 256x2-32-32` net, for shipping one
//! inside the repository and the binary: the 64 MB `nn.bin` of a net trained with
//! shared per-piece rows packs to a few megabytes.
//!
//! Why it packs: HalfKP has one feature row per (king square, piece), 81 copies of each
//! piece's row. A net trained from shared rows (see `yomi-shogi-train`'s NNUE trainer)
//! keeps every (king square, piece) row the data never touched exactly equal to the
//! piece's shared row, and the touched ones close to it. So each row is stored as its
//! difference from its piece's base row (the element-wise median over the 81 king
//! squares), the differences' low bytes apart from their high bytes, and the whole
//! deflated.
//!
//! Contract: [`unpack`]`(&`[`pack`]`(net))` is `net`, for every net; [`unpack`] refuses
//! anything [`pack`] did not write (magic, version, length, checksum) with an error that
//! says which, and inflates at most the fixed payload length, whatever the input claims.

use super::features::{FE_END, INPUTS};
use super::file::{FILE_SIZE, FT_WEIGHTS_AT, HALF, Nnue, NnueFileError};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use thiserror::Error;
use yomi_core::fnv1a;

/// The packed form's first bytes.
pub const MAGIC: &[u8; 8] = b"yomiNNUE";
/// The packed form's version.
pub const PACK_VERSION: u32 = 1;
/// Bytes of the feature transformer's weights.
const FT_WEIGHTS_LEN: usize = 2 * HALF * INPUTS;
/// King squares: copies of each piece's row.
const KINGS: usize = INPUTS / FE_END;
/// The unpacked payload: the base rows, then the file with its weights replaced by the
/// differences' byte planes.
const PAYLOAD_LEN: usize = 2 * HALF * FE_END + FILE_SIZE;
/// Header: magic, version, payload length, checksum.
const HEADER_LEN: usize = 8 + 4 + 8 + 8;
/// The longest packed form [`unpack`] and [`read`] accept: deflate grows incompressible
/// data by a few bytes per 64 KB block, far inside this bound.
pub const MAX_PACKED_LEN: usize = HEADER_LEN + PAYLOAD_LEN + PAYLOAD_LEN / 64;

/// Why packed bytes were refused.
#[derive(Debug, Error)]
pub enum PackError {
    /// Not yomi's packed form.
    #[error("not a packed yomi NNUE net (the first bytes are not \"yomiNNUE\")")]
    Magic,
    /// A packed form of another version.
    #[error("packed net version {found}, this build reads version {PACK_VERSION}")]
    Version {
        /// The version found.
        found: u32,
    },
    /// Shorter than its header, or damaged inside.
    #[error("packed net damaged: {0}")]
    Damaged(String),
    /// The packed file could not be read.
    #[error("reading: {0}")]
    Io(#[from] std::io::Error),
    /// The unpacked file is not a net this build reads.
    #[error("packed net holds no halfKP 256x2-32-32 net: {0}")]
    Net(#[from] NnueFileError),
}

/// The net shipped in the binary, packed (`data/nnue-bootstrap.pack`; how it was made:
/// `data/nnue-bootstrap.md`).
pub const BUILTIN_PACKED: &[u8] = include_bytes!("../../../data/nnue-bootstrap.pack");

/// The net shipped in the binary ([`BUILTIN_PACKED`]), unpacked once.
///
/// ```
/// let net = yomi_shogi_engine::eval::nnue::pack::builtin().unwrap();
/// let score = net.evaluate(&yomi_shogi::Position::startpos(), 16);
/// assert!(score.abs() < 300);
/// ```
pub fn builtin() -> Result<Arc<Nnue>, PackError> {
    static BUILTIN: OnceLock<Arc<Nnue>> = OnceLock::new();
    if let Some(net) = BUILTIN.get() {
        return Ok(Arc::clone(net));
    }
    let net = Arc::new(unpack(BUILTIN_PACKED)?);
    Ok(Arc::clone(BUILTIN.get_or_init(|| net)))
}

/// Where the base row's weight for feature-transformer weight `j` is: the same piece and
/// accumulator slot, any king square.
fn base_index(j: usize) -> usize {
    (j / HALF % FE_END) * HALF + j % HALF
}

/// The element-wise median over the king squares of each piece's rows.
fn base_rows(ft: &[i16]) -> Vec<i16> {
    let mut base = vec![0i16; FE_END * HALF];
    let mut column = [0i16; KINGS];
    for p in 0..FE_END {
        for i in 0..HALF {
            for (k, v) in column.iter_mut().enumerate() {
                *v = ft[(k * FE_END + p) * HALF + i];
            }
            column.sort_unstable();
            base[p * HALF + i] = column[KINGS / 2];
        }
    }
    base
}

/// The packed form of `net` (see the module contract).
///
/// ```
/// use yomi_shogi_engine::eval::nnue::{Nnue, pack};
///
/// let net = Nnue::zeroed();
/// let packed = pack::pack(&net);
/// assert!(packed.len() < 200_000);
/// assert_eq!(pack::unpack(&packed).unwrap(), net);
/// ```
pub fn pack(net: &Nnue) -> Vec<u8> {
    let ft: &[i16] = &net.ft_weight;
    let base = base_rows(ft);
    let mut payload = Vec::with_capacity(PAYLOAD_LEN);
    payload.extend(base.iter().flat_map(|v| v.to_le_bytes()));
    let file = net.to_bytes();
    payload.extend_from_slice(&file[..FT_WEIGHTS_AT]);
    let diffs = ft
        .iter()
        .enumerate()
        .map(|(j, &v)| v.wrapping_sub(base[base_index(j)]));
    payload.extend(diffs.clone().map(|d| d.to_le_bytes()[0]));
    payload.extend(diffs.map(|d| d.to_le_bytes()[1]));
    payload.extend_from_slice(&file[FT_WEIGHTS_AT + FT_WEIGHTS_LEN..]);
    debug_assert_eq!(payload.len(), PAYLOAD_LEN);
    let mut out = Vec::with_capacity(HEADER_LEN + payload.len() / 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&PACK_VERSION.to_le_bytes());
    out.extend_from_slice(&(PAYLOAD_LEN as u64).to_le_bytes());
    // A checksum of the unpacked payload, so damage that still inflates is caught.
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.extend(miniz_oxide::deflate::compress_to_vec(&payload, 9));
    out
}

/// Reads and unpacks the packed net at `path`; a file longer than [`MAX_PACKED_LEN`] is
/// refused before it is read.
pub fn read(path: &Path) -> Result<Nnue, PackError> {
    let size = std::fs::metadata(path)?.len();
    if size > MAX_PACKED_LEN as u64 {
        return Err(too_long(size));
    }
    unpack(&std::fs::read(path)?)
}

fn too_long(size: u64) -> PackError {
    PackError::Damaged(format!(
        "{size} bytes, longer than any packed net (at most {MAX_PACKED_LEN})"
    ))
}

/// The net `bytes` hold (see the module contract).
pub fn unpack(bytes: &[u8]) -> Result<Nnue, PackError> {
    if bytes.len() > MAX_PACKED_LEN {
        return Err(too_long(bytes.len() as u64));
    }
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return Err(if bytes.starts_with(MAGIC) {
            PackError::Damaged(format!("{} bytes, shorter than the header", bytes.len()))
        } else {
            PackError::Magic
        });
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != PACK_VERSION {
        return Err(PackError::Version { found: version });
    }
    if word(12) != PAYLOAD_LEN as u64 {
        return Err(PackError::Damaged(format!(
            "payload of {} bytes, expected {PAYLOAD_LEN}",
            word(12)
        )));
    }
    let payload =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes[HEADER_LEN..], PAYLOAD_LEN)
            .map_err(|e| PackError::Damaged(format!("deflate stream: {e}")))?;
    if payload.len() != PAYLOAD_LEN {
        return Err(PackError::Damaged(format!(
            "payload of {} bytes, expected {PAYLOAD_LEN}",
            payload.len()
        )));
    }
    if fnv1a(&payload) != word(20) {
        return Err(PackError::Damaged("checksum differs".into()));
    }
    let (base, rest) = payload.split_at(2 * HALF * FE_END);
    let (head, rest) = rest.split_at(FT_WEIGHTS_AT);
    let (lows, rest) = rest.split_at(FT_WEIGHTS_LEN / 2);
    let (highs, tail) = rest.split_at(FT_WEIGHTS_LEN / 2);
    let mut file = Vec::with_capacity(FILE_SIZE);
    file.extend_from_slice(head);
    for (j, (&lo, &hi)) in lows.iter().zip(highs).enumerate() {
        let b = 2 * base_index(j);
        let v =
            i16::from_le_bytes([lo, hi]).wrapping_add(i16::from_le_bytes([base[b], base[b + 1]]));
        file.extend_from_slice(&v.to_le_bytes());
    }
    file.extend_from_slice(tail);
    Ok(Nnue::from_bytes(&file)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A net whose rows are a shared row per piece plus a change on some king squares,
    /// as the trainer makes, packs small and unpacks to itself (the changes wrap around
    /// `i16` where a row is near its limits). The CLI's tests unpack and repack the
    /// shipped net.
    #[test]
    fn nets_unpack_to_themselves() {
        let shared = Nnue::random(3);
        let mut net = Nnue::random(4);
        for (j, v) in net.ft_weight.iter_mut().enumerate() {
            let row = j / HALF;
            *v = shared.ft_weight[(row % FE_END) * HALF + j % HALF];
            if row.is_multiple_of(97) {
                *v = v.wrapping_add((j % 7) as i16 - 3);
            }
            if row == 1000 && j % HALF < 4 {
                *v = [i16::MIN, i16::MAX, -1, 1][j % 4];
            }
        }
        let packed = pack(&net);
        assert!(packed.len() < 2_000_000, "{} bytes", packed.len());
        assert_eq!(unpack(&packed).unwrap(), net);
    }

    #[test]
    fn damage_is_named() {
        let packed = pack(&Nnue::zeroed());
        let err = |b: &[u8]| unpack(b).unwrap_err().to_string();
        assert!(err(b"nn.bin file").starts_with("not a packed"));
        assert!(err(&packed[..10]).contains("shorter than the header"));
        let mut v = packed.clone();
        v[8] = 9;
        assert!(err(&v).starts_with("packed net version 9"), "{}", err(&v));
        assert!(err(&packed[..packed.len() - 20]).contains("deflate stream"));
        let mut c = packed.clone();
        c[20] ^= 1;
        assert!(err(&c).contains("checksum differs"), "{}", err(&c));
        let mut l = packed.clone();
        l[12] ^= 1;
        assert!(err(&l).contains("payload of"), "{}", err(&l));
        let mut long = packed;
        long.resize(MAX_PACKED_LEN + 1, 0);
        assert!(
            err(&long).contains("longer than any packed net"),
            "{}",
            err(&long)
        );
    }
}
