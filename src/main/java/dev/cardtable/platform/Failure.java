package dev.cardtable.platform;

/**
 * Every way a request can fail, with its HTTP status and the stable {@code code} clients match on
 * ({@code docs/api.md}, "Errors"). Codes never change once published.
 */
public enum Failure {
    MALFORMED_REQUEST(400, "malformed-request", "Malformed request"),
    OAUTH_GRANT_INVALID(400, "oauth-grant-invalid", "OAuth grant invalid"),
    UNAUTHENTICATED(401, "unauthenticated", "Unauthenticated"),
    PLAYER_KEY_REQUIRED(401, "player-key-required", "Player key required"),
    PLAYER_KEY_INVALID(401, "player-key-invalid", "Player key invalid"),
    SIGN_IN_FAILED(401, "sign-in-failed", "Sign-in failed"),
    SESSION_INVALID(401, "session-invalid", "Session invalid"),
    TOKEN_INVALID(401, "token-invalid", "Token invalid"),
    PLAYER_KEY_MISMATCH(403, "player-key-mismatch", "Player key mismatch"),
    CROSS_SITE_REQUEST(403, "cross-site-request", "Cross-site request"),
    SCOPE_MISSING(403, "scope-missing", "Scope missing"),
    PASSWORD_MISMATCH(403, "password-mismatch", "Current password wrong"),
    GAME_SEALED(403, "game-sealed", "Game sealed"),
    SEAT_RESERVED(403, "seat-reserved", "Seat reserved"),
    RATING_OUT_OF_RANGE(403, "rating-out-of-range", "Rating out of range"),
    ARENA_CONDITIONS_UNMET(403, "arena-conditions-unmet", "Arena conditions unmet"),
    GAME_NOT_FOUND(404, "game-not-found", "Game not found"),
    NOT_FOUND(404, "not-found", "Not found"),
    PLAYER_NOT_FOUND(404, "player-not-found", "Player not found"),
    CHALLENGE_NOT_FOUND(404, "challenge-not-found", "Challenge not found"),
    SEEK_NOT_FOUND(404, "seek-not-found", "Seek not found"),
    ARENA_NOT_FOUND(404, "arena-not-found", "Arena not found"),
    ARENA_PLAYER_NOT_FOUND(404, "arena-player-not-found", "Arena player not found"),
    SESSION_NOT_FOUND(404, "session-not-found", "Session not found"),
    PASSKEY_NOT_FOUND(404, "passkey-not-found", "Passkey not found"),
    TOKEN_NOT_FOUND(404, "token-not-found", "Token not found"),
    METHOD_NOT_ALLOWED(405, "method-not-allowed", "Method not allowed"),
    NOT_ACCEPTABLE(406, "not-acceptable", "Not acceptable"),
    NOT_YOUR_TURN(409, "not-your-turn", "Not your turn"),
    GAME_OVER(409, "game-over", "Game over"),
    GAME_NOT_STARTED(409, "game-not-started", "Game not started"),
    SEAT_TAKEN(409, "seat-taken", "Seat taken"),
    TIME_EXPIRED(409, "time-expired", "Time expired"),
    NOT_WAITING(409, "not-waiting", "Not waiting"),
    GAME_NOT_OVER(409, "game-not-over", "Game not over"),
    RATED_GAME_RUNNING(409, "rated-game-running", "Rated game running"),
    REMATCH_EXISTS(409, "rematch-exists", "Rematch exists"),
    REGISTRATION_ENDED(409, "registration-ended", "Registration ended"),
    RECORD_EXISTS(409, "record-exists", "Record exists"),
    NAME_TAKEN(409, "name-taken", "Name taken"),
    NAME_REGISTERED(409, "name-registered", "Name registered"),
    DAILY_ATTEMPTED(409, "daily-attempted", "Daily deal attempted"),
    CHALLENGE_NOT_PENDING(409, "challenge-not-pending", "Challenge not pending"),
    SEEK_NOT_OPEN(409, "seek-not-open", "Seek not open"),
    ARENA_FINISHED(409, "arena-finished", "Arena finished"),
    ACTIVE_GAMES_LIMIT(409, "active-games-limit", "Too many active games"),
    VERSION_MISMATCH(412, "version-mismatch", "Version mismatch"),
    PAYLOAD_TOO_LARGE(413, "payload-too-large", "Payload too large"),
    URI_TOO_LONG(414, "uri-too-long", "URI too long"),
    UNSUPPORTED_MEDIA_TYPE(415, "unsupported-media-type", "Unsupported media type"),
    ILLEGAL_MOVE(422, "illegal-move", "Illegal move"),
    INVALID_RECORD(422, "invalid-record", "Invalid record"),
    IDEMPOTENCY_KEY_REUSED(422, "idempotency-key-reused", "Idempotency key reused"),
    RATED_GAME_TYPE(422, "rated-game-type", "Game type not rated"),
    RATED_DEAL(422, "rated-deal", "Deal not rated"),
    RATED_SEAT_UNVERIFIED(422, "rated-seat-unverified", "Rated seat not verified"),
    RATED_AI_BUDGET(422, "rated-ai-budget", "Rated computer opponent at another budget"),
    RATED_NO_HUMAN(422, "rated-no-human", "Rated game without a human seat"),
    CHALLENGE_SELF(422, "challenge-self", "Challenge to oneself"),
    PASSWORD_UNACCEPTABLE(422, "password-unacceptable", "Password unacceptable"),
    PASSKEY_REJECTED(422, "passkey-rejected", "Passkey rejected"),
    TOKEN_REQUEST_INVALID(422, "token-request-invalid", "Token request invalid"),
    OAUTH_REQUEST_INVALID(422, "oauth-request-invalid", "OAuth authorization request invalid"),
    TWO_PLAYER_GAME_TYPE(422, "two-player-game-type", "Not a two-player game type"),
    RATING_RANGE_UNRATED(422, "rating-range-unrated", "Rating range on an unrated game"),
    RATING_RANGE_NO_OPEN_SEAT(422, "rating-range-no-open-seat", "Rating range without an open seat"),
    ARENA_REQUEST_INVALID(422, "arena-request-invalid", "Arena request invalid"),
    RATE_LIMITED(429, "rate-limited", "Too many requests"),
    TOO_MANY_STREAMS(429, "too-many-streams", "Too many event streams"),
    CHALLENGE_LIMIT(429, "challenge-limit", "Too many pending challenges"),
    SEEK_LIMIT(429, "seek-limit", "Too many open seeks"),
    HEADERS_TOO_LARGE(431, "headers-too-large", "Request header fields too large"),
    INTERNAL(500, "internal-error", "Internal error"),
    SERVICE_UNAVAILABLE(503, "service-unavailable", "Service unavailable"),
    SERVER_BUSY(503, "server-busy", "Server busy"),
    CERTIFIED_DEAL_UNAVAILABLE(503, "certified-deal-unavailable", "Certified deal unavailable");

    private final int status;
    private final String code;
    private final String title;

    Failure(int status, String code, String title) {
        this.status = status;
        this.code = code;
        this.title = title;
    }

    /** The HTTP status. */
    public int status() {
        return status;
    }

    /** The stable machine-readable code. */
    public String code() {
        return code;
    }

    /** A short human-readable summary of the kind of failure. */
    public String title() {
        return title;
    }
}
