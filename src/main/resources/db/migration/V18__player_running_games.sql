-- A registered player's games waiting or running, counted for the cap on quick pairing
-- (cardtable.seeks.max-active-games) from the player_games read model: the index holds only the
-- games that have not ended, so the count reads about as many rows as it returns however many
-- games the player has finished.
create index player_games_running_idx on player_games (player_id)
    where player_id is not null and status in ('waiting', 'active');
