-- CreateTable
CREATE TABLE "review_sessions" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "created_by" TEXT,
    "run_ids" UUID[],
    "sampling" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "judge" TEXT,
    "seed" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_items" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "child_id" UUID NOT NULL,
    "parent_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "review_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "review_assignments" (
    "session_id" UUID NOT NULL,
    "reviewer" TEXT NOT NULL,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_assignments_pkey" PRIMARY KEY ("session_id","reviewer")
);

-- CreateTable
CREATE TABLE "review_labels" (
    "item_id" UUID NOT NULL,
    "reviewer" TEXT NOT NULL,
    "labels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "note" TEXT NOT NULL DEFAULT '',
    "skipped" BOOLEAN NOT NULL DEFAULT false,
    "saved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "review_labels_pkey" PRIMARY KEY ("item_id","reviewer")
);

-- CreateIndex
CREATE INDEX "review_sessions_created_at_idx" ON "review_sessions"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "review_items_session_id_position_key" ON "review_items"("session_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "review_items_session_id_run_id_child_id_key" ON "review_items"("session_id", "run_id", "child_id");

-- CreateIndex
CREATE INDEX "review_labels_reviewer_idx" ON "review_labels"("reviewer");

-- AddForeignKey
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "review_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "review_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "review_labels" ADD CONSTRAINT "review_labels_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "review_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

