-- Clocks, early endings and rematches.
--   clock        the clock chosen at creation (JSON: {"type":"correspondence","perMove":"PT24H"} or
--                {"type":"fischer","initial":"PT5M","increment":"PT2S"}); null for no clock
--   clock_state  each seat's remaining time in milliseconds and when the current turn began
--   deadline     when the seat to act runs out of time; null when no clock runs. The sweep finds
--                the games it must end through the partial index below.
--   rematch_of / rematch  the finished game a rematch was made from / the rematch made from it
alter table games
    add column clock       jsonb,
    add column clock_state jsonb,
    add column deadline    timestamptz,
    add column rematch_of  uuid references games (id) on delete set null,
    add column rematch     uuid references games (id) on delete set null;

create index games_deadline_idx on games (deadline) where status = 'active' and deadline is not null;
create index games_idle_idx on games (updated_at) where status = 'active' and clock is null;
create unique index games_rematch_of_idx on games (rematch_of) where rematch_of is not null;

-- An abandoned game gives its seats the outcome 'abandoned', which statistics count apart from
-- games played; an aborted game gives none and is not counted at all.
alter table seats drop constraint seats_outcome_check;
alter table seats add constraint seats_outcome_check check (outcome in ('won', 'lost', 'drawn', 'abandoned'));
