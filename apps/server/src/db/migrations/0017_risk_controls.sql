CREATE TABLE "risk_blocklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"rule" text NOT NULL,
	"note" jsonb NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "risk_three_d_secure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_blocklist" ADD CONSTRAINT "risk_blocklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_holds" ADD CONSTRAINT "risk_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_holds" ADD CONSTRAINT "risk_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_settings" ADD CONSTRAINT "risk_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_blocklist_kind_value_idx" ON "risk_blocklist" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_holds_order_uq" ON "risk_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "risk_holds_held_idx" ON "risk_holds" USING btree ("created_at") WHERE "risk_holds"."state" = 'held';--> statement-breakpoint
CREATE INDEX "orders_client_ip_idx" ON "orders" USING btree ("client_ip");