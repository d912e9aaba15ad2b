// Defaults every site starts with; values are strings (JSON for lists), as the settings API carries them.
export const settings = /* sql */ `
INSERT INTO settings (key, value, updated_at) VALUES
  ('title', 'My site', '2020-01-01T00:00:00Z'),
  ('description', 'Thoughts, stories and ideas.', '2020-01-01T00:00:00Z'),
  ('logo', NULL, '2020-01-01T00:00:00Z'),
  ('icon', NULL, '2020-01-01T00:00:00Z'),
  ('accent_color', NULL, '2020-01-01T00:00:00Z'),
  ('cover_image', NULL, '2020-01-01T00:00:00Z'),
  ('facebook', NULL, '2020-01-01T00:00:00Z'),
  ('twitter', NULL, '2020-01-01T00:00:00Z'),
  ('lang', 'en', '2020-01-01T00:00:00Z'),
  ('timezone', 'Etc/UTC', '2020-01-01T00:00:00Z'),
  ('navigation', '[{"label":"Home","url":"/"}]', '2020-01-01T00:00:00Z'),
  ('secondary_navigation', '[]', '2020-01-01T00:00:00Z'),
  ('meta_title', NULL, '2020-01-01T00:00:00Z'),
  ('meta_description', NULL, '2020-01-01T00:00:00Z'),
  ('og_image', NULL, '2020-01-01T00:00:00Z'),
  ('og_title', NULL, '2020-01-01T00:00:00Z'),
  ('og_description', NULL, '2020-01-01T00:00:00Z'),
  ('twitter_image', NULL, '2020-01-01T00:00:00Z'),
  ('twitter_title', NULL, '2020-01-01T00:00:00Z'),
  ('twitter_description', NULL, '2020-01-01T00:00:00Z'),
  ('members_support_address', 'noreply', '2020-01-01T00:00:00Z'),
  ('codeinjection_head', NULL, '2020-01-01T00:00:00Z'),
  ('codeinjection_foot', NULL, '2020-01-01T00:00:00Z'),
  ('active_theme', 'casper', '2020-01-01T00:00:00Z'),
  ('setup_done', 'false', '2020-01-01T00:00:00Z');
`;
