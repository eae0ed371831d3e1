package dev.cardtable;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import dev.cardtable.platform.Published;
import jakarta.ws.rs.Path;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The modules' rules ({@code docs/architecture.md}, "Modules"), beside the engine's purity
 * ({@code EnginePurityTest}): one package per feature under {@code dev.cardtable} above
 * {@code platform}, the shared machinery, and {@code engine}, the pure rules.
 * <ul>
 *   <li>{@code platform} imports no feature;</li>
 *   <li>a feature uses another feature only through what that one publishes ({@link Published}
 *       interfaces and records), never its resources, services or stores; it may also react to
 *       the core's events;</li>
 *   <li>only interfaces, records and enums are published;</li>
 *   <li>the modules depend on each other without cycles;</li>
 *   <li>HTTP types stay at the edge: in resources, request bodies and headers, and
 *       {@code platform.http}.</li>
 * </ul>
 */
class ArchitectureTest {

    /** The feature modules, each a package under {@code dev.cardtable}. */
    static final List<String> FEATURES = List.of("play", "lobby", "daily", "players", "history", "ratings", "hints",
            "analysis", "records", "watching", "deals", "challenges", "pairing", "accounts", "tournaments");

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.cardtable");

    @Test
    void everyPackageIsTheEngineThePlatformOrAFeature() {
        classes().should(new ArchCondition<>("reside in engine, platform or a feature module") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                String m = module(c);
                boolean known = m == null || m.equals("engine") || m.equals("platform") || isFeature(m);
                if (!known) {
                    events.add(SimpleConditionEvent.violated(c, c.getName() + " is in no known module"));
                }
            }
        }).check(classes);
    }

    @Test
    void thePlatformImportsNoFeature() {
        noClasses().that().resideInAPackage("dev.cardtable.platform..")
                .should().dependOnClassesThat(inAFeature())
                .check(classes);
    }

    @Test
    void aFeatureUsesAnotherOnlyThroughWhatItPublishes() {
        classes().that(inAFeature()).should(new ArchCondition<>("use other features only through @Published types") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                String own = module(c);
                c.getDirectDependenciesFromSelf().forEach(d -> {
                    JavaClass target = d.getTargetClass().getBaseComponentType();
                    String other = module(target);
                    if (isFeature(other) && !other.equals(own) && !published(target)) {
                        events.add(SimpleConditionEvent.violated(d, d.getDescription()
                                + ": " + target.getName() + " is not published by " + other));
                    }
                });
            }
        }).check(classes);
    }

    @Test
    void onlyInterfacesRecordsAndEnumsArePublished() {
        classes().that().areAnnotatedWith(Published.class)
                .should(new ArchCondition<>("be an interface, a record or an enum") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        if (!c.isInterface() && !c.isRecord() && !c.isEnum()) {
                            events.add(SimpleConditionEvent.violated(c, c.getName() + " is a class"));
                        }
                    }
                }).check(classes);
    }

    @Test
    void theModulesHaveNoCycles() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String m = module(c);
                return m == null ? SliceIdentifier.ignore() : SliceIdentifier.of(m);
            }

            @Override
            public String getDescription() {
                return "the modules of dev.cardtable";
            }
        }).should().beFreeOfCycles().check(classes);
    }

    @Test
    void httpTypesStayAtTheEdge() {
        noClasses().that().resideOutsideOfPackage("dev.cardtable.platform.http..")
                .and(DescribedPredicate.describe("are not resources, request bodies or headers (or inside one)",
                        c -> !outermost(c).getSimpleName().matches(".*(Resource|Request|Headers)")))
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.ws.rs..", "org.jboss.resteasy..")
                .check(classes);
    }

    /**
     * JAX-RS matches a request to one root resource, by the longest literal path, and never tries
     * another: a class rooted at {@code /api/games} would hide every operation under that path that
     * another class serves. So no root path may be the prefix of another class's operation.
     */
    @Test
    void noResourceRootHidesAnotherResourcesOperation() {
        List<JavaClass> resources = classes.stream().filter(c -> c.isAnnotatedWith(Path.class)).toList();
        List<String> hidden = new ArrayList<>();
        for (JavaClass owner : resources) {
            String base = owner.getAnnotationOfType(Path.class).value();
            for (JavaMethod m : owner.getMethods()) {
                if (!m.isAnnotatedWith(Path.class) && !m.isMetaAnnotatedWith(jakarta.ws.rs.HttpMethod.class)) {
                    continue; // not an operation
                }
                String path = base + m.tryGetAnnotationOfType(Path.class).map(Path::value).orElse("");
                JavaClass chosen = resources.stream().filter(r -> covers(r.getAnnotationOfType(Path.class).value(), path))
                        .max(Comparator.comparingInt(r -> literal(r.getAnnotationOfType(Path.class).value()))).orElseThrow();
                // Roots with the same path are one root: JAX-RS matches the methods of all of them.
                if (!chosen.getAnnotationOfType(Path.class).value().equals(base)) {
                    hidden.add(owner.getSimpleName() + "." + m.getName() + " (" + path + ") is routed to " + chosen.getSimpleName());
                }
            }
        }
        assertEquals(List.of(), hidden);
    }

    /** Whether root path {@code root} matches the start of {@code path}, segment by segment ({@code {x}} matches any). */
    private static boolean covers(String root, String path) {
        String[] r = root.replaceAll("^/|/$", "").split("/");
        String[] p = path.replaceAll("^/|/$", "").split("/");
        if (r.length > p.length) {
            return false;
        }
        for (int i = 0; i < r.length; i++) {
            if (!r[i].startsWith("{") && !p[i].startsWith("{") && !r[i].equals(p[i])) {
                return false;
            }
        }
        return true;
    }

    /** The literal characters of a path template, by which JAX-RS ranks the roots that match. */
    private static int literal(String template) {
        return template.replaceAll("\\{[^}]*}", "").length();
    }

    /** The module of {@code c}: the package under {@code dev.cardtable}, or null outside it (or at its root). */
    static String module(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith("dev.cardtable.")) {
            return null;
        }
        return p.substring("dev.cardtable.".length()).split("\\.")[0];
    }

    private static JavaClass outermost(JavaClass c) {
        return c.getEnclosingClass().map(ArchitectureTest::outermost).orElse(c);
    }

    private static boolean published(JavaClass c) {
        return c.isAnnotatedWith(Published.class)
                || c.getEnclosingClass().map(ArchitectureTest::published).orElse(false);
    }

    private static DescribedPredicate<JavaClass> inAFeature() {
        return DescribedPredicate.describe("reside in a feature module", c -> isFeature(module(c)));
    }

    private static boolean isFeature(String module) {
        return module != null && FEATURES.contains(module);
    }
}
