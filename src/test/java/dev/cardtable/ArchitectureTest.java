package dev.cardtable;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The shell's layers (beside the engine's purity, {@code EnginePurityTest}): the service layer
 * ({@code game}) knows no HTTP types, the store knows neither the service nor HTTP, and the event
 * bus is reached only through the service's events.
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
}
