-- A lake's reading connection reaches no file outside the lake ($allowed: its folder or
-- URL); hhparse/lake/read.py then turns external access off and locks the settings.
SET allowed_directories = $allowed
