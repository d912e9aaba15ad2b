/** Why a revision was recorded (the reference's words). */
export type RevisionReason = 'initial_revision' | 'explicit_save' | 'background_save' | 'published' | 'unpublished' | 'scheduled' | 'restored';

/** A revision of a post or page: its title and body as they were, who made it and why. */
export interface RevisionRow {
  id: string;
  post_id: string;
  title: string;
  /** The body in the post's format then: mobiledoc or lexical, the other null. */
  mobiledoc: string | null;
  lexical: string | null;
  html: string | null;
  feature_image: string | null;
  /** The feature image's alt text and caption then (migrations/021). */
  feature_image_alt: string | null;
  feature_image_caption: string | null;
  custom_excerpt: string | null;
  /** A staff user's id or an integration's, as `author_type` says. */
  author_id: string;
  author_type: 'user' | 'integration';
  reason: RevisionReason;
  created_at: Date;
}

/** A revision with its author's name as it is now (null once the author is gone). */
export interface RevisionWithAuthor extends RevisionRow {
  author_name: string | null;
}
