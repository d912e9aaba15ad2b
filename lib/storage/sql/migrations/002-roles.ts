// Fixed ids keep roles identical in every database, so seed snapshots and fresh migrations agree.
export const roles = /* sql */ `
INSERT INTO roles (id, name, description, created_at, updated_at) VALUES
  ('5f0000000000000000000001', 'Owner', 'Site owner', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'),
  ('5f0000000000000000000002', 'Administrator', 'Administrators', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'),
  ('5f0000000000000000000003', 'Editor', 'Editors', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'),
  ('5f0000000000000000000004', 'Author', 'Authors', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'),
  ('5f0000000000000000000005', 'Contributor', 'Contributors', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z');
`;
