CREATE TABLE "reconciliation_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"state" text NOT NULL,
	"summary" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ran_by" integer,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"kind" text NOT NULL,
	"gateway" text,
	"order_num" text,
	"gateway_ref" text,
	"evidence" jsonb NOT NULL,
	"action" text,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"applied_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_days" ADD CONSTRAINT "reconciliation_days_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_day_id_reconciliation_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."reconciliation_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_days_day_uq" ON "reconciliation_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_day_idx" ON "reconciliation_mismatches" USING btree ("day_id");