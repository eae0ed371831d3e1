-- Registered players (docs/api.md, "Players and keys"). A name is registered once,
-- case-insensitively, while its registration stands; the player key is never stored, only its
-- SHA-256. Rotating replaces the hash; revoking ends the registration (the name may then be
-- registered again, as a new player whose verified seats start from none).
create table players (
    id          uuid        primary key,
    name        text        not null,
    key_hash    text        unique,                   -- null once revoked
    created_at  timestamptz not null,
    rotated_at  timestamptz,
    revoked_at  timestamptz
);

create unique index players_name_idx on players (lower(name)) where revoked_at is null;

-- A seat taken or created with a player key names its player: the seat is verified. Statistics
-- and leaderboards of a registered name count these seats only.
alter table seats add column player_id uuid references players (id);
create index seats_player_idx on seats (player_id, game_type) where player_id is not null;

-- A certified deal: dealt from a secret seed the solver proved winnable.
alter table games add column certified boolean not null default false;
