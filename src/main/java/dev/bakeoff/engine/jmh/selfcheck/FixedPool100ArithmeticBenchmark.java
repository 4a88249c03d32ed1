package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.workload.ArithmeticWorkload;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The plain JMH benchmark of Bakeoff's {@code executor-fixed-100 × arithmetic} cell: a pool of 100
 * threads ({@link PooledTwin}) on a machine with a few cores.
 *
 * <p>What it shows: a hundred threads contend for a few cores and wake one another for
 * nanoseconds of work each, so the figure varies far more between JVMs than within one, the
 * case where only the spread of whole forks says how far a ratio can be trusted.
 */
public class FixedPool100ArithmeticBenchmark extends PooledTwin {
    @Override
    protected ExecutorService createPool() {
        return Executors.newFixedThreadPool(100);
    }

    @Override
    protected int item(int seed) {
        return ArithmeticWorkload.INSTANCE.run(seed);
    }
}
