-- AlterTable
ALTER TABLE "evaluations" ADD COLUMN     "batch_id" UUID,
ADD COLUMN     "cpu_ms" DOUBLE PRECISION,
ADD COLUMN     "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "evaluator_id" UUID,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'recorded',
ADD COLUMN     "peak_memory_kb" INTEGER,
ADD COLUMN     "sandbox_status" TEXT,
ADD COLUMN     "score" DOUBLE PRECISION,
ADD COLUMN     "test_set" TEXT,
ADD COLUMN     "wall_ms" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "evaluators" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "entry" TEXT,
    "command" TEXT,
    "program_file" TEXT NOT NULL,
    "files" JSONB NOT NULL,
    "private_files" JSONB,
    "timeout_seconds" DOUBLE PRECISION NOT NULL,
    "memory_mb" INTEGER NOT NULL DEFAULT 2048,
    "dependencies" JSONB,
    "origin" TEXT NOT NULL,
    "notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evaluators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluation_batches" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "evaluator_id" UUID,
    "scope" TEXT NOT NULL,
    "program_ids" UUID[],
    "test_sets" TEXT[],
    "concurrency" INTEGER NOT NULL DEFAULT 2,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "evaluation_batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "evaluators_run_id_version_key" ON "evaluators"("run_id", "version");

-- CreateIndex
CREATE INDEX "evaluation_batches_run_id_created_at_idx" ON "evaluation_batches"("run_id", "created_at");

-- CreateIndex
CREATE INDEX "evaluations_batch_id_idx" ON "evaluations"("batch_id");

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_evaluator_id_fkey" FOREIGN KEY ("evaluator_id") REFERENCES "evaluators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "evaluation_batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluators" ADD CONSTRAINT "evaluators_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_batches" ADD CONSTRAINT "evaluation_batches_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluation_batches" ADD CONSTRAINT "evaluation_batches_evaluator_id_fkey" FOREIGN KEY ("evaluator_id") REFERENCES "evaluators"("id") ON DELETE SET NULL ON UPDATE CASCADE;

