import { describe, expect, test } from 'bun:test';
import { filterVideos } from './filter';

const list = [
  { title: 'Welcome Anna', script: 'Hi Anna from Acme', status: 'completed' },
  { title: 'Showroom tour', script: null, status: 'published' },
  { title: 'Draft intro', script: 'hello', status: 'draft' },
  { title: 'Rendering now', script: 'wait', status: 'processing' },
  { title: 'Broken', script: null, status: 'failed' },
];

describe('filterVideos', () => {
  test('all keeps every status', () => {
    expect(filterVideos(list, 'all', '')).toHaveLength(5);
  });
  test('each filter keeps its statuses; completed includes published', () => {
    expect(filterVideos(list, 'draft', '').map((v) => v.title)).toEqual(['Draft intro']);
    expect(filterVideos(list, 'processing', '').map((v) => v.title)).toEqual(['Rendering now']);
    expect(filterVideos(list, 'completed', '').map((v) => v.title)).toEqual(['Welcome Anna', 'Showroom tour']);
  });
  test('search is a case-insensitive substring of the title or the script, combined with the filter', () => {
    expect(filterVideos(list, 'all', 'ACME').map((v) => v.title)).toEqual(['Welcome Anna']);
    expect(filterVideos(list, 'all', 'tour').map((v) => v.title)).toEqual(['Showroom tour']);
    expect(filterVideos(list, 'draft', 'tour')).toEqual([]);
    expect(filterVideos(list, 'all', '   ')).toHaveLength(5);
  });
});
