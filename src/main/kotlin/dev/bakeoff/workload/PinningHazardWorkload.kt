package dev.bakeoff.workload

import dev.bakeoff.model.ItemSite
import dev.bakeoff.model.ParamSpec.ChoiceParam
import dev.bakeoff.model.ParamSpec.IntParam
import dev.bakeoff.model.Workload
import java.lang.invoke.MethodHandles
import java.util.concurrent.CyclicBarrier

/** Where an item of [PinningHazardWorkload] waits for its group. */
internal enum class PinnedIn(val id: String) {
    /** Parked holding its own monitor (`synchronized`): pins a virtual thread up to JDK 23 (JEP 491). */
    SYNCHRONIZED("synchronized"),

    /** `Object.wait` under the group's monitor: pins a virtual thread up to JDK 23 (JEP 491). */
    WAIT("wait"),

    /** Parked inside a class's static initializer: pins a virtual thread on every JDK so far. */
    CLINIT("clinit"),
}

/**
 * A hazard: items meet in groups of [group] consecutive seeds (item `i` in group `i / group`), each
 * waiting where [place] says until its whole group has arrived, then compute E1's arithmetic. A
 * group needs [group] threads waiting at once: a pool with fewer deadlocks, and so do virtual threads
 * whose wait pins them to their carriers (as many as cores). Items must be a multiple of [group], or
 * the last group never fills. Outside a measured cell ([ItemSite.Inline]: one item at a time)
 * nobody waits. Groups are reused batch after batch (a cyclic barrier). Thread-safe.
 */
internal class PinningHazardWorkload(private val site: ItemSite, private val place: PinnedIn, private val group: Int) :
    Workload {
    private val barriers = KeyedLocks { CyclicBarrier(group) }
    private val monitors = KeyedLocks { Any() }
    private val waitBarriers = KeyedLocks { MonitorBarrier(group) }

    // Read when the cell is built, never by an item: items racing to read it would wait on each other first.
    private val template: ByteArray =
        checkNotNull(InitGate::class.java.getResourceAsStream("InitGate.class")) { "no InitGate.class" }
            .use { it.readBytes() }

    override fun run(seed: Int): Int {
        if (site is ItemSite.OfStrategy) {
            when (place) {
                PinnedIn.SYNCHRONIZED -> synchronized(monitors[seed]) { barriers[seed / group].await() }
                PinnedIn.WAIT -> waitBarriers[seed / group].await()
                PinnedIn.CLINIT -> initializeGate(barriers[seed / group])
            }
        }
        return ArithmeticWorkload.run(seed)
    }

    /**
     * Defines a fresh copy of [InitGate] (a hidden class: a class initializes once) and runs its initializer
     * here, waiting at [barrier]. Stack traces leave hidden frames out: a dump shows the wait under this call.
     */
    private fun initializeGate(barrier: CyclicBarrier) {
        GATE.set(barrier)
        try {
            MethodHandles.lookup().defineHiddenClass(template, true)
        } finally {
            GATE.remove()
        }
    }

    /** A cyclic barrier built on `Object.wait`/`notifyAll` under one monitor. Thread-safe. */
    private class MonitorBarrier(private val parties: Int) {
        @Suppress("PLATFORM_CLASS_MAPPED_TO_KOTLIN")
        private val lock = java.lang.Object()
        private var arrived = 0
        private var generation = 0L

        fun await() = synchronized(lock) {
            val mine = generation
            if (++arrived == parties) {
                arrived = 0
                generation++
                lock.notifyAll()
            } else {
                while (generation == mine) lock.wait()
            }
        }
    }

    companion object {
        /** The barrier of the item whose thread is initializing a copy of [InitGate]. */
        @JvmField
        internal val GATE = ThreadLocal<CyclicBarrier>()

        private val IN =
            ChoiceParam("in", "where an item waits for its group", PinnedIn.SYNCHRONIZED, PinnedIn.entries) { it.id }
        private val GROUP = IntParam("group", "items that must wait at once (items: a multiple)", "4", min = 2)

        val ENTRY = hazardEntry(
            "hazard-pinning",
            "groups of items wait for each other in synchronized | Object.wait | a class initializer",
            listOf(IN, GROUP),
            waits = false,
        ) { PinningHazardWorkload(it.context.site, it[IN], it[GROUP]) }
    }
}

/**
 * The template of the classes [PinningHazardWorkload] initializes: its static initializer waits at
 * the barrier of the thread that runs it, as code blocking in a class initializer does. A class, not
 * an object: an object's static field of its own type would not verify in a hidden copy.
 */
internal class InitGate private constructor() {
    companion object {
        @JvmField
        val arrival: Int = PinningHazardWorkload.GATE.get().await()
    }
}
