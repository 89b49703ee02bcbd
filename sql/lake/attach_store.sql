-- `hhparse lake load`: the store to fill, attached to the lake's connection.
ATTACH $path AS store
