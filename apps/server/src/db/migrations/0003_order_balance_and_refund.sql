ALTER TABLE "orders" ADD COLUMN "precheck_balance" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_ref" text;