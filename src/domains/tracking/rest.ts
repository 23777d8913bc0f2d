import { AppError, rateLimited } from '../../server/http/app-error';
import { defineRoute, error, noContent, tagged, tooMany } from '../../server/http/define-route';
import { parseWith } from '../../server/http/respond';
import { ZTrackBeacon } from './schemas';
import { recordBeacon } from './service';

/** navigator.sendBeacon posts a string as text/plain: read it as JSON too. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('INVALID_INPUT', 'Malformed JSON body');
  }
}

/** The public beacon: no session needed; a session of a member of the video's workspace means a preview. */
export const trackingRoutes = tagged('tracking', [
  defineRoute({
    method: 'POST',
    path: '/api/track',
    summary: 'Beacon of a served landing page: open, view, progress or call-to-action click (one view per page load)',
    access: 'public',
    body: ZTrackBeacon,
    parseBody: (raw) => parseWith(ZTrackBeacon, beaconBody(raw)),
    responses: [
      noContent('Recorded (a repeated beacon is recorded once)'),
      error(403, 'The page token is not one this link’s page was served with, or it expired'),
      error(404, 'No such landing page (or its share link was turned off)'),
      tooMany,
    ],
    handler: async (ctx, { body }) => {
      const hold = await ctx.limits.track.reserve(ctx.ip);
      if (!hold.ok) throw rateLimited('Too many requests, slow down', hold.retryAfter);
      await recordBeacon({
        db: ctx.db,
        hooks: ctx.hooks,
        box: ctx.box,
        input: body,
        viewerUserId: ctx.user?.id ?? null,
        emit: ctx.emit,
        notify: ctx.notify,
      });
    },
  }),
]);
