package dev.bakeoff.cli

import com.github.ajalt.clikt.core.Context
import com.github.ajalt.clikt.parameters.options.option
import com.github.ajalt.clikt.parameters.options.required
import dev.bakeoff.engine.Sweep

/** `bakeoff sweep`: `bakeoff run` at every value of one parameter, ending with the curve table (best value marked). */
internal class SweepCommand : RunCommand("sweep") {
    override fun help(context: Context) =
        "Run strategies x workloads at every value of one parameter (a pool size, a concurrency, a chunk size, " +
            "a workload parameter or items) and show the curve, best value marked. Takes every option of run."

    private val param by option(
        "--param",
        help = "The swept parameter: key=v1,v2,... or key=FROM..TOxFACTOR (geometric), " +
            "e.g. concurrency=16,50,100,200,500 or items=10..1000x10",
    ).required()

    override fun sweep(): Sweep = Sweep.parse(param)
}
