package dev.bakeoff.model

import kotlinx.coroutines.CoroutineScope
import java.lang.invoke.MethodHandle
import java.lang.invoke.MethodHandles
import java.lang.invoke.MethodType
import kotlin.coroutines.Continuation
import kotlin.coroutines.CoroutineContext
import kotlin.coroutines.EmptyCoroutineContext

/**
 * `runBlocking(context) { block }`, called through the one signature every kotlinx.coroutines release since 1.0
 * has (`BuildersKt.runBlocking(CoroutineContext, Function2)`; hidden, for binary compatibility, from 1.11 on). Code
 * compiled against 1.11 calls its new `runBlockingK`, which earlier releases lack, so without this a fork on an
 * earlier version (`--lib kotlinx-coroutines=1.9.0`) could not run one suspending item. The handle is a static
 * final constant, which the JIT calls as directly as the function itself. Thread-safe.
 */
internal fun <T> runBlockingCompat(
    context: CoroutineContext = EmptyCoroutineContext,
    block: suspend CoroutineScope.() -> T,
): T {
    // A suspend lambda of a receiver and no argument is, compiled, a Function2 of the receiver and a continuation.
    @Suppress("UNCHECKED_CAST")
    val function = block as Function2<CoroutineScope, Continuation<T>, Any?>
    @Suppress("UNCHECKED_CAST")
    return RUN_BLOCKING.invoke(context, function) as T
}

private val RUN_BLOCKING: MethodHandle = MethodHandles.publicLookup().findStatic(
    Class.forName("kotlinx.coroutines.BuildersKt"),
    "runBlocking",
    MethodType.methodType(Any::class.java, CoroutineContext::class.java, Function2::class.java),
)
