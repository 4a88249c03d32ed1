package dev.bakeoff.result

import dev.bakeoff.model.WaitForm

/**
 * What makes cells comparable, so that they are ranked against each other: the same [subject]
 * (the workload or scenario spec), the same [items] per batch and the same [wait] form. A typed
 * key, so groupings are matched by value and never by their display strings; the [jdk] of a
 * several-JDK run (null otherwise). In a merged file [machine] is the fingerprint of the machine
 * and JDK the cells ran on, so groups never mix machines; null for one machine's run. [cpus] is the
 * cores of a `cpus=` sweep's point (null otherwise, the run's `--cpus` included, which every cell
 * shares): its cells vary neither strategy nor subject, so without it a sweep would rank a strategy
 * against itself on other cores. [lib] is the library versions of a several-version run (`--lib`, by
 * library name; null otherwise): like the JDK, each version's cells are decided apart. Everything else a
 * sweep varies is in [subject], [items] or the strategy spec, so within a group the strategy spec names a
 * cell ([CellKey]). The one definition of a group: the decision, the race, shards, merge and every report
 * use it, a part of it by a projection (`key.copy(jdk = null)`). Immutable.
 */
public class GroupKey(
    public val subject: String,
    public val items: Int,
    public val wait: WaitForm,
    public val jdk: String? = null,
    public val machine: String? = null,
    public val cpus: Int? = null,
    public val lib: Map<String, String>? = null,
) : ResultValue() {
    override val fields get() = listOf(::subject, ::items, ::wait, ::jdk, ::machine, ::cpus, ::lib)

    /** This value with the given properties replaced: the module's own `copy`, not public API. */
    internal fun copy(
        subject: String = this.subject,
        items: Int = this.items,
        wait: WaitForm = this.wait,
        jdk: String? = this.jdk,
        machine: String? = this.machine,
        cpus: Int? = this.cpus,
        lib: Map<String, String>? = this.lib,
    ): GroupKey = GroupKey(subject, items, wait, jdk, machine, cpus, lib)

    /**
     * How every report heads the group: `lists, 100 items (blocking)`, then ` on 2 cpus` in a `cpus=`
     * sweep, ` on JDK 21.0.8` in a several-JDK run, ` with kotlinx-coroutines 1.9.0` in a several-version run and
     * ` on machine 1a2b3c4d` in a merged file.
     */
    public val title: String get() = "$subject, $items items (${wait.id})" + cpus?.let {
        " on ${cores(it)}"
    }.orEmpty() +
        (jdk?.let { " on JDK $it" } ?: "") + libs + machine?.let { " on machine $it" }.orEmpty()

    /** ` with kotlinx-coroutines 1.9.0, rxjava 3.1.8`, or empty without [lib]. */
    internal val libs: String get() = lib?.entries?.joinToString(", ", " with ") { (n, v) -> "$n $v" }.orEmpty()

    /** The same work on any machine: what a merged report compares across machines. */
    public val work: GroupKey get() = copy(machine = null)

    public companion object {
        public fun of(cell: CellResult): GroupKey =
            GroupKey(cell.workload, cell.items, cell.wait, cell.jdk, cell.machine, cell.sweep?.cpus, cell.lib)

        /** The key of a recorded decision. */
        public fun of(group: GroupResult): GroupKey =
            GroupKey(group.workload, group.items, group.wait, group.jdk, group.machine, group.cpus, group.lib)

        /** `1 cpu`, `2 cpus`. */
        internal fun cores(cpus: Int): String = "$cpus cpu${if (cpus == 1) "" else "s"}"
    }
}
