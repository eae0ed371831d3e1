package dev.cardtable.platform;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks what a feature module offers the other modules: an interface it implements, or a payload
 * or event record it defines. Everything else of a module (its resources, services, stores) is its
 * own: another module may use a module's types only where they carry this mark
 * ({@code docs/architecture.md}, "Modules"; the rules are checked by {@code ArchitectureTest}).
 * Only interfaces, records and enums may carry it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Published {
}
