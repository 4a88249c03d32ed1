package dev.bakeoff.cli

import dev.bakeoff.engine.lib.LibRepositoryFixture
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse

/** `--lib` on the command line, resolved from a repository in a folder (no network), and `list --libraries`. */
class LibOptionTest {
    @TempDir
    lateinit var tmp: Path

    private fun repository() = LibRepositoryFixture(tmp.resolve("repo")).apply {
        add("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:9.9.9")
    }

    private fun from(repo: LibRepositoryFixture) =
        arrayOf("--lib-repository", repo.uri, "--lib-cache", "${tmp.resolve("cache")}")

    @Test
    fun `a version the repository lacks is refused before anything runs, in one line, exit 2`() {
        val out = tmp.resolve("out")
        val args = arrayOf("run", "-w", "mixed", "-s", "coroutine-io", "-p", "smoke", "--out", "$out")
        assertUsageError("org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm:0.0.1", *args, "--lib", "kotlinx-coroutines=0.0.1", *from(repository()))
        assertFalse(out.toFile().exists(), "nothing was measured")
        assertUsageError("unknown library 'guava'", *args, "--lib", "guava=33.0", *from(repository()))
        assertUsageError("--lib 'kotlinx-coroutines'; valid: NAME=V1,V2", *args, "--lib", "kotlinx-coroutines", *from(repository()))
    }

    @Test
    fun `every cell is planned once per version, with the grid's size in the listing`() {
        val (code, output) = cli("run", "-w", "mixed", "-s", "coroutine-io,flow-io", "-p", "smoke", "--dry-run", "--lib", "kotlinx-coroutines=9.9.9", *from(repository()))
        assertEquals(0, code, output)
        assertContains(output, "coroutine-io x mixed x 100 (blocking) with kotlinx-coroutines 9.9.9")
        assertContains(output, "flow-io x mixed x 100 (blocking) with kotlinx-coroutines 9.9.9")
        assertContains(output, "2 cells")
    }

    @Test
    fun `list --libraries names what --lib takes, with each library's module and the strategies that need a version`() {
        val (code, output) = cli("list", "--libraries")
        assertEquals(0, code, output)
        assertContains(output, "org.jetbrains.kotlinx:kotlinx-coroutines-core-jvm")
        assertContains(output, "io.reactivex.rxjava3:rxjava")
        assertContains(output, "io.projectreactor:reactor-core")
        assertContains(output, "reactor-bounded-elastic-virtual >= 3.6")
    }
}
