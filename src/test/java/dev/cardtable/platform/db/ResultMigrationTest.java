package dev.cardtable.platform.db;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardtable.support.Api;
import dev.cardtable.support.Db;
import dev.cardtable.support.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static dev.cardtable.support.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Migration V7_1 turns results stored in the games' own shapes into the shape every game shares,
 * exactly as the server now writes them.
 */
@QuarkusTest
@QuarkusTestResource(PostgresResource.class)
class ResultMigrationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void storedResultsOfBothGamesConvertToTheSharedShape() throws Exception {
        String sql = Files.readString(Path.of("src/main/resources/db/migration/V7_1__seats_taken_and_results.sql"));
        String convert = sql.substring(sql.indexOf("update games"));
        String dazzle = Api.create(Map.of("type", "dazzle", "seed", "migrate-dazzle",
                "seats", List.of(Map.of("ai", "random"), Map.of("ai", "heuristic")))).path("id");
        Api.Created scoundrel = Api.scoundrel("migrate-scoundrel", "mig");
        JsonNode game = JSON.readTree(as(scoundrel.token()).get("/api/games/" + scoundrel.id()).asString());
        while (game.path("status").asText().equals("active")) {
            game = JSON.readTree(Api.move(scoundrel.id(), scoundrel.token(),
                    JSON.convertValue(game.path("legalMoves").get(0), Map.class)).asString());
        }
        for (String id : List.of(dazzle, scoundrel.id())) {
            JsonNode now = JSON.readTree(as(null).get("/api/games/" + id).asString()).path("result");
            Db.update("update games set result = ?::jsonb where id = ?::uuid", JSON.writeValueAsString(legacy(now)), id);
            // A plain statement: "?" is PostgreSQL's jsonb key operator here, not a parameter.
            try (Connection c = Db.connect(); Statement st = c.createStatement()) {
                st.executeUpdate(convert);
            }
            JsonNode migrated = JSON.readTree(Db.scalar("select result::text from games where id = ?::uuid", id));
            assertEquals(now, migrated, "game " + id);
        }
    }

    /** A result in the game's own shape as stored before: Scoundrel {outcome, score}; Dazzle {scores, winner, colors}. */
    private static JsonNode legacy(JsonNode result) {
        JsonNode standings = result.path("standings");
        ObjectNode old = JSON.createObjectNode();
        if (result.path("detail").has("colors")) {
            ArrayNode scores = old.putArray("scores");
            Integer winner = null;
            for (JsonNode s : standings) {
                scores.add(s.path("score").asInt());
                if (s.path("outcome").asText().equals("won")) {
                    winner = s.path("seat").asInt();
                }
            }
            old.put("winner", winner);
            old.set("colors", result.path("detail").path("colors"));
        } else {
            old.put("outcome", standings.get(0).path("outcome").asText());
            old.put("score", standings.get(0).path("score").asInt());
        }
        return old;
    }
}
