-- Runs stored by a browser import carry its id: a re-run of the import finds them instead of
-- storing them twice (issue 7, item 2).
ALTER TABLE "runs" ADD COLUMN "import_id" UUID;
CREATE INDEX "runs_import_id_idx" ON "runs"("import_id");

-- Live worker processes (see schema.prisma, WorkerProcess).
CREATE TABLE "worker_processes" (
    "id" TEXT NOT NULL,
    "lock_key" INTEGER NOT NULL,
    "pool_ids" TEXT[],
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_processes_pkey" PRIMARY KEY ("id")
);
