package dev.bakeoff.engine.jmh;

import dev.bakeoff.engine.cell.CellProbe;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * The JMH entry point for one cell of the matrix. It is Java so that JMH's own annotation
 * processor generates the harness; everything else is in Kotlin ({@link CellProbe}).
 *
 * <p>The measured operation is exactly one batch: the strategy runs every item and returns.
 * Pools are opened in the trial set-up and closed in the trial tear-down; the ledger is verified
 * after every iteration (outside the timed section); the instrumented trace pass runs after
 * the last iteration, so per-item timestamps never reach the timing figures. Mode, iterations
 * and forks come from the engine's options, not from annotations.
 */
@State(Scope.Benchmark)
public class CellBenchmark {
    @Param("direct")
    public String strategy;

    @Param("arithmetic")
    public String workload;

    @Param("100")
    public int items;

    @Param("blocking")
    public String wait;

    protected CellProbe probe;

    @Setup(Level.Trial)
    public void openCell() {
        probe = createProbe();
    }

    /** The probe for this cell's parameters; {@link ScenarioBenchmark} reads {@code workload} as a scenario. */
    protected CellProbe createProbe() {
        return CellProbe.start(strategy, workload, items, wait);
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        probe.iterationStarted(iteration.getType() == IterationType.MEASUREMENT);
    }

    @Benchmark
    public void batch() {
        try {
            probe.runBatch();
        } catch (RuntimeException | Error e) {
            // Off the fast path: only reached when the batch already failed.
            probe.failed(e);
            throw e;
        }
    }

    @TearDown(Level.Iteration)
    public void verifyIteration(IterationParams iteration) {
        try {
            probe.iterationEnded(iteration.getType() == IterationType.MEASUREMENT);
        } catch (RuntimeException e) {
            probe.failed(e);
            throw e;
        }
    }

    @TearDown(Level.Trial)
    public void closeCell() {
        probe.finish();
    }
}
