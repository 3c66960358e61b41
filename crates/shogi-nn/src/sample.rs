//! Seeded sample positions for benchmarks and tests of the evaluator.
//!
//! Contract: [`random_positions`] returns `count` positions reached by uniformly random legal
//! moves from the start position (10 to 89 plies, so both sides to move, pieces in hand and
//! promotions all occur); the same count and seed give the same positions.

use yomi_shogi::{MoveList, Position, generate_legal};

/// `count` positions from seeded random playouts.
pub fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    // A 64-bit LCG (Knuth's MMIX constants), high bits used: enough to pick moves.
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let mut out = Vec::with_capacity(count);
    let mut list = MoveList::new();
    while out.len() < count {
        let mut pos = Position::startpos();
        for _ in 0..10 + next() % 80 {
            list.clear();
            generate_legal(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            pos.do_move(list.as_slice()[(next() % list.len() as u64) as usize]);
        }
        out.push(pos);
    }
    out
}

/// Writes a batch of encoded positions and their logits as safetensors (`input`
/// `[batch, 61, 9, 9]` and `logits` `[batch]`, F32), atomically, for side-by-side checks in
/// another framework (e.g. PyTorch's `safetensors.torch.load_file`).
pub fn save_batch(
    path: &std::path::Path,
    input: &[f32],
    logits: &[f32],
) -> Result<(), crate::NnError> {
    use crate::features::{INPUT_LEN, PLANES};
    use safetensors::tensor::{Dtype, TensorView};
    let batch = logits.len();
    if input.len() != batch * INPUT_LEN {
        return Err(crate::NnError::Format(format!(
            "save_batch: {} input floats for {batch} logits",
            input.len()
        )));
    }
    let bytes = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let (input_bytes, logit_bytes) = (bytes(input), bytes(logits));
    let err = |e: safetensors::SafeTensorError| crate::NnError::Format(format!("save_batch: {e}"));
    let views = vec![
        (
            "input".to_string(),
            TensorView::new(Dtype::F32, vec![batch, PLANES, 9, 9], &input_bytes).map_err(err)?,
        ),
        (
            "logits".to_string(),
            TensorView::new(Dtype::F32, vec![batch], &logit_bytes).map_err(err)?,
        ),
    ];
    let data = safetensors::serialize(views, None).map_err(err)?;
    yomi_core::files::write_atomic(path, &data).map_err(|source| crate::NnError::Io {
        action: "writing",
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::random_positions;
    use yomi_shogi::Color;

    #[test]
    fn seeded_and_varied() {
        let a = random_positions(20, 3);
        assert_eq!(a, random_positions(20, 3));
        assert_ne!(a, random_positions(20, 4));
        assert!(a.iter().any(|p| p.side_to_move() == Color::White));
        assert!(a.iter().any(|p| p.side_to_move() == Color::Black));
    }
}
