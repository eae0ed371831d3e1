-- Read models that answer from the size of the answer, not of the history (docs/scaling.md,
-- "Read models"). Written by the history module in the transaction of the change they follow.

-- Each player's games: one row per name per game (a name that holds two seats of one game holds
-- one row: the game counts once for it). Written when a game is created, a seat taken, and when
-- its status changes or it ends; never by a move in between.
--   status    the game's status
--   outcome   the name's outcome once the game ended: won, lost, drawn or abandoned; a name whose
--             seats ended differently (it played itself) drew; null while it runs or when aborted
--   score     the best score of the name's seats, once the game ended
--   player_id the registered player whose key verified a seat of the name, or null
--   rated     whether the game is rated
create table player_games (
    name        text        not null,
    game_id     uuid        not null references games (id) on delete cascade,
    created_at  timestamptz not null,
    game_type   text        not null,
    status      text        not null check (status in ('waiting', 'active', 'finished')),
    outcome     text        check (outcome in ('won', 'lost', 'drawn', 'abandoned')),
    score       integer,
    player_id   uuid        references players (id),
    rated       boolean     not null default false,
    primary key (name, game_id)
);

-- A player's history, newest first, and its filters: by status, by type, by outcome, by both.
create index player_games_created_idx on player_games (name, created_at desc, game_id desc);
create index player_games_status_idx on player_games (name, status, created_at desc, game_id desc);
create index player_games_type_idx on player_games (name, game_type, created_at desc, game_id desc);
create index player_games_outcome_idx on player_games (name, outcome, created_at desc, game_id desc)
    where outcome is not null;
create index player_games_type_outcome_idx on player_games (name, game_type, outcome, created_at desc, game_id desc)
    where outcome is not null;
-- The history filtered by an outcome of any player.
create index player_games_any_outcome_idx on player_games (outcome, created_at desc, game_id desc)
    where outcome is not null;

insert into player_games (name, game_id, created_at, game_type, status, outcome, score, player_id)
select s.name, s.game_id, min(s.created_at), min(s.game_type), min(g.status),
       case when count(distinct s.outcome) > 1 then 'drawn' else max(s.outcome) end,
       max(s.score), (array_agg(s.player_id) filter (where s.player_id is not null))[1]
from seats s
join games g on g.id = s.game_id
where s.kind = 'human' and s.name is not null
group by s.name, s.game_id;

-- Each player's statistics per game type, counted once per game as it ends: by name (every seat
-- of that name), and by registered player (its verified seats). Exactly one of name and player_id
-- is set.
create table player_stats (
    name        text,
    player_id   uuid        references players (id),
    game_type   text        not null,
    played      bigint      not null default 0,   -- finished with an outcome, not abandoned
    won         bigint      not null default 0,
    lost        bigint      not null default 0,
    drawn       bigint      not null default 0,
    abandoned   bigint      not null default 0,
    best_score  integer,
    score_sum   bigint      not null default 0,
    scored      bigint      not null default 0,   -- games with a score, for the mean
    check ((name is null) <> (player_id is null))
);
create unique index player_stats_name_idx on player_stats (name, game_type) where player_id is null;
create unique index player_stats_player_idx on player_stats (player_id, game_type) where player_id is not null;

insert into player_stats (name, game_type, played, won, lost, drawn, abandoned, best_score, score_sum, scored)
select name, game_type,
       count(*) filter (where outcome <> 'abandoned'), count(*) filter (where outcome = 'won'),
       count(*) filter (where outcome = 'lost'), count(*) filter (where outcome = 'drawn'),
       count(*) filter (where outcome = 'abandoned'), max(score), coalesce(sum(score), 0), count(score)
from player_games
where outcome is not null
group by name, game_type;

insert into player_stats (player_id, game_type, played, won, lost, drawn, abandoned, best_score, score_sum, scored)
select player_id, game_type,
       count(*) filter (where outcome <> 'abandoned'), count(*) filter (where outcome = 'won'),
       count(*) filter (where outcome = 'lost'), count(*) filter (where outcome = 'drawn'),
       count(*) filter (where outcome = 'abandoned'), max(score), coalesce(sum(score), 0), count(score)
from player_games
where outcome is not null and player_id is not null
group by player_id, game_type;

-- The lobby: the games waiting for players that anyone may join (not rematches), newest first.
-- A partial index holds only them, however many games were ever played.
create index games_waiting_idx on games (created_at desc, id desc) where status = 'waiting' and rematch_of is null;

-- The daily deal's boards. Each attempt keeps how its game ended, written once as the game ends;
-- it counts when it finished within its day with a score. A day's board is read from the counted
-- attempts in board order (score descending, fewer moves, earlier finish), and the all-time table
-- from counters per player.
alter table daily_attempts
    add column counted     boolean     not null default false,
    add column score       integer,
    add column moves       integer,
    add column outcome     text,
    add column finished_at timestamptz;

update daily_attempts a
set counted = g.status = 'finished' and s.score is not null
              and g.finished_at < (a.day + 1)::timestamp at time zone 'UTC',
    score = s.score, moves = g.version, outcome = s.outcome, finished_at = g.finished_at
from games g join seats s on s.game_id = g.id and s.seat = 0
where g.id = a.game_id and g.status = 'finished';

create index daily_attempts_board_idx on daily_attempts (day, ruleset, (-score), moves, finished_at, game_id)
    where counted;

create table daily_standings (
    ruleset    text    not null,
    player_id  uuid    not null references players (id),
    name       text    not null,
    played     bigint  not null,   -- days counted
    won        bigint  not null,
    total      bigint  not null,   -- the sum of their scores
    best       integer not null,
    primary key (ruleset, player_id)
);
create index daily_standings_table_idx on daily_standings (ruleset, (-won), (-total), name, player_id);

insert into daily_standings (ruleset, player_id, name, played, won, total, best)
select a.ruleset, a.player_id, p.name, count(*), count(*) filter (where a.outcome = 'won'), sum(a.score), max(a.score)
from daily_attempts a join players p on p.id = a.player_id
where a.counted
group by a.ruleset, a.player_id, p.name;

-- Served by player_games from now on.
drop index seats_player_created_idx;
drop index seats_player_type_created_idx;
drop index seats_player_stats_idx;
