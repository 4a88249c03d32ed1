package dev.bakeoff.engine.jmh.selfcheck;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The plain JMH benchmark of a Bakeoff executor cell, as anyone would write it by hand: a pool
 * ({@link #createPool()}) created once per trial, and per batch every item submitted, then every
 * future awaited. Each subclass names its pool and its item ({@link #item(int)}), and JMH
 * generates one benchmark per subclass.
 *
 * <p>Each result goes into a slot of its own 128 bytes apart from the next (a cache line and the
 * one the CPU prefetches with it), as Bakeoff's ledger keeps them: adjacent slots written by the
 * pool's threads at the same time would cost a coherence miss per item, a cost of the sink that a
 * twin must not share with the harness, or {@code bakeoff selfcheck} could never see it there.
 *
 * <p>Threading model: JMH's benchmark thread submits and awaits; the pool's threads each write
 * their item's slot only, and the futures order those writes before the next batch.
 */
@State(Scope.Benchmark)
public abstract class PooledTwin {
    /** Longs per result slot: 128 bytes, as Bakeoff's ledger pads its slots. */
    static final int STRIDE = 16;

    @Param("100")
    public int items;

    private long[] slots;
    private ExecutorService pool;

    /** The pool of the Bakeoff strategy this twin mirrors. */
    protected abstract ExecutorService createPool();

    /** Item {@code seed} of the workload this twin mirrors. */
    protected abstract int item(int seed);

    @Setup
    public void open() {
        slots = new long[items * STRIDE];
        pool = createPool();
    }

    @Benchmark
    public long[] batch() throws InterruptedException, ExecutionException {
        Future<?>[] futures = new Future<?>[items];
        for (int i = 0; i < items; i++) {
            int seed = i;
            futures[i] = pool.submit(() -> {
                // The ledger's one addition: 2^32 plus the result read as unsigned.
                slots[seed * STRIDE] += (1L << 32) + (item(seed) & 0xFFFFFFFFL);
            });
        }
        for (Future<?> f : futures) {
            f.get();
        }
        return slots;
    }

    @TearDown
    public void close() throws InterruptedException {
        pool.shutdownNow();
        pool.awaitTermination(1, TimeUnit.MINUTES);
    }
}
