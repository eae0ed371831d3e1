-- Passkeys (docs/api.md, "Accounts and sessions"): a registered player's WebAuthn credentials.
-- This migration is expand only: one new table, which the previous release never reads.
--
-- Only the public half is stored (a passkey's private key never leaves its authenticator), with
-- what verifying a sign-in needs: the credential's id (base64url), its public key (COSE algorithm
-- and the key as X.509 SubjectPublicKeyInfo bytes), the authenticator's model (AAGUID) and its
-- signature counter, which only grows.
create table account_passkeys (
    credential_id  text        primary key,
    player_id      uuid        not null references players (id),
    aaguid         uuid        not null,
    public_key     bytea       not null,
    algorithm      bigint      not null,
    counter        bigint      not null,
    created_at     timestamptz not null
);

create index account_passkeys_player_idx on account_passkeys (player_id);
