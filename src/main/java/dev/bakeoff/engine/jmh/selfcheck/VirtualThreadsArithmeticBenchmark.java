package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.workload.ArithmeticWorkload;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The plain JMH benchmark of Bakeoff's {@code virtual-threads × arithmetic} cell: one virtual thread
 * per item ({@code newVirtualThreadPerTaskExecutor}, {@link PooledTwin}).
 *
 * <p>What it shows: the cost of starting, scheduling and joining a hundred virtual threads for
 * nanoseconds of work each, measured without anything of Bakeoff's, against Bakeoff's figure.
 */
public class VirtualThreadsArithmeticBenchmark extends PooledTwin {
    @Override
    protected ExecutorService createPool() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }

    @Override
    protected int item(int seed) {
        return ArithmeticWorkload.INSTANCE.run(seed);
    }
}
