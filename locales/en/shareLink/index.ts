import type { BaseTranslation } from '../../i18n-types';

const en_shareLink = {
  title: 'Share this video',
  hint: 'A tracked link to the video’s page',
  making: 'Making the link…',
  linkLabel: 'Share link',
  tracked: 'Anyone with this link can watch. Views, progress and clicks through it count in your analytics.',
  copy: 'Copy link',
  copied: 'Link copied',
  copiedText: 'The video’s page link is in your clipboard.',
  copyFailed: 'Could not copy the link',
  regenerate: 'New link',
  regenerated: 'New link copied',
  regenerateWarning: 'The current link will stop working.',
  revoke: 'Turn off link',
  revoked: 'Link turned off',
  revokedText: 'The page no longer opens. Its views stay in your analytics.',
  revokeWarning: 'People with the link will no longer be able to watch.',
  offText: 'This video has no share link.',
  create: 'Create a link',
  failed: 'Sharing failed',
} satisfies BaseTranslation;

export default en_shareLink;
