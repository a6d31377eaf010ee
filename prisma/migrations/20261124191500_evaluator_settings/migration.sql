-- How an evaluator is driven beyond its files: for OpenEvolve, whether the cascade runs and its
-- thresholds (the run's config.yaml evaluator section), so re-scoring reproduces the run.
ALTER TABLE "evaluators" ADD COLUMN "settings" JSONB;
