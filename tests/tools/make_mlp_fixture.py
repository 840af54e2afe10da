#!/usr/bin/python3
"""Writes tests/fixtures/nn/mlp.json: forward and backward passes of torch MLPs, the reference for
TreeLab's core/nn/mlp.cpp (tests/core/nn/mlp_test.cpp). Rerun from the repository root with Debian's
Python, which has python3-torch 1.13 and numpy:
    /usr/bin/python3 tests/tools/make_mlp_fixture.py

Each case builds torch.nn.Linear layers with ELU between them, as the LatentTrees reference's
`src/utils.py: MLP` (000 §4), in float64 with torch's default init, and records for a random input
x and output gradient g: the parameters in TreeLab's layout (per layer W column-major, then b, i.e.
state_dict order), the output, and torch autograd's gradients of sum(g * output) with respect to the
parameters and to x.

Dropout: torch draws its masks from its own generator, which TreeLab does not reproduce. A dropout
case instead multiplies each hidden ELU output by mask / (1 - rate), the inverted dropout of
torch.nn.Dropout, with the mask TreeLab draws for that seed (mlp.h): one 32-bit mt19937 output u per
entry, layer after layer, rows x width column-major, kept iff u / 2^32 >= rate. numpy's legacy
RandomState(seed) seeds mt19937 as std::mt19937(seed) does and randint(0, 2**32) returns its raw
32-bit outputs.
"""
import json
import os

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fixtures", "nn", "mlp.json")
ROWS = 7


def dropout_masks(rows, widths, rate, seed):
    """TreeLab's inverted-dropout factors of each hidden layer for this seed."""
    state = np.random.RandomState(seed)
    masks = []
    for width in widths:
        u = state.randint(0, 2**32, size=rows * width, dtype=np.uint64).astype(np.float64) / 4294967296.0
        kept = (u >= rate).reshape(width, rows).T  # column-major rows x width
        masks.append(torch.tensor(kept / (1.0 - rate), dtype=torch.float64))
    return masks


def case(name, sizes, torch_seed, rate=0.0, mask_seed=None):
    torch.manual_seed(torch_seed)
    layers = [torch.nn.Linear(a, b).double() for a, b in zip(sizes[:-1], sizes[1:])]
    x = (1.5 * torch.randn(ROWS, sizes[0], dtype=torch.float64)).requires_grad_()
    g = torch.randn(ROWS, sizes[-1], dtype=torch.float64)
    masks = dropout_masks(ROWS, sizes[1:-1], rate, mask_seed) if rate > 0.0 else []
    h = x
    for k, layer in enumerate(layers):
        h = layer(h)
        if k + 1 < len(layers):
            h = torch.nn.functional.elu(h)
            if masks:
                h = h * masks[k]
    out = h
    out.backward(g)
    parameters, d_parameters = [], []
    for layer in layers:
        for tensor in (layer.weight, layer.bias):
            parameters += tensor.detach().numpy().flatten(order="F").tolist()
            d_parameters += tensor.grad.numpy().flatten(order="F").tolist()
    return {"name": name, "sizes": sizes, "dropout": rate, "mask_seed": mask_seed, "parameters": parameters,
            "input": x.detach().numpy().tolist(), "output": out.detach().numpy().tolist(),
            "output_gradient": g.numpy().tolist(), "parameter_gradient": d_parameters,
            "input_gradient": x.grad.numpy().tolist()}


def main():
    cases = [case("linear", [4, 3], 1),
             case("two_hidden", [4, 5, 3, 2], 2),
             case("reference_two_layers", [3, 64, 2], 3),
             case("two_hidden_dropout", [4, 5, 3, 2], 4, rate=0.3, mask_seed=12345)]
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"generator": "tests/tools/make_mlp_fixture.py", "torch": torch.__version__, "numpy": np.__version__,
                   "cases": cases}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
