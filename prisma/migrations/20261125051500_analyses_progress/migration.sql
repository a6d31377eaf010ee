-- CreateTable
CREATE TABLE "analyses_progress" (
    "run_id" UUID NOT NULL,
    "steps" JSONB NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "analyses_progress_pkey" PRIMARY KEY ("run_id")
);

-- AddForeignKey
ALTER TABLE "analyses_progress" ADD CONSTRAINT "analyses_progress_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
