CREATE TABLE "extra_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"ref" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"channel" text,
	"state" text DEFAULT 'recorded' NOT NULL,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refund_ref" text,
	"refund_beneficiary" text,
	"failure_reason" text,
	"refund_started_at" timestamp with time zone,
	"refund_overdue_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_uncertain" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extra_payments_gateway_ref_uq" ON "extra_payments" USING btree ("gateway","ref");--> statement-breakpoint
CREATE INDEX "extra_payments_order_idx" ON "extra_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "extra_payments_state_idx" ON "extra_payments" USING btree ("state");--> statement-breakpoint
-- Orders already failed (10) or refund-failed (13) whose record says an earlier rs_recharge may have delivered: the
-- operator must check BIGO's console before refunding them, as every such order from now on.
UPDATE "orders" SET "delivery_uncertain" = true
WHERE "order_status" IN (10, 13)
  AND EXISTS (
    SELECT 1 FROM "order_events" e
    WHERE e."order_id" = "orders"."id" AND e."detail"->>'maybe_delivered' = 'true'
  );
