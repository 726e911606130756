-- Signed-in cache (decision 049): every write that can end a session or change what a signed-in
-- request sees of its user notifies 'auth_changed' with the user's id, so app nodes drop what they
-- hold of that user (a TRUNCATE notifies without an id: drop everything). NOTIFY is sent at commit
-- and dropped on rollback, and a session receives its own notifications before its statement
-- returns, so a sign-out, a revoked session, a password, role or two-factor change or a deleted
-- account counts from the next request on this node, and on the others once the notification
-- arrives. PostgreSQL sends one notification per distinct id and transaction.
CREATE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changed', '');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSE
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('auth_changed', NEW.user_id::text);
    END IF;
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('auth_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- The user row: role, password, disabled, e-mail, profile; a deleted account.
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- A session is open while a token of its family is not revoked: revoking or deleting one may end
-- it. A rotation (every refresh) changes only rotated_at and does not notify.
CREATE TRIGGER "refresh_tokens_auth_changed" AFTER UPDATE OF "revoked_at", "family_id", "user_id" OR DELETE ON "refresh_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_auth_truncated" AFTER TRUNCATE ON "refresh_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- Ending a session deletes its row (its tokens go with it). last_used_at changes do not notify.
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "user_id" OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
-- The address waiting for confirmation (GET /api/user's pendingEmail).
CREATE TRIGGER "email_tokens_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "email_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "email_tokens_auth_truncated" AFTER TRUNCATE ON "email_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
