ALTER TABLE "products" ADD COLUMN "stripe_product_id" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "source" text DEFAULT 'feedback' NOT NULL;