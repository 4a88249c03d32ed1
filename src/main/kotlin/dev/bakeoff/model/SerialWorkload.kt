package dev.bakeoff.model

/**
 * A workload whose items never overlap, whatever the strategy: every item runs whole under one
 * lock shared by the batch. Its physical limit therefore has a serial part, the sum of every
 * item's CPU cost and wait, which no amount of concurrency can shorten. Implementations follow
 * [Workload]'s threading model.
 */
internal interface SerialWorkload : Workload
