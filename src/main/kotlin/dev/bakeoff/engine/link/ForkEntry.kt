package dev.bakeoff.engine.link

/**
 * The classes of Bakeoff's that the host starts a JVM with (a `main`) or hands to JMH (a benchmark), by
 * name: the host names the fork's code and never loads it, so no host room depends on the fork's rooms.
 * `ForkEntryTest` checks every name against its class. With the arguments' words both sides share.
 * Immutable.
 */
internal enum class ForkEntry(val className: String) {
    /** JMH's benchmark of a workload cell. */
    CELL_BENCHMARK("dev.bakeoff.engine.jmh.CellBenchmark"),

    /** JMH's benchmark of a scenario cell (reset and verify around every batch). */
    SCENARIO_BENCHMARK("dev.bakeoff.engine.jmh.ScenarioBenchmark"),

    /** A cell that cannot win by its floor: one traced batch, no timed one; reports a [ProbeReport]. */
    TRACE("dev.bakeoff.engine.cell.TraceProbe"),

    /** A load cell's JVM; reports a [LoadReport]. */
    LOAD("dev.bakeoff.engine.cell.LoadProbe"),

    /** A `bakeoff footprint` row's JVM; reports a [FootprintReport]. */
    FOOTPRINT("dev.bakeoff.engine.cell.FootprintProbe"),

    /** A planning probe; reports an [EstimateReport]. */
    ESTIMATE("dev.bakeoff.engine.cell.EstimateProbe"),

    /** Prints [HANDSHAKE_TOKEN]: whether a `java` can run a measured JVM's code at all. */
    HANDSHAKE("dev.bakeoff.engine.cell.ForkHandshake"),
    ;

    companion object {
        /** What a JVM that ran [HANDSHAKE] prints, alone on a line. */
        const val HANDSHAKE_TOKEN = "bakeoff-fork-handshake-ok"

        /** [LOAD]'s fifth argument: whether its second names a workload or a scenario. */
        const val LOAD_WORKLOAD = "workload"
        const val LOAD_SCENARIO = "scenario"

        /** [FOOTPRINT]'s task-count argument that lets the probe choose. */
        const val FOOTPRINT_AUTO = "auto"
    }
}
