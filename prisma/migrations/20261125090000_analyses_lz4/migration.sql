-- Stored analysis reports of a 100k-program run are 5-29 MB of JSON each (nine per run: cycling
-- reports and marks per definition set and scope, lineage). pglz compressing them was most of
-- the database's time in the worker's `storing` step (100k realistic run: 28.5 s -> 12.2 s wall
-- with lz4, stored sizes alike). Only values written from now on are affected. Servers built
-- without lz4 keep pglz.
DO $$
BEGIN
  ALTER TABLE "analyses" ALTER COLUMN "result" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available; analyses keep the default compression';
END $$;
