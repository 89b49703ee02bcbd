-- The players of a hand, by seat.
SELECT player, seat, position, is_hero, dealt_in, starting_stack, net, went_to_showdown,
       final_cards, final_description, shown_cards
FROM players
WHERE hand_key = $hand_key
ORDER BY seat
