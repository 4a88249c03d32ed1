package dev.bakeoff.engine.race

import dev.bakeoff.engine.fork.CellForks
import dev.bakeoff.engine.fork.JmhCellRunner
import dev.bakeoff.metrics.Disturbance
import dev.bakeoff.result.CellResult
import dev.bakeoff.result.CellStatus

/**
 * The race's rule for a fork whose timed runs other processes disturbed (docs/RESULTS.md, "Racing"), fixed before
 * any run: a screening or timing fork that ended ok while the rest of the machine kept over [Disturbance]'s share
 * of its cores busy ([dev.bakeoff.result.ForkAnatomy.otherCores]) is set aside and measured once more, when the
 * budget allows and the machine is not simply busy ([Disturbance.Tally]) (a screening fork for its timed runs only:
 * its untimed figures came after them, [screenedAgain]); the second one counts whatever it reads,
 * so a machine that stays busy cannot hold a race for ever. On 2 cores one such fork, whose figure is the other
 * process's as much as the strategy's, can hold a pair open or put a strategy behind its twin. Steal (the hypervisor
 * running another guest on these cores) counts as another process: measured here on 2026-11-28, 0.05–0.14 cores of
 * steal while a load JVM ran and about 0.01 at idle. Pure; safe from any thread.
 */
internal object DisturbedForks {
    /**
     * The most cores other processes kept busy during the timed runs of [result] (one launch's forks) when over
     * [Disturbance]'s share of [cores]: the fork is to be measured again; null when it counts as it is.
     */
    fun otherCores(result: CellResult, cores: Int): Double? {
        if (result.status != CellStatus.OK) return null
        return result.forks.orEmpty().filter { it.role.timed }.mapNotNull { it.otherCores }
            .filter { Disturbance.disturbed(it, cores) }.maxOrNull()
    }

    /**
     * [again], the fork measured once more, with the forks of [disturbed] before its own, their timed ones set
     * aside ([dev.bakeoff.result.ForkAnatomy.disturbed]): their runs enter no figure or test, their wall time
     * stays in the run's forks.
     */
    fun setAside(disturbed: JmhCellRunner.Outcome, again: JmhCellRunner.Outcome): JmhCellRunner.Outcome =
        JmhCellRunner.Outcome(
            again.result.copy(forks = asideForks(disturbed) + again.result.forks.orEmpty()),
            again.jmh,
        )

    /**
     * A disturbed screening fork measured once more with its timed runs only ([again]): the cell's time figures
     * are [again]'s, its untimed figures (threads, trace, evidence, limit) the [disturbed] fork's, taken after its
     * timed runs, which alone the other processes' cores were measured over; its timed runs are set aside.
     */
    fun screenedAgain(disturbed: JmhCellRunner.Outcome, again: JmhCellRunner.Outcome): JmhCellRunner.Outcome =
        JmhCellRunner.Outcome(
            CellForks.merged(again.result, disturbed.result.copy(forks = asideForks(disturbed))),
            again.jmh,
        )

    private fun asideForks(disturbed: JmhCellRunner.Outcome) =
        disturbed.result.forks.orEmpty().map { if (it.role.timed) it.setAside() else it }
}
