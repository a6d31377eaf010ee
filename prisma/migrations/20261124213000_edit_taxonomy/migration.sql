-- CreateTable
CREATE TABLE "edit_judgements" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "child_id" UUID NOT NULL,
    "parent_id" UUID,
    "judge" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'judged',
    "labels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "rationale" TEXT NOT NULL DEFAULT '',
    "evidence" JSONB NOT NULL DEFAULT '{}',
    "reason" TEXT,
    "diff_hash" TEXT NOT NULL,
    "batch_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "edit_judgements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_cache" (
    "diff_hash" TEXT NOT NULL,
    "rubric_version" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "labels" TEXT[],
    "rationale" TEXT NOT NULL,
    "evidence" JSONB NOT NULL DEFAULT '{}',
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_cache_pkey" PRIMARY KEY ("diff_hash","rubric_version","model")
);

-- CreateTable
CREATE TABLE "judge_batches" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "judge" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "model" TEXT,
    "rubric_version" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "cached" INTEGER NOT NULL DEFAULT 0,
    "not_judged" INTEGER NOT NULL DEFAULT 0,
    "budget" JSONB NOT NULL DEFAULT '{}',
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "judge_batches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "edit_judgements_run_id_judge_child_id_key" ON "edit_judgements"("run_id", "judge", "child_id");

-- CreateIndex
CREATE INDEX "judge_batches_run_id_created_at_idx" ON "judge_batches"("run_id", "created_at");

-- AddForeignKey
ALTER TABLE "edit_judgements" ADD CONSTRAINT "edit_judgements_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edit_judgements" ADD CONSTRAINT "edit_judgements_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "judge_batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_batches" ADD CONSTRAINT "judge_batches_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

