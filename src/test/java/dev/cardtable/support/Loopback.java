package dev.cardtable.support;

import io.restassured.RestAssured;
import io.restassured.config.HttpClientConfig;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Requests from a client address of their own: loopback {@code 127.0.0.x}, the connection's local address. */
public final class Loopback {

    private Loopback() {
    }

    /** A JSON request (body and answer) from loopback address {@code 127.0.0.<host>}. */
    public static RequestSpecification from(int host) {
        InetAddress local;
        try {
            local = InetAddress.getByName("127.0.0." + host);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
        return RestAssured.given().config(RestAssured.config().httpClient(HttpClientConfig.httpClientConfig()
                        .setParam("http.route.local-address", local)))
                .contentType(ContentType.JSON).accept(ContentType.JSON);
    }
}
