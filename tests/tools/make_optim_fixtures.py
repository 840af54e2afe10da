#!/usr/bin/python3
"""Writes the reference fixtures for TreeLab's optimizers and learning-rate schedules (tests/core/optim).

Rerun from the repository root with Debian's Python, which has python3-torch 1.13 and numpy:
    /usr/bin/python3 tests/tools/make_optim_fixtures.py
It writes tests/fixtures/optim/<kind>.json. Tests need no Python.

Optimizer fixtures: each case runs STEPS steps on the smooth non-quadratic objective below, in
float64, from THETA0. The gradient is torch autograd's at the current parameters; the fixture
records each raw gradient fed (before clipping), the clip_grad_norm_ result when the case clips,
and the parameters after every step, so the C++ test replays the same gradients.

Multi-group cases split the 9 parameters into three groups listed out of offset order and leave
parameter 6 in no group (frozen, as a tensor torch's optimizer was not given).

References:
  sgd, adam, adamw, rmsprop   torch.optim.SGD / Adam / AdamW / RMSprop of torch 1.13 (CPU runs the
                              single-tensor code path, _single_tensor_<name>).
  qhadam                      no qhoptim package here: a numpy transcription of
                              facebookresearch/qhoptim qhoptim/pyt/qhadam.py QHAdam.step (coupled
                              weight decay, same operation order).
  adam_tensorflow             no TensorFlow here: numpy from the legacy Keras/TF Adam formula
                              (001 App. A; tf.keras.optimizers.legacy.Adam): lr_t = lr*sqrt(1-b2^t)/(1-b1^t);
                              theta -= lr_t*m/(sqrt(v)+eps), moments as torch.optim.Adam updates them.
  clipping                    torch.nn.utils.clip_grad_norm_ (norm_type 2).
  schedules                   torch.optim.lr_scheduler (see write_schedules).
"""
import json
import math
import os
import warnings

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "tests", "fixtures", "optim")
STEPS = 20
N = 9
CENTRES = np.array([0.5, -1.0, 2.0, 0.0, 1.5, -0.5, 0.25, -2.0, 1.0])
THETA0 = np.array([0.1, 0.4, -0.3, 1.2, -0.8, 0.6, 0.9, -0.2, 0.35])
OBJECTIVE = ("f(t) = sum_i log(1 + (t_i - c_i)^2) + 0.3 sum_i sin(t_i) cos(t_{i+1}) + 0.05 sum_i t_i^4, "
             "c = " + repr(CENTRES.tolist()))

SINGLE = [dict(name="all", offset=0, size=N, learning_rate=0.05, weight_decay=0.0)]
MULTI = [dict(name="leaves", offset=7, size=2, learning_rate=0.1, weight_decay=0.01),
         dict(name="thresholds", offset=0, size=3, learning_rate=0.05, weight_decay=0.0),
         dict(name="weights", offset=3, size=3, learning_rate=0.02, weight_decay=0.1)]  # 6 is frozen

DEFAULTS = dict(kind="adam", beta1=0.9, beta2=0.999, nu1=0.7, nu2=1.0, epsilon=1e-8, epsilon_placement="pytorch",
                momentum=0.0, dampening=0.0, nesterov=False, alpha=0.99, centered=False)


def objective(theta):
    c = torch.tensor(CENTRES, dtype=torch.float64)
    d = theta - c
    return (torch.log1p(d * d).sum() + 0.3 * (torch.sin(theta[:-1]) * torch.cos(theta[1:])).sum()
            + 0.05 * (theta ** 4).sum())


def spans(groups):
    """Contiguous [begin, end) pieces covering 0..N: each group's span and the frozen gaps."""
    cuts = sorted({0, N} | {g["offset"] for g in groups} | {g["offset"] + g["size"] for g in groups})
    return list(zip(cuts[:-1], cuts[1:]))


def run(groups, clip, make_torch=None, numpy_step=None):
    """Runs STEPS steps; either a torch optimizer (make_torch(param_groups)) or numpy_step(theta, grad, t)."""
    pieces = spans(groups)
    tensors = [torch.tensor(THETA0[a:b], dtype=torch.float64, requires_grad=True) for a, b in pieces]
    by_offset = {a: t for (a, _), t in zip(pieces, tensors)}
    optimizer = None
    if make_torch:
        optimizer = make_torch([{"params": [by_offset[g["offset"]]], "lr": g["learning_rate"],
                                 "weight_decay": g["weight_decay"]} for g in groups])
    gradients, norms, parameters = [], [], []
    for t in range(1, STEPS + 1):
        for x in tensors:
            x.grad = None
        objective(torch.cat(tensors)).backward()
        gradients.append(torch.cat([x.grad for x in tensors]).tolist())
        if clip:
            norms.append(float(torch.nn.utils.clip_grad_norm_(tensors, clip)))
        if optimizer:
            optimizer.step()
        else:
            theta = torch.cat(tensors).detach().numpy().copy()
            numpy_step(theta, torch.cat([x.grad for x in tensors]).numpy().copy(), t)
            with torch.no_grad():
                for (a, b), x in zip(pieces, tensors):
                    x.copy_(torch.from_numpy(theta[a:b]))
        parameters.append(torch.cat(tensors).tolist())
    return gradients, norms, parameters


def case(name, settings, groups, clip=0.0, make_torch=None, numpy_step=None):
    gradients, norms, parameters = run(groups, clip, make_torch, numpy_step)
    return dict(name=name, settings=dict(DEFAULTS, **settings), groups=groups, clip=clip, initial=THETA0.tolist(),
                gradients=gradients, norms=norms, parameters=parameters)


class NumpyOptimizer:
    """State per group, as torch/qhoptim keep it per parameter tensor."""

    def __init__(self, groups, update):
        self.groups, self.update, self.state = groups, update, [dict() for _ in groups]

    def __call__(self, theta, grad, t):
        for g, state in zip(self.groups, self.state):
            s = slice(g["offset"], g["offset"] + g["size"])
            theta[s] = self.update(theta[s].copy(), grad[s].copy(), t, g, state)


def qhadam_update(beta1, beta2, nu1, nu2, eps):
    def update(p, d_p, t, group, state):  # qhoptim/pyt/qhadam.py QHAdam.step, line by line
        lr, weight_decay = group["learning_rate"], group["weight_decay"]
        if weight_decay != 0:
            d_p = d_p + weight_decay * p
        d_p_sq = d_p * d_p
        if not state:
            state.update(beta1_weight=0.0, beta2_weight=0.0, exp_avg=np.zeros_like(p), exp_avg_sq=np.zeros_like(p))
        state["beta1_weight"] = 1.0 + beta1 * state["beta1_weight"]
        state["beta2_weight"] = 1.0 + beta2 * state["beta2_weight"]
        beta1_adj = 1.0 - (1.0 / state["beta1_weight"])
        beta2_adj = 1.0 - (1.0 / state["beta2_weight"])
        state["exp_avg"] = state["exp_avg"] * beta1_adj + (1.0 - beta1_adj) * d_p
        state["exp_avg_sq"] = state["exp_avg_sq"] * beta2_adj + (1.0 - beta2_adj) * d_p_sq
        avg_grad = state["exp_avg"] * nu1
        if nu1 != 1.0:
            avg_grad = avg_grad + (1.0 - nu1) * d_p
        avg_grad_rms = state["exp_avg_sq"] * nu2
        if nu2 != 1.0:
            avg_grad_rms = avg_grad_rms + (1.0 - nu2) * d_p_sq
        avg_grad_rms = np.sqrt(avg_grad_rms)
        if eps != 0.0:
            avg_grad_rms = avg_grad_rms + eps
        return p + (-lr) * (avg_grad / avg_grad_rms)
    return update


def tensorflow_adam_update(beta1, beta2, eps, decoupled):
    def update(p, g, t, group, state):
        lr, weight_decay = group["learning_rate"], group["weight_decay"]
        if decoupled:
            p = p * (1 - lr * weight_decay)  # as torch.optim.AdamW
        elif weight_decay != 0:
            g = g + weight_decay * p
        if not state:
            state.update(m=np.zeros_like(p), v=np.zeros_like(p))
        state["m"] = state["m"] * beta1 + (1 - beta1) * g
        state["v"] = state["v"] * beta2 + (1 - beta2) * (g * g)
        lr_t = lr * math.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
        return p - lr_t * state["m"] / (np.sqrt(state["v"]) + eps)
    return update


def write(kind, cases, reference):
    path = os.path.join(OUT, kind + ".json")
    with open(path, "w") as f:
        json.dump(dict(generator="tests/tools/make_optim_fixtures.py", torch=torch.__version__, numpy=np.__version__,
                       reference=reference, objective=OBJECTIVE, cases=cases), f, indent=1)
        f.write("\n")
    print("wrote", path)


def write_optimizers():
    O = torch.optim
    write("sgd", [
        case("plain", dict(kind="sgd"), SINGLE, make_torch=lambda p: O.SGD(p, lr=0.05)),
        case("momentum", dict(kind="sgd", momentum=0.9), SINGLE, make_torch=lambda p: O.SGD(p, lr=0.05, momentum=0.9)),
        case("momentum_dampening", dict(kind="sgd", momentum=0.8, dampening=0.3), SINGLE,
             make_torch=lambda p: O.SGD(p, lr=0.05, momentum=0.8, dampening=0.3)),
        case("nesterov", dict(kind="sgd", momentum=0.9, nesterov=True), SINGLE,
             make_torch=lambda p: O.SGD(p, lr=0.05, momentum=0.9, nesterov=True)),
        case("groups_weight_decay_momentum", dict(kind="sgd", momentum=0.5), MULTI,
             make_torch=lambda p: O.SGD(p, lr=0.05, momentum=0.5)),
        case("groups_nesterov_clipped", dict(kind="sgd", momentum=0.7, nesterov=True), MULTI, clip=0.5,
             make_torch=lambda p: O.SGD(p, lr=0.05, momentum=0.7, nesterov=True)),
    ], "torch.optim.SGD")
    write("adam", [
        case("default", dict(kind="adam"), SINGLE, make_torch=lambda p: O.Adam(p, lr=0.05)),
        case("betas_eps", dict(kind="adam", beta1=0.8, beta2=0.99, epsilon=1e-6), SINGLE,
             make_torch=lambda p: O.Adam(p, lr=0.05, betas=(0.8, 0.99), eps=1e-6)),
        case("groups_weight_decay", dict(kind="adam"), MULTI, make_torch=lambda p: O.Adam(p, lr=0.05)),
        case("groups_clipped", dict(kind="adam", beta1=0.95), MULTI, clip=0.3,
             make_torch=lambda p: O.Adam(p, lr=0.05, betas=(0.95, 0.999))),
    ], "torch.optim.Adam (amsgrad off)")
    write("adamw", [
        case("single_decay", dict(kind="adamw"), [dict(SINGLE[0], weight_decay=0.5)],
             make_torch=lambda p: O.AdamW(p, lr=0.05)),
        case("groups_weight_decay", dict(kind="adamw", beta1=0.85), MULTI,
             make_torch=lambda p: O.AdamW(p, lr=0.05, betas=(0.85, 0.999))),
        case("groups_clipped", dict(kind="adamw"), MULTI, clip=0.4, make_torch=lambda p: O.AdamW(p, lr=0.05)),
    ], "torch.optim.AdamW (amsgrad off)")
    tf = dict(epsilon=1e-7, epsilon_placement="tensorflow")
    write("adam_tensorflow", [
        case("default", dict(kind="adam", **tf), SINGLE,
             numpy_step=NumpyOptimizer(SINGLE, tensorflow_adam_update(0.9, 0.999, 1e-7, False))),
        case("groups_weight_decay", dict(kind="adam", **tf), MULTI,
             numpy_step=NumpyOptimizer(MULTI, tensorflow_adam_update(0.9, 0.999, 1e-7, False))),
        case("adamw_groups", dict(kind="adamw", **tf), MULTI,
             numpy_step=NumpyOptimizer(MULTI, tensorflow_adam_update(0.9, 0.999, 1e-7, True))),
    ], "numpy from the legacy Keras/TF Adam formula (no TensorFlow installed); see the script's docstring")
    write("qhadam", [
        case("latent_trees", dict(kind="qhadam", beta1=0.995, beta2=0.998), SINGLE,
             numpy_step=NumpyOptimizer(SINGLE, qhadam_update(0.995, 0.998, 0.7, 1.0, 1e-8))),
        case("nu2_below_one", dict(kind="qhadam", nu1=0.8, nu2=0.9), SINGLE,
             numpy_step=NumpyOptimizer(SINGLE, qhadam_update(0.9, 0.999, 0.8, 0.9, 1e-8))),
        case("groups_weight_decay", dict(kind="qhadam"), MULTI,
             numpy_step=NumpyOptimizer(MULTI, qhadam_update(0.9, 0.999, 0.7, 1.0, 1e-8))),
        case("groups_clipped", dict(kind="qhadam", nu1=0.6, nu2=0.95), MULTI, clip=0.3,
             numpy_step=NumpyOptimizer(MULTI, qhadam_update(0.9, 0.999, 0.6, 0.95, 1e-8))),
        case("unit_nus_is_adam", dict(kind="qhadam", nu1=1.0, nu2=1.0), MULTI,
             numpy_step=NumpyOptimizer(MULTI, qhadam_update(0.9, 0.999, 1.0, 1.0, 1e-8))),
    ], "numpy transcription of qhoptim/pyt/qhadam.py QHAdam.step (no qhoptim package installed)")
    write("rmsprop", [
        case("plain", dict(kind="rmsprop"), [dict(SINGLE[0], learning_rate=0.01)],
             make_torch=lambda p: O.RMSprop(p, lr=0.01)),
        case("alpha_eps", dict(kind="rmsprop", alpha=0.9, epsilon=1e-5), SINGLE,
             make_torch=lambda p: O.RMSprop(p, lr=0.01, alpha=0.9, eps=1e-5)),
        case("momentum", dict(kind="rmsprop", momentum=0.3), SINGLE,
             make_torch=lambda p: O.RMSprop(p, lr=0.01, momentum=0.3)),
        case("centered", dict(kind="rmsprop", centered=True), SINGLE,
             make_torch=lambda p: O.RMSprop(p, lr=0.01, centered=True)),
        case("centered_momentum_groups", dict(kind="rmsprop", momentum=0.5, centered=True), MULTI,
             make_torch=lambda p: O.RMSprop(p, lr=0.01, momentum=0.5, centered=True)),
        # DGT (microsoft/DGT src/run.sh, src/models/xdgt.py): eps 1e-5, momentum 0.3, clip_grad_norm_ 0.01.
        case("dgt_clipped", dict(kind="rmsprop", momentum=0.3, epsilon=1e-5), MULTI, clip=0.01,
             make_torch=lambda p: O.RMSprop(p, lr=0.01, momentum=0.3, eps=1e-5)),
    ], "torch.optim.RMSprop")


def check_qhadam_unit_nus_is_adam():
    """Adam = QHAdam with nu = 1 up to rounding: prints the largest relative difference."""
    adam = run(MULTI, 0.0, make_torch=lambda p: torch.optim.Adam(p, lr=0.05))[2]
    qh = run(MULTI, 0.0, numpy_step=NumpyOptimizer(MULTI, qhadam_update(0.9, 0.999, 1.0, 1.0, 1e-8)))[2]
    a, q = np.array(adam), np.array(qh)
    print("QHAdam(nu=1) vs torch Adam, largest relative difference:", float(np.max(np.abs(a - q) / np.abs(a))))


def write_clipping():
    rng = np.random.RandomState(0)
    cases = []
    for name, grad, max_norm in [("large", rng.normal(size=7) * 3.0, 1.0), ("small", rng.normal(size=5) * 0.01, 1.0),
                                 ("zero", np.zeros(4), 0.5), ("exact", np.array([3.0, 4.0]), 5.0),
                                 ("tiny_max", rng.normal(size=6), 0.01)]:
        pieces = [torch.tensor(grad[:3].copy(), requires_grad=True, dtype=torch.float64),
                  torch.tensor(grad[3:].copy(), requires_grad=True, dtype=torch.float64)]
        for p, g in zip(pieces, (grad[:3], grad[3:])):
            p.grad = torch.tensor(g.copy(), dtype=torch.float64)
        norm = float(torch.nn.utils.clip_grad_norm_(pieces, max_norm))
        cases.append(dict(name=name, gradient=grad.tolist(), max_norm=max_norm, norm=norm,
                          clipped=torch.cat([p.grad for p in pieces]).tolist()))
    path = os.path.join(OUT, "clipping.json")
    with open(path, "w") as f:
        json.dump(dict(generator="tests/tools/make_optim_fixtures.py", torch=torch.__version__,
                       reference="torch.nn.utils.clip_grad_norm_ over two tensors (norm of the per-tensor norms)",
                       cases=cases), f, indent=1)
        f.write("\n")
    print("wrote", path)


def optimizer_with(rates):
    return torch.optim.SGD([{"params": [torch.zeros(1, requires_grad=True)], "lr": r} for r in rates], lr=1.0)


def step_rates(optimizer, scheduler, steps, step_every):
    """The rate of every group at optimizer steps 1..steps; the scheduler steps after optimizer steps s
    with (s - 1) % step_every == 0, as DGT's loop does (xdgt.py: (i*steps_per_epoch + batch) % 10 == 0)."""
    rates = []
    for s in range(1, steps + 1):
        rates.append([g["lr"] for g in optimizer.param_groups])
        optimizer.step()
        if (s - 1) % step_every == 0:
            scheduler.step()
    return rates


def warmup_cosine_torch(base, min_rate, warmup, total, steps, step_every):
    """SequentialLR([LinearLR(min/base, warmup), CosineAnnealingLR(total - warmup, min)], [warmup]), one
    chain per group because LinearLR's start_factor is shared by all groups. LinearLR cannot start from 0
    (its recursive form divides by total_iters*start_factor), so min_rate 0 uses LambdaLR(e/warmup)."""
    optimizer = optimizer_with([base])
    if min_rate > 0:
        first = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=min_rate / base, total_iters=warmup)
    else:
        first = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: min(e, warmup) / warmup)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=total - warmup, eta_min=min_rate)
    chain = torch.optim.lr_scheduler.SequentialLR(optimizer, [first, cosine], milestones=[warmup])
    return [r[0] for r in step_rates(optimizer, chain, steps, step_every)]


def write_schedules():
    cases = []
    # ReduceLROnPlateau, stepped once per epoch with the recorded losses.
    losses = [1.0, 0.9, 0.9, 0.89995, 0.9, 0.95, 0.7, 0.7, 0.7, 0.7, 0.69999, 0.5, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6,
              0.6, 0.6, 0.6, 0.4, 0.4, 0.4, 0.4]
    for name, factor, patience, threshold, min_rate, rates in [
            ("plateau", 0.1, 2, 1e-4, 0.0, [1.0, 0.1, 0.5]),
            ("plateau_min_rate", 0.5, 1, 1e-4, 0.02, [1.0, 0.1, 0.04]),
            ("plateau_threshold_tiny_rate", 0.1, 0, 1e-2, 0.0, [0.01, 1e-7, 5e-8])]:
        optimizer = optimizer_with(rates)
        scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min", factor=factor,
                                                               patience=patience, threshold=threshold,
                                                               threshold_mode="rel", cooldown=0, min_lr=min_rate,
                                                               eps=1e-8)
        epoch_rates = [[g["lr"] for g in optimizer.param_groups]]
        for loss in losses:
            scheduler.step(loss)
            epoch_rates.append([g["lr"] for g in optimizer.param_groups])
        cases.append(dict(name=name, settings=dict(kind="plateau", factor=factor, patience=patience,
                                                   threshold=threshold, min_rate=min_rate),
                          base_rates=rates, losses=losses, epoch_rates=epoch_rates))
    # Warm-up + one cosine decay (GET), one chain per group.
    for name, rates, min_rate, warmup, total, step_every in [
            ("warmup_cosine", [0.01], 1e-6, 5, 30, 1),
            ("warmup_cosine_groups", [0.01, 0.05], 1e-4, 4, 20, 1),
            ("warmup_cosine_from_zero", [0.02], 0.0, 3, 12, 1),
            ("warmup_cosine_every_3", [0.01, 0.05], 1e-4, 4, 10, 3)]:
        steps = total * step_every + 1
        per_group = [warmup_cosine_torch(b, min_rate, warmup, total, steps, step_every) for b in rates]
        cases.append(dict(name=name, settings=dict(kind="warmup_cosine", min_rate=min_rate, warmup_steps=warmup,
                                                   total_steps=total, step_every=step_every),
                          base_rates=rates, step_rates=[list(r) for r in zip(*per_group)]))
    # CosineAnnealingWarmRestarts (DGT), stepped every step_every optimizer steps.
    for name, rates, first, mult, min_rate, steps, step_every in [
            ("cosine_restarts", [0.01, 0.1], 5, 1, 1e-4, 23, 1),
            ("cosine_restarts_mult", [0.02], 3, 2, 0.0, 40, 1),
            ("cosine_restarts_dgt", [0.01, 0.01], 4, 1, 1e-4, 95, 10)]:
        optimizer = optimizer_with(rates)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=first, T_mult=mult,
                                                                         eta_min=min_rate)
        cases.append(dict(name=name, settings=dict(kind="cosine_restarts", first_period=first,
                                                   period_multiplier=mult, min_rate=min_rate,
                                                   step_every=step_every),
                          base_rates=rates, step_rates=step_rates(optimizer, scheduler, steps, step_every)))
    path = os.path.join(OUT, "schedules.json")
    with open(path, "w") as f:
        json.dump(dict(generator="tests/tools/make_optim_fixtures.py", torch=torch.__version__,
                       reference="torch.optim.lr_scheduler: ReduceLROnPlateau; SequentialLR(LinearLR, "
                                 "CosineAnnealingLR); CosineAnnealingWarmRestarts",
                       cases=cases), f, indent=1)
        f.write("\n")
    print("wrote", path)


def show_quirks():
    """Torch behaviours the C++ schedules document rather than copy."""
    optimizer = optimizer_with([0.02])
    try:
        linear = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.0, total_iters=3)
        optimizer.step()
        linear.step()
        print("LinearLR(start_factor=0) stepped to", optimizer.param_groups[0]["lr"])
    except ZeroDivisionError as e:
        print("quirk: LinearLR(start_factor=0) raises ZeroDivisionError on its first step:", e)
    rates = warmup_cosine_torch(0.01, 1e-4, 2, 6, 12, 1)
    print("quirk: SequentialLR(LinearLR, CosineAnnealingLR) past total_steps rises again:", rates[6:])


def main():
    torch.set_default_dtype(torch.float64)
    warnings.simplefilter("ignore")  # SequentialLR's scheduler.step(0) deprecation warning
    os.makedirs(OUT, exist_ok=True)
    write_optimizers()
    check_qhadam_unit_nus_is_adam()
    write_clipping()
    write_schedules()
    show_quirks()


if __name__ == "__main__":
    main()
