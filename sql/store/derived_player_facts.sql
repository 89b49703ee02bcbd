-- The facts derive_player_facts.sql derived, per players row of the frames a worker keyed in
-- its scratch store (frame_row: the row's place in its frame). Reads: players.
-- Parameters: none.
SELECT
    frame_row, vpip, first_round_raise, three_bet_chance, three_bet, calls,
    aggressive_actions, saw_second_round, last_draw_discarded, pat_from_draw, door_card,
    third_street_action, brought_in, first_in, steal_chance, bring_in_defence_chance,
    bring_in_defended
FROM players
ORDER BY frame_row
