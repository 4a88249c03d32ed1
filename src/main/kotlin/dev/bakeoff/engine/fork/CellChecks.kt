package dev.bakeoff.engine.fork

import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.model.WaitForm

/**
 * What only a run's expanded cells show, refused before anything runs, in one line, by the CLI (`run`, `sweep`,
 * `scenario`: exit code 2) and the library (`Bakeoff.compare`: an [IllegalArgumentException]) alike. Stateless.
 */
internal object CellChecks {
    /**
     * Why [options]' cells cannot run as asked, or null: a core count a cell sets itself (`--param cpus=1,3`,
     * `--suite hazards`) is checked as `--cpus` is ([CpuAffinity.problem]), and [cpus] given beside such cells is
     * refused (it would apply to none of them); a wait form given explicitly ([waits], null when the default) that
     * a workload has no form of (the blocking-only lock and hazard workloads) is refused naming those workloads.
     */
    fun problem(options: RunOptions, cpus: Int?, waits: List<WaitForm>?): String? {
        val swept = options.cells().mapNotNull { it.cpus }.distinct().sorted()
        if (swept.isNotEmpty() && cpus != null) {
            return "--cpus $cpus: these cells set their own cores (cpus=${swept.joinToString(",")}, swept by " +
                "--param cpus or the suite); drop --cpus, or sweep only the cores you want with --param cpus="
        }
        swept.firstNotNullOfOrNull { n -> CpuAffinity.problem(n, "cpus '$n' in --param or the suite") }
            ?.let { return it }
        val given = waits ?: return null
        val asked = if (given.size > 1) "both" else given.single().id
        for (form in options.waits) {
            val lacking = options.workloads.filter { it.entry.waitForms.isNotEmpty() && form !in it.entry.waitForms }
            if (lacking.isEmpty()) continue
            val them = if (lacking.size == 1) "it" else "them"
            return "--wait $asked: ${lacking.joinToString { it.spec }} ${if (lacking.size == 1) "has" else "have"} " +
                "no ${form.id} form (only ${lacking.first().entry.waitForms.joinToString { it.id }}); " +
                "measure $them with --wait ${lacking.first().entry.waitForms.first().id}, in a run of $them own"
        }
        return null
    }
}
