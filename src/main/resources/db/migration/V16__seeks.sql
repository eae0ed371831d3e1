-- Quick pairing (docs/api.md, "Quick pairing"): a registered player's seek for any opponent of a
-- game type, ruleset, clock and rated choice, optionally within a rating range. A seek is open until
-- it is paired (game_id names the game), cancelled, timed out at expires_at, or abandoned: its owner
-- stopped following it (seen_at) for cardtable.seeks.keep-alive. Pairing locks the rows it pairs
-- (FOR UPDATE SKIP LOCKED), so a seek is paired at most once across instances.
create table seeks (
    id          uuid        primary key,
    player_id   uuid        not null references players (id),
    player_name text        not null,
    game_type   text        not null,
    ruleset     text        not null,
    clock       text,                                -- JSON of the clock settings, or null
    rated       boolean     not null,
    rating      double precision not null,           -- the player's rating in the perf when it seeked
    rating_min  integer,                             -- an explicit range, else null
    rating_max  integer,
    status      text        not null check (status in ('open', 'paired', 'cancelled', 'expired', 'abandoned')),
    game_id     uuid,
    created_at  timestamptz not null,
    expires_at  timestamptz not null,
    seen_at     timestamptz not null,
    ended_at    timestamptz
);

create index seeks_open_idx on seeks (created_at, id) where status = 'open';
create index seeks_player_idx on seeks (player_id, created_at) where status = 'open';
