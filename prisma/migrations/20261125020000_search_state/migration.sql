-- AlterTable
ALTER TABLE "runs" ADD COLUMN "search_config" JSONB,
ADD COLUMN "search_missing" JSONB;

-- AlterTable
ALTER TABLE "programs" ADD COLUMN "scores_per_test" JSONB,
ADD COLUMN "output_hash" TEXT;

-- CreateTable
CREATE TABLE "search_snapshots" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'checkpoint',
    "iteration" INTEGER,
    "timestamp" DOUBLE PRECISION,
    "stored" INTEGER,
    "islands" JSONB NOT NULL,
    "extra" JSONB,

    CONSTRAINT "search_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_events" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "iteration" INTEGER,
    "timestamp" DOUBLE PRECISION,
    "stored" INTEGER,
    "island" INTEGER NOT NULL,
    "other_island" INTEGER,
    "program" TEXT,
    "source" TEXT,

    CONSTRAINT "search_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_counters" (
    "id" BIGSERIAL NOT NULL,
    "run_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "iteration" INTEGER,
    "timestamp" DOUBLE PRECISION,
    "stored" INTEGER,
    "values" JSONB NOT NULL,

    CONSTRAINT "search_counters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "programs_run_id_output_hash_idx" ON "programs"("run_id", "output_hash");

-- CreateIndex
CREATE UNIQUE INDEX "search_snapshots_run_id_seq_key" ON "search_snapshots"("run_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "search_events_run_id_seq_key" ON "search_events"("run_id", "seq");

-- CreateIndex
CREATE INDEX "search_events_run_id_kind_idx" ON "search_events"("run_id", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "search_counters_run_id_seq_key" ON "search_counters"("run_id", "seq");

-- AddForeignKey
ALTER TABLE "search_snapshots" ADD CONSTRAINT "search_snapshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_events" ADD CONSTRAINT "search_events_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_counters" ADD CONSTRAINT "search_counters_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
