#!/usr/bin/python3
"""Times an epoch of the authors' LatentTrees code at its ICLR state (vzantedeschi/LatentTrees
3586d66, the code of 000's ICLR submission) on the rows latent_epoch_bench exports, one thread.

Usage (from the repository root):
  git --git-dir=<mirror of vzantedeschi/LatentTrees> archive 3586d66 | tar -x -C /tmp/lt
  build/tests/bench/latent_epoch_bench --export /tmp/lt_data
  /usr/bin/python3 tests/bench/latent_reference_epoch.py --lt /tmp/lt --data /tmp/lt_data

It builds src/qp_fast.cpp with torch.utils.cpp_extension.load and uses the reference's modules as
they are (LT_models.LTRegressor / LTClassifier, whose forward calls qp.pruning_qp: the C++ forward
solve and the Python backward). Its src/optimization.py mixes tabs and spaces at this commit
(a TabError in Python 3), so the loop below restates train_stochastic and evaluate: per batch
zero_grad, forward, criterion(sum) / batch + REG·‖η‖_∞, backward, step; then the validation rows in
batches of 2·B under model.predict, as the scripts do every epoch. qhoptim is not in Debian: QHAdam
is re-implemented below from qhoptim.pyt.QHAdam (nus 0.7, 1.0; betas 0.995, 0.998, lr 1e-3). The
DataLoader uses no worker processes (the scripts use 12). Its tqdm, requests and tensorboardX
imports are not used on this path and are stubbed. Prints a markdown table: seconds per epoch for
the training steps alone and with the validation pass, mean over 5 rounds × 5 epochs.
"""
import argparse
import os
import sys
import time
import types

import numpy as np
import torch
from torch.utils.cpp_extension import load

ROUNDS, EPOCHS = 5, 5
REG = 17.893973029582362  # the reference's Glass value; any REG > 0 prunes (the QP runs) at the same cost


class QHAdam(torch.optim.Optimizer):
    """qhoptim.pyt.QHAdam (Ma & Yarats 2019) without weight decay."""

    def __init__(self, params, lr=1e-3, betas=(0.995, 0.998), nus=(0.7, 1.0), eps=1e-8):
        super().__init__(params, dict(lr=lr, betas=betas, nus=nus, eps=eps))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            (beta1, beta2), (nu1, nu2) = group["betas"], group["nus"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                d_p, state = p.grad, self.state[p]
                if not state:
                    state["beta1_weight"], state["beta2_weight"] = 0.0, 0.0
                    state["exp_avg"], state["exp_avg_sq"] = torch.zeros_like(p), torch.zeros_like(p)
                state["beta1_weight"] = 1.0 + beta1 * state["beta1_weight"]
                state["beta2_weight"] = 1.0 + beta2 * state["beta2_weight"]
                beta1_adj = 1.0 - 1.0 / state["beta1_weight"]
                beta2_adj = 1.0 - 1.0 / state["beta2_weight"]
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                exp_avg.mul_(beta1_adj).add_(d_p, alpha=1.0 - beta1_adj)
                exp_avg_sq.mul_(beta2_adj).addcmul_(d_p, d_p, value=1.0 - beta2_adj)
                avg_grad = exp_avg.mul(nu1)
                if nu1 != 1.0:
                    avg_grad.add_(d_p, alpha=1.0 - nu1)
                avg_grad_rms = exp_avg_sq.mul(nu2)
                if nu2 != 1.0:
                    avg_grad_rms.addcmul_(d_p, d_p, value=1.0 - nu2)
                avg_grad_rms.sqrt_().add_(group["eps"])
                p.addcdiv_(avg_grad, avg_grad_rms, value=-group["lr"])


def import_reference(lt_dir):
    for name in ("tqdm", "requests", "tensorboardX"):  # imported by src/utils.py and src/monitors.py, unused here
        stub = types.ModuleType(name)
        stub.tqdm = stub.SummaryWriter = lambda *a, **k: None
        sys.modules.setdefault(name, stub)
    sys.path.insert(0, lt_dir)
    build = os.path.join(lt_dir, "build")
    os.makedirs(build, exist_ok=True)
    sys.modules["src.qp_fast"] = load("qp_fast", [os.path.join(lt_dir, "src", "qp_fast.cpp")],
                                      extra_cflags=["-O3", "-std=c++17"], build_directory=build)
    from src import LT_models
    return LT_models


def load_split(folder, name, part):
    x = np.loadtxt(os.path.join(folder, f"{name}_{part}_x.csv"), delimiter=",", ndmin=2)
    y = np.loadtxt(os.path.join(folder, f"{name}_{part}_y.csv"), delimiter=",", ndmin=2)
    return torch.from_numpy(x).float(), torch.from_numpy(y).float()


def time_config(LT_models, data, name, depth, batch):
    (x, y), (vx, vy) = data
    classify = name == "letter"
    steps = whole = 0.0
    for seed in range(ROUNDS):
        torch.manual_seed(seed)
        np.random.seed(seed)
        if classify:
            targets, valid_targets = y[:, 0].long(), vy[:, 0].long()
            model = LT_models.LTClassifier(depth, x.shape[1:], int(targets.max()) + 1, pruned=True, split_func="linear")
            criterion = torch.nn.CrossEntropyLoss(reduction="sum")
            evaluation = lambda prediction, target: (prediction != target).sum()  # supervised_tabular.py's error count
        else:
            targets, valid_targets = y, vy
            model = LT_models.LTRegressor(depth, x.shape[1:], y.shape[1:], pruned=True, split_func="linear")
            criterion = evaluation = torch.nn.MSELoss(reduction="sum")
        optimizer = QHAdam(model.parameters())
        loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, targets), batch_size=batch, shuffle=True)
        valid_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(vx, valid_targets), batch_size=2 * batch)
        for _ in range(EPOCHS):
            start = time.perf_counter()
            model.train()
            for t_x, t_y in loader:
                optimizer.zero_grad()
                loss = criterion(model(t_x).squeeze(), t_y.squeeze()) / len(t_x)
                obj = loss + REG * torch.norm(model.latent_tree.eta, p=float("inf"))
                obj.backward()
                optimizer.step()
            middle = time.perf_counter()
            model.eval()
            total = 0.0
            with torch.no_grad():
                for t_x, t_y in valid_loader:
                    total += float(evaluation(model.predict(t_x).squeeze(), t_y.squeeze()))
            end = time.perf_counter()
            steps += middle - start
            whole += end - start
    return steps / (ROUNDS * EPOCHS), whole / (ROUNDS * EPOCHS)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lt", required=True, help="the reference's source tree at 3586d66")
    parser.add_argument("--data", required=True, help="latent_epoch_bench --export's folder")
    parser.add_argument("--only", default="", help="e.g. letter:8")
    args = parser.parse_args()
    torch.set_num_threads(1)
    LT_models = import_reference(args.lt)
    print("| data | depth | reference steps s/epoch | reference steps + validation s/epoch |\n|---|---:|---:|---:|")
    for name, batch in (("glass", 8), ("letter", 512)):
        data = (load_split(args.data, name, "train"), load_split(args.data, name, "valid"))
        for depth in (4, 6, 8):
            if args.only and args.only != f"{name}:{depth}":
                continue
            steps, whole = time_config(LT_models, data, name, depth, batch)
            print(f"| {name} | {depth} | {steps:.4f} | {whole:.4f} |", flush=True)


if __name__ == "__main__":
    main()
