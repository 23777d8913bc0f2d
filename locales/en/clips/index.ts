import type { BaseTranslation } from '../../i18n-types';

const en_clips = {
  title: 'My Video Clips',
  subtitle: 'The avatar talk clips you have rendered.',
  refresh: 'Refresh',
  createNew: 'Create New Video',
  fetchFailed: 'Failed to fetch clips',
  refreshFailed: 'Refresh failed',
  empty: 'No clips yet',
  emptyText: 'Your avatar talk clips appear here once you render one.',
  untitled: 'Untitled clip',
  createdOn: 'Created {date:string}',
  status: {
    done: 'Done',
    completed: 'Completed',
    created: 'Created',
    started: 'Started',
    processing: 'Processing',
    error: 'Error',
    rejected: 'Rejected',
  },
  watch: 'Watch',
  reuse: 'Reuse',
  reuseHint: 'Only finished clips can be reused',
} satisfies BaseTranslation;

export default en_clips;
