package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.LoadCosts
import dev.bakeoff.result.MachineFit
import dev.bakeoff.result.ModelAssumption
import dev.bakeoff.result.ModelKneeFit
import dev.bakeoff.result.QueueingCheck
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
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
        val ordered = LoadCosts(2, 60_000.0, 40_000.0, 1.0, serviceCorrelation = 0.94)
        val order = load.map {
            if (it.strategy == "executor-fixed:size=4") {
                it.copy(queueing = check(0.6, listOf(ModelAssumption.SERVICE_ORDER)), figures = it.figures!!.copy(costs = ordered))
            } else {
                it
            }
        }
        assertContains(
            LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = order)),
            "executor-fixed:size=4: the model's wait is x0.600 the measured one: the service times came in a correlated order (lag-1 autocorrelation 0.940)",
        )
        val none = load.map { if (it.strategy == "virtual-threads") it.copy(queueing = check(1.5, emptyList())) else it }
        assertContains(
            LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = none)),
            "virtual-threads: the model's wait is x1.50 the measured one: none of the arrivals, the service time's distribution, its order or the cores' share busy with the generator and other processes explains it",
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

    @Test
    fun `each strategy's model knee is a line after the capacities, inside the range, or how far out and what broke`() {
        val run = LoadFixture.forked()
        fun render(knee: ModelKneeFit?): List<String> {
            val capacity = run.capacity!!.map { if (it.strategy == "virtual-threads") it else it.copy(modelKnee = knee) }
            return LoadTables.capacity(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(capacity = capacity)).lines()
        }
        val inside = render(LoadFixture.KNEE)
        assertEquals(
            "executor-fixed:size=4: model knee 3420/s (ρ 0.851), measured 3200–4000/s: inside (×0.950 its middle)",
            inside[inside.indexOfFirst { it.startsWith("virtual-threads: capacity") } + 1],
            "after every capacity's own line",
        )
        assertFalse(inside.any { it.startsWith("virtual-threads: model knee") }, "no knee: no line")
        val outside = ModelKneeFit(4250.0, 0.94, 4521.3, anchorNs = 2_100_000.0, forks = 9, agreement = 4250.0 / 3600, inside = false, broken = listOf(ModelAssumption.BUSY_CORES))
        assertContains(
            render(outside),
            "executor-fixed:size=4: model knee 4250/s (ρ 0.940), measured 3200–4000/s: outside, the model ×1.18 the measured knee: it breaks at ρ 0.796, the model at 0.940; broken: busy-cores",
        )
        assertContains(
            render(outside.copyWith(broken = emptyList())).joinToString("\n"),
            "; no assumption the model checks broke at the range's ends",
        )
        assertContains(
            render(ModelKneeFit(4020.1, 1.0, 4020.1, atSaturation = true, anchorNs = 2_100_000.0, forks = 9, agreement = 4020.1 / 3600, inside = false)),
            "executor-fixed:size=4: model knee 4020/s at saturation (the model's waits never reach p99=20ms below it), measured 3200–4000/s: outside, " +
                "the model ×1.12 the measured knee: it breaks at ρ 0.896, the model at 1.00; no assumption the model checks broke at the range's ends",
        )
        assertContains(
            render(ModelKneeFit(saturationPerSec = 4020.1, anchorNs = 25_100_000.0, forks = 3)),
            "executor-fixed:size=4: no model knee: p99 at the lowest rate, 1000/s, is 25.1 ms, beyond p99=20ms before any wait",
        )
    }

    private fun ModelKneeFit.copyWith(broken: List<ModelAssumption>) =
        ModelKneeFit(perSec, utilisation, saturationPerSec, atSaturation, anchorNs, forks, agreement, inside, broken)
}
