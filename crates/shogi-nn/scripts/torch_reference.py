#!/usr/bin/env python3
"""The yomi-shogi-nn value network in PyTorch: a check of yomi's logits and a
throughput reference on the same weights and positions.

Usage:
    yomi shogi nn init --out net.safetensors
    yomi shogi nn bench --weights net.safetensors --batch 1024 --save-batch b.safetensors
    python3 crates/shogi-nn/scripts/torch_reference.py net.safetensors b.safetensors \
        --device cuda --batches 256,1024 --precision f32

Builds the network exactly as crates/shogi-nn/README.md describes it (Conv2d
layers conv0..conv{L-1}, residual groups of three, Linear fc over the CHW
flattening), loads the file with load_state_dict, and checks its logits on the
saved batch against yomi's (exit 1 beyond --tol relative). Then, per batch size,
times two paths: "from host floats" (the 61-plane input copied to the device on
every call, logits copied back: what `yomi shogi nn bench` calls "from 61-plane
floats") and "device-resident input" (compute and the logits' copy only).
Needs torch and safetensors.
"""
import argparse
import json
import sys
import time

import torch
from safetensors.torch import load_file


class Net(torch.nn.Module):
    def __init__(self, channels, layers):
        super().__init__()
        for i in range(layers):
            cin = 61 if i == 0 else channels
            self.add_module(f"conv{i}", torch.nn.Conv2d(cin, channels, 3, padding=1))
        self.layers = layers
        self.fc = torch.nn.Linear(channels * 81, 1)

    def forward(self, x):
        conv = lambda i, v: getattr(self, f"conv{i}")(v)
        x = torch.relu(conv(0, x))
        for g in range((self.layers - 1) // 3):
            first = 1 + 3 * g
            a = torch.relu(conv(first, x))
            b = torch.relu(conv(first + 1, a))
            x = torch.relu(x + conv(first + 2, b))
        return self.fc(x.flatten(1)).squeeze(1)


def timed(fn, seconds, sync):
    fn()
    sync()
    count, best, start = 0, float("inf"), time.perf_counter()
    while count == 0 or time.perf_counter() - start < seconds:
        t = time.perf_counter()
        fn()
        sync()
        best = min(best, time.perf_counter() - t)
        count += 1
    total = time.perf_counter() - start
    return count, total, best


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("weights")
    p.add_argument("batch_file", help="a file of `yomi shogi nn bench --save-batch`")
    p.add_argument("--device", default="cuda")
    p.add_argument("--batches", default="256,1024")
    p.add_argument("--precision", choices=["f32", "tf32"], default="f32")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--tol", type=float, default=1e-4)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()

    tf32 = a.precision == "tf32"
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32
    torch.backends.cudnn.benchmark = True
    state = load_file(a.weights)
    channels = state["conv0.weight"].shape[0]
    layers = sum(1 for k in state if k.startswith("conv") and k.endswith(".weight"))
    net = Net(channels, layers)
    net.load_state_dict(state)
    dev = torch.device(a.device)
    net = net.to(dev).eval()
    saved = load_file(a.batch_file)
    inp, want = saved["input"], saved["logits"]
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)

    report = {"device": str(dev), "precision": a.precision, "torch": torch.__version__,
              "channels": channels, "layers": layers, "runs": []}
    if dev.type == "cuda":
        report["gpu"] = torch.cuda.get_device_name(dev)
    with torch.inference_mode():
        got = net(inp.to(dev)).cpu()
        diff = (got - want).abs().max().item()
        scale = max(1.0, want.abs().max().item())
        report["max_abs_logit_diff_vs_yomi"] = diff
        for batch in [int(b) for b in a.batches.split(",")]:
            reps = -(-batch // inp.shape[0])
            host = inp.repeat(reps, 1, 1, 1)[:batch].contiguous()
            resident = host.to(dev)
            runs = {}
            for name, fn in [
                ("from_host_floats", lambda: net(host.to(dev)).cpu()),
                ("device_resident_input", lambda: net(resident).cpu()),
            ]:
                count, total, best = timed(fn, a.seconds, sync)
                runs[name] = {"positions_per_second": count * batch / total,
                              "ms_per_batch": total * 1000 / count,
                              "best_ms_per_batch": best * 1000}
            report["runs"].append({"batch": batch, **runs})
    if a.json:
        print(json.dumps(report))
    else:
        print(f"PyTorch {torch.__version__} on {report.get('gpu', dev)} ({a.precision}), "
              f"{layers}x{channels}; logits within {diff:.2e} of yomi's")
        for r in report["runs"]:
            for name in ("from_host_floats", "device_resident_input"):
                t = r[name]
                print(f"  batch {r['batch']:5} {name:22}: {t['positions_per_second']:10.0f} "
                      f"positions/s, {t['ms_per_batch']:.3f} ms per batch "
                      f"(best {t['best_ms_per_batch']:.3f})")
    tol = a.tol if not tf32 else max(a.tol, 2e-2)
    if diff > tol * scale:
        print(f"logits differ from yomi's by {diff} (> {tol} x {scale})", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
