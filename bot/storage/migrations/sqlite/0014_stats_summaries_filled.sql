-- The /stats summaries of the results written before them (0013), counted once.
INSERT INTO member_records
    (guild_id, user_id, game, level, unrated, games, wins, losses, draws, best, best_plain)
SELECT r.guild_id, r.user_id, r.game, COALESCE(r.vs_computer, ''),
       CASE WHEN CAST(json_extract(r.extra_json, '$.options.unrated') AS TEXT) IS NULL
            THEN 0 ELSE 1 END,
       COUNT(*),
       SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'loss' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END),
       MAX(r.score),
       MAX(CASE WHEN s.hinted = 0 AND COALESCE(
                    CAST(json_extract(r.extra_json, '$.options.used_undo') AS TEXT), ''
                ) NOT IN ('1', 'true')
                THEN r.score END)
  FROM results r
  JOIN sessions s ON s.id = r.session_id
 GROUP BY 1, 2, 3, 4, 5;

INSERT INTO member_opponents
    (guild_id, user_id, game, opponent_id, games, wins, losses, draws)
SELECT r.guild_id, r.user_id, r.game, o.user_id,
       COUNT(*),
       SUM(CASE WHEN r.outcome = 'win' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'loss' THEN 1 ELSE 0 END),
       SUM(CASE WHEN r.outcome = 'draw' THEN 1 ELSE 0 END)
  FROM results r
  JOIN results o ON o.session_id = r.session_id AND o.user_id <> r.user_id
 GROUP BY r.guild_id, r.user_id, r.game, o.user_id;
