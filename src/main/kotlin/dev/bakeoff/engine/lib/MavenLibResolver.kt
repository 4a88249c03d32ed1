package dev.bakeoff.engine.lib

import org.eclipse.aether.RepositorySystem
import org.eclipse.aether.artifact.DefaultArtifact
import org.eclipse.aether.collection.CollectRequest
import org.eclipse.aether.graph.Dependency
import org.eclipse.aether.repository.RemoteRepository
import org.eclipse.aether.resolution.DependencyRequest
import org.eclipse.aether.supplier.RepositorySystemSupplier
import org.eclipse.aether.supplier.SessionBuilderSupplier
import org.eclipse.aether.util.artifact.JavaScopes
import org.eclipse.aether.util.filter.DependencyFilterUtils
import java.nio.file.Files
import java.nio.file.Path
import java.security.MessageDigest

/**
 * Resolves library versions with Maven Resolver (the library Maven itself resolves with): the artifact and its
 * runtime dependencies from [remote] (Maven Central), kept in the local repository [cache]. What the cache holds is
 * resolved offline first, so a second run needs no network; only what it lacks is fetched. The repository's
 * checksums are verified on download (the resolver's default policy); each jar's SHA-256 is computed from the
 * cached copy for results.json. Thread-safe: each [resolve] has a repository system of its own.
 */
internal class MavenLibResolver(
    private val cache: Path = DEFAULT_CACHE,
    private val remote: String = CENTRAL,
) : LibResolver {
    override fun resolve(module: String, version: String): List<LibJar> = RepositorySystemSupplier().get().use {
        try {
            collect(it, module, version, offline = true)
        } catch (_: Exception) {
            try {
                collect(it, module, version, offline = false)
            } catch (e: Exception) {
                throw LibResolutionException("cannot resolve $module:$version from $remote: ${rootCause(e)}")
            }
        }
    }

    private fun collect(system: RepositorySystem, module: String, version: String, offline: Boolean): List<LibJar> {
        val builder = SessionBuilderSupplier(system).get()
            .withLocalRepositoryBaseDirectories(cache)
            .setSystemProperties(System.getProperties())
            .setOffline(offline)
        return builder.build().use { session ->
            val repository = RemoteRepository.Builder(REPOSITORY_ID, "default", remote).build()
            val root = Dependency(DefaultArtifact("$module:$version"), JavaScopes.RUNTIME)
            val request = DependencyRequest(
                CollectRequest(root, listOf(repository)),
                DependencyFilterUtils.classpathFilter(JavaScopes.RUNTIME),
            )
            system.resolveDependencies(session, request).artifactResults.map { result ->
                val a = result.artifact
                LibJar(a.groupId, a.artifactId, a.baseVersion, a.path, sha256(a.path))
            }
        }
    }

    companion object {
        const val CENTRAL = "https://repo.maven.apache.org/maven2/"

        /** The id the cache records its copies under: Maven's own for Central, so the cache reads as Maven's. */
        private const val REPOSITORY_ID = "central"

        /** `$XDG_CACHE_HOME/bakeoff/m2`, by default `~/.cache/bakeoff/m2`: a local repository of Bakeoff's own. */
        val DEFAULT_CACHE: Path
            get() = (
                System.getenv("XDG_CACHE_HOME")?.takeIf { it.isNotBlank() }?.let { Path.of(it) }
                    ?: Path.of(System.getProperty("user.home"), ".cache")
                ).resolve("bakeoff").resolve("m2")

        fun sha256(file: Path): String {
            val digest = MessageDigest.getInstance("SHA-256")
            Files.newInputStream(file).use { input ->
                val buffer = ByteArray(BUFFER)
                while (true) {
                    val n = input.read(buffer)
                    if (n < 0) break
                    digest.update(buffer, 0, n)
                }
            }
            return digest.digest().joinToString("") { "%02x".format(it) }
        }

        /** The innermost cause's message, on one line: what the resolver says went wrong. */
        private fun rootCause(e: Throwable): String {
            var cause = e
            while (cause.cause != null && cause.cause !== cause) cause = checkNotNull(cause.cause)
            return (cause.message ?: cause.javaClass.simpleName).lineSequence().first().trim()
        }

        private const val BUFFER = 64 * 1024
    }
}
