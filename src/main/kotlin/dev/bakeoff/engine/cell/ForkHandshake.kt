package dev.bakeoff.engine.cell

import dev.bakeoff.engine.link.ForkEntry

/**
 * The smallest thing a measured JVM does: load a class of Bakeoff's from the run's classpath and print
 * [ForkEntry.HANDSHAKE_TOKEN]. The host runs it once on each `--jdk` before anything is measured
 * (`JavaCheck`), so that a `java` that answers `-version` but cannot run a fork (a wrapper, a JDK too old
 * for the classes) is one line then, not an exception of JMH's in the middle of the run. Runs on its
 * JVM's main thread.
 */
internal object ForkHandshake {
    @JvmStatic
    fun main(args: Array<String>) {
        println(ForkEntry.HANDSHAKE_TOKEN)
    }
}
