package dev.bakeoff.result

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * Where one measured JVM of a cell spent its wall time, in ns: from the host's launch ([launchNs]: JMH's
 * preparation and the process start, up to the JVM's own start), through [jvmNs] (JVM start to JMH handing
 * the benchmark over), [settingsNs] (the host's settings), [setupNs] (the cell built and opened), the
 * [warmups] warm-up iterations ([warmupNs]), the [runs] timed runs ([timedNs]), the untimed passes after
 * them ([untimedNs]: calibration, trace, evidence, JFR, close), to [teardownNs] (JMH's and the JVM's exit,
 * the result back to the host). [wallNs] is the host's; what the parts leave of it is JMH's own between
 * iterations. [steadyAfter]: after how many warm-ups the fork's own iterations stopped trending (the
 * decisions' trend test, applied as they ran), null when they never did. [steadyWarmups]: a figures fork's
 * search for the steady state before its iterations (untimed chunks of an iteration's length until they stopped
 * trending, its time in [warmupNs]): the chunks before the first steady window, which sized the timing forks'
 * warm-up; null when it found none within its cap, or ran none. [jvmOptions]: the options Bakeoff
 * gives the fork beyond the run's own (`--jvm-arg`) and its `-D` settings. [replaced]: true for a race's screening
 * fork whose runs chose the cell's place in the race but were replaced by its timing forks' in the cell's time
 * figures and tests; null otherwise. [otherCores]: the cores the rest of the machine kept busy during the timed
 * runs (`/proc/stat`'s busy CPU minus the JVM's own, over their wall time); null when not measured. [disturbed]:
 * true for a race's fork set aside because those cores were over [dev.bakeoff.metrics.Disturbance]'s share of the
 * machine's (its runs in no figure or test; the cell's fork was measured again); null otherwise. Immutable.
 */
@Serializable
public class ForkAnatomy(
    public val role: ForkRole,
    public val wallNs: Long,
    public val launchNs: Long? = null,
    public val jvmNs: Long? = null,
    public val settingsNs: Long? = null,
    public val setupNs: Long? = null,
    public val warmupNs: Long? = null,
    public val warmups: Int? = null,
    public val timedNs: Long? = null,
    public val runs: Int? = null,
    public val untimedNs: Long? = null,
    public val teardownNs: Long? = null,
    public val steadyAfter: Int? = null,
    public val steadyWarmups: Int? = null,
    public val jvmOptions: List<String>? = null,
    public val replaced: Boolean? = null,
    public val otherCores: Double? = null,
    public val disturbed: Boolean? = null,
) : ResultValue() {
    override val fields
        get() = listOf(
            ::role, ::wallNs, ::launchNs, ::jvmNs, ::settingsNs, ::setupNs, ::warmupNs, ::warmups, ::timedNs,
            ::runs, ::untimedNs, ::teardownNs, ::steadyAfter, ::steadyWarmups, ::jvmOptions, ::replaced,
            ::otherCores, ::disturbed,
        )

    /**
     * The timed runs this fork adds to its cell's figures: a timing or screening fork's unless [replaced] or
     * [disturbed], never a figures or trace fork's.
     */
    public val keptNs: Long get() = if (role.timed && replaced != true && disturbed != true) timedNs ?: 0 else 0

    /** This screening fork, its runs [replaced] by the timing forks' (unless already set aside as [disturbed]). */
    internal fun runsReplaced(): ForkAnatomy = if (disturbed == true) this else marked(true, disturbed)

    /** This fork, set aside: other processes [disturbed] its timed runs, and the race measured the cell again. */
    internal fun setAside(): ForkAnatomy = marked(replaced = replaced, disturbed = true)

    private fun marked(replaced: Boolean?, disturbed: Boolean?) = ForkAnatomy(
        role, wallNs, launchNs, jvmNs, settingsNs, setupNs, warmupNs, warmups, timedNs, runs, untimedNs, teardownNs,
        steadyAfter, steadyWarmups, jvmOptions, replaced, otherCores, disturbed,
    )

    public companion object {
        /**
         * The timed share of [forks]: the timed runs they kept over their wall time (0 to 1), or null
         * without forks.
         */
        public fun timedShare(forks: List<ForkAnatomy>): Double? {
            val wall = forks.sumOf { it.wallNs }
            return if (wall <= 0) null else forks.sumOf { it.keptNs }.toDouble() / wall
        }
    }
}

/** What a measured JVM was for; serialised under [id]. */
@Serializable
public enum class ForkRole(public val id: String, public val timed: Boolean) {
    /** Timed runs only: nothing loaded or started that timing does not need. */
    @SerialName("timing")
    TIMING("timing", true),

    /**
     * A cell's first fork when nothing samples its timed runs (no `--profile`): its steady-state search, its timed
     * runs (kept, with nothing running in them but what is read between iterations), then its untimed figures.
     */
    @SerialName("screening")
    SCREENING("screening", true),

    /**
     * The cell's untimed figures (threads, allocation, trace, evidence, JFR, limit) in a profiled run, whose profiler
     * samples its iterations: their time is not kept.
     */
    @SerialName("figures")
    FIGURES("figures", false),

    /** A cell that cannot win by its floor: one traced batch and the untimed figures. */
    @SerialName("trace")
    TRACE("trace", false),
}
