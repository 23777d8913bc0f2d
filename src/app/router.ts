import { apiKeysRouter } from '../domains/api-keys/router';
import { twoFactorRouter } from '../domains/auth/router';
import { avatarsRouter } from '../domains/avatars/router';
import { generationRouter, templateGenerateRouter } from '../domains/generation/router';
import { templatesRouter } from '../domains/templates/router';
import { voicesRouter } from '../domains/voices/router';
import { billingRouter } from '../domains/billing/router';
import { campaignsRouter } from '../domains/campaigns/router';
import { contactsRouter } from '../domains/contacts/router';
import { dashboardRouter } from '../domains/dashboard/router';
import { distributionRouter } from '../domains/distribution/router';
import { exportsRouter } from '../domains/exports/router';
import { socialRouter } from '../domains/social/router';
import { scriptsRouter } from '../domains/scripts/router';
import { analyticsRouter } from '../domains/tracking/router';
import { usersRouter } from '../domains/account/router';
import { videoLibraryRouter } from '../domains/video-library/router';
import { videosRouter } from '../domains/videos/router';
import { webhooksRouter } from '../domains/webhooks/router';
import { integrationsRouter } from '../domains/integrations/router';
import { notificationsRouter } from '../domains/notifications/router';
import { workspacesRouter } from '../domains/workspaces/router';
import { supportRouter } from '../domains/support/router';
import { publishingRouter } from '../domains/publishing/router';
import { mergeRouters, router } from '../server/trpc';

export const appRouter = router({
  users: usersRouter,
  twoFactor: twoFactorRouter,
  billing: billingRouter,
  apiKeys: apiKeysRouter,
  campaigns: campaignsRouter,
  // Delete and duplicate reach into distribution's and generation's rows: their own domain, one `videos` namespace.
  videos: mergeRouters(videosRouter, videoLibraryRouter),
  dashboard: dashboardRouter,
  scripts: scriptsRouter,
  analytics: analyticsRouter,
  contacts: contactsRouter,
  social: socialRouter,
  publishing: publishingRouter,
  distribution: distributionRouter,
  avatars: avatarsRouter,
  voices: voicesRouter,
  templates: mergeRouters(templatesRouter, templateGenerateRouter),
  generation: generationRouter,
  webhooks: webhooksRouter,
  notifications: notificationsRouter,
  integrations: integrationsRouter,
  exports: exportsRouter,
  workspaces: workspacesRouter,
  support: supportRouter,
});

export type AppRouter = typeof appRouter;
/** The documented REST operations' types, for the web's REST client (decision 228). */
export type { ApiRoutes } from './api-routes';
