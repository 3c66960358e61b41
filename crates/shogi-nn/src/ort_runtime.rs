//! The same network through ONNX Runtime (cargo feature `ort`), for side-by-side checks.
//!
//! Contract: [`OrtNetwork`] runs the model of [`crate::onnx::to_onnx`] in ONNX Runtime's CPU
//! provider and returns the same logits as [`crate::Network`] up to float rounding. The
//! runtime is a shared library loaded when the first `OrtNetwork` is built, from the path
//! given there or, failing that, from `ORT_DYLIB_PATH` (the PyPI `onnxruntime` wheel ships
//! one: `onnxruntime/capi/libonnxruntime.so.*`); nothing is downloaded at build or run time.
//! ONNX Runtime allows one library per process: the first path loaded is kept.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use ort::environment::Environment;
use ort::session::Session;
use ort::value::TensorRef;

use crate::error::NnError;
use crate::features::INPUT_LEN;
use crate::onnx::{INPUT_NAME, OUTPUT_NAME, to_onnx};
use crate::weights::Weights;

/// The runtime library loaded in this process and its environment (kept alive for the
/// sessions), or why it could not be loaded.
static RUNTIME: OnceLock<Result<(PathBuf, Environment), String>> = OnceLock::new();

/// Loads the ONNX Runtime library once per process; its environment.
fn load_runtime(path: Option<&Path>) -> Result<&'static Environment, NnError> {
    let result = RUNTIME.get_or_init(|| {
        let path = match path {
            Some(p) => p.to_path_buf(),
            None => std::env::var_os("ORT_DYLIB_PATH")
                .map(PathBuf::from)
                .ok_or_else(|| {
                    "no ONNX Runtime library given and ORT_DYLIB_PATH is not set (pip install onnxruntime; then point it at onnxruntime/capi/libonnxruntime.so.*)".to_string()
                })?,
        };
        let builder = ort::init_from(&path)
            .map_err(|e| format!("loading ONNX Runtime from {}: {e}", path.display()))?;
        let environment = builder
            .with_name("yomi-shogi-nn")
            .build()
            .map_err(|e| format!("starting ONNX Runtime from {}: {e}", path.display()))?;
        Ok((path, environment))
    });
    match result {
        Ok((_, environment)) => Ok(environment),
        Err(e) => Err(NnError::Runtime(e.clone())),
    }
}

/// A network evaluated by ONNX Runtime.
pub struct OrtNetwork {
    session: Mutex<Session>,
}

impl OrtNetwork {
    /// Builds a session for `weights` with `threads` intra-op threads (0: ONNX Runtime's
    /// default, one per physical core), loading the runtime from `library` or
    /// `ORT_DYLIB_PATH` if this is the first.
    pub fn new(
        weights: &Weights,
        library: Option<&Path>,
        threads: usize,
    ) -> Result<OrtNetwork, NnError> {
        weights.check()?;
        let environment = load_runtime(library)?;
        let err = |e: ort::Error| NnError::Runtime(format!("ONNX Runtime session: {e}"));
        let mut builder = Session::builder(environment).map_err(err)?;
        if threads > 0 {
            builder = builder
                .with_intra_threads(threads)
                .map_err(|e| NnError::Runtime(format!("ONNX Runtime threads: {e}")))?;
        }
        let session = builder.commit_from_memory(&to_onnx(weights)).map_err(err)?;
        Ok(OrtNetwork {
            session: Mutex::new(session),
        })
    }

    /// Writes the logits of `batch` encoded positions into `out[..batch]`, as
    /// [`crate::Network::forward`] does.
    pub fn forward(&self, input: &[f32], batch: usize, out: &mut [f32]) -> Result<(), NnError> {
        if input.len() != batch * INPUT_LEN || out.len() < batch {
            return Err(NnError::Runtime(format!(
                "forward: {} input floats and {} outputs for a batch of {batch}",
                input.len(),
                out.len()
            )));
        }
        let err = |e: ort::Error| NnError::Runtime(format!("ONNX Runtime run: {e}"));
        let tensor = TensorRef::from_array_view(([batch, 61, 9, 9], input)).map_err(err)?;
        let mut session = self
            .session
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let outputs = session
            .run(ort::inputs![INPUT_NAME => tensor])
            .map_err(err)?;
        let (_, logits) = outputs[OUTPUT_NAME]
            .try_extract_tensor::<f32>()
            .map_err(err)?;
        if logits.len() != batch {
            return Err(NnError::Runtime(format!(
                "ONNX Runtime returned {} logits for a batch of {batch}",
                logits.len()
            )));
        }
        out[..batch].copy_from_slice(logits);
        Ok(())
    }
}
