package dev.bakeoff.report

import dev.bakeoff.result.CellStatus
import dev.bakeoff.result.Results
import org.junit.jupiter.api.Test
import org.w3c.dom.Element
import java.io.ByteArrayInputStream
import javax.xml.parsers.DocumentBuilderFactory
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertFalse
import kotlin.test.assertTrue

/**
 * What `check` writes when a results file's names and messages are hostile: ANSI codes, a C0 control,
 * Markdown links and images, raw HTML. The JUnit XML still parses and holds no character XML forbids,
 * the Markdown renders the data as the same characters (no live link, image or HTML), the console
 * shows the control characters instead of obeying them.
 */
class CheckOutputTest {
    /** [ResultsFixture.results] with hostile names; [now] makes the hostile strategy fail with a hostile message. */
    private fun run(now: Boolean): Results {
        val base = ResultsFixture.results()
        val cells = base.cells.map { c ->
            val named = c.copy(
                strategy = if (c.strategy == "coroutine-default") STRATEGY else c.strategy,
                workload = if (c.workload == "lists") WORKLOAD else c.workload,
                error = c.error?.let { HOSTILE },
            )
            if (now && named.strategy == STRATEGY) named.copy(status = CellStatus.FAILED, error = HOSTILE) else named
        }
        return base.copy(cells = cells, machine = base.machine.copy(os = "Linux\u001b]0;owned\u0007 6.8.0"))
    }

    private val output = CheckOutput(Check.of(run(now = false), run(now = true)), "base$HOSTILE.json", "now.json")

    @Test
    fun `the JUnit XML parses and holds no control character, the data shown as visible escapes`() {
        val xml = output.junit()
        assertEquals(emptyList(), xml.filter { controlOrForbidden(it) }.toList(), xml)
        val builder = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        val doc = builder.parse(ByteArrayInputStream(xml.toByteArray()))
        val cases = doc.getElementsByTagName("testcase")
        val names = List(cases.length) { (cases.item(it) as Element).getAttribute("name") }
        assertContains(names, "lists\\u001b[31m](http://evil), 100 items (blocking)")
        val failure = doc.getElementsByTagName("failure").item(0) as Element
        assertContains(failure.getAttribute("message"), "coroutine\\u0001<img src=x onerror=alert(1)>")
        assertContains(failure.textContent, "ok → failed (\\u001b[31mboom\\u0001 ](http://evil)")
    }

    @Test
    fun `the Markdown summary renders data as text, never as a link, an image or HTML`() {
        val md = output.markdown()
        assertEquals(emptyList(), md.filter { controlOrForbidden(it) && it != '\n' }.toList(), md)
        val live = unescaped(md)
        for (markup in listOf("[", "]", "(", ")", "!", "`", "_", "&", "://", "www.")) {
            assertFalse(markup in live, "unescaped '$markup' in\n$md")
        }
        // Only the summary's own HTML: its closing line's <sub>.
        assertTrue(live.replace("<sub>", "").replace("</sub>", "").none { it == '<' || it == '>' }, md)
        // What a reader sees: the data's characters, as they were.
        assertContains(rendered(md), "coroutine\\u0001<img src=x onerror=alert(1)>![x](y)")
        val table = md.lines().filter { it.startsWith("|") }
        val cells = table.map { row -> row.replace("\\|", "").count { it == '|' } }.distinct()
        assertEquals(1, cells.size, md)
    }

    @Test
    fun `the console shows control characters instead of sending them to the terminal`() {
        val lines = output.console()
        assertTrue(lines.none { line -> line.any { controlOrForbidden(it) || it == '\n' } }, lines.joinToString("\n"))
        val all = lines.joinToString("\n")
        assertContains(all, "\\u001b[31m")
        assertContains(all, "Linux\\u001b]0;owned\\u0007 6.8.0")
    }

    private companion object {
        const val HOSTILE = "\u001b[31mboom\u0001 ](http://evil) <img src=x onerror=alert(1)> ![x](y) `x` *b* _i_ " +
            "| # &amp; :x: www.evil.com\r\n\tat line two"
        const val STRATEGY = "coroutine\u0001<img src=x onerror=alert(1)>![x](y)"
        const val WORKLOAD = "lists\u001b[31m](http://evil)"

        fun controlOrForbidden(c: Char) =
            (c < ' ' && c != '\n' && c != '\t') || c in '\u007f'..'\u009f' || c == '\ufffe' || c == '\uffff'

        /** The characters of [md] that Markdown reads as themselves or as markup: backslash escapes dropped. */
        fun unescaped(md: String) = buildString {
            var i = 0
            while (i < md.length) {
                if (md[i] == '\\' && i + 1 < md.length && md[i + 1] in PUNCTUATION) i++ else append(md[i])
                i++
            }
        }

        /** The text a reader sees: each escaped character as itself. */
        fun rendered(md: String) = Regex("""\\([\p{Punct}])""").replace(md, "$1")

        val PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".toSet()
    }
}
