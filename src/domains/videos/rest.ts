import { tagged } from '../../server/http/define-route';
import { byIdRoute, createRoute, pagedRoute, updateRoute } from '../../server/http/row-routes';
import { ZCreateVideo, ZListVideos, ZUpdateVideo, ZVideo } from './schemas';
import { createVideo, getVideo, listVideos, updateVideo } from './service';

export const videosRoutes = tagged('videos', [
  pagedRoute('/api/videos', 'Your videos (optional campaignId), newest first', ZListVideos, ZVideo, listVideos),
  createRoute('/api/videos', 'Save a finished video', ZCreateVideo, ZVideo, createVideo),
  byIdRoute('GET', '/api/videos/:id', 'A video', ZVideo, getVideo),
  updateRoute('/api/videos/:id', 'Rename, move to a campaign, publish', ZUpdateVideo, ZVideo, updateVideo),
]);
