ALTER TABLE "order_events" ADD COLUMN "note" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "failure_note" jsonb;