// Rows of invitations, password resets and the activity log (migrations/018-people.ts).

/** `pending` until its mail went out, `sent` after (the reference's two states). */
export type InviteStatus = 'pending' | 'sent';

export interface InviteRow {
  id: string;
  role_id: string;
  status: InviteStatus;
  /** SHA-256 of the token the mail carries; the token itself is never stored. */
  token_hash: string;
  email: string;
  expires_at: Date;
  /** The staff user who invited. */
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export interface PasswordResetRow {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  created_at: Date;
}

export type ActionEvent = 'added' | 'edited' | 'deleted';
export type ActorType = 'user' | 'integration';

export interface ActionRow {
  id: string;
  /** The record's id; a theme's name; null for settings (the whole set is one resource). */
  resource_id: string | null;
  resource_type: string;
  actor_id: string;
  actor_type: ActorType;
  event: ActionEvent;
  /** JSON text, as the reference keeps it: `{"type":"post","primary_name":"…"}` and details of the change. */
  context: string | null;
  created_at: Date;
}

/** An action with what is known of its actor now: null name when the user or integration was deleted since. */
export interface ActionWithActor extends ActionRow {
  actor_name: string | null;
  actor_slug: string | null;
  actor_image: string | null;
}
