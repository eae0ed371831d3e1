package dev.cardtable;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Kubernetes manifests the build generates ({@code target/kubernetes/*.yml}; docs/scaling.md,
 * "Kubernetes manifests"), loaded strictly into the Kubernetes model classes (fabric8): a field the
 * model does not know, or a value of the wrong type (text for a number, a number for text), fails,
 * as it would when the API server validates them. Then the resources this deployment needs are
 * checked: Deployment with readiness and liveness probes and the datasource from a Secret, Service,
 * HorizontalPodAutoscaler, PodDisruptionBudget, and a termination grace above the drain time.
 */
class KubernetesManifestsIT {

    private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
            "apps/v1 Deployment", Deployment.class,
            "v1 Service", Service.class,
            "v1 ServiceAccount", io.fabric8.kubernetes.api.model.ServiceAccount.class,
            "rbac.authorization.k8s.io/v1 Role", io.fabric8.kubernetes.api.model.rbac.Role.class,
            "rbac.authorization.k8s.io/v1 RoleBinding", io.fabric8.kubernetes.api.model.rbac.RoleBinding.class,
            "batch/v1 Job", io.fabric8.kubernetes.api.model.batch.v1.Job.class,
            "autoscaling/v2 HorizontalPodAutoscaler", HorizontalPodAutoscaler.class,
            "policy/v1 PodDisruptionBudget", PodDisruptionBudget.class);

    /** Jackson as strict as the API server: no unknown fields, no coercion between text and numbers. */
    private static final ObjectMapper STRICT = strict();

    private static ObjectMapper strict() {
        JsonMapper m = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        for (LogicalType t : List.of(LogicalType.Integer, LogicalType.Float, LogicalType.Boolean, LogicalType.Textual)) {
            m.coercionConfigFor(t).setCoercion(CoercionInputShape.String, t == LogicalType.Textual ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Integer, t == LogicalType.Integer || t == LogicalType.Float ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, t == LogicalType.Float ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, t == LogicalType.Boolean ? CoercionAction.TryConvert : CoercionAction.Fail);
        }
        return m;
    }

    @Test
    void everyGeneratedManifestLoadsStrictly() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("target/kubernetes"))) {
            files = s.filter(p -> p.toString().endsWith(".yml")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "the build wrote manifests to target/kubernetes");
        List<HasMetadata> all = new ArrayList<>();
        for (Path f : files) {
            all.addAll(load(f));
        }
        Deployment deployment = one(all, Deployment.class);
        Container app = deployment.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertEquals("/q/health/ready", app.getReadinessProbe().getHttpGet().getPath());
        assertEquals("/q/health/live", app.getLivenessProbe().getHttpGet().getPath());
        assertEquals(8080, app.getReadinessProbe().getHttpGet().getPort().getIntVal());
        for (String name : List.of("QUARKUS_DATASOURCE_JDBC_URL", "QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD")) {
            EnvVar v = app.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError(name + " is not set"));
            assertNotNull(v.getValueFrom().getSecretKeyRef(), name + " comes from a Secret");
            assertEquals("card-table-db", v.getValueFrom().getSecretKeyRef().getName());
        }
        Duration drain = Duration.parse("PT" + app.getEnv().stream().filter(e -> e.getName().equals("QUARKUS_SHUTDOWN_TIMEOUT"))
                .findFirst().orElseThrow().getValue().toUpperCase());
        long grace = deployment.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
        assertTrue(grace > drain.toSeconds(), "termination grace " + grace + " s exceeds the drain time " + drain);
        Service service = one(all, Service.class);
        assertEquals(8080, service.getSpec().getPorts().get(0).getTargetPort().getIntVal());
        HorizontalPodAutoscaler hpa = one(all, HorizontalPodAutoscaler.class);
        assertEquals(deployment.getMetadata().getName(), hpa.getSpec().getScaleTargetRef().getName());
        assertNotNull(app.getResources().getRequests().get("cpu"), "CPU scaling needs a CPU request");
        PodDisruptionBudget pdb = one(all, PodDisruptionBudget.class);
        assertTrue(deployment.getSpec().getTemplate().getMetadata().getLabels().entrySet()
                .containsAll(pdb.getSpec().getSelector().getMatchLabels().entrySet()), "the budget selects the pods");
    }

    @Test
    void theStrictLoaderRefusesUnknownFieldsAndWrongTypes() {
        String ok = """
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: x}
                spec: {minAvailable: 1, selector: {matchLabels: {a: b}}}
                """;
        assertEquals(1, parse(ok).size());
        for (String bad : List.of(ok.replace("minAvailable", "minAvailabel"),
                ok.replace("name: x", "name: x, labelz: {}"),
                ok.replace("{a: b}", "[a, b]"),
                ok.replace("apiVersion: policy/v1", "apiVersion: policy/v1\nstatus: {currentHealthy: lots}"))) {
            try {
                parse(bad);
                fail("accepted: " + bad);
            } catch (AssertionError | RuntimeException expected) {
                // refused, as it should be
            }
        }
    }

    private static List<HasMetadata> load(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    /** Every document of {@code yaml}, each a known kind loaded strictly and checked field by field. */
    private static List<HasMetadata> parse(String yaml) {
        List<HasMetadata> out = new ArrayList<>();
        try (YAMLParser p = new YAMLFactory().createParser(yaml)) {
            ObjectMapper tree = new ObjectMapper(new YAMLFactory());
            for (JsonNode doc : tree.readValues(p, JsonNode.class).readAll()) {
                if (doc == null || doc.isNull() || doc.isMissingNode()) {
                    continue;
                }
                String key = doc.path("apiVersion").asText() + " " + doc.path("kind").asText();
                Class<? extends HasMetadata> type = KINDS.get(key);
                if (type == null) {
                    throw new AssertionError("a manifest of a kind this test does not know: " + key);
                }
                HasMetadata resource = STRICT.treeToValue(doc, type);
                assertNoAdditionalProperties(resource, key, new IdentityHashMap<>());
                // Nothing was lost or coerced: written back, the resource is the document read.
                // (Numbers compare by value: the model holds some as long, YAML reads them as int.)
                JsonNode read = stripNulls(doc);
                JsonNode written = stripNulls(STRICT.valueToTree(resource));
                assertTrue(read.equals((a, b) -> a.isNumber() && b.isNumber()
                        ? a.decimalValue().compareTo(b.decimalValue()) : a.equals(b) ? 0 : 1, written),
                        key + " reads back as written:\n" + read + "\n" + written);
                out.add(resource);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Fails when any object of the model kept a field it does not know (fabric8 keeps them aside). */
    private static void assertNoAdditionalProperties(Object o, String where, IdentityHashMap<Object, Boolean> seen) {
        if (o == null || seen.put(o, true) != null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            c.forEach(e -> assertNoAdditionalProperties(e, where, seen));
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.values().forEach(e -> assertNoAdditionalProperties(e, where, seen));
            return;
        }
        if (!(o instanceof KubernetesResource)) {
            return;
        }
        for (Method m : o.getClass().getMethods()) {
            if (m.getParameterCount() != 0 || !m.getName().startsWith("get") || m.getDeclaringClass() == Object.class) {
                continue;
            }
            try {
                Object v = m.invoke(o);
                if (m.getName().equals("getAdditionalProperties")) {
                    if (v instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        throw new AssertionError(where + ": unknown fields " + extra.keySet() + " in " + o.getClass().getSimpleName());
                    }
                } else {
                    assertNoAdditionalProperties(v, where, seen);
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static JsonNode stripNulls(JsonNode n) {
        if (n.isObject()) {
            ObjectNode out = ((ObjectNode) n).objectNode();
            n.properties().forEach(e -> {
                JsonNode v = e.getValue();
                boolean empty = v.isNull() || (v.isContainerNode() && v.isEmpty());
                if (!empty) {
                    out.set(e.getKey(), stripNulls(v));
                }
            });
            return out;
        }
        if (n.isArray()) {
            var out = ((com.fasterxml.jackson.databind.node.ArrayNode) n).arrayNode();
            n.forEach(e -> out.add(stripNulls(e)));
            return out;
        }
        return n;
    }

    private static <T> T one(List<HasMetadata> all, Class<T> type) {
        List<T> found = all.stream().filter(type::isInstance).map(type::cast).toList();
        assertFalse(found.isEmpty(), "no " + type.getSimpleName() + " generated");
        return found.get(0);
    }
}
