package dev.bakeoff.cli

import com.github.ajalt.clikt.core.CliktCommand
import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.core.terminal
import com.github.ajalt.clikt.parameters.options.flag
import com.github.ajalt.clikt.parameters.options.option
import dev.bakeoff.catalog.CatalogListing
import dev.bakeoff.catalog.CatalogMarkdown
import dev.bakeoff.catalog.Libraries
import dev.bakeoff.catalog.Scenarios
import dev.bakeoff.catalog.Strategies
import dev.bakeoff.catalog.Workloads
import kotlinx.serialization.json.Json

/** `bakeoff list`: the strategy and workload catalogs, as a table or as JSON. */
internal class ListCommand : CliktCommand(name = "list") {
    override fun help(context: Context) =
        "List the strategies, workloads and scenarios (ids, families, parameters, shared schedulers)."

    private val json by option("--json", help = "Print machine-readable JSON instead of tables").flag()
    private val markdown by option("--markdown", help = "Print Markdown tables (the user guide's catalog)").flag()
    private val libraries by option(
        "--libraries",
        help = "List the libraries --lib runs on other versions: name, Bakeoff's version, Maven module, and the " +
            "strategies that need a version or later",
    ).flag()

    override fun run() {
        if (libraries) {
            val rows = Libraries.swappable.map { lib ->
                listOf(
                    lib.name,
                    lib.version ?: "unknown",
                    checkNotNull(lib.module),
                    Libraries.neededBy(lib.name).joinToString(),
                )
            }
            echo(
                terminal.render(compactTable(listOf("--lib NAME", "Bakeoff's version", "Maven module", "needs"), rows)),
            )
            return
        }
        val listing = CatalogListing.of(
            Strategies.catalog.entries,
            Workloads.catalog.entries,
            Scenarios.catalog.entries,
        )
        if (json) {
            echo(JSON.encodeToString(CatalogListing.serializer(), listing))
            return
        }
        if (markdown) {
            echo(CatalogMarkdown.render(listing))
            return
        }
        echo("Strategies (${listing.strategies.size}); parameters as id:key=value")
        val strategyRows =
            listing.strategies.map { s ->
                listOf(
                    s.id,
                    s.family,
                    s.group,
                    s.params.joinToString {
                        "${it.key}=${it.default}"
                    },
                    s.sharedSchedulers.joinToString { it.id },
                    s.summary,
                )
            }
        echo(
            terminal.render(
                compactTable(
                    listOf("id", "family", "group", "parameters", "shared schedulers", "summary"),
                    strategyRows,
                ),
            ),
        )
        echo("Workloads (${listing.workloads.size}); item count is a run option (default 100)")
        val workloadRows =
            listing.workloads.map { w ->
                listOf(
                    w.id,
                    w.waitForms.joinToString().ifEmpty {
                        "cpu only"
                    },
                    w.params.joinToString { "${it.key}=${it.default}" },
                    w.summary,
                )
            }
        echo(terminal.render(compactTable(listOf("id", "wait forms", "parameters", "summary"), workloadRows)))
        echo("Scenarios (${listing.scenarios.size}); run one with: bakeoff scenario NAME [--param key=value]")
        val scenarioRows = listing.scenarios.map { s ->
            listOf(s.id, s.defaultItems.toString(), s.params.joinToString { "${it.key}=${it.default}" }, s.summary)
        }
        echo(terminal.render(compactTable(listOf("id", "items", "parameters", "summary"), scenarioRows)))
    }

    private companion object {
        val JSON = Json { prettyPrint = true }
    }
}
