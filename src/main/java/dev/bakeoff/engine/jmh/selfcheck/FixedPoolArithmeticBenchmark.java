package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.workload.ArithmeticWorkload;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The plain JMH benchmark of Bakeoff's {@code executor-fixed-cpu × arithmetic} cell: a pool of one
 * thread per processor ({@link PooledTwin}).
 *
 * <p>What it shows: the hand-off to the pool's threads dominates tiny items (microseconds per
 * batch against nanoseconds of work), and Bakeoff's figure for the same cell adds nothing to it:
 * {@code bakeoff selfcheck} prints the ratio of the two medians.
 */
public class FixedPoolArithmeticBenchmark extends PooledTwin {
    @Override
    protected ExecutorService createPool() {
        return Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    }

    @Override
    protected int item(int seed) {
        return ArithmeticWorkload.INSTANCE.run(seed);
    }
}
