-- Issue 24, item 2: duplicates of a run. A run's programs as one hash, so that an import whose
-- programs are those of a stored run says so before storing them again (lib/db/programsDigest.ts
-- defines the digest; this backfill is the same expression). Null for a run without programs and
-- for a live run, whose programs still change.
ALTER TABLE "runs" ADD COLUMN "programs_digest" TEXT;
CREATE INDEX "runs_programs_digest_idx" ON "runs"("programs_digest");

UPDATE "runs" r SET "programs_digest" = d.digest
FROM (
  SELECT "run_id",
         encode(sha256(convert_to(string_agg("external_id" || E'\t' || "code_sha", E'\n' ORDER BY "external_id" COLLATE "C"), 'UTF8')), 'hex') AS digest
  FROM "programs" GROUP BY "run_id"
) d
WHERE d."run_id" = r."id" AND r."status" <> 'live';

-- A browser import found to be a duplicate waits (status 'duplicate', its upload kept) until the
-- user opens the stored run or asks to import it again, which sets this flag and queues it.
ALTER TABLE "import_jobs" ADD COLUMN "allow_duplicate" BOOLEAN NOT NULL DEFAULT false;
