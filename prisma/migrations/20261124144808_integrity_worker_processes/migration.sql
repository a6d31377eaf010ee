-- Live worker processes (see schema.prisma, WorkerProcess).
CREATE TABLE "worker_processes" (
    "id" TEXT NOT NULL,
    "lock_key" INTEGER NOT NULL,
    "pool_ids" TEXT[],
    "hostname" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_processes_pkey" PRIMARY KEY ("id")
);
