package dev.bakeoff.report

import kotlinx.html.FlowContent
import kotlinx.html.body
import kotlinx.html.div
import kotlinx.html.head
import kotlinx.html.html
import kotlinx.html.meta
import kotlinx.html.script
import kotlinx.html.stream.appendHTML
import kotlinx.html.style
import kotlinx.html.title
import kotlinx.html.unsafe
import kotlinx.serialization.json.JsonArray
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonNull
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import java.util.Properties

/**
 * What makes `report.html` and `compare.html` self-contained: Apache ECharts (read from its WebJar
 * on the classpath), the page script and style sheet, all inlined, so a page opens offline and
 * requests nothing from any host. Charts are ECharts option objects built in Kotlin and embedded
 * as JSON; the page script only renders them (as SVG) and makes tables sortable.
 * Loaded once, immutable after; safe from any thread.
 */
internal object HtmlAssets {
    private val echartsJs: String by lazy {
        val version = Properties().apply {
            resource("/META-INF/maven/org.webjars/echarts/pom.properties").reader().use { load(it) }
        }
            .getProperty("version")
        inlineScript(text("/META-INF/resources/webjars/echarts/$version/echarts.min.js"))
    }
    private val pageJs: String by lazy { inlineScript(text("report.js")) }
    private val pageCss: String by lazy { text("report.css") }

    /** The generator a page of Bakeoff's names in its head. */
    const val GENERATOR = "Bakeoff"

    /** Whether the page [head] (its first few kilobytes) was written by Bakeoff. */
    fun written(head: String): Boolean = head.contains("<meta name=\"generator\" content=\"$GENERATOR\">")

    /**
     * Writes a whole page to [page]: doctype, head (title, charset, the inlined style sheet and
     * charting library), a body filled by [content], then the options of every [chart] it placed
     * (as JSON) and the page script that renders them.
     */
    fun document(page: Appendable, pageTitle: String, content: FlowContent.(charts: MutableList<JsonObject>) -> Unit) {
        val charts = mutableListOf<JsonObject>()
        // Names and messages are data: a control character is shown, not written (kotlinx.html escapes
        // only markup). The inlined scripts hold none, and in a JSON string `\u0085` is the same character.
        val out = SafeText.plain(page)
        out.append("<!DOCTYPE html>\n")
        out.appendHTML().html {
            attributes["lang"] = "en"
            head {
                meta(charset = "utf-8")
                meta(name = "viewport", content = "width=device-width, initial-scale=1")
                // How `report` and `compare` tell a page they may replace from one of the user's (ResultFiles).
                meta(name = "generator", content = GENERATOR)
                title(pageTitle)
                style { unsafe { raw(pageCss) } }
                script { unsafe { raw(echartsJs) } }
            }
            body {
                content(charts)
                script(type = "application/json") {
                    attributes["id"] = "bakeoff-charts"
                    // '<' only occurs inside JSON strings, where \u003c means the same: no "</script>" can end the
                    // element early.
                    unsafe { raw(JsonArray(charts).toString().replace("<", "\\u003c")) }
                }
                script { unsafe { raw(pageJs) } }
            }
        }
        out.append('\n')
    }

    /** A chart placeholder; [charts] collects its option, rendered by the page script. */
    fun FlowContent.chart(charts: MutableList<JsonObject>, option: JsonObject, heightPx: Int) {
        div("chart") {
            attributes["data-chart"] = charts.size.toString()
            attributes["style"] = "height:${heightPx}px"
        }
        charts += option
    }

    private fun inlineScript(js: String): String {
        check(!js.contains("</script", ignoreCase = true)) {
            "an inlined script contains </script and would end its element early"
        }
        return js
    }

    private fun text(name: String) = resource(name).use { String(it.readAllBytes(), Charsets.UTF_8) }

    private fun resource(name: String) =
        HtmlAssets::class.java.getResourceAsStream(name) ?: error("missing resource $name on the classpath")
}

/**
 * Kotlin values to JSON for chart options: maps, lists, numbers, strings, booleans; null entries of a map are left
 * out.
 */
internal fun json(value: Any?): JsonElement = when (value) {
    null -> JsonNull

    is JsonElement -> value

    is Number -> JsonPrimitive(value)

    is String -> JsonPrimitive(value)

    is Boolean -> JsonPrimitive(value)

    is Map<*, *> -> JsonObject(
        value.entries.filter {
            it.value != null
        }.associate { (k, v) -> k.toString() to json(v) },
    )

    is List<*> -> JsonArray(value.map(::json))

    else -> error("no JSON form for ${value.javaClass.name}")
}

/** A JSON object from pairs; null values are left out. */
internal fun jsonOf(vararg pairs: Pair<String, Any?>): JsonObject = json(mapOf(*pairs)) as JsonObject
