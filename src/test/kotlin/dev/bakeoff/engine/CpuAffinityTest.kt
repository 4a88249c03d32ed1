package dev.bakeoff.engine

import dev.bakeoff.engine.fork.CpuAffinity
import dev.bakeoff.engine.fork.ForkJvm
import dev.bakeoff.engine.plan.RunOptions
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import java.util.concurrent.TimeUnit
import kotlin.test.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** `--cpus N` is a bound the OS enforces: the measured JVMs start under `taskset` on N of the usable cores. */
class CpuAffinityTest {
    @TempDir
    lateinit var tmp: Path

    @Test
    fun `a processor list as Linux writes it`() {
        assertEquals(listOf(0, 1, 2, 3, 8, 10, 11), CpuAffinity.parseList("0-3,8,10-11\n"))
        assertEquals(listOf(5), CpuAffinity.parseList(" 5"))
    }

    @Test
    fun `more cores than the machine gives is a one-line problem, as many is none`() {
        val cores = CpuAffinity.usable.size
        assertContains(
            checkNotNull(CpuAffinity.problem(cores + 1)),
            "invalid --cpus '${cores + 1}'; valid: a whole number from 1 to $cores",
        )
        assertNull(CpuAffinity.problem(cores))
    }

    @Test
    fun `a program started through the wrapper runs on the first N usable cores only`() {
        // grep stands in for java: the wrapper passes every argument on, under taskset.
        val wrapper = CpuAffinity.wrapper(Path.of("/bin/grep"), 1, tmp)
        val p = ProcessBuilder(wrapper.toString(), "Cpus_allowed_list", "/proc/self/status").start()
        val out = p.inputStream.bufferedReader().readText()
        p.waitFor(30, TimeUnit.SECONDS)
        assertEquals("Cpus_allowed_list:\t${CpuAffinity.usable.first()}", out.trim())
        // Written once: the same JDK and cores reuse the file.
        assertEquals(wrapper, CpuAffinity.wrapper(Path.of("/bin/grep"), 1, tmp))
    }

    @Test
    fun `a probe JVM's command starts with taskset on the --cpus cores`() {
        val jvm = ForkJvm(RunOptions(emptyList(), emptyList(), out = tmp, cpus = 1))
        val launcher = jvm.launcher
        assertEquals(listOf("-c", "${CpuAffinity.usable.first()}", jvm.java.toString()), launcher.drop(1))
        assertEquals("taskset", Path.of(launcher.first()).fileName.toString())
        assertEquals(listOf(jvm.java.toString()), ForkJvm(RunOptions(emptyList(), emptyList(), out = tmp)).launcher)
    }
}
