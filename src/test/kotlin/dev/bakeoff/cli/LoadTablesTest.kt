package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import dev.bakeoff.result.QueueingCheck
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertFalse

/** The console's load table: a queueing prediction far below a nanosecond stays one short figure; the model's agreement. */
class LoadTablesTest {
    @Test
    fun `an Erlang C wait of 1e-56 ns is shown as no wait, not in 60 digits nor as a figure under 1 ns`() {
        val run = LoadFixture.run(capacity = false)
        val tiny = QueueingCheck("M/G/64 (Erlang C, Allen-Cunneen)", 64, 0.047, 9.68e-57, 1_510_144.0)
        val load = run.load!!.map { if (it.strategy == "virtual-threads") it.copy(queueing = tiny) else it }
        val text = LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = load))
        val row = text.lines().single { "virtual-threads" in it }
        assertContains(row, "1.51 ms (M/G/64 no wait)")
        assertFalse("0.0000" in row, row)
    }

    @Test
    fun `the machine's model prints its agreement per cell and, off by more than 20 percent, what broke`() {
        val run = LoadFixture.run(capacity = false)
        val costs = LoadCosts(cores = 2, cpuNsPerItem = 60_000.0, generatorNsPerItem = 40_000.0, arrivalScv = 1.7)
        fun check(agreement: Double, broken: List<ModelAssumption>) = QueueingCheck(
            "M/G/4 (Erlang C, Allen-Cunneen)",
            4,
            0.75,
            1_180_000.0,
            3_160_000.0,
            MachineFit(0.06, 20_000.0, 1_200_000.0, agreement, broken),
        )
        val load = run.load!!.map {
            when (it.strategy) {
                "virtual-threads" -> it.copy(queueing = check(0.38, listOf(ModelAssumption.ARRIVALS)), figures = it.figures!!.copy(costs = costs))
                "executor-fixed:size=4" -> it.copy(queueing = check(0.9, emptyList()))
                else -> it
            }
        }
        val text = LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = load))
        assertContains(text.lines().first { "executor-fixed:size=4" in it }, "3.16 ms (M/G/4 1.18 ms; +cores 1.20 ms x0.900)")
        assertContains(
            text,
            "  virtual-threads: the model's wait is x0.380 the measured one: the arrivals were not as declared (inter-arrival SCV 1.70, declared 1.00)",
        )
        assertFalse("executor-fixed:size=4: the model's wait" in text, "within 20%: nothing to explain")
        val none = load.map { if (it.strategy == "virtual-threads") it.copy(queueing = check(1.5, emptyList())) else it }
        assertContains(
            LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = none)),
            "virtual-threads: the model's wait is x1.50 the measured one: none of the arrivals, the service time's distribution or the cores' share busy with the generator and other processes explains it",
        )
    }

    @Test
    fun `a strategy the budget left unmeasured is a row of dashes and says so`() {
        val run = LoadFixture.run()
        val unmeasured = run.capacity!!.first().copy(
            capacityPerSec = null,
            ceilingPerSec = null,
            points = emptyList(),
            confidence = 0.95,
            judged = emptyList(),
            outOfBudget = true,
        )
        val text = LoadTables.capacity(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(capacity = listOf(unmeasured)))
        assertContains(text, "capacity not bracketed at p99=20ms, 95%, 0 forks; out of budget")
    }
}
