package dev.cardtable.platform.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.time.Instant;

/**
 * Request bodies are read strictly: a duplicate key, trailing content after the JSON value, a
 * number where text is expected (or text where a number or boolean is), or a fraction where a
 * whole number is expected is a malformed request rather than something silently guessed. An instant
 * ({@code startsAt}, {@code expiresAt}) is an ISO-8601 string only: a bare number, which Jackson would
 * read as seconds since 1970, is malformed too.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    /**
     * Last of the customizers, after the one that registers Jackson's modules: the module registered
     * last wins, so {@link TextualInstant} takes the place of the Java time module's reader.
     */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.getFactory().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
        mapper.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        mapper.registerModule(new SimpleModule("strict-instants").addDeserializer(Instant.class, new TextualInstant()));
    }

    /**
     * An {@link Instant} read by Jackson's own reader (an ISO-8601 string), except that a number,
     * which that reader takes as seconds since 1970, is refused.
     */
    static final class TextualInstant extends StdDeserializer<Instant> {

        TextualInstant() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonToken t = p.currentToken();
            if (t != null && t.isNumeric()) {
                return (Instant) ctxt.handleUnexpectedToken(Instant.class, p);
            }
            return InstantDeserializer.INSTANT.deserialize(p, ctxt);
        }
    }
}
