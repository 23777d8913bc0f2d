import { publishPageVideo } from './facebook';
import { createGraphClient } from './graph-http';
import { publishReel } from './instagram';
import { type PostInsights, PublishError, type PublishingProvider, type PublishPlatform, type PublishTarget, type PublishToken } from './types';

// Facebook Pages and Instagram professional accounts through one Meta app (Graph API), as documented
// (docs/decisions/230-publishing-adapters.md):
// - Facebook Login, manual flow (developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
//   {dialogUrl}?client_id&redirect_uri&state&scope; GET /oauth/access_token?client_id&client_secret&redirect_uri&code;
//   then the long-lived exchange GET /oauth/access_token?grant_type=fb_exchange_token&fb_exchange_token
//   (developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived): about 60 days.
// - GET /me/accounts?fields=id,name,access_token,instagram_business_account{id,username}: the Pages, each with
//   its Page token (from a long-lived user token, a Page token does not expire) and its linked IG account.
// - Publishing: facebook.ts (Page videos), instagram.ts (Reels).
// - Insights: GET /{video-id}/video_insights?metric=total_video_views (Page token);
//   GET /{ig-media-id}/insights?metric=views,likes,comments (developers.facebook.com/docs/instagram-platform/reference/instagram-media/insights).

export type GraphConfig = {
  appId: string;
  appSecret: string;
  graphUrl?: string;
  dialogUrl?: string;
  ruploadUrl?: string;
  /** Page video uploads go to graph-video.facebook.com (video-uploads guide); default: that host, or graphUrl when graphUrl is set. */
  videoUrl?: string;
  /** Instagram container status polls: interval and how many before giving up for now (default 5 s × 120). */
  pollIntervalMs?: number;
  maxPolls?: number;
};

const DEFAULT_GRAPH = 'https://graph.facebook.com/v21.0';
const SCOPES: Record<'facebook' | 'instagram', string[]> = {
  facebook: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'read_insights'],
  instagram: ['instagram_basic', 'instagram_content_publish', 'instagram_manage_insights', 'pages_show_list', 'pages_read_engagement'],
};

type Page = { id: string; name?: string; access_token?: string; instagram_business_account?: { id: string; username?: string } };
type Insight = { name?: string; values?: { value?: number }[]; total_value?: { value?: number } };

const metaPlatform = (platform: PublishPlatform): 'facebook' | 'instagram' => {
  if (platform === 'youtube') throw new PublishError('The Meta adapter publishes to Facebook and Instagram only', 'rejected');
  return platform;
};

export function createGraphPublisher(config: GraphConfig): PublishingProvider {
  const graphUrl = (config.graphUrl ?? DEFAULT_GRAPH).replace(/\/$/, '');
  const dialogUrl = config.dialogUrl ?? 'https://www.facebook.com/v21.0/dialog/oauth';
  const ruploadUrl = (config.ruploadUrl ?? 'https://rupload.facebook.com').replace(/\/$/, '');
  const videoUrl = (config.videoUrl ?? (graphUrl === DEFAULT_GRAPH ? 'https://graph-video.facebook.com/v21.0' : graphUrl)).replace(/\/$/, '');
  const version = graphUrl.match(/\/(v\d+\.\d+)$/)?.[1] ?? 'v21.0';
  const graph = createGraphClient(graphUrl, config.appSecret);
  const instagram = { ruploadUrl, version, pollIntervalMs: config.pollIntervalMs ?? 5000, maxPolls: config.maxPolls ?? 120 };

  const oauth = async (params: Record<string, string>, what: string) => {
    const q = new URLSearchParams({ client_id: config.appId, client_secret: config.appSecret, ...params });
    try {
      return await graph.call<{ access_token: string; expires_in?: number }>(`${graphUrl}/oauth/access_token?${q}`, {}, what);
    } catch (err) {
      // A code that is wrong, used or expired (code 100 / 191 …): the user goes through the dialog again.
      if (err instanceof PublishError && err.kind === 'rejected') throw new PublishError(err.message, 'reauth', err.status);
      throw err;
    }
  };

  const pages = async (userToken: string): Promise<Page[]> => {
    const all: Page[] = [];
    let after: string | undefined;
    for (let i = 0; i < 20; i++) {
      const params: Record<string, string> = { fields: 'id,name,access_token,instagram_business_account{id,username}', limit: '100' };
      if (after) params.after = after;
      const r = await graph.get<{ data?: Page[]; paging?: { next?: string; cursors?: { after?: string } } }>(
        'me/accounts',
        userToken,
        params,
        'Facebook Pages',
      );
      all.push(...(r.data ?? []));
      after = r.paging?.next ? r.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return all;
  };

  const firstValue = (data: Insight[] | undefined, metric: string): number | null => {
    const m = data?.find((d) => d.name === metric);
    const v = m?.total_value?.value ?? m?.values?.at(-1)?.value;
    return typeof v === 'number' ? v : null;
  };

  return {
    name: 'facebook',
    sandbox: false,
    authorizeUrl({ platform, state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: config.appId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: SCOPES[metaPlatform(platform)].join(','),
      });
      return `${dialogUrl}?${q}`;
    },
    async exchangeCode({ platform, code, redirectUri }) {
      const which = metaPlatform(platform);
      const short = await oauth({ redirect_uri: redirectUri, code }, 'Facebook token exchange');
      const long = await oauth({ grant_type: 'fb_exchange_token', fb_exchange_token: short.access_token }, 'Facebook long-lived token');
      const expiresAt = long.expires_in ? new Date(Date.now() + long.expires_in * 1000).toISOString() : null;
      const list = await pages(long.access_token);
      let targets: PublishTarget[];
      let targetTokens: Record<string, string> = {};
      if (which === 'facebook') {
        targets = list.map((p) => ({ id: p.id, name: p.name ?? p.id }));
        targetTokens = Object.fromEntries(list.filter((p) => p.access_token).map((p) => [p.id, p.access_token!]));
      } else {
        targets = list.flatMap((p) =>
          p.instagram_business_account ? [{ id: p.instagram_business_account.id, name: p.instagram_business_account.username ?? p.name ?? p.id }] : [],
        );
      }
      const token: PublishToken = { accessToken: long.access_token, refreshToken: null, expiresAt, ...(which === 'facebook' ? { targetTokens } : {}) };
      return { token, targets };
    },
    // Meta has no refresh token: a long-lived token is renewed only by the user connecting again.
    refresh: async ({ token }) => token,
    publish(req) {
      return metaPlatform(req.platform) === 'facebook' ? publishPageVideo(graph, videoUrl, req) : publishReel(graph, instagram, req);
    },
    async insights({ platform, token, target, postId }): Promise<PostInsights> {
      if (metaPlatform(platform) === 'facebook') {
        const pageToken = token.targetTokens?.[target.id] ?? token.accessToken;
        const r = await graph.get<{ data?: Insight[] }>(
          `${encodeURIComponent(postId)}/video_insights`,
          pageToken,
          { metric: 'total_video_views' },
          'Facebook video insights',
        );
        return { views: firstValue(r.data, 'total_video_views') ?? 0, likes: null, comments: null, source: 'Facebook video insights total_video_views' };
      }
      const r = await graph.get<{ data?: Insight[] }>(
        `${encodeURIComponent(postId)}/insights`,
        token.accessToken,
        { metric: 'views,likes,comments' },
        'Instagram media insights',
      );
      return {
        views: firstValue(r.data, 'views') ?? 0,
        likes: firstValue(r.data, 'likes'),
        comments: firstValue(r.data, 'comments'),
        source: 'Instagram media insights views',
      };
    },
  };
}
