-- 004_shown_cards: what each player showed, at a showdown or after an uncontested win.
--
-- players.shown_cards: every card the player showed, in the order shown (space separated,
-- as final_cards); NULL when he showed none. New hands get it from the replayer. For the
-- hands stored before this migration it is read back from their `show` lines, in order.

ALTER TABLE players ADD COLUMN shown_cards TEXT;

UPDATE players AS p
SET shown_cards = s.cards
FROM (
    SELECT hand_key, player, string_agg(cards, ' ' ORDER BY seq) AS cards
    FROM actions
    WHERE kind = 'show' AND cards IS NOT NULL AND cards <> ''
    GROUP BY hand_key, player
) AS s
WHERE p.hand_key = s.hand_key AND p.player = s.player;
