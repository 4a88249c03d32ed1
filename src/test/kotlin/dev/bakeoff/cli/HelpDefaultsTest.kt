package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.output.HelpFormatter
import com.github.ajalt.clikt.parameters.options.Option
import dev.bakeoff.engine.plan.RaceOptions
import dev.bakeoff.metrics.GroupDecision
import org.junit.jupiter.api.Test
import kotlin.test.assertContains
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/**
 * Every default the help states is the default the command uses: an option with a clikt default
 * states that value, and an option resolved in the code (null when not given, so that a conflicting
 * option can tell) states the code's constant. In-process; nothing runs.
 */
class HelpDefaultsTest {
    private class Documented(val command: String, val option: Option, val help: String) {
        val name: String get() = "$command ${option.names.maxBy { it.length }}"

        /** The value after "(default: ...", up to its ")" or ";", or the word before "(default)". */
        val default: String? = DEFAULT.find(help)?.groupValues?.get(1)?.trim()
            ?: BEFORE_DEFAULT.find(help)?.groupValues?.get(1)
    }

    private val options: List<Documented> = buildList {
        fun walk(command: CliktCommand) {
            command.getFormattedHelp()
            command.registeredOptions().forEach {
                add(Documented(command.commandName, it, it.optionHelp(command.currentContext)))
            }
            command.registeredSubcommands().forEach { walk(it as CliktCommand) }
        }
        walk(bakeoff())
    }

    private fun option(name: String): Documented = options.single { it.name == name }

    @Test
    fun `an option with a clikt default states that value as its default`() {
        val withDefault = options.filter { !it.option.names.contains("--help") && !it.option.helpTags[TAG].isNullOrEmpty() }
        assertTrue(withDefault.size >= 8, withDefault.map { it.name }.toString())
        for (o in withDefault) {
            val real = o.option.helpTags.getValue(TAG)
            val said = assertNotNull(o.default, "${o.name} does not state its default $real: ${o.help}")
            assertTrue(same(said, real), "${o.name} states default '$said', uses '$real'")
        }
    }

    @Test
    fun `an option resolved in the code states the code's default`() {
        val budgetMinutes = RaceOptions.DEFAULT_BUDGET_NANOS / 60_000_000_000L
        val real = mapOf(
            "recommend --wait-ms" to "${RecommendCommand.DEFAULT_WAIT_MS}",
            "recommend --items" to "${RecommendCommand.DEFAULT_ITEMS}",
            "recommend --top" to "${RecommendCommand.DEFAULT_TOP}",
            "recommend --wait" to RecommendCommand.DEFAULT_WAIT.id,
            "recommend --preset" to RecommendCommand.DEFAULT_PRESET.id,
            "run --budget" to "${budgetMinutes}m",
            "run --margin" to "${GroupDecision.DEFAULT_MARGIN}",
            "check --margin" to "${GroupDecision.DEFAULT_MARGIN}",
            "run --items" to "100",
            "run --wait" to "blocking",
            "scenario --wait" to "both",
        )
        for ((name, value) in real) {
            val o = option(name)
            val said = assertNotNull(o.default, "$name does not state its default $value: ${o.help}")
            assertTrue(said.startsWith(value) || same(said, value), "$name states default '$said', uses '$value'")
        }
    }

    @Test
    fun `the same option has the same name on every command`() {
        assertEquals(setOf("--strategy", "-s", "--strategies"), option("selfcheck --strategies").option.names)
        assertTrue("--strategy" in option("run --strategy").option.names)
    }

    @Test
    fun `the root help names the launcher's verify, the README's second command`() {
        assertContains(bakeoff().getFormattedHelp()!!, "./bakeoff verify")
    }

    /** A margin may be stated as a percentage of the share it is. */
    private fun same(said: String, real: String): Boolean = said == real ||
        runCatching { MeasureOptions.parseMargin(said) == real.toDouble() }.getOrDefault(false) ||
        (said == "all" && real.startsWith("["))

    private companion object {
        const val TAG = HelpFormatter.Tags.DEFAULT
        val DEFAULT = Regex("""\(default:? ([^);]*)""")
        val BEFORE_DEFAULT = Regex("""(\S+) \(default\)""")
    }
}
