CREATE INDEX "order_events_to_status_created_idx" ON "order_events" USING btree ("to_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_delivered_at_idx" ON "orders" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "spins_delivered_at_idx" ON "spins" USING btree ("delivered_at");