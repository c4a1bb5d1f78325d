CREATE TABLE "gateway_slots" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_channel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_beneficiary" text;