#!/usr/bin/env python3
"""Why the machine queueing model misses a fixed pool's wait: an offline look at a results.json's load points.

Usage: scripts/queueing_fit.py RESULTS_JSON [--strategy PREFIX] [--sim]

For each load point of the strategies (below their capacity's knee) it prints the measured wait (mean latency
minus mean service time: the generator's lag plus submission to start), the model as it was (lag + the idle
items' hand-off added to every item + Allen-Cunneen + the cores' wait) and as it is now (MachineQueueing: the
hand-off paid by the items that found a server idle and holding that server while it wakes, Cosmetatos' M/D/c
interpolated to M/G/c), each over the measured wait. Then the evidence: the share of items that found every
server busy against Erlang C, a queued item's mean wait (the items submitted with k >= servers in flight)
against M/G/c's Wq / C, and the measured wait of the items submitted with k in flight.

--sim replays each point of the storage workload in a discrete-event FCFS pool (Poisson arrivals, the measured
mean service time, the measured idle hand-off holding the server) twice: service times drawn independently, as
M/G/c assumes, and in the order the open loop runs them (arrival k runs seed k % 100, a 0.5 to 1.49 ms ramp),
which shows how much of the gap the service times' order makes. Pure standard library; no timing.
"""
import heapq
import json
import math
import random
import sys


def erlang_c(c, a):
    if a >= c:
        return 1.0
    b = 1.0
    for k in range(1, c + 1):
        b = a * b / (k + a * b)
    return c * b / (c - a * (1 - b))


def mmc_wait(c, rate, s):
    a = rate * s
    return math.inf if a >= c else erlang_c(c, a) * s / (c - a)


def mdc_wait(c, rate, s):
    """Cosmetatos (1976): M/D/c's wait as half M/M/c's, corrected for c > 1."""
    rho = rate * s / c
    if rho >= 1:
        return math.inf
    if rho <= 0:
        return 0.0
    correction = 1 + (1 - rho) * (c - 1) * (math.sqrt(4 + 5 * c) - 2) / (16 * rho * c)
    return mmc_wait(c, rate, s) / 2 * correction


def ggc_wait(c, rate, s, ca, cs):
    """M/G/c by Tijms' interpolation between M/D/c and M/M/c (cs <= 1), scaled to GI/G/c by (ca + cs) / (1 + cs)."""
    mm = mmc_wait(c, rate, s)
    mg = mm * cs if cs >= 1 else (1 - cs) * mdc_wait(c, rate, s) + cs * mm
    return mg * (ca + cs) / (1 + cs) if cs < 1 else mm * (ca + cs) / 2


def idle_handoff(groups, below):
    g = [x for x in groups[:below] if x['items'] > 0]
    n = sum(x['items'] for x in g)
    return sum(x['items'] * x['meanNs'] for x in g) / n if n else 0.0


def core_wait(f, rate):
    c = f['costs']
    cpu = c['cpuNsPerItem'] / 1e9
    offered = rate + max(0.0, c.get('otherCores') or 0.0) / cpu
    return mmc_wait(c['cores'], offered, cpu) * 1e9 if offered * cpu < c['cores'] else math.inf


def new_prediction(f, servers, declared_scv):
    """The model as MachineQueueing has it now (ns)."""
    c = f['costs']
    rate, s, cs = f['offeredPerSec'], f['serviceNs'] / 1e9, f['serviceScv']
    h = idle_handoff(c['handoff']['byInFlight'], servers or c['cores']) / 1e9
    lag = c['handoff']['lagNs']
    if not servers:
        return lag + h * 1e9 + core_wait(f, rate)
    # The woken server is held through its hand-off: the idle items' service is longer by it (a fixed point).
    eff = s
    for _ in range(50):
        idle = 1 - erlang_c(servers, rate * eff)
        eff = s + idle * h
    wait = ggc_wait(servers, rate, eff, declared_scv, cs)
    return lag + idle * h * 1e9 + wait * 1e9 + core_wait(f, rate)


def queued_wait(f, servers, declared_scv):
    """A queued item's mean wait (ns): measured over the groups k >= servers, and M/G/c's Wq / C at the held service."""
    g = f['costs']['handoff']['byInFlight'][servers:]
    n = sum(x['items'] for x in g)
    measured = sum(x['items'] * x['meanNs'] for x in g) / n if n else math.nan
    rate, s = f['offeredPerSec'], f['serviceNs'] / 1e9
    h = idle_handoff(f['costs']['handoff']['byInFlight'], servers) / 1e9
    eff = s
    for _ in range(50):
        eff = s + (1 - erlang_c(servers, rate * eff)) * h
    model = ggc_wait(servers, rate, eff, declared_scv, f['serviceScv']) / erlang_c(servers, rate * eff)
    return measured, model * 1e9


def old_prediction(f, servers, declared_scv):
    c = f['costs']
    rate, s, cs = f['offeredPerSec'], f['serviceNs'] / 1e9, f['serviceScv']
    h = idle_handoff(c['handoff']['byInFlight'], servers or c['cores'])
    wait = mmc_wait(servers, rate, s) * (declared_scv + cs) / 2 * 1e9 if servers else 0.0
    return c['handoff']['lagNs'] + h + wait + core_wait(f, rate)


def simulate(rate, service, handoff, servers, n=200_000, seed=1):
    """Mean wait before service (s) of a FCFS pool, Poisson arrivals, service(k, random) each."""
    rnd = random.Random(seed)
    t, free, total, counted = 0.0, [0.0] * servers, 0.0, 0
    for k in range(n):
        t += rnd.expovariate(rate)
        f = heapq.heappop(free)
        start = t + handoff if f <= t else f
        heapq.heappush(free, start + service(k, rnd))
        if k >= n // 10:
            total += start - t
            counted += 1
    return total / counted


def main(argv):
    path = argv[1]
    prefix = argv[argv.index('--strategy') + 1] if '--strategy' in argv else ''
    sim = '--sim' in argv
    data = json.load(open(path))
    knees = {c['strategy']: c.get('capacityPerSec') for c in data.get('capacity', [])}
    rows = {}
    for p in data['load']:
        q, f = p.get('queueing'), p.get('figures')
        # A fork set aside (other processes disturbed its window) counts in no point.
        if not q or not f or not f.get('costs') or not p['strategy'].startswith(prefix) or p.get('disturbed'):
            continue
        knee = knees.get(p['strategy'])
        if knee and p['ratePerSec'] > knee * 1.0001:
            continue
        rows.setdefault(p['strategy'], []).append(p)
    for strategy, points in rows.items():
        print(f"\n## {strategy}: below the knee, {len(points)} points")
        print(f"{'rate/s':>7} {'measured':>9} {'old':>7} {'new':>7} {'old/m':>6} {'new/m':>6} "
              f"{'P(k>=c)':>8} {'ErlangC':>8} {'queued':>7} {'Wq/C':>7} {'sim iid':>8} {'sim order':>9}")
        inside = [0, 0]
        for p in sorted(points, key=lambda x: x['figures']['offeredPerSec']):
            f, q = p['figures'], p['queueing']
            servers = q['servers']
            declared = 1.0 if p['arrival'] == 'poisson' else 0.0
            measured = q['measuredWaitNs']
            old, new = old_prediction(f, servers, declared), new_prediction(f, servers, declared)
            inside[0] += abs(old / measured - 1) <= 0.2
            inside[1] += abs(new / measured - 1) <= 0.2
            groups = f['costs']['handoff']['byInFlight']
            n = sum(x['items'] for x in groups)
            queued = sum(x['items'] for x in groups[servers:]) / n if servers else 0.0
            erlang = erlang_c(servers, f['offeredPerSec'] * f['serviceNs'] / 1e9) if servers else 0.0
            line = (f"{f['offeredPerSec']:7.0f} {measured / 1e3:8.0f}µ {old / 1e3:6.0f}µ {new / 1e3:6.0f}µ "
                    f"{old / measured:6.2f} {new / measured:6.2f} {queued:8.3f} {erlang:8.3f}")
            if servers:
                qm, qp = queued_wait(f, servers, declared)
                line += f" {qm / 1e3:6.0f}µ {qp / 1e3:6.0f}µ"
            else:
                line += f" {'':7} {'':7}"
            if sim and servers:
                over = f['serviceNs'] / 1e9 - 0.995e-3
                h = idle_handoff(groups, servers) / 1e9
                lag = f['costs']['handoff']['lagNs']
                iid = simulate(f['offeredPerSec'], lambda k, r: (500 + 10 * r.randrange(100)) * 1e-6 + over, h, servers)
                order = simulate(f['offeredPerSec'], lambda k, r: (500 + 10 * (k % 100)) * 1e-6 + over, h, servers)
                line += f" {(lag + iid * 1e9) / 1e3:7.0f}µ {(lag + order * 1e9) / 1e3:8.0f}µ"
            print(line)
        print(f"within ±20%: old {inside[0]}/{len(points)}, new {inside[1]}/{len(points)}")
        if servers:
            print("\nmeasured wait (µs) of the items submitted with k in flight, k >= servers, pooled over points:")
            for p in sorted(points, key=lambda x: x['figures']['offeredPerSec']):
                g = p['figures']['costs']['handoff']['byInFlight']
                cells = ' '.join(f"{k}:{g[k]['meanNs'] / 1e3:.0f}" for k in range(servers, min(len(g), servers + 6))
                                 if g[k]['items'] >= 5)
                print(f"{p['figures']['offeredPerSec']:7.0f}/s  {cells}")


if __name__ == '__main__':
    main(sys.argv)
