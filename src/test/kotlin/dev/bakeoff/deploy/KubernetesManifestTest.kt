package dev.bakeoff.deploy

import com.fasterxml.jackson.databind.DeserializationFeature
import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory
import io.fabric8.kubernetes.api.model.batch.v1.Job
import java.nio.file.Files
import java.nio.file.Paths
import kotlin.test.Test
import kotlin.test.assertEquals

/**
 * deploy/kubernetes/bakeoff-shards.yaml loads strictly into fabric8's Kubernetes model: the
 * model keeps unknown fields in `additionalProperties`, so every object is checked to have none.
 */
class KubernetesManifestTest {
    private val manifest = Paths.get("deploy/kubernetes/bakeoff-shards.yaml")

    private fun load(): Job = ObjectMapper(YAMLFactory())
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .readValue(Files.readString(manifest), Job::class.java)

    @Test
    fun `the manifest is an Indexed Job with no unknown field anywhere`() {
        val job = load()
        assertEquals(emptyList(), unknownFields(job, "job"))
        assertEquals("Indexed", job.spec.completionMode)
        assertEquals(job.spec.completions, job.spec.parallelism)
    }

    @Test
    fun `its pod has Guaranteed QoS with whole CPUs and one pod per node`() {
        val pod = load().spec.template.spec
        val resources = pod.containers.single().resources
        assertEquals(resources.requests, resources.limits)
        val cpu = resources.limits.getValue("cpu").amount
        assertEquals(cpu.toInt().toString(), cpu, "whole CPUs")
        val term = pod.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution.single()
        assertEquals("kubernetes.io/hostname", term.topologyKey)
    }

    /** Paths of every object whose `additionalProperties` holds something: fields the model does not know. */
    private fun unknownFields(obj: Any?, path: String): List<String> = when (obj) {
        null -> emptyList()

        is List<*> -> obj.flatMapIndexed { i, it -> unknownFields(it, "$path[$i]") }

        is Map<*, *> -> obj.flatMap { (k, v) -> unknownFields(v, "$path.$k") }

        else -> if (!obj.javaClass.name.startsWith("io.fabric8.")) {
            emptyList()
        } else {
            obj.javaClass.methods.filter { it.parameterCount == 0 && it.name.startsWith("get") }.flatMap { m ->
                val value = m.invoke(obj)
                if (m.name == "getAdditionalProperties") {
                    (value as Map<*, *>).keys.map { "$path.$it" }
                } else {
                    unknownFields(value, "$path.${m.name.removePrefix("get")}")
                }
            }
        }
    }
}
