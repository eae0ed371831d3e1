package dev.cardtable.platform.http;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The HTTP layer's own limits ({@code cardtable.http.max-*-bytes}; {@code docs/operations.md},
 * "Configuration"), each answered with a problem by {@link TransportLimits}. Sizes in bytes.
 */
@ConfigMapping(prefix = "cardtable.http")
public interface LimitsConfig {

    /** The largest request body ({@code 413 payload-too-large} beyond). */
    @WithDefault("65536")
    long maxBodyBytes();

    /** The largest body of a record import ({@code POST /api/games/import}). */
    @WithDefault("1048576")
    long maxRecordBytes();

    /** The longest request line: method, target and version ({@code 414 uri-too-long} beyond). */
    @WithDefault("4096")
    long maxRequestLineBytes();

    /** The largest header section, names and values ({@code 431 headers-too-large} beyond). */
    @WithDefault("20480")
    long maxHeaderBytes();
}
