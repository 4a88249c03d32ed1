package dev.bakeoff.model

/**
 * The action run for each item of a batch: an Int seed in, an Int result out.
 *
 * Threading model: [run] and [runSuspending] are called concurrently from any number of
 * threads and coroutines, so an implementation keeps no mutable state. A workload knows
 * nothing about the strategy running it.
 *
 * Waiting workloads implement both forms: [run] blocks its thread (`sleep` / `parkNanos`),
 * [runSuspending] suspends (`delay`). Which one a run uses is the run's [WaitForm]. Pure CPU
 * workloads implement [run] only; both forms are then the same computation.
 */
public interface Workload {
    /** Blocking form: any wait holds the calling thread. */
    public fun run(seed: Int): Int

    /** Suspending form: any wait releases the thread. Defaults to [run] for pure CPU work. */
    public suspend fun runSuspending(seed: Int): Int = run(seed)

    /** The nominal wait of item [seed] in nanoseconds, from the definition (0 for pure CPU work). */
    public fun waitNanos(seed: Int): Long = 0
}
