package dev.bakeoff.model

/**
 * What `bakeoff recommend` assumes about a strategy: how many items it keeps in progress at once
 * ([inFlight], whose waits overlap), how many of those can compute at once ([computing]), and its
 * dispatch cost per item ([overheadNs], an assumed order of magnitude, documented in docs/GUIDE.md;
 * `recommend` confirms its picks by measuring them). [mechanism] says why, in a few words.
 * Immutable; thread-safe.
 */
internal data class ConcurrencyModel(
    val inFlight: Int,
    val computing: Int,
    val overheadNs: Double,
    val mechanism: String,
)

/**
 * What a strategy's model is computed from: its resolved [params], the [wait] form of the work,
 * the [cores] modelled and the [items] of a batch. Immutable; thread-safe.
 */
internal data class ModelInput(val params: Params, val wait: WaitForm, val cores: Int, val items: Int)
