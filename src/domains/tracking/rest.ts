import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { handle, parseWith } from '../../server/http/routes';
import { ZTrackBeacon } from './schemas';
import { recordBeacon } from './service';

/** navigator.sendBeacon posts a string as text/plain: read it as JSON too. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('BAD_REQUEST', 'Malformed JSON body');
  }
}

/** The public beacon: no session needed; a session of the video's owner means a preview. */
export function trackingRest(deps: AppDeps) {
  return new Elysia({ name: 'tracking-rest' }).post(
    '/api/track',
    handle(deps, async (ctx, { request, body }) => {
      const hold = await deps.limits.track.reserve(ctx.ip);
      if (!hold.ok) throw new AppError('TOO_MANY_REQUESTS', 'Too many requests, slow down', { retryAfter: hold.retryAfter });
      await recordBeacon({
        db: deps.db,
        hooks: deps.hooks,
        input: parseWith(ZTrackBeacon, beaconBody(body)),
        viewerUserId: ctx.user?.id ?? null,
        ip: ctx.ip,
        userAgent: request.headers.get('user-agent') ?? '',
      });
      return new Response(null, { status: 204 });
    }),
  );
}
