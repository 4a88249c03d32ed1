package dev.bakeoff.scenario

import dev.bakeoff.model.ParamSpec.IntParam

/** The `seed` parameter of the scenarios that draw failures from [SeededDraw]. */
internal val SEED = IntParam("seed", "seed of the failure draws", "42", min = 0)

/**
 * The random source of the scenarios, keyed by (seed, item, attempt) instead of drawn in
 * sequence: whatever thread asks, in whatever order, file 17's second attempt gets the same
 * draw, so every strategy sees the same failures and the expected outcome is known up front.
 * SplitMix64's finaliser over the key; stateless and thread-safe.
 */
internal object SeededDraw {
    /** A uniform value in [0, 1) for the key. */
    fun uniform(seed: Long, item: Int, attempt: Int): Double {
        var z = seed * GOLDEN + item.toLong() * ITEM_STEP + attempt.toLong() * ATTEMPT_STEP
        z = (z xor (z ushr 30)) * -0x40a7b892e31b1a47L
        z = (z xor (z ushr 27)) * -0x6b2fb644ecceee15L
        z = z xor (z ushr 31)
        return (z ushr 11) * UNIT
    }

    /** True with probability [percent] / 100 for the key. */
    fun happens(seed: Long, item: Int, attempt: Int, percent: Int): Boolean =
        uniform(seed, item, attempt) * 100 < percent

    // 2^-53: the top 53 bits of the hash as a fraction in [0, 1).
    private const val UNIT = 1.0 / (1L shl 53)
    private const val GOLDEN = -0x61c8864680b583ebL
    private const val ITEM_STEP = 0x632be59bd9b4e019L
    private const val ATTEMPT_STEP = 0x5851f42d4c957f2dL
}
