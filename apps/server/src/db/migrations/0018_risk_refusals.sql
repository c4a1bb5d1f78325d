CREATE TABLE "risk_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_refusals_created_idx" ON "risk_refusals" USING btree ("created_at");