package dev.bakeoff.engine.jmh.selfcheck;

import dev.bakeoff.model.Waits;
import dev.bakeoff.workload.StorageWorkload;
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
 * The plain JMH benchmark of Bakeoff's {@code virtual-threads × storage} cell: one virtual thread
 * per item ({@code newVirtualThreadPerTaskExecutor}), each parking 0.5 to 1.49 ms as E1's storage
 * item does, every future awaited, each result stored in its own slot.
 *
 * <p>What it shows: for waiting work the batch is bounded by its longest wait (about 1.5 ms), and
 * Bakeoff's figure for the same cell is the same: {@code bakeoff selfcheck} prints the ratio of
 * the two medians.
 */
@State(Scope.Benchmark)
public class VirtualThreadsStorageBenchmark {
    @Param("100")
    public int items;

    private int[] results;
    private ExecutorService pool;
    private final StorageWorkload workload = new StorageWorkload(new Waits(1.0));

    @Setup
    public void open() {
        results = new int[items];
        pool = Executors.newVirtualThreadPerTaskExecutor();
    }

    @Benchmark
    public int[] batch() throws InterruptedException, ExecutionException {
        Future<?>[] futures = new Future<?>[items];
        for (int i = 0; i < items; i++) {
            int seed = i;
            futures[i] = pool.submit(() -> {
                results[seed] = workload.run(seed);
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
