package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.main
import com.github.ajalt.clikt.core.subcommands
import com.github.ajalt.clikt.core.terminal
import dev.bakeoff.model.CatalogException

/** `bakeoff`: the root command; every action is a subcommand. */
class BakeoffCommand : CliktCommand(name = "bakeoff") {
    override fun help(context: Context) = "Which JVM concurrency approach is fastest for this kind of work, on this machine, and why."

    override fun run() = Unit
}

/** The command tree, wired in one place. */
fun bakeoff(): CliktCommand = BakeoffCommand().subcommands(ListCommand())

/** Turns bad user input into one clear line and exit code 2. */
internal inline fun <T> userInput(block: () -> T): T = try {
    block()
} catch (e: CatalogException) {
    throw UsageError(e.message, statusCode = 2)
}

fun main(args: Array<String>) = bakeoff().context { terminal = outputTerminal() }.main(args)
