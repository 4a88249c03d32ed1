package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.model.Waits;
import dev.bakeoff.workload.StorageWorkload;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The plain JMH benchmark of Bakeoff's {@code virtual-threads × storage} cell: one virtual thread
 * per item ({@code newVirtualThreadPerTaskExecutor}, {@link PooledTwin}), each parking 0.5 to
 * 1.49 ms as E1's storage item does.
 *
 * <p>What it shows: for waiting work the batch is bounded by its longest wait (about 1.5 ms), and
 * Bakeoff's figure for the same cell is the same: {@code bakeoff selfcheck} prints the ratio of
 * the two medians.
 */
public class VirtualThreadsStorageBenchmark extends PooledTwin {
    private final StorageWorkload workload = new StorageWorkload(new Waits(1.0));

    @Override
    protected ExecutorService createPool() {
        return Executors.newVirtualThreadPerTaskExecutor();
    }

    @Override
    protected int item(int seed) {
        return workload.run(seed);
    }
}
