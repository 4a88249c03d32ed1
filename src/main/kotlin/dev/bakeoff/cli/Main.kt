package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.CliktError
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.UsageError
import com.github.ajalt.clikt.core.context
import com.github.ajalt.clikt.core.parse
import com.github.ajalt.clikt.core.subcommands
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.output.Localization
import dev.bakeoff.engine.link.Credentials
import dev.bakeoff.engine.session.MachineBusyException
import dev.bakeoff.model.CatalogException
import dev.bakeoff.report.ResultsFileException
import dev.bakeoff.report.SafeText
import kotlin.system.exitProcess

/** `bakeoff`: the root command; every action is a subcommand. */
internal class BakeoffCommand : CliktCommand(name = "bakeoff") {
    init {
        context { localization = BakeoffLocalization }
    }

    override fun help(context: Context) =
        "Which JVM concurrency approach is fastest for this kind of work, on this machine, and why."

    // The launcher's own commands never reach the CLI, so its help names them.
    override fun helpEpilog(context: Context) =
        "The launcher also runs: ./bakeoff verify (build, every test and the format check, as CI does), " +
            "./bakeoff format (reformat the sources), ./bakeoff jdk --home (the JDK it runs on)."

    override fun run() = Unit
}

/** clikt's texts, except that a bad `choice()`/`enum()` value reads like a catalog error: "unknown 'x'; valid: ...". */
private object BakeoffLocalization : Localization {
    override fun invalidChoice(choice: String, choices: List<String>): String {
        val valid = choices.joinToString()
        return "unknown '$choice'; valid: $valid"
    }
}

/** The command tree, wired in one place. */
internal fun bakeoff(): CliktCommand = BakeoffCommand().subcommands(
    ListCommand(),
    RunCommand(),
    SweepCommand(),
    LoadCommand(),
    CapacityCommand(),
    FootprintCommand(),
    ScenarioCommand(),
    ReportCommand(),
    CompareCommand(),
    CheckCommand(),
    MergeCommand(),
    RecommendCommand(),
    SelfCheckCommand(),
    JdkCommand(),
)

/** Turns bad user input into one clear line and exit code 2. */
internal inline fun <T> userInput(block: () -> T): T = try {
    block()
} catch (e: CatalogException) {
    throw UsageError(e.message, statusCode = 2)
} catch (e: ResultsFileException) {
    throw UsageError(e.message, statusCode = 2)
}

/**
 * Runs the CLI and returns its exit status: 0 ok, 1 when a cell failed, 2 for bad input (an
 * unknown name, a bad number, an unwritable directory, an unsuitable JDK), as one clear line.
 */
internal fun runCli(
    args: Array<String>,
    command: CliktCommand = bakeoff().context { terminal = outputTerminal() },
): Int = try {
    command.parse(args)
    0
} catch (e: UsageError) {
    // One line, not clikt's usage block: the message already names the valid choices.
    val line = command.getFormattedHelp(e)?.lines()?.lastOrNull { it.isNotBlank() }
    // The terminal may style the line ("Error:" in colour), which would defeat the prefix match.
    val message = line?.replace(ANSI_STYLE, "")?.removePrefix("Error: ") ?: e.message
    // It may quote what the user typed (a password: --param password=...) or a results file's names (control
    // characters): the password is masked, the characters shown, not sent.
    command.echo("bakeoff: ${SafeText.line(Credentials.maskedLine("$message"))} (see --help)", err = true)
    2
} catch (e: MachineBusyException) {
    command.echo("bakeoff: ${e.message}", err = true)
    2
} catch (e: CliktError) {
    command.echoFormattedHelp(e)
    e.statusCode
}

private val ANSI_STYLE = Regex("\u001B\\[[0-9;]*m")

internal fun main(args: Array<String>) {
    exitProcess(runCli(args))
}
