package dev.cardtable;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The shell's layers (beside the engine's purity, {@code EnginePurityTest}): the service layer
 * ({@code game}) knows no HTTP types, the store knows neither the service nor HTTP, and the event
 * bus is reached only through the service's events. Inside the service layer, the core
 * ({@code game} and its read forms, {@code game.view}) names none of its feature packages (the
 * wings: {@code game.daily}, {@code game.lobby}, ...), which learn of changes from its
 * {@code GameChanged} event; and no package of the service layer depends on itself round a cycle.
 */
class ArchitectureTest {

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.cardtable");

    @Test
    void theServiceLayerKnowsNoApiTypes() {
        noClasses().that().resideInAPackage("dev.cardtable.game..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.cardtable.api..", "dev.cardtable.events..",
                        "jakarta.ws.rs..", "org.jboss.resteasy..", "org.eclipse.microprofile.openapi..")
                .check(classes);
    }

    @Test
    void theStoreKnowsNeitherTheServiceNorHttp() {
        noClasses().that().resideInAPackage("dev.cardtable.store..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.cardtable.game..", "dev.cardtable.api..",
                        "dev.cardtable.events..", "dev.cardtable.engine..", "jakarta.ws.rs..")
                .check(classes);
    }

    @Test
    void theEventBusKnowsNoHttp() {
        noClasses().that().resideInAPackage("dev.cardtable.events..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.cardtable.api..", "jakarta.ws.rs..")
                .check(classes);
    }

    /** The core's packages; every other package under {@code dev.cardtable.game} is a wing. */
    private static final String[] CORE = {"dev.cardtable.game", "dev.cardtable.game.view"};

    @Test
    void theCoreImportsNoWing() {
        noClasses().that().resideInAnyPackage(CORE)
                .should().dependOnClassesThat(resideInAWing())
                .check(classes);
    }

    @Test
    void theServiceLayersPackagesHaveNoCycles() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (List.of(CORE).contains(p)) {
                    return SliceIdentifier.of("core");
                }
                return p.startsWith("dev.cardtable.game.") ? SliceIdentifier.of(p.split("\\.")[3])
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the core and the wings of dev.cardtable.game";
            }
        }).should().beFreeOfCycles().check(classes);
    }

    private static DescribedPredicate<JavaClass> resideInAWing() {
        return DescribedPredicate.describe("reside in a wing of dev.cardtable.game",
                c -> c.getPackageName().startsWith("dev.cardtable.game.")
                        && !List.of(CORE).contains(c.getPackageName()));
    }
}
