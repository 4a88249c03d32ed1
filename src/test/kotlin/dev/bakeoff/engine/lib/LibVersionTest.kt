package dev.bakeoff.engine.lib

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.plan.CellSpec
import dev.bakeoff.engine.plan.RunOptions
import dev.bakeoff.model.RunContext
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.io.File
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertNull
import kotlin.test.assertTrue

/** `--lib`: what it parses to, the classpath a fork of a version gets, the cells and groups it makes, its skips. */
class LibVersionTest {
    private val known = mapOf("kotlinx-coroutines" to "org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm")

    private fun jar(coordinates: String): LibJar {
        val (g, a, v) = coordinates.split(':')
        return LibJar(g, a, v, Path.of("/cache/${g.replace('.', '/')}/$a/$v/$a-$v.jar"), "00")
    }

    private fun version(name: String, v: String, vararg jars: String) = LibVersion(name, v, jars.map(::jar))

    @Test
    fun `NAME=V1,V2 parses to the library's module and versions in order, and anything else names what is valid`() {
        assertEquals(
            LibRequest("kotlinx-coroutines", known.getValue("kotlinx-coroutines"), listOf("1.9.0", "1.11.0")),
            LibRequest.parse("kotlinx-coroutines=1.9.0,1.11.0", known),
        )
        for (bad in listOf("kotlinx-coroutines", "kotlinx-coroutines=", "=1.0", "kotlinx-coroutines=1.0,,2.0", "k=a b")) {
            assertContains(assertThrows<IllegalArgumentException> { LibRequest.parse(bad, known) }.message!!, "valid:")
        }
        val unknown = assertThrows<IllegalArgumentException> { LibRequest.parse("guava=33.0", known) }.message!!
        assertContains(unknown, "unknown library 'guava'; valid: NAME=V1,V2 with NAME one of kotlinx-coroutines")
        assertThrows<IllegalArgumentException> { LibRequest.parse("kotlinx-coroutines=1.9.0,1.9.0", known) }
        val twice = listOf("kotlinx-coroutines=1.9.0", "kotlinx-coroutines=1.10.0")
        assertContains(assertThrows<IllegalArgumentException> { LibRequest.parseAll(twice, known) }.message!!, "twice")
    }

    @Test
    fun `versions compare number by number`() {
        assertTrue(LibVersion.atLeast("3.10.0", "3.6"))
        assertTrue(LibVersion.atLeast("3.6", "3.6"))
        assertTrue(LibVersion.atLeast("3.6.0-M1", "3.6"))
        assertFalse(LibVersion.atLeast("3.5.20", "3.6"))
        assertFalse(LibVersion.atLeast("2.9", "3.6"))
    }

    @Test
    fun `a fork's classpath has the version's own jars in place of every copy of them, and keeps the host's others`() {
        val host = listOf(
            "/m2/org/jetbrains/kotlinx/kotlinx-coroutines-core-jvm/1.11.0/kotlinx-coroutines-core-jvm-1.11.0.jar",
            "/m2/org/jetbrains/kotlin/kotlin-stdlib/2.4.10/kotlin-stdlib-2.4.10.jar",
            "/work/target/classes",
        )
        val resolved = listOf(
            jar("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:1.9.0"),
            jar("org.jetbrains.kotlin:kotlin-stdlib:2.0.0"),
            jar("org.jetbrains:annotations:23.0.0"),
        )
        val v = LibVersion.of("kotlinx-coroutines", "1.9.0", known.getValue("kotlinx-coroutines"), resolved, host)
        // Bakeoff's own stdlib stays: it is newer, and Bakeoff is compiled against it; what the host lacks comes along.
        assertEquals(listOf("kotlinx-coroutines-core-jvm", "annotations"), v.jars.map { it.artifact })
        val cp = LibClasspath.of(host.joinToString(File.pathSeparator), listOf(v)).split(File.pathSeparator)
        assertEquals(listOf(host[1], host[2]) + v.jars.map { it.path.toString() }, cp)
        assertEquals("a:b", LibClasspath.of("a:b", emptyList()))
    }

    @Test
    fun `every cell runs once per combination of versions, each version's cells grouped apart`() {
        val coroutines = LibAxis("kotlinx-coroutines", listOf(version("kotlinx-coroutines", "1.9.0"), version("kotlinx-coroutines", "1.11.0")))
        val reactor = LibAxis("reactor-core", listOf(version("reactor-core", "3.5.20")))
        val options = RunOptions(
            strategies = listOf(Strategies.catalog.resolve("coroutine-io")),
            workloads = listOf(Workloads.catalog.resolve("mixed")),
            out = Path.of("out"),
            libs = listOf(coroutines, reactor),
        )
        val cells = options.cells()
        assertEquals(2, cells.size)
        assertEquals(listOf(mapOf("kotlinx-coroutines" to "1.9.0", "reactor-core" to "3.5.20"), mapOf("kotlinx-coroutines" to "1.11.0", "reactor-core" to "3.5.20")), cells.map { it.group.lib })
        assertEquals(2, cells.map { it.group }.distinct().size, "each version decided apart")
        assertEquals(cells[0].group.copy(lib = null), cells[1].group.copy(lib = null))
        assertEquals("coroutine-io x mixed x 100 (blocking) with kotlinx-coroutines 1.9.0, reactor-core 3.5.20", cells[0].key.toString())
        assertEquals(mapOf("kotlinx-coroutines" to "1.9.0", "reactor-core" to "3.5.20"), cells[0].result().lib)
        assertNull(options.copy(libs = emptyList()).cells().single().group.lib)
    }

    @Test
    fun `a strategy is not run on a version before the one it needs, nor when its fork finds an API missing`() {
        val spec = CellSpec.parse("reactor-bounded-elastic-virtual", "mixed", 10, "blocking")
        val old = listOf(version("reactor-core", "3.5.20"))
        assertEquals(
            "not run: reactor-bounded-elastic-virtual needs reactor-core 3.6 or later, and this cell runs reactor-core 3.5.20",
            spec.copy(libs = old).deadlock(RunContext()),
        )
        assertNull(spec.copy(libs = listOf(version("reactor-core", "3.6.0"))).deadlock(RunContext()))
        val error = "java.lang.NoSuchMethodError: 'java.lang.Object kotlinx.coroutines.BuildersKt.runBlockingK()'\n\tat x"
        val coroutines = listOf(version("kotlinx-coroutines", "1.9.0"))
        assertEquals(
            "not run: it needs an API that kotlinx-coroutines 1.9.0 lacks " +
                "(NoSuchMethodError: 'java.lang.Object kotlinx.coroutines.BuildersKt.runBlockingK()')",
            LibClasspath.missingApi(error, coroutines),
        )
        assertNull(LibClasspath.missingApi(error, emptyList()), "on Bakeoff's own versions a missing class is a bug")
        assertNull(LibClasspath.missingApi("java.lang.IllegalStateException: boom", coroutines))
    }
}
