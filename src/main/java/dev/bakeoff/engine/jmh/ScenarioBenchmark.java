package dev.bakeoff.engine.jmh;

import dev.bakeoff.engine.cell.CellProbe;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The JMH entry point for a scenario cell: the same measured batch as {@link CellBenchmark}
 * (whose parameters it inherits, {@code workload} holding the scenario spec), plus the scenario's
 * reset before and verification after every single batch.
 *
 * <p>Those run at {@code Level.Invocation}, outside the timed section. JMH warns that
 * invocation-level fixtures distort sub-millisecond benchmarks (the harness timestamps every
 * call); a scenario batch waits for at least one API call or send attempt, milliseconds to
 * seconds, so the cost of those timestamps is negligible here. It is a separate class so that
 * workload cells, whose batches can take microseconds, keep their fixture-free timing loop.
 */
public class ScenarioBenchmark extends CellBenchmark {
    @Override
    protected CellProbe createProbe() {
        return CellProbe.startScenario(strategy, workload, items, wait);
    }

    @Setup(Level.Invocation)
    public void resetScenario() {
        guarded(() -> probe.beforeBatch());
    }

    @TearDown(Level.Invocation)
    public void verifyScenario() {
        guarded(() -> probe.afterBatch());
    }

    /**
     * Records a failed reset or verification in the probe report (a verification failure marks the cell
     * broken), then rethrows.
     */
    private void guarded(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            probe.failed(e);
            throw e;
        }
    }
}
