package dev.cardtable.accounts;

/**
 * A token or revocation request refused (RFC 6749 5.2): answered {@code 400} with
 * {@code {"error": …, "error_description": …}} ({@link OAuthResource}). Nothing was issued.
 */
public class OAuthRefusal extends RuntimeException {

    /** The request is missing a parameter, repeats one, or is otherwise malformed. */
    public static final String INVALID_REQUEST = "invalid_request";
    /** The code is unknown, used, expired, or does not match the client, the redirect URI or the verifier. */
    public static final String INVALID_GRANT = "invalid_grant";
    /** A grant type other than {@code authorization_code}. */
    public static final String UNSUPPORTED_GRANT_TYPE = "unsupported_grant_type";

    private final String error;

    /**
     * @param error       the RFC 6749 error code: {@link #INVALID_REQUEST}, {@link #INVALID_GRANT} or
     *                    {@link #UNSUPPORTED_GRANT_TYPE}
     * @param description what was wrong, for the client's developer
     */
    public OAuthRefusal(String error, String description) {
        super(description, null, false, false);
        this.error = error;
    }

    /** The RFC 6749 error code. */
    public String error() {
        return error;
    }
}
