package dev.bakeoff.cli

import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import dev.bakeoff.report.LoadFixture
import dev.bakeoff.result.QueueingCheck
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertFalse

/** The console's load table: a queueing prediction far below a nanosecond stays one short figure. */
class LoadTablesTest {
    @Test
    fun `an Erlang C wait of 1e-56 ns is shown as under a nanosecond, not in 60 digits`() {
        val run = LoadFixture.run(capacity = false)
        val tiny = QueueingCheck("M/G/64 (Erlang C, Allen-Cunneen)", 64, 0.047, 9.68e-57, 1_510_144.0)
        val load = run.load!!.map { if (it.strategy == "virtual-threads") it.copy(queueing = tiny) else it }
        val text = LoadTables.render(Terminal(terminalInterface = TerminalRecorder(width = 250)), run.copy(load = load))
        val row = text.lines().single { "virtual-threads" in it }
        assertContains(row, "1.51 ms (M/G/64 < 1 ns)")
        assertFalse("0.0000" in row, row)
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
