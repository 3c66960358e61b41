//! Weights: seeded init, safetensors round trip, and clear errors on bad files.

use yomi_shogi_nn::{NetConfig, NnError, Weights};

fn small() -> NetConfig {
    NetConfig {
        channels: 4,
        layers: 4,
    }
}

fn perturbed(seed: u64) -> Weights {
    let mut w = Weights::random(small(), seed).unwrap();
    // Non-zero biases so a round trip that dropped them would show.
    for (i, conv) in w.convs.iter_mut().enumerate() {
        for (j, b) in conv.bias.iter_mut().enumerate() {
            *b = 0.01 * (i * 7 + j) as f32 - 0.02;
        }
    }
    w.fc_bias = -0.375;
    w
}

#[test]
fn same_seed_same_weights_other_seed_other_weights() {
    let a = Weights::random(NetConfig::default(), 1).unwrap();
    let b = Weights::random(NetConfig::default(), 1).unwrap();
    let c = Weights::random(NetConfig::default(), 2).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.convs[3].weight, c.convs[3].weight);
    assert_eq!(a.convs[0].weight.len(), 64 * 61 * 9);
    // He init: the first layer's standard deviation is sqrt(2 / (61 * 9)).
    let n = a.convs[0].weight.len() as f64;
    let var = a.convs[0]
        .weight
        .iter()
        .map(|&v| (v as f64).powi(2))
        .sum::<f64>()
        / n;
    let want = 2.0 / (61.0 * 9.0);
    assert!((var / want - 1.0).abs() < 0.05, "variance {var} vs {want}");
}

#[test]
fn same_weights_same_bytes() {
    // The metadata goes through a HashMap; its order must not leak into the file.
    let w = perturbed(2);
    let first = w.to_bytes().unwrap();
    for _ in 0..20 {
        assert_eq!(w.to_bytes().unwrap(), first);
    }
    let header_len = u64::from_le_bytes(first[..8].try_into().unwrap()) as usize;
    let header = std::str::from_utf8(&first[8..8 + header_len]).unwrap();
    assert!(
        header.contains(r#""__metadata__":{"channels":"4","format":"yomi-shogi-nn","layers":"4"}"#),
        "{header}"
    );
}

#[test]
fn bytes_round_trip_exactly() {
    let w = perturbed(3);
    let back = Weights::from_bytes(&w.to_bytes().unwrap()).unwrap();
    assert_eq!(back, w);
}

#[test]
fn save_then_load_round_trips_and_leaves_no_temporary_file() {
    let dir = std::env::temp_dir().join(format!("yomi-nn-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("net.safetensors");
    let w = perturbed(5);
    w.save(&path).unwrap();
    // Overwriting an existing file works too.
    w.save(&path).unwrap();
    assert_eq!(Weights::load(&path).unwrap(), w);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("net.safetensors")]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn truncated_file_is_a_format_error() {
    let bytes = perturbed(1).to_bytes().unwrap();
    let err = Weights::from_bytes(&bytes[..bytes.len() - 10]).unwrap_err();
    assert!(matches!(err, NnError::Format(_)), "{err}");
    let err = Weights::from_bytes(b"not a file").unwrap_err();
    assert!(matches!(err, NnError::Format(_)), "{err}");
}

#[test]
fn missing_file_error_names_the_path() {
    let err = Weights::load("/nonexistent/net.safetensors").unwrap_err();
    assert!(
        err.to_string().contains("/nonexistent/net.safetensors"),
        "{err}"
    );
}

/// A file whose metadata claims one shape while a tensor has another.
#[test]
fn mis_shaped_tensor_is_named() {
    let mut w = perturbed(1);
    // Saving refuses weights whose vectors do not fit the configuration.
    w.convs[2].weight.truncate(4 * 3 * 9);
    w.convs[2].in_ch = 3;
    let err = w.to_bytes().unwrap_err();
    assert!(err.to_string().contains("conv2"), "{err}");

    // Same check on the loading side: splice a file with a wrong conv2.weight shape.
    let good = perturbed(1).to_bytes().unwrap();
    let bad = respliced(&good, "conv2.weight", "[4,4,3,3]", "[4,2,3,6]");
    let err = Weights::from_bytes(&bad).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("conv2.weight") && text.contains("shape"),
        "{text}"
    );
}

#[test]
fn wrong_format_tag_is_refused() {
    let good = perturbed(1).to_bytes().unwrap();
    let bad = respliced(&good, "format", "yomi-shogi-nn", "yomi-shogi-xx");
    let err = Weights::from_bytes(&bad).unwrap_err();
    assert!(err.to_string().contains("format"), "{err}");
}

#[test]
fn wrong_layer_count_in_metadata_is_refused() {
    let good = perturbed(1).to_bytes().unwrap();
    // 4 layers relabelled as 7: conv4.weight is then missing.
    let bad = respliced(&good, "layers", "\"4\"", "\"7\"");
    let err = Weights::from_bytes(&bad).unwrap_err();
    assert!(err.to_string().contains("conv4.weight"), "{err}");
}

/// Replaces, in the JSON header, the first `from` found after `anchor` by `to`
/// (same length, so offsets stay valid).
fn respliced(bytes: &[u8], anchor: &str, from: &str, to: &str) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let header_len = u64::from_le_bytes(bytes[..8].try_into().unwrap()) as usize;
    let header = std::str::from_utf8(&bytes[8..8 + header_len]).unwrap();
    let at = header.find(anchor).expect("anchor in header");
    let rel = header[at..].find(from).expect("pattern after anchor");
    let mut out = bytes.to_vec();
    let start = 8 + at + rel;
    out[start..start + from.len()].copy_from_slice(to.as_bytes());
    out
}
