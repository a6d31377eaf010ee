-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "blobs" (
    "sha256" CHAR(64) NOT NULL,
    "content" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "lines" INTEGER NOT NULL,

    CONSTRAINT "blobs_pkey" PRIMARY KEY ("sha256")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "framework" TEXT NOT NULL,
    "task" TEXT,
    "language" TEXT,
    "model_config" JSONB,
    "evaluator_command" TEXT,
    "budget" JSONB,
    "config" JSONB,
    "meta" JSONB,
    "score_metric" TEXT,
    "higher_is_better" BOOLEAN NOT NULL DEFAULT true,
    "metric_keys" TEXT[],
    "source_kind" TEXT NOT NULL DEFAULT 'directory',
    "source_path" TEXT,
    "import_report" JSONB,
    "status" TEXT NOT NULL DEFAULT 'ready',
    "imported_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "program_count" INTEGER NOT NULL DEFAULT 0,
    "invalid_count" INTEGER NOT NULL DEFAULT 0,
    "edge_count" INTEGER NOT NULL DEFAULT 0,
    "island_count" INTEGER NOT NULL DEFAULT 0,
    "best_score" DOUBLE PRECISION,
    "best_program_id" UUID,
    "best_iteration" INTEGER,
    "last_iteration" INTEGER,

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "programs" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "external_id" TEXT NOT NULL,
    "code_sha" CHAR(64) NOT NULL,
    "language" TEXT,
    "iteration" INTEGER,
    "generation" INTEGER,
    "timestamp" DOUBLE PRECISION,
    "seq" INTEGER NOT NULL,
    "island" INTEGER,
    "valid" BOOLEAN NOT NULL DEFAULT true,
    "invalid_reason" TEXT,
    "score" DOUBLE PRECISION,
    "metrics" JSONB,
    "metadata" JSONB,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "is_migrant" BOOLEAN NOT NULL DEFAULT false,
    "parent_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "programs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "edges" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "parent_id" UUID,
    "parent_external_id" TEXT NOT NULL,
    "child_id" UUID NOT NULL,
    "operator" TEXT,
    "ordinal" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "edges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "evaluations" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ok',
    "output" TEXT,
    "errors" TEXT,
    "timing_ms" DOUBLE PRECISION,
    "public_metrics" JSONB,
    "private_metrics" JSONB,
    "artifacts" JSONB,
    "feedback" TEXT,

    CONSTRAINT "evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contexts" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "kind" TEXT,
    "system_sha" CHAR(64),
    "user_sha" CHAR(64),
    "response_sha" CHAR(64),
    "model" TEXT,
    "prompt_tokens" INTEGER,
    "completion_tokens" INTEGER,
    "cost" DOUBLE PRECISION,
    "extra" JSONB,

    CONSTRAINT "contexts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "replay_environments" (
    "run_id" UUID NOT NULL,
    "evaluator_command" TEXT,
    "files" JSONB,
    "dependencies" JSONB,
    "timeout_seconds" DOUBLE PRECISION,
    "notes" TEXT,

    CONSTRAINT "replay_environments_pkey" PRIMARY KEY ("run_id")
);

-- CreateTable
CREATE TABLE "analyses" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "params" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "result" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analyses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "runs_imported_at_idx" ON "runs"("imported_at");

-- CreateIndex
CREATE INDEX "programs_run_id_iteration_idx" ON "programs"("run_id", "iteration");

-- CreateIndex
CREATE INDEX "programs_run_id_score_idx" ON "programs"("run_id", "score");

-- CreateIndex
CREATE INDEX "programs_run_id_island_idx" ON "programs"("run_id", "island");

-- CreateIndex
CREATE INDEX "programs_code_sha_idx" ON "programs"("code_sha");

-- CreateIndex
CREATE UNIQUE INDEX "programs_run_id_external_id_key" ON "programs"("run_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "programs_run_id_seq_key" ON "programs"("run_id", "seq");

-- CreateIndex
CREATE INDEX "edges_run_id_idx" ON "edges"("run_id");

-- CreateIndex
CREATE INDEX "edges_parent_id_idx" ON "edges"("parent_id");

-- CreateIndex
CREATE UNIQUE INDEX "edges_child_id_parent_external_id_key" ON "edges"("child_id", "parent_external_id");

-- CreateIndex
CREATE INDEX "evaluations_program_id_idx" ON "evaluations"("program_id");

-- CreateIndex
CREATE INDEX "evaluations_run_id_idx" ON "evaluations"("run_id");

-- CreateIndex
CREATE INDEX "contexts_program_id_idx" ON "contexts"("program_id");

-- CreateIndex
CREATE INDEX "contexts_run_id_idx" ON "contexts"("run_id");

-- CreateIndex
CREATE UNIQUE INDEX "analyses_run_id_kind_params_key" ON "analyses"("run_id", "kind", "params");

-- AddForeignKey
ALTER TABLE "programs" ADD CONSTRAINT "programs_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "programs" ADD CONSTRAINT "programs_code_sha_fkey" FOREIGN KEY ("code_sha") REFERENCES "blobs"("sha256") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edges" ADD CONSTRAINT "edges_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edges" ADD CONSTRAINT "edges_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "edges" ADD CONSTRAINT "edges_child_id_fkey" FOREIGN KEY ("child_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contexts" ADD CONSTRAINT "contexts_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "replay_environments" ADD CONSTRAINT "replay_environments_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

