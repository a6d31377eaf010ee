-- CreateIndex
CREATE UNIQUE INDEX "evaluations_batch_id_program_id_test_set_key" ON "evaluations"("batch_id", "program_id", "test_set");
