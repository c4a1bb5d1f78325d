CREATE TABLE "risk_card_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"attempt_ref" text NOT NULL,
	"card_fingerprint" text,
	"card_country" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "browser_id" text;--> statement-breakpoint
ALTER TABLE "risk_card_failures" ADD CONSTRAINT "risk_card_failures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_card_failures_attempt_uq" ON "risk_card_failures" USING btree ("gateway","attempt_ref");--> statement-breakpoint
CREATE INDEX "risk_card_failures_created_idx" ON "risk_card_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_card_failures_fingerprint_idx" ON "risk_card_failures" USING btree ("card_fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "risk_card_failures_order_idx" ON "risk_card_failures" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_browser_id_idx" ON "orders" USING btree ("browser_id");