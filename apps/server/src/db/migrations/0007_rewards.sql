CREATE TABLE "order_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"diamonds" integer NOT NULL,
	"user_id" integer,
	"game_id" text NOT NULL,
	"state" text DEFAULT 'granted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_bonuses_state_ck" CHECK ("order_bonuses"."state" IN ('granted', 'delivered', 'withdrawn')),
	CONSTRAINT "order_bonuses_diamonds_ck" CHECK ("order_bonuses"."diamonds" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"bonus_type" text NOT NULL,
	"bonus_value" integer NOT NULL,
	"currencies" text[] DEFAULT '{}'::text[] NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"budget_diamonds" integer,
	"uses_per_buyer" integer,
	"min_spend" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_ck" CHECK ("promotions"."kind" IN ('code', 'welcome', 'channel')),
	CONSTRAINT "promotions_bonus_type_ck" CHECK ("promotions"."bonus_type" IN ('fixed', 'percent', 'per_unit')),
	CONSTRAINT "promotions_bonus_value_ck" CHECK ("promotions"."bonus_value" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_game" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_bonuses" ADD CONSTRAINT "order_bonuses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bonuses" ADD CONSTRAINT "order_bonuses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_bonuses" ADD CONSTRAINT "order_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_bonuses_order_promotion_uq" ON "order_bonuses" USING btree ("order_id","promotion_id");--> statement-breakpoint
CREATE INDEX "order_bonuses_promotion_idx" ON "order_bonuses" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "order_bonuses_user_idx" ON "order_bonuses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_bonuses_game_id_idx" ON "order_bonuses" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_uq" ON "promotions" USING btree ("code") WHERE "promotions"."code" IS NOT NULL;--> statement-breakpoint
-- Issue #16: the two promotions the shop advertises, paused until an operator turns them on. Welcome: 50 diamonds on a registered buyer's first paid order. Channel: 1 diamond per whole currency unit paid through FPX online banking (MYR) or PayNow (SGD); the channel names are Fiuu's (channel list, "Endpoint Label": the value of `channel` in its return URL and notification).
INSERT INTO "promotions" ("kind", "name", "bonus_type", "bonus_value", "currencies", "channels", "active") VALUES
	('welcome', 'Welcome bonus', 'fixed', 50, '{}'::text[], '{}'::text[], false),
	('channel', 'Bank transfer bonus (FPX, PayNow)', 'per_unit', 1, '{SGD,MYR}'::text[], '{FPX_MB2U,FPX_ABMB,FPX_BKRM,FPX_BSN,FPX_UOB,FPX_HSBC,FPX_SCB,FPX_KFH,FPX_CIMBCLICKS,FPX_RHB,FPX_PBB,FPX_HLB,FPX_BIMB,FPX_AMB,FPX_ABB,FPX_BMMB,FPX_OCBC,FPX_AGROBANK,FPX_M2E,PayNow}'::text[], false);
