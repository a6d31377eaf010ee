-- CreateTable
CREATE TABLE "experiments" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "group_id" UUID,
    "params" JSONB NOT NULL,
    "evaluator_version" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "phase" TEXT,
    "error" TEXT,
    "result" JSONB,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "experiment_calls" (
    "id" BIGSERIAL NOT NULL,
    "experiment_id" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "input" JSONB NOT NULL,
    "source_sha" CHAR(64),
    "request_sha" CHAR(64),
    "response_sha" CHAR(64),
    "llm" JSONB,
    "status" TEXT NOT NULL,
    "score" DOUBLE PRECISION,
    "metrics" JSONB,
    "sandbox_status" TEXT,
    "wall_ms" DOUBLE PRECISION,
    "output" TEXT,
    "errors" TEXT,
    "facts" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "experiment_calls_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "experiments_run_id_kind_created_at_idx" ON "experiments"("run_id", "kind", "created_at");

-- CreateIndex
CREATE INDEX "experiments_program_id_idx" ON "experiments"("program_id");

-- CreateIndex
CREATE INDEX "experiments_group_id_idx" ON "experiments"("group_id");

-- CreateIndex
CREATE UNIQUE INDEX "experiment_calls_experiment_id_idx_key" ON "experiment_calls"("experiment_id", "idx");

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiments" ADD CONSTRAINT "experiments_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "experiment_calls" ADD CONSTRAINT "experiment_calls_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
