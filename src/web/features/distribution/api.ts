import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';
import { api } from '../../lib/rest';
import type { distributionRequest } from './selection';
import type { TImportResult } from '@/domains/contacts/schemas';

type Outputs = inferRouterOutputs<AppRouter>;
export type ContactList = Outputs['contacts']['lists']['items'][number];
export type Contact = Outputs['contacts']['contacts']['items'][number];
export type DistributionStart = Outputs['distribution']['distribute'];
export type DistributionProgress = Outputs['distribution']['progress'];

/** The real CSV import (multipart field `file`). */
export function importCsv(listId: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.post<TImportResult>(`/api/contact-lists/${encodeURIComponent(listId)}/import`, body);
}

/** POST /api/videos/{id}/distribute (the spec's call; links use the address the app is reached at). */
export function startDistribution(payload: ReturnType<typeof distributionRequest>) {
  return api.post<DistributionStart>(`/api/videos/${encodeURIComponent(payload.videoId)}/distribute`, payload);
}
