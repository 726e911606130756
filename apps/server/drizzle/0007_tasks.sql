CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"booking_id" uuid,
	"title" text NOT NULL,
	"details" text,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done')),
	CONSTRAINT "tasks_title_check" CHECK (char_length("tasks"."title") between 1 and 120),
	CONSTRAINT "tasks_details_check" CHECK (char_length("tasks"."details") <= 2000),
	CONSTRAINT "tasks_completion_check" CHECK (("tasks"."status" = 'done') = ("tasks"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_client_status_due_idx" ON "tasks" USING btree ("client_id","status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_booking_idx" ON "tasks" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tasks_status_due_idx" ON "tasks" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "tasks_completed_by_idx" ON "tasks" USING btree ("completed_by");--> statement-breakpoint
CREATE INDEX "tasks_reminder_due_idx" ON "tasks" USING btree ("due_date") WHERE status = 'open' and reminder_sent_at is null and due_date is not null;