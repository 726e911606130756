-- The site document as the content editor writes it: terms as one Markdown text instead of
-- sections, the logo's initials, and an optional portrait. Data only; an untouched demo or an
-- older document keeps its words.
UPDATE "settings" AS s SET "value" = jsonb_set(
	s."value" #- '{terms,sections}',
	'{terms,markdown}',
	to_jsonb(coalesce((
		SELECT string_agg(
			'## ' || (section ->> 'heading') || E'\n\n' || coalesce((
				SELECT string_agg(paragraph, E'\n\n' ORDER BY pn)
				FROM jsonb_array_elements_text(section -> 'body') WITH ORDINALITY AS b(paragraph, pn)
			), ''),
			E'\n\n' ORDER BY n)
		FROM jsonb_array_elements(s."value" -> 'terms' -> 'sections') WITH ORDINALITY AS t(section, n)
	), ''))
)
WHERE s."key" = 'site' AND jsonb_typeof(s."value" -> 'terms' -> 'sections') = 'array';--> statement-breakpoint
UPDATE "settings" AS s SET "value" = jsonb_set(
	s."value",
	'{consultant,initials}',
	to_jsonb((
		SELECT upper(left(w[1], 1) || CASE WHEN cardinality(w) > 1 THEN left(w[cardinality(w)], 1) ELSE '' END)
		FROM (SELECT regexp_split_to_array(btrim(s."value" -> 'consultant' ->> 'name'), '\s+') AS w) AS words
	))
)
WHERE s."key" = 'site' AND jsonb_typeof(s."value" -> 'consultant' -> 'name') = 'string'
	AND s."value" -> 'consultant' -> 'initials' IS NULL;--> statement-breakpoint
UPDATE "settings" SET "value" = "value" || '{"portrait": null}'::jsonb
WHERE "key" = 'site' AND jsonb_typeof("value") = 'object' AND NOT ("value" ? 'portrait');
