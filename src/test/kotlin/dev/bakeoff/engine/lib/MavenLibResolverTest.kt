package dev.bakeoff.engine.lib

import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.nio.file.Files
import java.nio.file.Path
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/** Maven Resolver against a repository in a folder: no network. */
class MavenLibResolverTest {
    @TempDir
    lateinit var tmp: Path

    private fun repository() = LibRepositoryFixture(tmp.resolve("repo")).apply {
        add("org.example:dep:2.0")
        add("org.example:lib:1.0", dependencies = listOf("org.example:dep:2.0"))
    }

    @Test
    fun `a version and its runtime dependencies resolve into the cache, with coordinates and SHA-256`() {
        val repo = repository()
        val cache = tmp.resolve("cache")
        val jars = MavenLibResolver(cache, repo.uri).resolve("org.example:lib", "1.0")
        assertEquals(listOf("org.example:lib:1.0", "org.example:dep:2.0"), jars.map { it.coordinates })
        jars.forEach { jar ->
            assertTrue(jar.path.startsWith(cache), "${jar.path} is not in the cache")
            assertEquals(64, jar.sha256.length)
            assertEquals(MavenLibResolver.sha256(jar.path), jar.sha256)
        }
    }

    @Test
    fun `once cached, a version resolves with its repository gone`() {
        val cache = tmp.resolve("cache")
        val first = MavenLibResolver(cache, repository().uri).resolve("org.example:lib", "1.0")
        val gone = tmp.resolve("nowhere").toUri().toString()
        val again = MavenLibResolver(cache, gone).resolve("org.example:lib", "1.0")
        assertEquals(first, again)
    }

    @Test
    fun `a version the repository does not have is refused in one line naming it`() {
        val e = assertThrows<LibResolutionException> {
            MavenLibResolver(tmp.resolve("cache"), repository().uri).resolve("org.example:lib", "0.0.1")
        }
        assertContains(e.message!!, "org.example:lib:0.0.1")
        assertEquals(1, e.message!!.lines().size, e.message)
        assertTrue(Files.notExists(tmp.resolve("cache/org/example/lib/0.0.1/lib-0.0.1.jar")))
    }
}
