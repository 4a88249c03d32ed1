package dev.bakeoff.cli

import com.github.ajalt.mordant.rendering.BorderType
import com.github.ajalt.mordant.rendering.Lines
import com.github.ajalt.mordant.rendering.Whitespace
import com.github.ajalt.mordant.rendering.Widget
import com.github.ajalt.mordant.rendering.WidthRange
import com.github.ajalt.mordant.table.Borders
import com.github.ajalt.mordant.table.table
import com.github.ajalt.mordant.terminal.Terminal
import com.github.ajalt.mordant.widgets.Text
import dev.bakeoff.report.SafeText

/**
 * A compact table (one header, one line per row, no row separators) laid out for the width it is rendered at,
 * never cutting a value: at its natural width when that fits; else its long cells wrap between words (a number
 * keeps its unit), never inside an id, a number or a unit; when even that is too wide, the right-most columns are
 * left out and a line under the table names them. A terminal too narrow for any of that (one that reports 0
 * columns) gets the natural width, whose lines the terminal wraps.
 *
 * Cells hold names from the results: [SafeText] shows their control characters instead of sending them (mordant
 * would read ANSI codes as style). Immutable.
 */
internal class FittedTable(private val header: List<String>, private val rows: List<List<String>>) : Widget {
    private val cells = listOf(header) + rows
    private val natural = header.indices.map { c -> cells.maxOf { it.getOrElse(c) { "" }.length } }
    private val least = header.indices.map { c ->
        cells.maxOf { row -> words(row.getOrElse(c) { "" }).maxOf { it.length } }
    }

    override fun measure(t: Terminal, width: Int): WidthRange = render(t, width).width.let { WidthRange(it, it) }

    override fun render(t: Terminal, width: Int): Lines {
        if (natural.sum() + overhead(header.size) <= width) return plain().render(t, width)
        val kept = (header.size downTo 1).firstOrNull { least.take(it).sum() + overhead(it) <= width }
            ?: return plain().render(t, natural.sum() + overhead(header.size))
        val widths = widen(kept, width - overhead(kept))
        val wrapped = table {
            borderType = BorderType.SQUARE_DOUBLE_SECTION_SEPARATOR
            cellBorders = Borders.LEFT_RIGHT
            header { row(*(0 until kept).map { wrapped(header[it], widths[it]) }.toTypedArray()) }
            body {
                rows.forEach { r ->
                    row(*(0 until kept).map { wrapped(r.getOrElse(it) { "" }, widths[it]) }.toTypedArray())
                }
            }
        }.render(t, width)
        if (kept == header.size) return wrapped
        val note = Text(
            SafeText.plain("(left out at this width: ${header.drop(kept).joinToString()})"),
        ).render(t, width)
        return Lines(wrapped.lines + note.lines)
    }

    /** The table as every cell is, one line per row. */
    private fun plain() = table {
        borderType = BorderType.SQUARE_DOUBLE_SECTION_SEPARATOR
        cellBorders = Borders.LEFT_RIGHT
        header { row(*header.map { Text(SafeText.plain(it)) }.toTypedArray()) }
        body { rows.forEach { row(*it.map { cell -> Text(SafeText.plain(cell)) }.toTypedArray()) } }
    }

    /** The first [kept] columns' widths within [room]: each its longest word, the rest to those that wrap most. */
    private fun widen(kept: Int, room: Int): IntArray {
        val widths = least.take(kept).toIntArray()
        var extra = room - widths.sum()
        while (extra > 0) {
            val i = (0 until kept).filter { widths[it] < natural[it] }.maxByOrNull { natural[it] - widths[it] } ?: break
            widths[i]++
            extra--
        }
        return widths
    }

    private fun wrapped(cell: String, width: Int): Text {
        val lines = mutableListOf<String>()
        for (word in words(cell)) {
            val last = lines.lastOrNull()
            if (last != null &&
                last.length + 1 + word.length <= width
            ) {
                lines[lines.size - 1] = "$last $word"
            } else {
                lines += word
            }
        }
        return Text(lines.joinToString("\n") { SafeText.plain(it) }, whitespace = Whitespace.PRE)
    }

    private companion object {
        /** Left, right and the padding either side of each column, and the last border. */
        fun overhead(columns: Int) = 3 * columns + 1

        /**
         * [cell]'s words, where a line may break: at spaces, except after a number (`52.0 ms`, `56.4–61.8 ms` stay
         * whole) or a one-character sign, also one that follows a word (`≥ 1.2 ms`, `× 2`, `(M/G/64 < 1 ns)`: a
         * break after its `<` would leave a line that reads `1 ns`).
         */
        fun words(cell: String): List<String> {
            val words = mutableListOf<String>()
            for (w in cell.split(' ').filter { it.isNotEmpty() }) {
                val previous = words.lastOrNull()
                val joined = previous != null &&
                    (previous.last().isDigit() || previous.substringAfterLast(' ').length == 1)
                if (joined) words[words.size - 1] = "$previous $w" else words += w
            }
            return words.ifEmpty { listOf("") }
        }
    }
}
