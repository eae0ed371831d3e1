-- Accounts (docs/api.md, "Accounts and sessions"): a registered player's password and its
-- signed-in sessions. This migration is expand only: two new tables, which the previous release,
-- serving beside this one during a rolling update, never reads.
--
-- A password is stored as its Argon2id hash in the PHC string format
-- ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so that the parameters can change later and every
-- hash still names its own.
create table account_passwords (
    player_id   uuid        primary key references players (id),
    hash        text        not null,
    changed_at  timestamptz not null
);

-- A session is a random token in an HttpOnly cookie; only its SHA-256 is stored, so a database
-- dump signs no one in. Ending a session deletes its row, which every instance sees at once.
create table account_sessions (
    id          uuid        primary key,
    player_id   uuid        not null references players (id),
    token_hash  text        not null unique,
    created_at  timestamptz not null,
    expires_at  timestamptz not null,
    user_agent  text
);

create index account_sessions_player_idx on account_sessions (player_id, created_at);
