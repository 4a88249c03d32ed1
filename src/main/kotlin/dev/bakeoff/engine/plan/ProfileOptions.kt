package dev.bakeoff.engine.plan

/**
 * What `--profile` samples with async-profiler in each cell's measured JVM: on-CPU stacks ([CPU]),
 * every thread's stacks whatever it does, waiting included ([WALL]), heap allocations ([ALLOC]) or
 * contended locks ([LOCK]). [event] is async-profiler's name for it.
 */
internal enum class ProfileMode(val id: String, val event: String, val summary: String) {
    CPU("cpu", "cpu", "where the CPU time goes"),
    WALL("wall", "wall", "where every thread spends its time, waiting included"),
    ALLOC("alloc", "alloc", "which code allocates"),
    LOCK("lock", "lock", "which locks threads wait for"),
    ;

    /** async-profiler's fallback where the kernel refuses [event] (perf events, for [CPU]), or null. */
    val fallback: String? get() = if (this == CPU) "itimer" else null
}

/**
 * What a run profiles: [mode], sampled with async-profiler's [event] (the mode's own, or its
 * fallback, which [note] then explains in one line). Immutable.
 */
internal data class Profile(val mode: ProfileMode, val event: String = mode.event, val note: String? = null)
