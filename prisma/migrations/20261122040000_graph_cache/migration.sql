-- CreateTable
CREATE TABLE "graph_cache" (
    "run_id" UUID NOT NULL,
    "run_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "program_count" INTEGER NOT NULL,
    "json" TEXT NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "graph_cache_pkey" PRIMARY KEY ("run_id")
);

-- AddForeignKey
ALTER TABLE "graph_cache" ADD CONSTRAINT "graph_cache_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Several MB of JSON per large run: lz4 where the server has it (see 20261122030000_blobs_lz4).
DO $$
BEGIN
  ALTER TABLE "graph_cache" ALTER COLUMN "json" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available; graph_cache keeps the default compression';
END $$;
