package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.workload.ArithmeticWorkload;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The plain JMH benchmark of Bakeoff's {@code executor-fixed-cpu × arithmetic} cell: a pool of one
 * thread per processor created once per trial, and per batch every item submitted, then every
 * future awaited, each result stored in its own slot.
 *
 * <p>What it shows: the hand-off to the pool's threads dominates tiny items (microseconds per
 * batch against nanoseconds of work), and Bakeoff's figure for the same cell adds nothing to it:
 * {@code bakeoff selfcheck} prints the ratio of the two medians.
 */
@State(Scope.Benchmark)
public class FixedPoolArithmeticBenchmark {
    @Param("100")
    public int items;

    private int[] results;
    private ExecutorService pool;

    @Setup
    public void open() {
        results = new int[items];
        pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    }

    @Benchmark
    public int[] batch() throws InterruptedException, ExecutionException {
        Future<?>[] futures = new Future<?>[items];
        for (int i = 0; i < items; i++) {
            int seed = i;
            futures[i] = pool.submit(() -> {
                results[seed] = ArithmeticWorkload.INSTANCE.run(seed);
            });
        }
        for (Future<?> f : futures) {
            f.get();
        }
        return results;
    }

    @TearDown
    public void close() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(1, TimeUnit.MINUTES);
    }
}
