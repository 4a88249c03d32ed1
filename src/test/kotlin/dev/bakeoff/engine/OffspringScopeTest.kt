package dev.bakeoff.engine

import dev.bakeoff.cli.cli
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * A cell ends the processes its fork started, and only those: a process the Bakeoff JVM had
 * before the cell (a library user's own, a browser a test drives) is still running after it.
 */
class OffspringScopeTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a process this JVM started before a cell outlives the cell`() {
        val mine = ProcessBuilder("sleep", "600").start()
        try {
            val (code, output) = cli("run", "-w", "arithmetic", "-s", "direct", "-p", "smoke", "--out", "${tmp.resolve("r")}")
            assertEquals(0, code, output)
            assertTrue(mine.isAlive, "the cell ended a process it did not start")
        } finally {
            mine.destroyForcibly().waitFor()
        }
    }
}
