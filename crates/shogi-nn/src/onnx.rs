//! The network as an ONNX model, so other runtimes (ONNX Runtime) can run the same weights.
//!
//! Contract: [`to_onnx`] returns a serialized ONNX `ModelProto` (IR version 8, opset 17)
//! with one input `input`, float `[N, 61, 9, 9]`, and one output `logit`, float `[N, 1]`,
//! built from `Conv`, `Relu`, `Add`, `Flatten` and `Gemm` nodes whose initializers carry the
//! tensor names of the safetensors layout. It computes what [`crate::reference::forward`]
//! computes. The protobuf is written by hand (a few message types, field numbers from
//! `onnx.proto`), so the default build needs no protobuf dependency.

use crate::features::{PLANES, SQUARES};
use crate::weights::Weights;

/// Name of the model's input tensor.
pub const INPUT_NAME: &str = "input";
/// Name of the model's output tensor.
pub const OUTPUT_NAME: &str = "logit";

/// Serialized ONNX model of the network.
pub fn to_onnx(weights: &Weights) -> Vec<u8> {
    let c = weights.config.channels;
    let mut graph = Message::default();
    let conv_node = |graph: &mut Message, i: usize, input: &str, output: &str| {
        let conv = &weights.convs[i];
        graph.message(
            5,
            &tensor(
                &format!("conv{i}.weight"),
                &[conv.out_ch, conv.in_ch, 3, 3],
                &conv.weight,
            ),
        );
        graph.message(
            5,
            &tensor(&format!("conv{i}.bias"), &[conv.out_ch], &conv.bias),
        );
        let mut n = node(
            "Conv",
            &[input, &format!("conv{i}.weight"), &format!("conv{i}.bias")],
            output,
        );
        n.message(5, &ints_attribute("kernel_shape", &[3, 3]));
        n.message(5, &ints_attribute("pads", &[1, 1, 1, 1]));
        graph.message(1, &n);
    };
    conv_node(&mut graph, 0, INPUT_NAME, "c0");
    graph.message(1, &node("Relu", &["c0"], "x0"));
    let mut x = "x0".to_string();
    for group in 0..weights.config.residual_groups() {
        let a = 1 + 3 * group;
        conv_node(&mut graph, a, &x, &format!("c{a}"));
        graph.message(1, &node("Relu", &[&format!("c{a}")], &format!("r{a}")));
        conv_node(&mut graph, a + 1, &format!("r{a}"), &format!("c{}", a + 1));
        let r2 = format!("r{}", a + 1);
        graph.message(1, &node("Relu", &[&format!("c{}", a + 1)], &r2));
        conv_node(&mut graph, a + 2, &r2, &format!("c{}", a + 2));
        let sum = format!("s{}", a + 2);
        graph.message(1, &node("Add", &[&format!("c{}", a + 2), &x], &sum));
        let next = format!("x{}", a + 2);
        graph.message(1, &node("Relu", &[&sum], &next));
        x = next;
    }
    let mut flatten = node("Flatten", &[&x], "flat");
    flatten.message(5, &int_attribute("axis", 1));
    graph.message(1, &flatten);
    graph.message(
        5,
        &tensor("fc.weight", &[1, c * SQUARES], &weights.fc_weight),
    );
    graph.message(5, &tensor("fc.bias", &[1], &[weights.fc_bias]));
    let mut gemm = node("Gemm", &["flat", "fc.weight", "fc.bias"], OUTPUT_NAME);
    gemm.message(5, &int_attribute("transB", 1));
    graph.message(1, &gemm);
    graph.string(2, "yomi-shogi-nn");
    graph.message(
        11,
        &value_info(INPUT_NAME, &[None, Some(PLANES), Some(9), Some(9)]),
    );
    graph.message(12, &value_info(OUTPUT_NAME, &[None, Some(1)]));

    let mut model = Message::default();
    model.varint(1, 8); // ir_version
    model.string(2, "yomi-shogi-nn");
    model.message(7, &graph);
    let mut opset = Message::default();
    opset.string(1, "");
    opset.varint(2, 17);
    model.message(8, &opset);
    model.bytes
}

/// A protobuf message being written.
#[derive(Default)]
struct Message {
    bytes: Vec<u8>,
}

impl Message {
    fn key(&mut self, field: u64, wire_type: u64) {
        self.raw_varint(field << 3 | wire_type);
    }

    fn raw_varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.bytes.push((v as u8) | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
    }

    fn varint(&mut self, field: u64, v: u64) {
        self.key(field, 0);
        self.raw_varint(v);
    }

    fn length_delimited(&mut self, field: u64, data: &[u8]) {
        self.key(field, 2);
        self.raw_varint(data.len() as u64);
        self.bytes.extend_from_slice(data);
    }

    fn string(&mut self, field: u64, s: &str) {
        self.length_delimited(field, s.as_bytes());
    }

    fn message(&mut self, field: u64, m: &Message) {
        self.length_delimited(field, &m.bytes);
    }
}

/// A `TensorProto` of floats (raw little-endian data).
fn tensor(name: &str, dims: &[usize], values: &[f32]) -> Message {
    let mut t = Message::default();
    for &d in dims {
        t.varint(1, d as u64);
    }
    t.varint(2, 1); // FLOAT
    t.string(8, name);
    let raw: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    t.length_delimited(9, &raw);
    t
}

/// A `NodeProto` with one output.
fn node(op: &str, inputs: &[&str], output: &str) -> Message {
    let mut n = Message::default();
    for input in inputs {
        n.string(1, input);
    }
    n.string(2, output);
    n.string(3, output); // node name: its output's, unique in the graph
    n.string(4, op);
    n
}

fn int_attribute(name: &str, v: i64) -> Message {
    let mut a = Message::default();
    a.string(1, name);
    a.varint(3, v as u64);
    a.varint(20, 2); // INT
    a
}

fn ints_attribute(name: &str, values: &[i64]) -> Message {
    let mut a = Message::default();
    a.string(1, name);
    for &v in values {
        a.varint(8, v as u64);
    }
    a.varint(20, 7); // INTS
    a
}

/// A float tensor `ValueInfoProto`; `None` dimensions are the symbolic batch `N`.
fn value_info(name: &str, dims: &[Option<usize>]) -> Message {
    let mut shape = Message::default();
    for d in dims {
        let mut dim = Message::default();
        match d {
            Some(v) => dim.varint(1, *v as u64),
            None => dim.string(2, "N"),
        }
        shape.message(1, &dim);
    }
    let mut tensor_type = Message::default();
    tensor_type.varint(1, 1); // FLOAT
    tensor_type.message(2, &shape);
    let mut type_proto = Message::default();
    type_proto.message(1, &tensor_type);
    let mut info = Message::default();
    info.string(1, name);
    info.message(2, &type_proto);
    info
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::NetConfig;

    #[test]
    fn varints_are_little_endian_base_128() {
        let mut m = Message::default();
        m.raw_varint(1);
        m.raw_varint(300);
        m.raw_varint(0);
        assert_eq!(m.bytes, [0x01, 0xAC, 0x02, 0x00]);
        let mut m = Message::default();
        m.varint(20, 7);
        assert_eq!(m.bytes, [0xA0, 0x01, 0x07]);
    }

    #[test]
    fn model_carries_every_weight_once() {
        let w = Weights::random(
            NetConfig {
                channels: 4,
                layers: 4,
            },
            1,
        )
        .unwrap();
        let bytes = to_onnx(&w);
        let floats: usize = w
            .convs
            .iter()
            .map(|c| c.weight.len() + c.bias.len())
            .sum::<usize>()
            + w.fc_weight.len()
            + 1;
        // Raw tensor data dominates: the model is the weights plus a small header.
        assert!(bytes.len() >= floats * 4 && bytes.len() < floats * 4 + 4096);
        let needle: Vec<u8> = w.convs[3].weight[..4]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let found = bytes
            .windows(needle.len())
            .filter(|win| *win == needle.as_slice());
        assert_eq!(found.count(), 1);
        assert_eq!(to_onnx(&w), bytes, "deterministic");
    }
}
