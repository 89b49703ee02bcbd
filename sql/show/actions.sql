-- The lines of play of a hand, in the order of the history, with the cards each draw gave.
SELECT
    a.round_index, a.round_name, a.player, a.kind, a.amount, a.raise_to, a.all_in, a.cards,
    a.new_cards, a.n_cards, a.pot, d.new_cards AS drawn_cards
FROM actions AS a
LEFT JOIN draws AS d
    ON d.hand_key = a.hand_key AND d.player = a.player AND d.draw_round = a.round_index
   AND a.kind IN ('discard', 'stand_pat')
WHERE a.hand_key = $hand_key
ORDER BY a.seq
