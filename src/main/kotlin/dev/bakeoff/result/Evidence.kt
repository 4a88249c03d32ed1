package dev.bakeoff.result

import kotlinx.serialization.Serializable

/**
 * What the JVM and the operating system saw while the measured JVM ran a cell's untimed trace
 * pass: the why behind a time. Every figure is per batch: the change over each traced batch
 * (never a counter's total since the JVM started), averaged over the pass's [batches]. A figure
 * that could not be measured is null; [unavailable] says why. Immutable.
 */
@Serializable
public class Evidence(
    /** Traced batches the figures were averaged over. */
    public val batches: Int,
    /** Mean wall time of those batches, in ns: the base of [cpuUtilisation] and of GC shares. */
    public val wallNs: Double,
    /** CPU time of the process's threads over wall time x the cores the JVM saw; 1 = every core busy. */
    public val cpuUtilisation: Double? = null,
    /** Voluntary context switches (a thread blocked or waited) of the process's threads, per batch. */
    public val voluntarySwitches: Double? = null,
    /** Involuntary context switches (the kernel preempted a runnable thread), per batch. */
    public val involuntarySwitches: Double? = null,
    /** Platform threads that ended during a batch, per batch: their switches and CPU time are not counted above. */
    public val threadsEnded: Double? = null,
    /** JFR `jdk.VirtualThreadPinned`: a virtual thread blocked while pinned to its carrier. */
    public val pinned: EventTally? = null,
    /** JFR `jdk.ThreadPark`: `LockSupport.park` calls that returned. */
    public val parks: EventTally? = null,
    /** JFR `jdk.JavaMonitorEnter`: contended `synchronized` enters, with the time spent blocked. */
    public val monitorEnters: EventTally? = null,
    /** JFR `jdk.JavaMonitorWait`: `Object.wait` calls. */
    public val monitorWaits: EventTally? = null,
    /** JFR `jdk.GarbageCollection`: collections, with the sum of their pauses. */
    public val gcPauses: EventTally? = null,
    /** Why some figures are missing (no JFR in this runtime, no `/proc`), or null. */
    public val unavailable: String? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::batches, ::wallNs, ::cpuUtilisation, ::voluntarySwitches, ::involuntarySwitches, ::threadsEnded, ::pinned,
            ::parks, ::monitorEnters, ::monitorWaits, ::gcPauses, ::unavailable,
        )

    /** GC pauses as a share of the batch's wall time, where measured (derived: not serialised). */
    public val gcShare: Double? get() = gcPauses?.let { it.totalNs / wallNs }

    /** Context switches of both kinds per batch, where measured (derived: not serialised). */
    public val switches: Double? get() = voluntarySwitches?.let { v -> involuntarySwitches?.let { v + it } }
}

/** JFR events of one type per batch: how many, and their durations added up, in ns. Immutable. */
@Serializable
public class EventTally(public val count: Double, public val totalNs: Double) : ResultValue() {
    override val fields get() = listOf(::count, ::totalNs)
}
