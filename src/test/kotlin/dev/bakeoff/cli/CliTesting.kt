package dev.bakeoff.cli

import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** Runs the CLI in-process, as `main` would; returns the exit code and everything printed (stdout and stderr). */
fun cli(vararg args: String): Pair<Int, String> {
    val recorder = TerminalRecorder(width = 220)
    val code = runCli(arrayOf(*args), bakeoff().context { terminal = Terminal(terminalInterface = recorder) })
    return code to recorder.output()
}

/** Asserts that [args] is bad input: exit code 2 and one line containing [expected]. */
fun assertUsageError(expected: String, vararg args: String) {
    val (code, output) = cli(*args)
    assertEquals(2, code, output)
    assertContains(output, expected)
}
