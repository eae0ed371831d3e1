-- Delegated access (docs/api.md, "Tokens and OAuth"): scoped access tokens, made by a player for
-- a script (personal tokens) or granted to another front end by the OAuth 2.0 authorization code
-- flow, and that flow's one-time codes. This migration is expand only: two new tables, which the
-- previous release, serving beside this one during a rolling update, never reads.
--
-- A token is shown once; only its SHA-256 is stored, so a database dump grants nothing. Revoking
-- a token deletes its row, which every instance sees at once.
create table access_tokens (
    id            uuid        primary key,
    player_id     uuid        not null references players (id),
    token_hash    text        not null unique,
    description   text        not null,
    scopes        text[]      not null,
    client_id     text,
    created_at    timestamptz not null,
    expires_at    timestamptz,
    last_used_at  timestamptz
);

create index access_tokens_player_idx on access_tokens (player_id, created_at);

-- An authorization code (RFC 6749 4.1) with its PKCE challenge (RFC 7636, S256): one use, within
-- a minute; only its SHA-256 is stored.
create table oauth_codes (
    code_hash       text        primary key,
    player_id       uuid        not null references players (id),
    client_id       text        not null,
    redirect_uri    text        not null,
    scopes          text[]      not null,
    code_challenge  text        not null,
    created_at      timestamptz not null,
    expires_at      timestamptz not null,
    used_at         timestamptz
);
