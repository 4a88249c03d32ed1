package dev.bakeoff.result

import dev.bakeoff.model.WaitForm

// The results schema's public types are no data classes (no public `copy`: see ResultValue), and main code
// copies only a few of them (their own internal `copy`). The tests copy these others, to make an odd file or
// a variant of a fixture; the copies live here, beside the tests, and read like a data class's.

internal fun PresetInfo.copy(
    id: String = this.id,
    forks: Int = this.forks,
    summary: String = this.summary,
    margin: Double? = this.margin,
    looks: Int? = this.looks,
): PresetInfo = PresetInfo(id, forks, summary, margin, looks)

internal fun GroupResult.copy(
    workload: String = this.workload,
    items: Int = this.items,
    wait: WaitForm = this.wait,
    winner: String = this.winner,
    status: GroupStatus = this.status,
    tiedWith: List<String> = this.tiedWith,
    margin: Double = this.margin,
    winnerRuns: Int = this.winnerRuns,
    reason: String = this.reason,
    tests: List<PairTest> = this.tests,
    jdk: String? = this.jdk,
    machine: String? = this.machine,
    winnerForks: Int? = this.winnerForks,
    cpus: Int? = this.cpus,
    lib: Map<String, String>? = this.lib,
): GroupResult = GroupResult(
    workload, items, wait, winner, status, tiedWith, margin, winnerRuns, reason, tests, jdk, machine, winnerForks, cpus,
    lib,
)

internal fun PairTest.copy(
    strategy: String = this.strategy,
    ratio: Double = this.ratio,
    ciLow: Double? = this.ciLow,
    ciHigh: Double? = this.ciHigh,
    pValue: Double? = this.pValue,
    runs: Int = this.runs,
    outcome: PairOutcome = this.outcome,
    eqLow: Double? = this.eqLow,
    eqHigh: Double? = this.eqHigh,
    forks: Int? = this.forks,
    confidence: Double? = this.confidence,
    eqConfidence: Double? = this.eqConfidence,
): PairTest = PairTest(
    strategy, ratio, ciLow, ciHigh, pValue, runs, outcome, eqLow, eqHigh, forks, confidence, eqConfidence,
)

internal fun TimeStats.copy(
    min: Double = this.min,
    median: Double = this.median,
    max: Double = this.max,
    mean: Double = this.mean,
    error: Double = this.error,
    runs: List<Double> = this.runs,
    forks: List<Int>? = this.forks,
    betweenForks: Double? = this.betweenForks,
    withinForks: Double? = this.withinForks,
): TimeStats = TimeStats(min, median, max, mean, error, runs, forks, betweenForks, withinForks)

internal fun ThreadStats.copy(
    startLive: Int = this.startLive,
    peakLive: Int = this.peakLive,
    created: Long = this.created,
    aliveAfterClose: Int = this.aliveAfterClose,
    virtualUsed: Int = this.virtualUsed,
    endLive: Int? = this.endLive,
    liveAfterClose: Int? = this.liveAfterClose,
): ThreadStats = ThreadStats(startLive, peakLive, created, aliveAfterClose, virtualUsed, endLive, liveAfterClose)

internal fun Latency.copy(
    queueWait: Percentiles = this.queueWait,
    run: Percentiles = this.run,
): Latency = Latency(queueWait, run)

internal fun Percentiles.copy(
    p50: Long = this.p50,
    p90: Long = this.p90,
    p99: Long = this.p99,
    max: Long = this.max,
): Percentiles = Percentiles(p50, p90, p99, max)

internal fun LoadLatency.copy(
    p50: Long = this.p50,
    p90: Long = this.p90,
    p99: Long = this.p99,
    p999: Long = this.p999,
    max: Long = this.max,
    mean: Double = this.mean,
): LoadLatency = LoadLatency(p50, p90, p99, p999, max, mean)

internal fun FootprintPoint.copy(
    tasks: Int = this.tasks,
    heapBytes: Long = this.heapBytes,
    threadReservedBytes: Long? = this.threadReservedBytes,
    threadCommittedBytes: Long? = this.threadCommittedBytes,
    platformThreads: Int = this.platformThreads,
): FootprintPoint = FootprintPoint(tasks, heapBytes, threadReservedBytes, threadCommittedBytes, platformThreads)

internal fun LimitParts.copy(
    waitNs: Double = this.waitNs,
    cpuBeforeNs: Double = this.cpuBeforeNs,
    cpuAfterNs: Double? = this.cpuAfterNs,
    serialNs: Double = this.serialNs,
    cores: Int = this.cores,
    binds: LimitBound = this.binds,
    calibratedBy: String? = this.calibratedBy,
): LimitParts = LimitParts(waitNs, cpuBeforeNs, cpuAfterNs, serialNs, cores, binds, calibratedBy)
