package dev.bakeoff.cli

import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.terminal.TerminalRecorder

/** Runs the CLI in-process, as clikt's own tests do: the exit code and everything printed (stdout and stderr). */
fun recordCliForTests(vararg args: String): Pair<Int, String> {
    val recorder = TerminalRecorder(width = 200)
    val code = runCli(arrayOf(*args), bakeoff().context { terminal = Terminal(terminalInterface = recorder) })
    return code to recorder.output()
}
