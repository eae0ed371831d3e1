-- Games, their seats and the append-only move log. The move log is the source of truth; the
-- state column is a cache that replaying the log must reproduce exactly.

create table games (
    id               uuid        primary key,
    type             text        not null,
    ruleset          text        not null,
    ruleset_version  integer     not null,
    options          jsonb       not null,
    seed             text,                      -- null for a custom deal; never sent before the end
    custom_deal      jsonb,                     -- null for a seeded deal
    seed_commitment  text,
    status           text        not null check (status in ('waiting', 'active', 'finished')),
    version          integer     not null default 0 check (version >= 0),
    state            jsonb       not null,
    result           jsonb,
    created_at       timestamptz not null,
    updated_at       timestamptz not null,
    finished_at      timestamptz
);

create index games_created_idx on games (created_at desc, id desc);
create index games_type_status_created_idx on games (type, status, created_at desc, id desc);

create table seats (
    game_id     uuid     not null references games (id) on delete cascade,
    seat        integer  not null check (seat >= 0),
    kind        text     not null check (kind in ('human', 'ai', 'open')),
    name        text,
    ai_level    text,
    ai_budget   integer,
    token_hash  text,
    outcome     text     check (outcome in ('won', 'lost', 'drawn')),
    score       integer,
    primary key (game_id, seat)
);

create index seats_name_idx on seats (name, game_id) where name is not null;
create unique index seats_token_idx on seats (token_hash) where token_hash is not null;

create table moves (
    game_id  uuid        not null references games (id) on delete cascade,
    seq      integer     not null check (seq >= 1),
    seat     integer     not null,
    move     jsonb       not null,
    at       timestamptz not null,
    primary key (game_id, seq)
);

-- A retried move request with the same Idempotency-Key returns the first response.
create table idempotency_keys (
    game_id       uuid        not null references games (id) on delete cascade,
    seat          integer     not null,
    key           text        not null,
    request_hash  text        not null,
    status        integer     not null,
    response      text        not null,
    created_at    timestamptz not null,
    primary key (game_id, seat, key)
);
