//! The parameters of a network as an ordered list of named groups, and gradients in the
//! same shape.
//!
//! Contract: group `2 i` is `conv{i}.weight`, `2 i + 1` is `conv{i}.bias`, then `fc.weight`
//! (CHW order, like the file) and `fc.bias` (one value): the safetensors names, in the
//! order the optimizer, the checkpoint and the gradient check all use.

use crate::weights::Weights;

/// The group names of a network with `layers` convolutions, in group order.
pub fn group_names(layers: usize) -> Vec<String> {
    let mut names = Vec::with_capacity(2 * layers + 2);
    for i in 0..layers {
        names.push(format!("conv{i}.weight"));
        names.push(format!("conv{i}.bias"));
    }
    names.push("fc.weight".into());
    names.push("fc.bias".into());
    names
}

/// Whether weight decay applies to a group: kernels and the head's weights, not biases.
pub fn is_decayed(name: &str) -> bool {
    name.ends_with(".weight")
}

/// Read-only views of every parameter group, in group order.
pub fn param_slices(w: &Weights) -> Vec<&[f32]> {
    let mut out: Vec<&[f32]> = Vec::with_capacity(2 * w.convs.len() + 2);
    for conv in &w.convs {
        out.push(&conv.weight);
        out.push(&conv.bias);
    }
    out.push(&w.fc_weight);
    out.push(std::slice::from_ref(&w.fc_bias));
    out
}

/// Mutable views of every parameter group, in group order.
pub fn param_slices_mut(w: &mut Weights) -> Vec<&mut [f32]> {
    let Weights {
        convs,
        fc_weight,
        fc_bias,
        ..
    } = w;
    let mut out: Vec<&mut [f32]> = Vec::with_capacity(2 * convs.len() + 2);
    for conv in convs.iter_mut() {
        out.push(&mut conv.weight);
        out.push(&mut conv.bias);
    }
    out.push(fc_weight);
    out.push(std::slice::from_mut(fc_bias));
    out
}

/// Gradients (or any per-parameter quantity) shaped like a network's parameter groups.
#[derive(Clone, Debug, PartialEq)]
pub struct Grads {
    /// One vector per group, in group order (see the module docs).
    pub groups: Vec<Vec<f32>>,
}

impl Grads {
    /// Zeros shaped like `w`.
    pub fn zeros_like(w: &Weights) -> Grads {
        Grads {
            groups: param_slices(w)
                .into_iter()
                .map(|g| vec![0.0; g.len()])
                .collect(),
        }
    }

    /// Adds `other` element by element (same shapes).
    pub fn add(&mut self, other: &Grads) {
        for (a, b) in self.groups.iter_mut().zip(&other.groups) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    /// Gradient of the weights of convolution `i`.
    pub(crate) fn conv_weight(&mut self, i: usize) -> &mut [f32] {
        &mut self.groups[2 * i]
    }

    /// Gradient of the biases of convolution `i`.
    pub(crate) fn conv_bias(&mut self, i: usize) -> &mut [f32] {
        &mut self.groups[2 * i + 1]
    }
}
