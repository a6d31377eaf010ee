-- Issue 22's trace fields (lib/trace/schema.ts): who made each program, the programs shown to the
-- LLM as context, programs the search rejected, named components, and EvoX's co-evolved search
-- strategies. Every column is nullable or defaults to what existing runs already mean, so runs
-- stored before read exactly as they did.

-- Origin, per program in one place so analyses group by it. Tokens are DOUBLE PRECISION, not
-- INTEGER: a program made by several calls carries their sum (can pass int4), and the trace
-- model accepts any finite non-negative number (never rounded here).
ALTER TABLE "programs" ADD COLUMN "model" TEXT;
ALTER TABLE "programs" ADD COLUMN "operator" TEXT;
ALTER TABLE "programs" ADD COLUMN "prompt_tokens" DOUBLE PRECISION;
ALTER TABLE "programs" ADD COLUMN "completion_tokens" DOUBLE PRECISION;
ALTER TABLE "programs" ADD COLUMN "cost" DOUBLE PRECISION;
-- Rejected by the search (GEPA's rejection_history): always stored with valid = false, so every
-- valid-only measure leaves it out; shown as 'rejected', not as invalid.
ALTER TABLE "programs" ADD COLUMN "rejected" BOOLEAN NOT NULL DEFAULT false;
-- The names of a components program, in the order of its code (componentsText). The texts are
-- the code blob itself (one text for diffs and analyses); the names say, without parsing the
-- code, that it is one, and which. Null for an ordinary program.
ALTER TABLE "programs" ADD COLUMN "component_names" TEXT[];
CREATE INDEX "programs_run_id_model_idx" ON "programs"("run_id", "model");
CREATE INDEX "programs_run_id_operator_idx" ON "programs"("run_id", "operator");

-- Rejected programs of the run (not counted in invalid_count: they are neither invalid nor best).
ALTER TABLE "runs" ADD COLUMN "rejected_count" INTEGER NOT NULL DEFAULT 0;

-- Programs shown to the LLM as context when a program was made (SkyDiscover other_context_ids /
-- context_info). Not lineage: no analysis that walks edges reads this table. The referenced
-- program is named by external id; its id is filled when it is in the run (a live batch fills
-- those that arrive later, like ghost edges).
CREATE TABLE "context_refs" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "ref_program_id" UUID,
    "ref_external_id" TEXT NOT NULL,
    "label" TEXT,
    "ordinal" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "context_refs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "context_refs_program_id_idx" ON "context_refs"("program_id");
CREATE INDEX "context_refs_ref_program_id_idx" ON "context_refs"("ref_program_id");
CREATE INDEX "context_refs_run_id_idx" ON "context_refs"("run_id");
ALTER TABLE "context_refs" ADD CONSTRAINT "context_refs_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "context_refs" ADD CONSTRAINT "context_refs_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "context_refs" ADD CONSTRAINT "context_refs_ref_program_id_fkey" FOREIGN KEY ("ref_program_id") REFERENCES "programs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- EvoX's co-evolved search strategies (SkyDiscover search/iteration_N), one per strategy
-- iteration. The code is a blob (plain sha column, as diagnoses: deleteRun counts it).
CREATE TABLE "strategies" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "iteration" INTEGER NOT NULL,
    "code_sha" CHAR(64) NOT NULL,
    "score" DOUBLE PRECISION,
    "is_new_best" BOOLEAN,
    "fallback" BOOLEAN,
    "active_from" INTEGER,
    "active_to" INTEGER,
    "metadata" JSONB,
    "prompts" JSONB,
    "failed_attempts" JSONB,

    CONSTRAINT "strategies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "strategies_run_id_iteration_key" ON "strategies"("run_id", "iteration");
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
