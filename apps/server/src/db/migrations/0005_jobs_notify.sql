-- Issue #12: a job that is due when its row is written (queued now, revived, retried by an operator, rescheduled
-- into the past) wakes the workers at once. The notification is sent on the channel ezrecharge_jobs when the writing
-- transaction commits (never for one that rolls back); workers on PostgreSQL LISTEN on a connection of their own
-- (infra/job-wakeups.ts) and poll as before when they are not listening, and on the embedded database. Jobs due later
-- are found by the workers' polling. Several due jobs in one transaction send one notification (same payload).
-- On the embedded database nobody listens; a notification costs nothing measurable there.
CREATE FUNCTION "jobs_notify_due"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('ezrecharge_jobs', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_notify_due" AFTER INSERT OR UPDATE OF "state", "run_at" ON "jobs"
	FOR EACH ROW WHEN (NEW."state" = 'queued' AND NEW."run_at" <= clock_timestamp())
	EXECUTE FUNCTION "jobs_notify_due"();
