-- The other large values an import writes besides blobs (20261122030000_blobs_lz4): a program's
-- metadata holds what the source kept beside the code (EvoTrace-converted and long-lived runs
-- repeat the whole source there as `solution`), evaluations hold outputs, errors and artifacts.
-- lz4 compresses them several times faster than pglz, which was a large part of the database's
-- time in a 100k-program import. Only values written from now on are affected. Servers built
-- without lz4 keep pglz.
DO $$
BEGIN
  ALTER TABLE "programs" ALTER COLUMN "metadata" SET COMPRESSION lz4;
  ALTER TABLE "evaluations" ALTER COLUMN "output" SET COMPRESSION lz4;
  ALTER TABLE "evaluations" ALTER COLUMN "errors" SET COMPRESSION lz4;
  ALTER TABLE "evaluations" ALTER COLUMN "artifacts" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available; programs and evaluations keep the default compression';
END $$;
