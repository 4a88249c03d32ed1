package dev.bakeoff.cli

import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder
import kotlin.test.assertContains
import kotlin.test.assertEquals

/** Runs the CLI in-process, as clikt's own tests do: the exit code and everything it printed. */
fun cli(vararg args: String, env: Map<String, String> = emptyMap()): Pair<Int, String> = cliAt(250, *args, env = env)

/** [cli] on a terminal [width] columns wide. */
fun cliAt(width: Int, vararg args: String, env: Map<String, String> = emptyMap()): Pair<Int, String> {
    val recorder = TerminalRecorder(width = width)
    val command = bakeoff().context {
        terminal = Terminal(terminalInterface = recorder)
        // The environment the command sees: [env] only, so that the machine's own never leaks into a test.
        envvarReader = { env[it] }
    }
    val code = runCli(arrayOf(*args), command)
    return code to recorder.output()
}

/** Asserts exit code 2 and one printed line holding [expected]. */
fun assertUsageError(expected: String, vararg args: String) {
    val (code, output) = cli(*args)
    assertEquals(2, code, output)
    assertContains(output, expected)
    assertEquals(1, output.trim().lines().size, output)
}
