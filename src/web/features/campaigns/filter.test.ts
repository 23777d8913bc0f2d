import { describe, expect, test } from 'bun:test';
import { filterCampaigns } from './filter';

const list = [
  { name: 'Spring Test Drive', sector: 'Automotive', status: 'active' },
  { name: 'spring sale', sector: 'Retail', status: 'draft' },
  { name: 'Cloud launch', sector: 'Technology', status: 'paused' },
];

describe('filterCampaigns', () => {
  test('search is a case-insensitive substring of the name', () => {
    expect(filterCampaigns(list, { q: 'SPRING' }).map((c) => c.name)).toEqual(['Spring Test Drive', 'spring sale']);
    expect(filterCampaigns(list, { q: 'ud la' }).map((c) => c.name)).toEqual(['Cloud launch']);
    expect(filterCampaigns(list, { q: '  ' })).toHaveLength(3);
  });
  test('sector and status filters combine with the search', () => {
    expect(filterCampaigns(list, { sector: 'Retail' }).map((c) => c.name)).toEqual(['spring sale']);
    expect(filterCampaigns(list, { status: 'paused' }).map((c) => c.name)).toEqual(['Cloud launch']);
    expect(filterCampaigns(list, { q: 'spring', status: 'active' }).map((c) => c.name)).toEqual(['Spring Test Drive']);
    expect(filterCampaigns(list, { q: 'spring', sector: 'Technology' })).toEqual([]);
  });
});
