CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_user_agent_check" CHECK (char_length("sessions"."user_agent") <= 512),
	CONSTRAINT "sessions_ip_check" CHECK (char_length("sessions"."ip") <= 64)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Backfill (hand-written): one session per refresh-token family that exists already, opened with
-- its first token and last used with its newest; where it was used from was never recorded.
INSERT INTO "sessions" ("id", "user_id", "created_at", "last_used_at")
SELECT "family_id", min("user_id"::text)::uuid, min("created_at"), max("created_at")
FROM "refresh_tokens"
GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;