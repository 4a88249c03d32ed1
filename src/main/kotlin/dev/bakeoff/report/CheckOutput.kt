package dev.bakeoff.report

import dev.bakeoff.metrics.DecisionReasons
import org.w3c.dom.Element
import java.io.StringWriter
import javax.xml.parsers.DocumentBuilderFactory
import javax.xml.transform.OutputKeys
import javax.xml.transform.TransformerFactory
import javax.xml.transform.dom.DOMSource
import javax.xml.transform.stream.StreamResult

/**
 * What a [Check] prints and writes: the console lines, the Markdown summary (GitHub's
 * `$GITHUB_STEP_SUMMARY`) and JUnit XML (one test case per group, a failure per failed group, as CI
 * servers read Ant's format). [baselineName] and [currentName] say where each run came from. Names and
 * messages from the results are data: every writer passes them through [SafeText] (control characters
 * shown, never sent; Markdown metacharacters escaped). Pure; safe from any thread.
 */
internal class CheckOutput(
    private val check: Check,
    private val baselineName: String,
    private val currentName: String,
) {
    /** `failed: 1 gate in 1 of 3 groups` or `passed: 3 groups, every gate held`. */
    val verdict: String get() {
        val failing = check.groups.count { it.failed.isNotEmpty() }
        return if (check.passed) {
            "passed: ${check.groups.size} group(s), every gate held"
        } else {
            "failed: ${check.failures.size} gate(s) in $failing of ${check.groups.size} group(s)"
        }
    }

    /** How the gates were read, in one line. */
    val method: String get() {
        val timed = if (check.settings.acrossMachines) {
            "across machines: decisions only (winners, order), no time compared"
        } else {
            "slower: the ratio (now / baseline) over 1 + ${DecisionReasons.percent(check.settings.margin)} " +
                "and its whole interval at ${DecisionReasons.confidencePercent(check.confidence)} above 1, " +
                "counted by forks (Welch's t on their log medians)"
        }
        return "gates: ${check.settings.gates.sortedBy { it.ordinal }.joinToString()}; $timed; " +
            "a difference not told apart never fails"
    }

    /** The console report: the verdict, the machines, each failure, then every group's findings. */
    fun console(): List<String> = buildList {
        add("check: $currentName against the baseline $baselineName: $verdict")
        check.machine.forEach { add("  $it") }
        check.failures.forEach { (group, f) -> add("  FAILED ${f.gate} · $group: ${f.text}") }
        for (g in check.groups) {
            add("  ${g.title}: ${g.answer}")
            g.findings.forEach { add("    ${it.gate} ${it.outcome}: ${it.text}") }
        }
        check.notCompared.forEach { add("  not compared: $it") }
        add("  $method")
    }.map(SafeText::line)

    /** The Markdown summary: the answer, what changed and why, then every group. */
    fun markdown(): String = buildString {
        appendLine("## Bakeoff check: ${verdict.substringBefore(':')}")
        appendLine()
        val headline = verdict.replaceFirstChar { it.uppercase() }
        appendLine("**${cell(headline)}.** Baseline ${cell(baselineName)}, current ${cell(currentName)}.")
        appendLine()
        check.machine.forEach { appendLine("- ${cell(it)}") }
        appendLine()
        if (!check.passed) {
            appendLine("### What changed")
            appendLine()
            check.failures.forEach { (group, f) -> appendLine("- **${f.gate}** · ${cell(group)}: ${cell(f.text)}") }
            appendLine()
        }
        val gates = check.settings.gates.sortedBy { it.ordinal }
        appendLine("### Groups")
        appendLine()
        appendLine("| group | ${cell("answer (baseline → current)")} | ${gates.joinToString(" | ")} |")
        appendLine("|---|---|${gates.joinToString("") { "---|" }}")
        for (g in check.groups) {
            val cells = gates.map { gate ->
                val f = g.findings.first { it.gate == gate }
                "${MARKS.getValue(f.outcome)} ${f.outcome}: ${cell(f.text)}"
            }
            appendLine("| ${cell(g.title)} | ${cell(g.answer)} | ${cells.joinToString(" | ")} |")
        }
        if (check.notCompared.isNotEmpty()) {
            appendLine()
            appendLine("Not compared: ${cell(check.notCompared.joinToString("; "))}.")
        }
        appendLine()
        appendLine("<sub>${cell(method)}</sub>")
    }

    /** JUnit XML: one test suite, one test case per group (skipped where a group is on one side only). */
    fun junit(): String {
        val doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument()

        // Every attribute and text passes SafeText: XML 1.0 has no form for most control characters.
        fun Element.attrs(vararg pairs: Pair<String, Any>) =
            apply { pairs.forEach { (k, v) -> setAttribute(k, SafeText.plain("$v")) } }
        fun Element.child(name: String, vararg pairs: Pair<String, Any>) =
            doc.createElement(name).attrs(*pairs).also { appendChild(it) }
        fun Element.text(lines: List<String>) {
            textContent = SafeText.plain(lines.joinToString("\n"))
        }
        val failures = check.groups.count { it.failed.isNotEmpty() }
        val tests = check.groups.size + check.notCompared.size
        val counts = arrayOf("tests" to tests, "failures" to failures, "errors" to 0)
        val root = doc.createElement("testsuites").attrs("name" to SUITE, *counts)
        doc.appendChild(root)
        val suite = root.child("testsuite", "name" to SUITE, *counts, "skipped" to check.notCompared.size)
        val properties = suite.child("properties")
        properties.child("property", "name" to "baseline", "value" to baselineName)
        properties.child("property", "name" to "current", "value" to currentName)
        check.machine.forEach { properties.child("property", "name" to "machine", "value" to it) }
        for (g in check.groups) {
            val case = suite.child("testcase", "name" to g.title, "classname" to SUITE)
            val failed = g.failed
            if (failed.isNotEmpty()) {
                val types = failed.joinToString(",") { it.gate.id }
                case.child("failure", "type" to types, "message" to failed.first().text)
                    .text(failed.map { "${it.gate}: ${it.text}" })
            }
            val lines = listOf("answer: ${g.answer}") + g.findings.map { "${it.gate} ${it.outcome}: ${it.text}" }
            case.child("system-out").text(lines)
        }
        for (line in check.notCompared) {
            suite.child("testcase", "name" to line.substringAfter(": "), "classname" to SUITE)
                .child("skipped", "message" to line)
        }
        suite.child("system-out").text(listOf(method))
        val out = StringWriter()
        TransformerFactory.newInstance().newTransformer().apply {
            setOutputProperty(OutputKeys.INDENT, "yes")
            setOutputProperty(OutputKeys.ENCODING, "UTF-8")
        }.transform(DOMSource(doc), StreamResult(out))
        return out.toString()
    }

    private companion object {
        const val SUITE = "bakeoff check"

        val MARKS = mapOf(
            GateOutcome.HELD to "✅",
            GateOutcome.FAILED to "❌",
            GateOutcome.NOT_TOLD_APART to "➖",
            GateOutcome.NOT_COMPARED to "⚪",
        )

        /** Text safe in the summary, a table cell included: shown as its characters, never as markup. */
        fun cell(text: String) = SafeText.markdown(text)
    }
}
