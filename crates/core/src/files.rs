//! Output files written whole or not at all: the one way yomi's dataset
//! shards, reports, game records, weights and generated files reach the
//! disk. (Two writers keep their own scheme: the training checkpoint, whose
//! three files are renamed together, and the append-only match journal.)
//!
//! Contract: the content goes to a temporary sibling of the target
//! ([`temp_path`]: same directory, so the final rename never crosses a file
//! system, and named after the whole file name and the process, so two
//! outputs of one directory or two processes never share one). Only once it
//! is completely written and synced to the disk is it renamed over the
//! target (so a power cut cannot leave an empty file either); on any error
//! it is removed and the target keeps its old content, or stays absent. A
//! reader, or a resumed job that checks which outputs exist, never sees half
//! a file.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The temporary sibling of `path` that the writers below fill first:
/// `DIR/.NAME.PID.tmp`.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let tmp = format!(".{name}.{}.tmp", std::process::id());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

/// Writes `path` through its [`temp_path`], which `write` creates and fills
/// (for writers that want a path, such as Parquet's). `io` turns a failed
/// rename into the caller's error, given the path it concerns.
pub fn replace_with<E>(
    path: &Path,
    write: impl FnOnce(&Path) -> Result<(), E>,
    io: impl FnOnce(&Path, std::io::Error) -> E,
) -> Result<(), E> {
    let tmp = temp_path(path);
    let written = write(&tmp).and_then(|()| {
        std::fs::File::open(&tmp)
            .and_then(|f| f.sync_all())
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| io(path, e))
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Writes `path` from a buffered stream that `write` fills.
pub fn write_streamed(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    replace_with(
        path,
        |tmp| {
            let mut w = std::io::BufWriter::new(std::fs::File::create(tmp)?);
            write(&mut w)?;
            w.flush()
        },
        |_, e| e,
    )
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_streamed(path, |w| w.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("yomi-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn temp_paths_are_distinct_siblings() {
        let a = temp_path(Path::new("out/deals-1.parquet"));
        let b = temp_path(Path::new("out/deals-1.stats.json"));
        assert_eq!(a.parent(), Some(Path::new("out")));
        assert_ne!(a, b);
        assert_eq!(temp_path(Path::new("x.csv")).parent(), Some(Path::new("")));
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_nothing_else() {
        let dir = scratch("replace");
        let path = dir.join("report.json");
        std::fs::write(&path, "old").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(&dir), ["report.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_removes_the_temporary() {
        let dir = scratch("fail");
        let path = dir.join("data.csv");
        std::fs::write(&path, "old").unwrap();
        let r = write_streamed(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert_eq!(r.unwrap_err().to_string(), "disk full");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(entries(&dir), ["data.csv"]);
        let r: Result<(), String> = replace_with(
            &dir.join("new.bin"),
            |tmp| {
                std::fs::write(tmp, "partial").unwrap();
                Err("encoder failed".into())
            },
            |p, e| format!("{}: {e}", p.display()),
        );
        assert_eq!(r.unwrap_err(), "encoder failed");
        assert_eq!(entries(&dir), ["data.csv"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_directory_is_an_error_not_a_panic() {
        let path = Path::new("/nonexistent-yomi-dir/out.txt");
        assert!(write_atomic(path, b"x").is_err());
    }
}
