package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.workload.ArithmeticWorkload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The plain JMH benchmark of Bakeoff's {@code direct × arithmetic} cell, as anyone would write it
 * by hand: a loop over the items on the benchmark thread, each result stored in its own slot of
 * an array the benchmark returns (so JMH sinks it and the JIT cannot drop the work). The slot adds
 * {@code 2^32 + result} as Bakeoff's ledger does: the sink costs the same one addition on both
 * sides, so the ratio measures Bakeoff's call path alone and not two JIT shapes of two sinks.
 *
 * <p>What it shows: {@code bakeoff selfcheck} runs this beside the Bakeoff cell with the same
 * plan and prints the ratio of their medians. The items are tens of nanoseconds each, so any
 * cost Bakeoff adds per item (the strategy's call through {@code Batch}, the ledger's record)
 * would show here first: a ratio near 1 says the harness adds nothing measurable.
 */
@State(Scope.Benchmark)
public class DirectArithmeticBenchmark {
    @Param("100")
    public int items;

    private long[] results;

    @Setup
    public void open() {
        results = new long[items];
    }

    @Benchmark
    public long[] batch() {
        for (int i = 0; i < items; i++) {
            results[i] += (1L << 32) + (ArithmeticWorkload.INSTANCE.run(i) & 0xFFFFFFFFL);
        }
        return results;
    }
}
