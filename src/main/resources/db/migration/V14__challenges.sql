-- Challenges (docs/api.md, "Challenges"): one registered player asks another for a game. A row is
-- pending until it is accepted (game_id names the game made), declined (with a reason from a fixed
-- list), cancelled by its challenger, or expired at expires_at (swept by the server). Its
-- accepting locks the row, so two instances accepting it at once make one game.
create table challenges (
    id              uuid        primary key,
    challenger_id   uuid        not null references players (id),
    challenger_name text        not null,
    dest_id         uuid        not null references players (id),
    dest_name       text        not null,
    game_type       text        not null,
    ruleset         text        not null,
    options         text,                            -- JSON object of option values, or null
    clock           text,                            -- JSON of the clock settings, or null
    rated           boolean     not null,
    challenger_seat integer,                         -- null: drawn at acceptance
    status          text        not null check (status in ('pending', 'accepted', 'declined', 'canceled', 'expired')),
    decline_reason  text,
    game_id         uuid,
    created_at      timestamptz not null,
    expires_at      timestamptz not null,
    ended_at        timestamptz
);

-- A player's pending challenges, out and in (the list, the cap), and the expiry sweep.
create index challenges_out_idx on challenges (challenger_id, created_at) where status = 'pending';
create index challenges_in_idx on challenges (dest_id, created_at) where status = 'pending';
create index challenges_expiry_idx on challenges (expires_at) where status = 'pending';
