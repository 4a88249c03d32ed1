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
 * package to another must be an edge of [ALLOWED]. docs/ARCHITECTURE.md ("Allowed dependencies")
 * shows the same list, and the last test keeps the two in sync.
 *
 * Kotlin imports come from Konsist; fully qualified references in code (`dev.bakeoff.model.X(...)`)
 * and the Java JMH entry points (which belong to `engine`) are read from the source text with
 * comments and string literals blanked out, so KDoc links and help texts do not count.
 */
class ArchitectureTest {
    @Test
    fun `every reference between dev_bakeoff packages is an allowed edge`() {
        val references = references()
        val unknown = references.map { it.from }.toSet() - ALLOWED.keys
        assertTrue(unknown.isEmpty(), "packages missing from ALLOWED (add them to it and to the doc): $unknown")
        val bad = references.filter { it.to !in ALLOWED.getValue(it.from) && !it.isSelfCheckTwin() }
        if (bad.isNotEmpty()) {
            fail(
                "${bad.size} reference(s) against the allowed dependencies (ArchitectureTest.ALLOWED):\n" +
                    bad.joinToString("\n") { "  ${it.where}: ${it.from} -> ${it.to} (${it.what})" },
            )
        }
    }

    @Test
    fun `plug-in packages depend on model only`() {
        val bad = references().filter { it.from in PLUG_INS && it.to != MODEL }
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
        val listed = EDGE_LINE.findAll(section).associate { m ->
            val targets = m.groupValues[2].trim()
            val names = BACKTICKED.findAll(targets).map { it.groupValues[1] }.toSet()
            m.groupValues[1] to if (targets == "(none)") emptySet() else names
        }
        assertEquals(ALLOWED, listed, "docs/ARCHITECTURE.md's \"Allowed dependencies\" and ALLOWED differ")
    }

    @Test
    fun `only selfcheck's plain JMH twins name a plug-in outside the catalog`() {
        val plugInUsers = references().filter { it.to in PLUG_INS && it.from !in PLUG_INS }
        val outside = plugInUsers.filter { it.from != CATALOG && !it.isSelfCheckTwin() }
        assertEquals(emptyList(), outside.map { "${it.where}: ${it.what}" }, "only dev.bakeoff.catalog names plug-ins")
    }

    /** One use of package [to] in a file of package [from]. */
    private data class Reference(val from: String, val to: String, val where: String, val what: String) {
        /**
         * The one exception to [ALLOWED], documented beside the list in docs/ARCHITECTURE.md: selfcheck's
         * plain JMH twins run a workload class directly, as a user's own benchmark would, with nothing of
         * Bakeoff's (not even the catalog) between JMH and the work.
         */
        fun isSelfCheckTwin() = to == "workload" && where.startsWith(SELFCHECK_TWINS)
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
            val from = topPackage(file.packagee?.name.orEmpty()) ?: return@flatMap emptyList()
            file.imports.mapNotNull { import ->
                val to = topPackage(import.name)?.takeIf { it != from } ?: return@mapNotNull null
                Reference(from, to, import.location.substringAfter("$KOTLIN_ROOT/"), "import ${import.name}")
            }
        }
    }

    /** Fully qualified names in code (Kotlin and Java), and the import lines of Java files. */
    private fun codeReferences(root: Path): List<Reference> = Files.walk(root).use { paths ->
        paths.filter { it.extension == "kt" || it.extension == "java" }.toList()
    }.flatMap { path ->
        val from = topPackage(path.relativeTo(root).joinToString(".")) ?: return@flatMap emptyList()
        val java = path.extension == "java"
        codeOnly(path.readText()).lines().flatMapIndexed { index, line ->
            val directive = line.trimStart().startsWith("package ") || line.trimStart().startsWith("import ")
            // Konsist already reports Kotlin imports; Java has no Konsist, so its imports are read here.
            if (directive && !java) return@flatMapIndexed emptyList()
            QUALIFIED.findAll(line).mapNotNull { m ->
                val to = m.groupValues[1].takeIf { it != from } ?: return@mapNotNull null
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
            "metrics" to setOf("model", "result"),
            // The only package that names every plug-in; the rest reach them through it.
            "catalog" to setOf("model", "strategy", "workload", "scenario"),
            "engine" to setOf("model", "result", "metrics", "catalog"),
            "report" to setOf("model", "result", "metrics"),
            "api" to setOf("model", "result", "metrics", "engine", "report", "catalog"),
            // cli and api are two front ends over the same engine; neither goes through the other.
            "cli" to setOf("model", "result", "metrics", "engine", "report", "catalog"),
        )

        val KOTLIN_ROOT: Path = Paths.get("src/main/kotlin")
        val JAVA_ROOT: Path = Paths.get("src/main/java")
        val QUALIFIED = Regex("""\bdev\.bakeoff\.([a-z]+)\.[A-Za-z_][\w.]*""")
        val EDGE_LINE = Regex("""^- `([a-z]+)` -> (.+)$""", RegexOption.MULTILINE)
        val BACKTICKED = Regex("""`([a-z]+)`""")

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
