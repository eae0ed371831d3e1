package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

/**
 * The one form of the values every payload shares ({@code docs/api.md}, "One vocabulary"), written
 * by the server's object mapper wherever a payload is made (responses, events, stored event data):
 * <ul>
 *   <li>a time ({@link Instant}) is RFC 3339 in UTC with exactly three fraction digits, milliseconds:
 *   {@code 2026-12-07T10:30:46.200Z} (a finer stored time is cut to the millisecond);</li>
 *   <li>a rating, a rating change or a deviation ({@link #RATING_POINTS}: properties of these names
 *   holding a {@code double}) is a whole number of rating points, rounded to the nearest (halves
 *   up); the volatility, on another scale, is the one fraction. The ratings are stored and computed
 *   to full precision; only their form on the wire is whole. A
 *   {@link dev.cardtable.platform.game.view.GlickoValues} (the {@code glicko} object) shows them as
 *   stored, to the hundredth: its {@code BigDecimal}s are not rating points of this rule.</li>
 * </ul>
 */
@Singleton
public class WireFormat implements ObjectMapperCustomizer {

    /** The names of the properties that hold rating points, in every payload. */
    public static final Set<String> RATING_POINTS = Set.of("rating", "ratingDiff", "diff", "deviation", "deviationFloor",
            "deviationCeiling", "provisionalDeviation");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    /** {@code t} as every payload writes a time: UTC, milliseconds. */
    public static String time(Instant t) {
        return TIME.format(t.truncatedTo(ChronoUnit.MILLIS));
    }

    /** {@code value} as every payload writes a rating, rating change or deviation: whole points. */
    public static Long points(Double value) {
        return value == null ? null : Math.round(value);
    }

    @Override
    public void customize(ObjectMapper mapper) {
        SimpleModule module = new SimpleModule("cardtable-wire-format");
        module.addSerializer(Instant.class, new StdSerializer<>(Instant.class) {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeString(time(value));
            }
        });
        module.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription bean,
                                                             List<BeanPropertyWriter> properties) {
                for (BeanPropertyWriter p : properties) {
                    Class<?> type = p.getType().getRawClass();
                    if (RATING_POINTS.contains(p.getName()) && (type == double.class || type == Double.class)) {
                        p.assignSerializer(POINTS);
                    }
                }
                return properties;
            }
        });
        mapper.registerModule(module);
    }

    /** Runs after the mapper's own modules (the Java time module among them), so that its forms win. */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    private static final JsonSerializer<Object> POINTS = new StdSerializer<>(Object.class) {
        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeNumber(Math.round(((Number) value).doubleValue()));
        }
    };
}
