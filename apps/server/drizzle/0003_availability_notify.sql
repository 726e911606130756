-- Availability cache (decision 017): every statement that writes bookings, services or settings
-- notifies 'availability_changed'. NOTIFY is sent at commit and dropped on rollback, so app nodes
-- drop their cached availability whichever node, job or tool made the change.
CREATE FUNCTION "notify_availability_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_availability_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "services_availability_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();--> statement-breakpoint
CREATE TRIGGER "settings_availability_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_availability_changed"();
