package dev.cardtable.engine;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The engine is a functional core: plain Java, no framework, no I/O. */
class EnginePurityTest {

    private final JavaClasses engine = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.cardtable.engine");

    @Test
    void engineImportsNoFrameworkOrPersistence() {
        noClasses().that().resideInAPackage("dev.cardtable.engine..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.quarkus..", "jakarta..", "javax..", "com.fasterxml..", "java.sql..",
                        "org.hibernate..", "io.micrometer..", "io.vertx..", "org.eclipse..")
                .check(engine);
    }

    @Test
    void engineImportsNothingOfTheServer() {
        noClasses().that().resideInAPackage("dev.cardtable.engine..")
                .should().dependOnClassesThat(JavaClass.Predicates.resideInAPackage("dev.cardtable..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage("dev.cardtable.engine.."))))
                .check(engine);
    }

    @Test
    void dazzleRulesKnowNoneOfTheirOpponents() {
        noClasses().that().resideInAPackage("dev.cardtable.engine.dazzle")
                .should().dependOnClassesThat().resideInAPackage("dev.cardtable.engine.dazzle.ai..")
                .because("the rules know none of their computer opponents; DazzleOpponents combines them")
                .check(engine);
    }

    @Test
    void engineHasNoUnseededRandomness() {
        noClasses().that().resideInAPackage("dev.cardtable.engine..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.util.Random")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.concurrent.ThreadLocalRandom")
                .orShould().callMethod(Math.class, "random")
                .because("every random choice must come from a seeded Rng")
                .check(engine);
    }
}
