CREATE TABLE "sales_days" (
	"time_zone" text NOT NULL,
	"day" text NOT NULL,
	"gen" integer DEFAULT 0 NOT NULL,
	"figures" jsonb,
	"figures_gen" integer,
	"version" integer,
	"computed_at" timestamp with time zone,
	CONSTRAINT "sales_days_time_zone_day_pk" PRIMARY KEY("time_zone","day")
);
