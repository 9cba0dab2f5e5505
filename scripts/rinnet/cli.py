"""scripts/train-net: trains the evaluation network on `rin selfplay`
binary game files and writes the engine's weights file."""

import argparse
import os
import sys
import time

import numpy as np
import torch

from . import data as netdata
from . import export
from . import model as netmodel


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="train-net",
        description="Trains the evaluation network (engine/eval/nnue.h) on rin selfplay binary game files and "
                    "writes the engine's weights file (rin-net-HASH.rinn), named by its contents. The games "
                    "whose index is 0 modulo --holdout are held out: the figures at the end are theirs. The "
                    "result depends only on the files, the options and the seed.",
        epilog="example: scripts/train-net games/*.bin --steps 20000 --output /tmp")
    parser.add_argument("files", nargs="+", metavar="FILE", help="binary game files (rin selfplay)")
    parser.add_argument("--output", required=True, metavar="PATH",
                        help="a directory (the file is named by its contents there) or a file name")
    parser.add_argument("--steps", type=int, default=20000, help="training steps (default 20000)")
    parser.add_argument("--batch", type=int, default=256, help="positions a step (default 256)")
    parser.add_argument("--lr", type=float, default=2e-3, help="Adam's learning rate (default 0.002)")
    parser.add_argument("--margin-weight", type=float, default=0.0,
                        help="the value's target where the search scored the position: this weight on the final "
                             "margin, the rest on the search's score (default 0: the score; the final margin "
                             "where there is no score)")
    parser.add_argument("--owner-weight", type=float, default=1.0,
                        help="weight of the owner head's loss beside the margin's (default 1)")
    parser.add_argument("--holdout", type=int, default=7,
                        help="hold out games with index %% K == 0 (default 7: prime to the shard counts, so every size and shard has held-out games)")
    parser.add_argument("--check", type=int, default=1000,
                        help="held-out positions on which the engine's network is checked against the trained one "
                             "(default 1000)")
    parser.add_argument("--check-bound", type=float, nargs=2, default=(0.2, 0.01), metavar=("STONES", "OWNER"),
                        help="the largest differences allowed between the engine's integer network and the "
                             "trained one, margin in stones and owner (default 0.2 0.01); beyond them nothing "
                             "is written")
    parser.add_argument("--report", type=int, default=1000, help="report the training loss every N steps")
    parser.add_argument("--eval-positions", type=int, default=20000,
                        help="held-out positions the figures are measured on (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads (default 1)")
    parser.add_argument("--library", metavar="PATH", help="librinnet.so (default: build/librinnet.so)")
    args = parser.parse_intermixed_args(argv)
    for name in ("steps", "batch", "holdout", "threads", "report", "eval_positions"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.check < 0:
        parser.error("--check must be 0 or more")
    if not 0.0 <= args.margin_weight <= 1.0:
        parser.error("--margin-weight must be from 0 to 1")
    return args


def to_tensors(batch, points=None):
    """The batch as tensors, its points cut to the first `points` (the
    others are off every board of the batch)."""
    points = points or batch["key"].shape[1]
    return (torch.from_numpy(batch["key"][:, :points].astype(np.int64)),
            torch.from_numpy(batch["pool"][:, :points].astype(np.int64)),
            torch.from_numpy(batch["two_left"].astype(np.float32)),
            torch.from_numpy(np.ascontiguousarray(batch["owner"][:, :points])),
            torch.from_numpy(batch["margin"]))


def sized_batches(data, which, sizes):
    """The batch of `which`, split by board size so that each part computes
    only its board's points: (batch, points, share) for each size."""
    parts = []
    for size in np.unique(sizes[which]):
        part = which[sizes[which] == size]
        parts.append((data.batch(part), int(size) * int(size), len(part) / len(which)))
    return parts


def value_target(batch, margin_weight):
    """The value's target: the search's score blended with the final margin
    where the search scored the position, else the final margin."""
    margin, score = batch["margin"], batch["score"]
    blended = margin_weight * margin + (1.0 - margin_weight) * score
    return torch.from_numpy(np.where(np.isnan(score), margin, blended).astype(np.float32))


def losses(net, parts, owner_weight, margin_weight):
    """The step's loss over its parts (sized_batches), each weighted by its
    share of the positions: (loss, value loss, owner loss)."""
    total = [0.0, 0.0, 0.0]
    for batch, points, share in parts:
        key, pool, two_left, owner, _ = to_tensors(batch, points)
        value, z, on = net(key, pool, two_left)
        value_loss = torch.mean(((value - value_target(batch, margin_weight)) / 8.0) ** 2)
        target = owner.clamp(min=0).to(z.dtype)
        owner_bce = torch.nn.functional.binary_cross_entropy_with_logits(z, target, reduction="none")
        owner_loss = (owner_bce * on).sum() / on.sum()
        for k, v in enumerate((value_loss + owner_weight * owner_loss, value_loss, owner_loss)):
            total[k] = total[k] + share * v
    return total


def figures(net, data, which, sizes, batch_size=512):
    """The held-out figures of the float network, as `rin judge` gives
    them: the share of positions whose margin has the final margin's sign
    (a draw counts when the estimate is within half a stone, an estimate of
    0 half), the owner head's Brier score over the empty points, the
    margin's rms error in stones."""
    sign = squared = brier = 0.0
    empties = 0
    with torch.no_grad():
        for start in range(0, len(which), batch_size):
            for batch, points, _ in sized_batches(data, which[start:start + batch_size], sizes):
                key, pool, two_left, owner, margin = to_tensors(batch, points)
                value, z, _ = net(key, pool, two_left)
                value, margin = value.double().numpy(), margin.double().numpy()
                credit = np.where(np.sign(value) == np.sign(margin), 1.0, 0.0)
                credit = np.where(value == 0, 0.5, credit)
                sign += float(np.sum(np.where(margin == 0, np.abs(value) < 0.5, credit)))
                squared += float(np.sum((value - margin) ** 2))
                empty = pool.numpy() // 2 == 0
                p = torch.sigmoid(z).double().numpy()
                target = owner.numpy().clip(min=0)
                brier += float(np.sum(((p - target) ** 2)[empty]))
                empties += int(empty.sum())
    n = len(which)
    return {"sign": sign / n, "brier": brier / max(empties, 1), "rms": (squared / n) ** 0.5}


def report_figures(net, data, which, sizes):
    """Prints the held-out figures, overall and by board size."""
    groups = [("all", which)] + [(f"{s}x{s}", which[sizes[which] == s]) for s in np.unique(sizes[which])]
    for name, part in groups:
        f = figures(net, data, part, sizes)
        print(f"held out {name} ({len(part)} positions): sign {100 * f['sign']:.1f} %, "
              f"owner Brier {f['brier']:.4f}, margin rms {f['rms']:.2f} stones", flush=True)


def check_engine(net, data, weights, which):
    """The engine's integer network against the float one on `which`: the
    largest differences of the margin (stones) and of an owner."""
    margin_c, owner_c = data.evaluate(weights, which)
    batch = data.batch(which)
    key, pool, two_left, _, _ = to_tensors(batch)
    with torch.no_grad():
        value, z, on = net(key, pool, two_left)
    owner_f = (torch.tanh(z / 2) * on).numpy()
    return float(np.max(np.abs(margin_c - value.double().numpy()))), float(np.max(np.abs(owner_c - owner_f)))


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(args.seed)

    try:
        data = netdata.NetData(args.library)
        started = time.monotonic()
        for path in args.files:
            data.read(path)
    except (OSError, ValueError) as error:
        print(f"train-net: {error}", file=sys.stderr)
        return 1
    game, size, _ = data.describe()
    held = game % args.holdout == 0
    train_which, held_which = np.flatnonzero(~held), np.flatnonzero(held)
    print(f"train-net: {len(data)} positions from {len(args.files)} files in {time.monotonic() - started:.1f} s; "
          f"training on {len(train_which)}, holding out {len(held_which)} (games with index % {args.holdout} == 0); "
          f"sizes {sorted(set(size.tolist()))}", flush=True)
    if len(train_which) == 0 or len(held_which) == 0:
        print("train-net: the data has no training or no held-out positions", file=sys.stderr)
        return 1

    net = netmodel.Net(data.rows)
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0 if step < args.steps * 0.7 else 0.1)
    started = time.monotonic()
    total = [0.0, 0.0, 0.0]
    for step in range(1, args.steps + 1):
        which = rng.choice(train_which, size=args.batch, replace=True)
        loss, value_loss, owner_loss = losses(net, sized_batches(data, which, size), args.owner_weight,
                                              args.margin_weight)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        schedule.step()
        net.clamp_()
        with torch.no_grad():
            net.feature.weight[net.rows].zero_()
        for k, v in enumerate((loss, value_loss, owner_loss)):
            total[k] += float(v)
        if step % args.report == 0 or step == args.steps:
            count = args.report if step % args.report == 0 else step % args.report
            elapsed = time.monotonic() - started
            print(f"step {step}/{args.steps}: loss {total[0] / count:.4f} (value {total[1] / count:.4f}, "
                  f"owner {total[2] / count:.4f}), {step / elapsed:.1f} steps/s", flush=True)
            total = [0.0, 0.0, 0.0]

    held_eval = np.sort(rng.choice(held_which, size=min(args.eval_positions, len(held_which)), replace=False))
    report_figures(net, data, held_eval, size)

    weights = export.weights_bytes(net)
    path = args.output
    if os.path.isdir(path):
        path = os.path.join(path, export.file_name(weights))
    if args.check:
        check_which = held_eval[:args.check]
        margin_diff, owner_diff = check_engine(net, data, weights, check_which)
        print(f"engine against trainer on {len(check_which)} positions: margin within {margin_diff:.4f} stones, "
              f"owners within {owner_diff:.4f}", flush=True)
        if margin_diff > args.check_bound[0] or owner_diff > args.check_bound[1]:
            print(f"train-net: the engine's network differs from the trained one by more than "
                  f"{args.check_bound[0]} stones or {args.check_bound[1]} in an owner: nothing written",
                  file=sys.stderr)
            return 1
    temporary = path + ".tmp"
    with open(temporary, "wb") as out:
        out.write(weights)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)
    print(f"wrote {path}")
    return 0
