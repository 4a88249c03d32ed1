package dev.bakeoff.metrics

/**
 * The rule, fixed before any run, by which a measured JVM's window counts as disturbed: the cores the rest of the
 * machine kept busy over it (`/proc/stat`'s busy CPU minus the JVM's own: what another process took, or the
 * hypervisor as steal), over [SHARE] of the host's cores (`/proc/stat` covers all of them); and, with a run's
 * [Tally], whether a disturbed window is worth measuring again. Measured here on 2 cores: in three quiet capacity
 * runs (141–147 windows each) the most was 0.095, 0.090 and 0.26 cores (7 windows of the third over 0.1); in a
 * run with other work beside it 12 of 81 were over 0.1 (up to 0.29), and its `virtual-threads` capacity came out
 * at 1,090–1,220/s against 14,000–54,000/s in the quiet ones (all before the load window's own opening stall was
 * removed, docs/RESULTS.md). Pure.
 */
internal object Disturbance {
    /** The share of the machine's cores that other processes may keep busy in a window that still counts. */
    const val SHARE = 0.05

    /** Whether a window in which other processes kept [otherCores] busy on a machine of [cores] was disturbed. */
    fun disturbed(otherCores: Double?, cores: Int): Boolean = otherCores != null && otherCores > SHARE * cores

    /**
     * Whether a disturbed window is worth measuring again, from the [earlier] launches of the same run (a race, a
     * capacity search) of which [disturbed] were disturbed too: while fewer than half were, a disturbance is a
     * hiccup that a re-run escapes; once half or more were, the machine is busy (another guest, a build beside the
     * run), a re-run would be disturbed as well and would only halve the forks the budget pays for.
     */
    fun worthRerun(earlier: Int, disturbed: Int): Boolean = disturbed * 2 < earlier || earlier == 0

    /**
     * One run's launches so far (a race's, a capacity search's) and how many of them were [disturbed], for
     * [worthRerun]. Threading model: the run's thread only.
     */
    class Tally(launches: Int = 0, disturbed: Int = 0) {
        var launches = launches
            private set
        var disturbed = disturbed
            private set

        /** Counts one more launch, [disturbed] or not. */
        fun add(disturbed: Boolean) {
            launches++
            if (disturbed) this.disturbed++
        }

        /** Whether the next disturbed launch is worth measuring again, by [Disturbance.worthRerun] on those so far. */
        fun worthRerun(): Boolean = worthRerun(launches, disturbed)
    }
}
