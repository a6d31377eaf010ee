-- Issue 13: the eval agent's diagnoses (seed 001), imported from a run's archive or written by
-- Evoscope's post-hoc diagnosis job (experiments.kind = 'diagnose'), and the values of an
-- auxiliary_metrics.py over a run's programs (imported with the run, or run in the sandbox by
-- experiments.kind = 'aux'). Blob shas are plain columns, as in experiment_calls: deleteRun
-- collects them as candidates and counts them as references.
CREATE TABLE "diagnoses" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "origin" TEXT NOT NULL,
    "experiment_id" UUID,
    "trigger_generation" INTEGER NOT NULL,
    "program_id" UUID,
    "report_md" TEXT NOT NULL,
    "report" JSONB NOT NULL,
    "aux_script_sha" CHAR(64),
    "agent_candidate_sha" CHAR(64),
    "agent_candidate_program_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "diagnoses_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "diagnoses_origin_check" CHECK ("origin" IN ('imported', 'evoscope'))
);
CREATE INDEX "diagnoses_run_id_trigger_generation_idx" ON "diagnoses"("run_id", "trigger_generation");
CREATE UNIQUE INDEX "diagnoses_experiment_id_key" ON "diagnoses"("experiment_id");
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "experiments"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_agent_candidate_program_id_fkey" FOREIGN KEY ("agent_candidate_program_id") REFERENCES "programs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "aux_metric_values" (
    "diagnosis_id" UUID NOT NULL,
    "program_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "values" JSONB,
    "error" TEXT,
    "wall_ms" DOUBLE PRECISION,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "aux_metric_values_pkey" PRIMARY KEY ("diagnosis_id", "program_id")
);
CREATE INDEX "aux_metric_values_run_id_idx" ON "aux_metric_values"("run_id");
CREATE INDEX "aux_metric_values_program_id_idx" ON "aux_metric_values"("program_id");
ALTER TABLE "aux_metric_values" ADD CONSTRAINT "aux_metric_values_diagnosis_id_fkey" FOREIGN KEY ("diagnosis_id") REFERENCES "diagnoses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "aux_metric_values" ADD CONSTRAINT "aux_metric_values_program_id_fkey" FOREIGN KEY ("program_id") REFERENCES "programs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "aux_metric_values" ADD CONSTRAINT "aux_metric_values_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
