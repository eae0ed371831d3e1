-- The daily deal (docs/api.md, "The daily deal"): one certified-winnable deal per UTC day and
-- Scoundrel ruleset. The row is made by whichever instance needs it first (insert on conflict
-- do nothing, then read back), so every instance serves the same secret seed; the seed is
-- random, never derived from the day, and shown only once the day is over.
create table daily_deals (
    day              date        not null,
    ruleset          text        not null,
    seed             text        not null,
    seed_commitment  text        not null,
    created_at       timestamptz not null,
    primary key (day, ruleset)
);

-- The day whose daily deal a game plays, or null for any other game.
alter table games add column daily date;

-- Each registered player's one attempt per day and ruleset.
create table daily_attempts (
    day         date        not null,
    ruleset     text        not null,
    player_id   uuid        not null references players (id),
    game_id     uuid        not null unique references games (id) on delete cascade,
    started_at  timestamptz not null,
    primary key (day, ruleset, player_id),
    foreign key (day, ruleset) references daily_deals (day, ruleset)
);

create index daily_attempts_player_idx on daily_attempts (player_id, ruleset, day);
