CREATE INDEX "contact_messages_new_idx" ON "contact_messages" USING btree ("created_at") WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX "contact_messages_type_created_idx" ON "contact_messages" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"));