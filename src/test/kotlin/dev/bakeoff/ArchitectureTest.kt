package dev.bakeoff

import com.lemonappdev.konsist.api.Konsist
import org.junit.jupiter.api.Test
import java.nio.file.Files
import java.nio.file.Path
import java.nio.file.Paths
import kotlin.io.path.extension
import kotlin.io.path.readText
import kotlin.io.path.relativeTo
import kotlin.test.assertEquals
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The dependency direction of the main sources, as a test: every reference from one `dev.bakeoff`
 * package to another must be an edge of [ALLOWED], and every reference from one of `engine`'s rooms
 * (its sub-packages) to another an edge of [ROOMS]. docs/ARCHITECTURE.md ("Allowed dependencies",
 * "Engine rooms") shows the same lists, and a test keeps each in sync.
 *
 * Kotlin imports come from Konsist; fully qualified references in code (`dev.bakeoff.model.X(...)`)
 * and the Java JMH entry points (which belong to `engine`) are read from the source text with
 * comments and string literals blanked out, so KDoc links and help texts do not count.
 */
class ArchitectureTest {
    @Test
    fun `every reference between dev_bakeoff packages is an allowed edge`() {
        val references = references().filterNot { it.isSelfCheckTwin() }.mapNotNull { r ->
            val from = topPackage(r.from)!!
            topPackage(r.to)?.takeIf { it != from }?.let { r.copy(from = from, to = it) }
        }
        val unknown = references.map { it.from }.toSet() - ALLOWED.keys
        assertTrue(unknown.isEmpty(), "packages missing from ALLOWED (add them to it and to the doc): $unknown")
        val bad = references.filter { it.to !in ALLOWED.getValue(it.from) }
        if (bad.isNotEmpty()) {
            fail(
                "${bad.size} reference(s) against the allowed dependencies (ArchitectureTest.ALLOWED):\n" +
                    bad.joinToString("\n") { "  ${it.where}: ${it.from} -> ${it.to} (${it.what})" },
            )
        }
    }

    @Test
    fun `every reference between engine rooms is an allowed edge, and the rooms form no cycle`() {
        val references = references().filter { room(it.from) != null && room(it.to) != null }
        val unknown = references.flatMap { listOf(room(it.from), room(it.to)) }.toSet() - ROOMS.keys
        assertTrue(unknown.isEmpty(), "engine rooms missing from ROOMS (add them to it and to the doc): $unknown")
        val bad = references.filter { room(it.from) != room(it.to) && room(it.to) !in ROOMS.getValue(room(it.from)!!) }
        if (bad.isNotEmpty()) {
            fail(
                "${bad.size} reference(s) against the engine's rooms (ArchitectureTest.ROOMS):\n" +
                    bad.joinToString("\n") { "  ${it.where}: ${room(it.from)} -> ${room(it.to)} (${it.what})" },
            )
        }
        assertEquals(emptyList(), cycle(ROOMS), "the engine's rooms must point one way")
        val flat = Files.list(KOTLIN_ROOT.resolve("dev/bakeoff/engine")).use { it.filter(Files::isRegularFile).toList() }
        assertEquals(emptyList(), flat.map { it.fileName.toString() }, "every engine file lives in a room")
    }

    @Test
    fun `the host and the fork meet only in engine's shared rooms, and talk through link`() {
        assertEquals(ROOMS.keys, FORK_SIDE + HOST_SIDE + SHARED, "every engine room is on one side, or shared")
        assertEquals(ROOMS.keys.size, FORK_SIDE.size + HOST_SIDE.size + SHARED.size, "no room is on two sides")
        fun side(r: Reference): Pair<String?, String?> = side(room(r.from)) to side(room(r.to))
        val crossing = references().filter { r ->
            val (from, to) = side(r)
            from != null && to != null && from != to && to != SHARED_SIDE && !r.isSelfCheckTwinName()
        }
        assertEquals(
            emptyList(),
            crossing.map { "${it.where}: ${room(it.from)} -> ${room(it.to)} (${it.what})" },
            "host rooms ($HOST_SIDE) and fork rooms ($FORK_SIDE) reference each other only through $SHARED; " +
                "a message goes in `link`, the host names a fork's entry class by `link.ForkEntry`",
        )
        // Whatever a report the fork writes is, the host reads the same type: the link holds each, with one channel.
        val reports = Files.walk(KOTLIN_ROOT.resolve("dev/bakeoff")).use { paths ->
            paths.filter { it.extension == "kt" }.toList()
        }.flatMap { path ->
            REPORT_TYPE.findAll(codeOnly(path.readText())).map { path.parent.fileName.toString() to it.groupValues[1] }
        }
        assertEquals(
            emptyList(),
            reports.filter { (room, _) -> room != "link" }.map { it.second },
            "a report that crosses from the fork to the host (a @Serializable ...Report) lives in engine/link",
        )
    }

    @Test
    fun `metrics uses nothing that runs only in the fork`() {
        val files = Files.walk(KOTLIN_ROOT.resolve("dev/bakeoff/metrics")).use { paths ->
            paths.filter { it.extension == "kt" }.toList()
        }
        val bad = files.flatMap { path ->
            codeOnly(path.readText()).lines().flatMapIndexed { index, line ->
                FORK_ONLY.filter { line.contains(it) }.map { "${path.relativeTo(KOTLIN_ROOT)}:${index + 1}: $it" }
            }
        }
        assertEquals(
            emptyList(),
            bad,
            "metrics holds the host's statistics and models; what runs only in the measured JVM (the JVM's own " +
                "management and JFR interfaces, a batch's item traces, the fork's rooms) lives in engine/probe or cell",
        )
    }

    @Test
    fun `docs ARCHITECTURE_md lists exactly the engine's rooms and their edges`() {
        val doc = Paths.get("docs/ARCHITECTURE.md").readText()
        val section = doc.substringAfter("## Engine rooms\n").substringBefore("\n## ")
        assertEquals(ROOMS, edges(section), "docs/ARCHITECTURE.md's \"Engine rooms\" and ROOMS differ")
    }

    @Test
    fun `plug-in packages depend on model only`() {
        val bad = references().filter { topPackage(it.from) in PLUG_INS && topPackage(it.to) != MODEL }
        assertEquals(
            emptyList(),
            bad.map { "${it.where}: ${it.what}" },
            "strategy, workload and scenario are plug-ins: they may use dev.bakeoff.model and nothing else of Bakeoff",
        )
    }

    @Test
    fun `docs ARCHITECTURE_md lists exactly the allowed edges`() {
        val doc = Paths.get("docs/ARCHITECTURE.md").readText()
        val section = doc.substringAfter("## Allowed dependencies\n").substringBefore("\n## ")
        assertEquals(ALLOWED, edges(section), "docs/ARCHITECTURE.md's \"Allowed dependencies\" and ALLOWED differ")
    }

    @Test
    fun `only selfcheck's plain JMH twins name a plug-in outside the catalog`() {
        val plugInUsers = references().filter { topPackage(it.to) in PLUG_INS && topPackage(it.from) !in PLUG_INS }
        val outside = plugInUsers.filter { topPackage(it.from) != CATALOG && !it.isSelfCheckTwin() }
        assertEquals(emptyList(), outside.map { "${it.where}: ${it.what}" }, "only dev.bakeoff.catalog names plug-ins")
    }

    /** The `- `a` -> `b`, `c`` lines of a doc section, as a map. */
    private fun edges(section: String): Map<String, Set<String>> = EDGE_LINE.findAll(section).associate { m ->
        val targets = m.groupValues[2].trim()
        val names = BACKTICKED.findAll(targets).map { it.groupValues[1] }.toSet()
        m.groupValues[1] to if (targets == "(none)") emptySet() else names
    }

    /**
     * One use of a name of package [to] in a file of package [from]: full package names below
     * `dev.bakeoff`'s top ones (`engine.plan`), so both maps read the same references.
     */
    private data class Reference(val from: String, val to: String, val where: String, val what: String) {
        /**
         * The one exception to [ALLOWED], documented beside the list in docs/ARCHITECTURE.md: selfcheck's
         * plain JMH twins run a workload class directly, as a user's own benchmark would, with nothing of
         * Bakeoff's (not even the catalog) between JMH and the work.
         */
        fun isSelfCheckTwin() = topPackage(to) == "workload" && where.startsWith(SELFCHECK_TWINS)

        /**
         * `selfcheck` naming its plain JMH twins to JMH, as a user names a benchmark of their own: the twins
         * hold none of Bakeoff's code, so the host calls nothing of the fork's through them.
         */
        fun isSelfCheckTwinName() = room(from) == "selfcheck" && to == "dev.bakeoff.engine.jmh.selfcheck"
    }

    private fun references(): List<Reference> {
        val java = codeReferences(JAVA_ROOT)
        return kotlinImports() + codeReferences(KOTLIN_ROOT) + java
    }

    private fun kotlinImports(): List<Reference> {
        val files = Konsist.scopeFromExternalDirectory(KOTLIN_ROOT.toAbsolutePath().toString()).files
        val onDisk = Files.walk(KOTLIN_ROOT).use { paths -> paths.filter { it.extension == "kt" }.count() }
        // A Konsist that cannot read this Kotlin version would see fewer files and miss their imports.
        check(files.size.toLong() == onDisk) { "Konsist read ${files.size} of the $onDisk files under $KOTLIN_ROOT" }
        return files.flatMap { file ->
            val from = file.packagee?.name.orEmpty().takeIf { topPackage(it) != null } ?: return@flatMap emptyList()
            file.imports.mapNotNull { import ->
                val to = packageOf(import.name)?.takeIf { it != from } ?: return@mapNotNull null
                Reference(from, to, import.location.substringAfter("$KOTLIN_ROOT/"), "import ${import.name}")
            }
        }
    }

    /** Fully qualified names in code (Kotlin and Java), and the import lines of Java files. */
    private fun codeReferences(root: Path): List<Reference> = Files.walk(root).use { paths ->
        paths.filter { it.extension == "kt" || it.extension == "java" }.toList()
    }.flatMap { path ->
        val from = path.parent.relativeTo(root).joinToString(".").takeIf { topPackage(it) != null }
            ?: return@flatMap emptyList()
        val java = path.extension == "java"
        codeOnly(path.readText()).lines().flatMapIndexed { index, line ->
            val directive = line.trimStart().startsWith("package ") || line.trimStart().startsWith("import ")
            // Konsist already reports Kotlin imports; Java has no Konsist, so its imports are read here.
            if (directive && !java) return@flatMapIndexed emptyList()
            QUALIFIED.findAll(line).mapNotNull { m ->
                val to = packageOf(m.value)?.takeIf { it != from } ?: return@mapNotNull null
                Reference(from, to, "${path.relativeTo(root)}:${index + 1}", m.value)
            }.toList()
        }
    }

    private companion object {
        const val MODEL = "model"
        const val CATALOG = "catalog"
        const val SELFCHECK_TWINS = "dev/bakeoff/engine/jmh/selfcheck/"
        val PLUG_INS = setOf("strategy", "workload", "scenario")

        /** Package -> the packages it may use. Written once; docs/ARCHITECTURE.md shows the same list. */
        val ALLOWED: Map<String, Set<String>> = mapOf(
            "model" to emptySet(),
            "strategy" to setOf("model"),
            "workload" to setOf("model"),
            "scenario" to setOf("model"),
            "result" to setOf("model"),
            // Numbers and durations in words, for every writer of text; it uses nothing of the project.
            "wording" to emptySet(),
            "metrics" to setOf("model", "result", "wording"),
            // The only package that names every plug-in; the rest reach them through it.
            "catalog" to setOf("model", "strategy", "workload", "scenario"),
            "engine" to setOf("model", "result", "metrics", "wording", "catalog"),
            "report" to setOf("model", "result", "metrics", "wording"),
            "api" to setOf("model", "result", "metrics", "wording", "engine", "report", "catalog"),
            // cli and api are two front ends over the same engine; neither goes through the other.
            "cli" to setOf("model", "result", "metrics", "wording", "engine", "report", "catalog"),
        )

        /**
         * `engine`'s rooms (its sub-packages) -> the rooms each may use; docs/ARCHITECTURE.md shows the
         * same list. [FORK_SIDE] is the code that runs inside the measured JVM; no host room may use it,
         * and it uses none of the rooms that start and watch it.
         */
        val ROOMS: Map<String, Set<String>> = mapOf(
            "jdk" to emptySet(),
            "lib" to emptySet(),
            "link" to emptySet(),
            "session" to emptySet(),
            "plan" to setOf("jdk", "lib"),
            "probe" to emptySet(),
            "cell" to setOf("plan", "link", "probe"),
            "jmh" to setOf("cell"),
            "fork" to setOf("plan", "link", "jdk", "lib"),
            "race" to setOf("fork", "plan"),
            "suite" to setOf("race", "fork", "plan", "link", "jdk", "lib", "session"),
            "fanout" to setOf("suite", "fork", "plan", "link"),
            "recommend" to setOf("plan"),
            "selfcheck" to setOf("suite", "fork", "plan", "jdk", "jmh", "session"),
            "load" to setOf("suite", "fork", "plan", "jdk", "session"),
            "footprint" to setOf("suite", "fork", "plan", "jdk", "session"),
        )

        /** The rooms whose code runs only in a JVM the host started (a JMH fork, a probe JVM; in-process alike). */
        val FORK_SIDE = setOf("cell", "probe", "jmh")

        /** The rooms that start, watch and read those JVMs, and everything built on them. */
        val HOST_SIDE = setOf("fork", "race", "suite", "fanout", "recommend", "selfcheck", "load", "footprint", "session")

        /** Read by both sides, using neither: the messages (`link`), the plan both parse, the JDKs. */
        val SHARED = setOf("link", "plan", "jdk", "lib")
        const val SHARED_SIDE = "shared"

        fun side(room: String?): String? = when (room) {
            null -> null
            in FORK_SIDE -> "fork"
            in HOST_SIDE -> "host"
            else -> SHARED_SIDE
        }

        /** What only a measured JVM uses: the JVM's management and JFR interfaces, item traces, the fork's rooms. */
        val FORK_ONLY = listOf("java.lang.management", "com.sun.management", "javax.management", "jdk.jfr") +
            "dev.bakeoff.model.ItemTrace" + FORK_SIDE.map { "dev.bakeoff.engine.$it." }

        /** A serializable report type's declaration: `@Serializable internal data class LoadReport(`. */
        val REPORT_TYPE = Regex("""@Serializable\s+(?:internal |public )?data class (\w+Report)\b""")

        val KOTLIN_ROOT: Path = Paths.get("src/main/kotlin")
        val JAVA_ROOT: Path = Paths.get("src/main/java")
        val QUALIFIED = Regex("""\bdev\.bakeoff\.([a-z]+)\.[A-Za-z_][\w.]*""")
        val EDGE_LINE = Regex("""^- `([a-z]+)` -> (.+)$""", RegexOption.MULTILINE)
        val BACKTICKED = Regex("""`([a-z]+)`""")

        /** `dev.bakeoff.engine.plan.CellSpec` -> `dev.bakeoff.engine.plan`: the package of a qualified name. */
        fun packageOf(name: String): String? =
            name.split('.').takeWhile { it.firstOrNull()?.isLowerCase() == true }.joinToString(".")
                .takeIf { topPackage(it) != null }

        /** `dev.bakeoff.engine.plan` -> `plan`; null outside `engine`'s rooms. */
        fun room(pkg: String): String? =
            pkg.removePrefix("dev.bakeoff.engine.").takeIf { it != pkg }?.substringBefore('.')

        /** A cycle among [graph]'s edges (its nodes in order), or an empty list. */
        fun cycle(graph: Map<String, Set<String>>): List<String> {
            val done = mutableSetOf<String>()
            fun visit(node: String, path: List<String>): List<String> {
                if (node in path) return path.dropWhile { it != node } + node
                if (!done.add(node)) return emptyList()
                return graph[node].orEmpty().firstNotNullOfOrNull { visit(it, path + node).ifEmpty { null } }.orEmpty()
            }
            return graph.keys.firstNotNullOfOrNull { visit(it, emptyList()).ifEmpty { null } }.orEmpty()
        }

        /** `dev.bakeoff.engine.jmh.X` -> `engine`; null outside `dev.bakeoff`'s packages. */
        fun topPackage(name: String): String? {
            val rest = name.removePrefix("dev.bakeoff.")
            return if (rest == name) null else rest.substringBefore('.')
        }

        /**
         * [source] with comments, string and character literals replaced by spaces (newlines kept, so
         * line numbers hold). Templates inside strings are blanked too: a name used only there is missed.
         */
        fun codeOnly(source: String): String {
            val out = StringBuilder(source.length)
            var i = 0
            while (i < source.length) {
                val end = when {
                    source.startsWith("//", i) -> source.indexOf('\n', i).let { if (it < 0) source.length else it }
                    source.startsWith("/*", i) -> blockCommentEnd(source, i)
                    source[i] == '"' -> stringEnd(source, i)
                    source[i] == '\'' -> charEnd(source, i)
                    else -> null
                }
                if (end == null) {
                    out.append(source[i++])
                } else {
                    while (i < end) out.append(if (source[i++] == '\n') '\n' else ' ')
                }
            }
            return out.toString()
        }

        /** The end of the (possibly nested, as Kotlin allows) block comment starting at [start]. */
        fun blockCommentEnd(source: String, start: Int): Int {
            var depth = 0
            var i = start
            while (i < source.length) {
                when {
                    source.startsWith("/*", i) -> depth++.also { i += 2 }
                    source.startsWith("*/", i) -> if (--depth == 0) return i + 2 else i += 2
                    else -> i++
                }
            }
            return source.length
        }

        /** Past the end of the string literal (plain or raw) at [start], skipping `${...}` templates. */
        fun stringEnd(source: String, start: Int): Int {
            val raw = source.startsWith("\"\"\"", start)
            var i = start + if (raw) 3 else 1
            while (i < source.length) {
                when {
                    raw && source.startsWith("\"\"\"", i) -> return i + 3
                    !raw && source[i] == '"' -> return i + 1
                    !raw && source[i] == '\\' -> i += 2
                    source.startsWith("\${", i) -> i = templateEnd(source, i + 2)
                    else -> i++
                }
            }
            return source.length
        }

        /** Past the `}` that closes the template expression whose body starts at [start]. */
        fun templateEnd(source: String, start: Int): Int {
            var depth = 1
            var i = start
            while (i < source.length) {
                when (source[i]) {
                    '"' -> i = stringEnd(source, i)
                    '{' -> depth++.also { i++ }
                    '}' -> if (--depth == 0) return i + 1 else i++
                    else -> i++
                }
            }
            return source.length
        }

        /** Past the closing quote of the character literal at [start] (`'a'`, `'\''`). */
        fun charEnd(source: String, start: Int): Int {
            var i = start + 1
            while (i < source.length && source[i] != '\'' && source[i] != '\n') i += if (source[i] == '\\') 2 else 1
            return minOf(i + 1, source.length)
        }
    }
}
