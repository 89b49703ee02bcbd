-- How many sources a store holds (a lake is loaded only into one that holds none).
SELECT count(*) FROM sources
