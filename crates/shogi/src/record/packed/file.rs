//! `.bin` files of [`PackedSfenValue`] records, as YaneuraOu's `gensfen` writes them.
//!
//! Contract: [`PackedSfenReader`] refuses a file whose length is not a whole number of
//! 40-byte records before it yields any, then yields the records in order without decoding
//! them; [`write_bin`] writes records whole or not at all, through yomi-core's one atomic
//! writer ([`yomi_core::files::write_streamed`]).

use super::{PackedSfenError, PackedSfenValue};
use std::io::{self, Read};
use std::path::Path;

/// Reads the records of a `.bin` file one at a time: a length that is not a
/// multiple of 40 is refused at [`PackedSfenReader::open`], before any record.
///
/// Records are not decoded here ([`PackedSfenValue::position`] does it): a
/// trainer can skip or count the ones that do not unpack, naming them with
/// [`record_error`].
pub struct PackedSfenReader {
    path: std::path::PathBuf,
    file: io::BufReader<std::fs::File>,
    records: u64,
    next: u64,
}

impl PackedSfenReader {
    /// Opens a `.bin` file.
    pub fn open(path: &Path) -> Result<Self, PackedSfenError> {
        let io = |source| PackedSfenError::Io {
            action: "opening",
            path: path.display().to_string(),
            source,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let size = PackedSfenValue::SIZE as u64;
        if len % size != 0 {
            return Err(PackedSfenError::Truncated {
                path: path.display().to_string(),
                len,
                tail: len % size,
            });
        }
        Ok(PackedSfenReader {
            path: path.to_path_buf(),
            file: io::BufReader::with_capacity(1 << 16, file),
            records: len / size,
            next: 0,
        })
    }

    /// How many records the file holds.
    pub fn records(&self) -> u64 {
        self.records
    }
}

impl Iterator for PackedSfenReader {
    type Item = Result<PackedSfenValue, PackedSfenError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.next == self.records {
            return None;
        }
        let mut buf = [0u8; 40];
        let read = self
            .file
            .read_exact(&mut buf)
            .map_err(|source| PackedSfenError::Io {
                action: "reading",
                path: self.path.display().to_string(),
                source,
            });
        self.next += 1;
        if read.is_err() {
            // A file that shrank under us: report once, then stop.
            self.next = self.records;
        }
        Some(read.map(|()| PackedSfenValue::from_bytes(&buf)))
    }
}

/// Writes `records` to the `.bin` file `path`, whole or not at all.
pub fn write_bin(path: &Path, records: &[PackedSfenValue]) -> Result<(), PackedSfenError> {
    yomi_core::files::write_streamed(path, |out| {
        records
            .iter()
            .try_for_each(|r| out.write_all(&r.to_bytes()))
    })
    .map_err(|source| PackedSfenError::Io {
        action: "writing",
        path: path.display().to_string(),
        source,
    })
}

/// The error for record `index` (from 0) of the `.bin` file `path` that does not decode.
pub fn record_error(path: &Path, index: u64, source: PackedSfenError) -> PackedSfenError {
    PackedSfenError::Record {
        path: path.display().to_string(),
        index,
        offset: index * PackedSfenValue::SIZE as u64,
        source: Box::new(source),
    }
}
