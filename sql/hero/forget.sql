-- Forget the remembered hero.
DELETE FROM settings WHERE name = 'hero'
