package dev.cardtable.support;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;

/** Small REST Assured helpers so that HTTP tests read as sentences. */
public final class Api {

    private Api() {
    }

    /** A request as the holder of {@code token} (a spectator when null). */
    public static RequestSpecification as(String token) {
        RequestSpecification r = given().contentType(ContentType.JSON).accept(ContentType.JSON);
        return token == null ? r : r.header("Authorization", "Bearer " + token);
    }

    /** Creates a game from {@code body}, expecting 201. */
    public static Response create(Map<String, ?> body) {
        return as(null).body(body).post("/api/games").then().statusCode(201).extract().response();
    }

    /** Creates a one-seat Scoundrel game for {@code name} from {@code seed}. */
    public static Created scoundrel(String seed, String name) {
        Response r = create(Map.of("type", "scoundrel", "seed", seed, "seats", List.of(Map.of("name", name))));
        return new Created(r.path("id"), r.path("credentials[0].token"), r);
    }

    /** Submits {@code move} as {@code token} and returns the raw response. */
    public static Response move(String id, String token, Map<String, ?> move) {
        return as(token).body(move).post("/api/games/" + id + "/moves").then().extract().response();
    }

    /**
     * A created game.
     *
     * @param id       game id
     * @param token    the first human seat's token
     * @param response the creation response
     */
    public record Created(String id, String token, Response response) {
    }
}
