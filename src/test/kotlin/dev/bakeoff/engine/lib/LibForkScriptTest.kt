package dev.bakeoff.engine.lib

import dev.bakeoff.engine.fork.CpuAffinity
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertEquals

/** The `java` JMH starts a fork of other library versions with: JMH's `-cp` (this JVM's) becomes the version's. */
class LibForkScriptTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `the wrapper puts the version's classpath in place of the one after -cp and passes the rest as given`() {
        val script = CpuAffinity.wrapper(Path.of("/bin/echo"), null, tmp, classpath = "/v/a b.jar:/v/c.jar")
        val process = ProcessBuilder(script.toString(), "-Xms512m", "-Dx=it's", "-cp", "/host.jar", "Main", "-cp").start()
        val output = process.inputStream.bufferedReader().readText().trim()
        assertEquals(0, process.waitFor())
        assertEquals("-Xms512m -Dx=it's -cp /v/a b.jar:/v/c.jar Main -cp", output)
    }
}
