package dev.cardtable.platform.http;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyName;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import jakarta.inject.Inject;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mapper that reads every request body (and writes responses, exactly as the application's
 * mapper does). On top of {@link StrictJson} it holds two policies for what a client sends, in one
 * place rather than per field:
 *
 * <ul>
 *   <li><b>Text:</b> a string or key that PostgreSQL cannot store exactly as sent (U+0000, an
 *       unpaired surrogate, a body that is not UTF-8) is refused while the body is parsed
 *       ({@link JsonTextGuard}).</li>
 *   <li><b>Nulls:</b> {@code null} is accepted only as the value of a field, where it means the
 *       same as leaving the field out. A null element of a list, a null value in a map (options,
 *       a move), a null anywhere inside a move, or a null for a number field is refused.</li>
 * </ul>
 *
 * Both failures are {@code malformed-request} ({@link ProblemMapper}), before anything is stored.
 * The server's own reads of stored JSON use the application mapper and are not affected.
 */
@Provider
public class RequestJson implements ContextResolver<ObjectMapper> {

    private final ObjectMapper mapper;

    @Inject
    public RequestJson(ObjectMapper application) {
        this.mapper = strict(application.copy());
    }

    @Override
    public ObjectMapper getContext(Class<?> type) {
        return mapper;
    }

    /** Adds the request policies to {@code m} and returns it. */
    static ObjectMapper strict(ObjectMapper m) {
        m.getFactory().setInputDecorator(new JsonTextGuard());
        m.setDefaultSetterInfo(JsonSetter.Value.forContentNulls(Nulls.FAIL));
        m.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        m.registerModule(new SimpleModule("cardtable-untyped-without-nulls")
                .addDeserializer(Object.class, new UntypedWithoutNulls()));
        return m;
    }

    /**
     * Untyped values (a move's fields and everything inside them) as maps, lists, strings,
     * numbers and booleans, refusing {@code null} at any depth.
     */
    static final class UntypedWithoutNulls extends StdDeserializer<Object> {

        UntypedWithoutNulls() {
            super(Object.class);
        }

        @Override
        public LogicalType logicalType() {
            return LogicalType.Untyped;
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return read(p, ctxt, p.currentToken());
        }

        private Object read(JsonParser p, DeserializationContext ctxt, JsonToken t) throws IOException {
            if (t == null) {
                return ctxt.handleUnexpectedToken(Object.class, p);
            }
            return switch (t) {
                case START_OBJECT -> object(p, ctxt, p.nextFieldName());
                case FIELD_NAME -> object(p, ctxt, p.currentName());
                case START_ARRAY -> array(p, ctxt);
                case VALUE_STRING -> p.getText();
                case VALUE_NUMBER_INT -> p.getNumberValue();
                case VALUE_NUMBER_FLOAT -> ctxt.isEnabled(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                        ? p.getDecimalValue() : p.getNumberValue();
                case VALUE_TRUE -> Boolean.TRUE;
                case VALUE_FALSE -> Boolean.FALSE;
                case VALUE_NULL -> throw InvalidNullException.from(ctxt, (PropertyName) null,
                        ctxt.constructType(Object.class));
                default -> ctxt.handleUnexpectedToken(Object.class, p);
            };
        }

        private Map<String, Object> object(JsonParser p, DeserializationContext ctxt, String first) throws IOException {
            Map<String, Object> out = new LinkedHashMap<>();
            for (String key = first; key != null; key = p.nextFieldName()) {
                try {
                    out.put(key, read(p, ctxt, p.nextToken()));
                } catch (JsonMappingException e) {
                    e.prependPath(out, key);
                    throw e;
                }
            }
            return out;
        }

        private List<Object> array(JsonParser p, DeserializationContext ctxt) throws IOException {
            List<Object> out = new ArrayList<>();
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                try {
                    out.add(read(p, ctxt, t));
                } catch (JsonMappingException e) {
                    e.prependPath(out, out.size());
                    throw e;
                }
            }
            return out;
        }
    }
}
