package dev.bakeoff.engine

import dev.bakeoff.engine.cell.MeasuredJvm
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/** What a measured JVM leaves behind when it halts: JFR's repository only while a recording still holds chunks. */
class MeasuredJvmTest {
    @Test
    fun `an empty JFR repository is removed, one holding a recording's chunks is kept`(@TempDir tmp: Path) {
        val empty = Files.createDirectory(tmp.resolve("2026_11_28_21_07_33_17908"))
        MeasuredJvm.dropJfrRepository(empty.toString())
        assertFalse(Files.exists(empty))
        val held = Files.createDirectory(tmp.resolve("2026_11_28_21_07_34_17909"))
        val chunk = Files.writeString(held.resolve("2026_11_28_21_07_34.jfr"), "chunk")
        MeasuredJvm.dropJfrRepository(held.toString())
        assertTrue(Files.exists(chunk))
        // No recording ever started: JFR names no repository, and nothing happens.
        MeasuredJvm.dropJfrRepository(null)
        assertTrue(Files.exists(held))
    }
}
