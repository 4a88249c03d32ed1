package dev.bakeoff.model

import java.util.concurrent.ExecutorService
import java.util.concurrent.TimeUnit

/** Shuts [pool] down and waits for it, so that no worker outlives the strategy or scenario that owned it. */
internal fun shutDown(pool: ExecutorService) {
    pool.shutdownNow()
    check(pool.awaitTermination(1, TimeUnit.MINUTES)) { "executor did not terminate within a minute of shutdownNow()" }
}
