-- Two live appointments can never overlap: the database refuses the second one (SQLSTATE 23P01),
-- whatever the application checked before. Canceled appointments free their time.
-- Drizzle's schema DSL cannot express EXCLUDE, so this migration is hand-written.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist (tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("status" <> 'canceled');
