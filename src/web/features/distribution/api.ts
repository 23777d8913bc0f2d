import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';
import { api } from '../../lib/rest';
import type { distributionRequest } from './selection';
import type { ColumnTarget } from '@/domains/contacts/constants';

type Outputs = inferRouterOutputs<AppRouter>;
export type ContactList = Outputs['contacts']['lists']['items'][number];
export type Contact = Outputs['contacts']['contacts']['items'][number];
export type DistributionStart = Outputs['distribution']['distribute'];
export type DistributionProgress = Outputs['distribution']['progress'];

/** The real CSV import (multipart field `file`), with what each column becomes when the user chose it. */
export function importCsv(listId: string, file: File, mapping?: readonly ColumnTarget[] | null) {
  const body = new FormData();
  body.append('file', file);
  const columns = mapping?.length ? mapping.join(',') : undefined;
  return api.post('/api/contact-lists/:id/import', body, { params: { id: listId }, query: { columns } });
}

/** POST /api/videos/{id}/distribute (the spec's call; links use the address the app is reached at). */
export function startDistribution(payload: ReturnType<typeof distributionRequest>) {
  return api.post('/api/videos/:id/distribute', payload, { params: { id: payload.videoId } });
}
