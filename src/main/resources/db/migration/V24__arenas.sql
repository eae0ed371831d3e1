-- Arenas (docs/tournaments.md): Dazzle events of fixed length in which joined players are paired
-- again as soon as they are free, every game scoring points by the arena rules.

-- One arena. Its status follows from the time (upcoming before starts_at, running until ends_at,
-- then finished); final is set once it has finished and every one of its games has ended, when the
-- final ranks are stored. event_seq is the last seq of its events (arena_events): taken by an
-- update of this row, so that an arena's events commit in the order of their seq.
create table arenas (
    id               uuid        primary key,
    name             text        not null,
    game_type        text        not null,
    ruleset          text        not null,
    clock            text        not null,           -- JSON of the clock settings (Fischer)
    rated            boolean     not null,
    min_rating       integer,
    min_rated_games  integer,
    starts_at        timestamptz not null,
    ends_at          timestamptz not null,
    pairing_ends_at  timestamptz not null,
    created_by       uuid        not null,
    created_by_name  text        not null,
    created_at       timestamptz not null,
    final            boolean     not null default false,
    finished_at      timestamptz,                     -- when it became final
    event_seq        bigint      not null default 0
);

-- Lists: upcoming by starts_at; running and finished by ends_at.
create index arenas_starts_idx on arenas (starts_at, id);
create index arenas_ends_idx on arenas (ends_at, id);
-- The pairing's and the finishing's walk: arenas not yet final.
create index arenas_live_idx on arenas (starts_at) where not final;

-- One player's entry in an arena. streak counts consecutive wins (on a streak from 2);
-- performance_sum is the sum over counted games of the opponent's rating at the pairing ± 500;
-- performance is its mean, rounded, or null before the first counted game. playing names the
-- arena game in progress; paused marks a player who withdrew while the arena ran.
create table arena_players (
    arena_id         uuid        not null references arenas (id),
    player_id        uuid        not null,
    player_name      text        not null,
    rating           integer     not null,            -- the rating at joining, then at each pairing
    points           integer     not null default 0,
    games            integer     not null default 0,
    wins             integer     not null default 0,
    draws            integer     not null default 0,
    losses           integer     not null default 0,
    streak           integer     not null default 0,
    performance_sum  bigint      not null default 0,
    performance      integer,
    paused           boolean     not null default false,
    playing          uuid,
    last_opponent    uuid,
    final_rank       integer,
    joined_at        timestamptz not null,
    primary key (arena_id, player_id)
);

-- The standings' keyset order: points (more first), performance (higher first, none last), name.
create index arena_players_standing_idx on arena_players
    (arena_id, (-points), (-coalesce(performance, -1000000)), player_name);
-- A player's entry by name (the sheet).
create index arena_players_name_idx on arena_players (arena_id, lower(player_name));

-- One arena game. rating_a/rating_b are each player's rating at the pairing (the other's
-- opponent rating); result_* are won, drawn or lost once counted; counted orders the counted
-- games (the sheet's order); ended_at is set once the game ended, counted or not (aborted).
create table arena_games (
    arena_id    uuid        not null references arenas (id),
    game_id     uuid        not null,
    player_a    uuid        not null,
    player_b    uuid        not null,
    name_a      text        not null,
    name_b      text        not null,
    rating_a    integer     not null,
    rating_b    integer     not null,
    result_a    text,
    result_b    text,
    points_a    integer,
    points_b    integer,
    paired_at   timestamptz not null,
    ended_at    timestamptz,
    counted     bigint
);

create unique index arena_games_game_idx on arena_games (game_id);
create index arena_games_a_idx on arena_games (arena_id, player_a, counted);
create index arena_games_b_idx on arena_games (arena_id, player_b, counted);
-- Whether an arena still has a game in progress (finishing).
create index arena_games_running_idx on arena_games (arena_id) where ended_at is null;
create sequence arena_games_counted_seq;

-- An arena's event stream (GET /api/arenas/{id}/events), resumable from seq.
create table arena_events (
    arena_id   uuid        not null references arenas (id),
    seq        bigint      not null,
    name       text        not null,
    data       jsonb       not null,
    created_at timestamptz not null,
    primary key (arena_id, seq)
);
