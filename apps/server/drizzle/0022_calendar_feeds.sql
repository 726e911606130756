CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"client_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_tag" text,
	"content_changed_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_kind_check" CHECK ("calendar_feeds"."kind" in ('owner', 'client')),
	CONSTRAINT "calendar_feeds_client_check" CHECK (("calendar_feeds"."kind" = 'owner') = ("calendar_feeds"."client_id" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_client_idx" ON "calendar_feeds" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_owner_idx" ON "calendar_feeds" USING btree ("kind") WHERE kind = 'owner';--> statement-breakpoint
-- A client's feed address is revoked when their password changes: a change, a reset, and the erasure
-- of a deleted account (which replaces the hash) all write password_hash, whichever code path does it.
CREATE FUNCTION "revoke_calendar_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "calendar_feeds" WHERE "client_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_revoke_calendar_feed" AFTER UPDATE OF "password_hash" ON "users" FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash") EXECUTE FUNCTION "revoke_calendar_feed"();
