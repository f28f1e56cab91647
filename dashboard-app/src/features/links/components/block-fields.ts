import type { LinkBlockKind } from '@linkbio/shared-contracts';

/** What the add and edit dialogs ask for each kind of block, in the product's words. */
export interface BlockFields {
  /** The kind picker's label. */
  name: string;
  hint: string;
  titleLabel: string;
  titlePlaceholder: string;
  /** Absent: the kind has no URL (a header). */
  url?: { label: string; placeholder: string };
  editTitle: string;
  editDescription: string;
}

export const BLOCK_FIELDS: Record<LinkBlockKind, BlockFields> = {
  link: {
    name: 'Link',
    hint: 'A button to any page',
    titleLabel: 'Link Title',
    titlePlaceholder: 'My Instagram',
    url: { label: 'URL', placeholder: 'https://instagram.com/yourname' },
    editTitle: 'Edit Link',
    editDescription: 'Fix a typo or point it somewhere new. Its clicks stay.',
  },
  header: {
    name: 'Header',
    hint: 'A section title between links',
    titleLabel: 'Section Title',
    titlePlaceholder: 'My music',
    editTitle: 'Edit Header',
    editDescription: 'The section title shown above the links that follow it.',
  },
  embed: {
    name: 'Embed',
    hint: 'A YouTube, Vimeo, Spotify or SoundCloud player',
    titleLabel: 'Title (optional)',
    titlePlaceholder: 'My latest video',
    url: { label: 'YouTube, Vimeo, Spotify or SoundCloud URL', placeholder: 'https://www.youtube.com/watch?v=…' },
    editTitle: 'Edit Embed',
    editDescription: 'Visitors see the title and the service; the player loads when they tap it. Its clicks stay.',
  },
};
