CREATE TABLE "spin_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"spin_id" integer NOT NULL,
	"cause" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spin_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"diamonds_per_spin" integer DEFAULT 600 NOT NULL,
	"prizes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spin_settings_one_row_ck" CHECK ("spin_settings"."id" = 1),
	CONSTRAINT "spin_settings_per_spin_ck" CHECK ("spin_settings"."diamonds_per_spin" > 0)
);
--> statement-breakpoint
CREATE TABLE "spins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"order_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"game_id" text NOT NULL,
	"bu_orderid" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"prize_diamonds" integer,
	"delivery" text,
	"failure_reason" text,
	"spun_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spins_state_ck" CHECK ("spins"."state" IN ('pending', 'available', 'spun', 'withdrawn')),
	CONSTRAINT "spins_delivery_ck" CHECK ("spins"."delivery" IS NULL OR "spins"."delivery" IN ('none', 'queued', 'charging', 'delivered', 'failed')),
	CONSTRAINT "spins_prize_ck" CHECK ("spins"."prize_diamonds" IS NULL OR "spins"."prize_diamonds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "spin_diamonds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spin_events" ADD CONSTRAINT "spin_events_spin_id_spins_id_fk" FOREIGN KEY ("spin_id") REFERENCES "public"."spins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spins" ADD CONSTRAINT "spins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spin_events_spin_idx" ON "spin_events" USING btree ("spin_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spins_order_seq_uq" ON "spins" USING btree ("order_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "spins_bu_orderid_uq" ON "spins" USING btree ("bu_orderid");--> statement-breakpoint
CREATE INDEX "spins_user_idx" ON "spins" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "spins_delivery_idx" ON "spins" USING btree ("delivery");--> statement-breakpoint
-- Issue #16: spins are off until an operator turns them on; one spin per 600 diamonds bought (SPEC.md §1), prizes up to 1 200 diamonds, small prizes likelier.
INSERT INTO "spin_settings" ("id", "active", "diamonds_per_spin", "prizes") VALUES
	(1, false, 600, '[{"diamonds":10,"weight":500},{"diamonds":20,"weight":300},{"diamonds":50,"weight":150},{"diamonds":100,"weight":40},{"diamonds":300,"weight":9},{"diamonds":1200,"weight":1}]'::jsonb);
