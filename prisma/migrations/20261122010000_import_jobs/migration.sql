-- CreateTable
CREATE TABLE "import_jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'uploading',
    "source_name" TEXT NOT NULL,
    "stored_path" TEXT,
    "format" TEXT NOT NULL DEFAULT 'auto',
    "run_name" TEXT,
    "phase" TEXT,
    "bytes_received" BIGINT NOT NULL DEFAULT 0,
    "files_received" INTEGER NOT NULL DEFAULT 0,
    "files_read" INTEGER NOT NULL DEFAULT 0,
    "files_total" INTEGER,
    "programs_stored" INTEGER NOT NULL DEFAULT 0,
    "programs_total" INTEGER,
    "error" TEXT,
    "run_ids" TEXT[],
    "results" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs"("created_at");

